/**
 * Which file field points at which blob, kept as the server's own records committed together with
 * the record they belong to: `system/file_blobs` (a field's blob and wrapped key) and
 * `system/blob_refs` (a blob's holders). A blob's bytes are deleted once its last holder lets go
 * (a replaced file, a deleted file or record). Changes to holders and the blob files they govern
 * run one at a time in this process (withFileLock), so a blob is never deleted while an upload
 * of the same bytes is about to point at it.
 */
import path from 'node:path';
import type { Entity } from '../../engine/entity.ts';
import { fieldFacts } from '../data/fields.ts';
import { SYSTEM, type Services } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';
import type { BlobStore } from './blob-store.ts';
import { diskBlobStore } from './disk-blob-store.ts';

export interface FileRef {
  /** The blob's id in the organization's blob space. */
  blob: string;
  /** The file's own key wrapped by the data key, for files of sensitive fields. */
  wrapped?: string;
}

const defaultStores = new WeakMap<Services, BlobStore>();

/** The services' blob store, else a disk store under DATA_DIR/files. */
export function blobsOf(s: Services): BlobStore {
  if (s.blobs) return s.blobs;
  let store = defaultStores.get(s);
  if (!store) defaultStores.set(s, (store = diskBlobStore(path.join(s.config.dataDir, 'files'))));
  return store;
}

let chain: Promise<unknown> = Promise.resolve();

/** Runs `fn` after every earlier one has finished: reference changes never interleave. */
export function withFileLock<T>(fn: () => Promise<T>): Promise<T> {
  const run = chain.then(fn, fn);
  chain = run.catch(() => {});
  return run;
}

const refKey = (entityId: string, key: string, field: string) => `${entityId}/${key}/${field}`;

export async function fileRef(
  s: Services,
  org: string,
  entityId: string,
  key: string,
  field: string,
): Promise<FileRef | undefined> {
  const r = await s.storage.get(SYSTEM.fileBlobs, org, refKey(entityId, key, field));
  return r ? (r.data as unknown as FileRef) : undefined;
}

function systemRecord(
  collection: string,
  org: string,
  key: string,
  data: object,
  prior: StoredRecord | undefined,
  now: number,
): WriteOp {
  return {
    op: 'put',
    expectVersion: prior?.meta.version ?? 0,
    record: {
      collection,
      org,
      key,
      data: data as Record<string, unknown>,
      meta: {
        created_by: prior?.meta.created_by ?? 'system',
        created_time: prior?.meta.created_time ?? now,
        updated_by: 'system',
        updated_time: now,
        version: (prior?.meta.version ?? 0) + 1,
      },
    },
  };
}

/**
 * The ops that point one file field at `next` (or at nothing), and the blobs no field will hold
 * once they are committed. Call inside withFileLock, and delete the orphans after the commit.
 */
export async function repoint(
  s: Services,
  org: string,
  entityId: string,
  key: string,
  field: string,
  next: FileRef | undefined,
): Promise<{ ops: WriteOp[]; orphans: string[] }> {
  const now = s.now();
  const id = refKey(entityId, key, field);
  const priorRef = await s.storage.get(SYSTEM.fileBlobs, org, id);
  const before = priorRef?.data as unknown as FileRef | undefined;
  const ops: WriteOp[] = [];
  const orphans: string[] = [];
  if (next) ops.push(systemRecord(SYSTEM.fileBlobs, org, id, next, priorRef, now));
  else if (priorRef) {
    ops.push({ op: 'delete', collection: SYSTEM.fileBlobs, org, key: id, expectVersion: priorRef.meta.version });
  }
  if (before && before.blob !== next?.blob) {
    const refs = await s.storage.get(SYSTEM.blobRefs, org, before.blob);
    const holders = ((refs?.data.holders as string[] | undefined) ?? []).filter((h) => h !== id);
    if (refs && holders.length) ops.push(systemRecord(SYSTEM.blobRefs, org, before.blob, { holders }, refs, now));
    else {
      if (refs)
        ops.push({
          op: 'delete',
          collection: SYSTEM.blobRefs,
          org,
          key: before.blob,
          expectVersion: refs.meta.version,
        });
      orphans.push(before.blob);
    }
  }
  if (next && before?.blob !== next.blob) {
    const refs = await s.storage.get(SYSTEM.blobRefs, org, next.blob);
    const holders = [...new Set([...((refs?.data.holders as string[] | undefined) ?? []), id])];
    ops.push(systemRecord(SYSTEM.blobRefs, org, next.blob, { holders }, refs, now));
  }
  return { ops, orphans };
}

/** The ops that let go of every file of a record (it is being deleted), and the blobs left without holder. */
export function releaseAll(
  s: Services,
  entity: Entity,
  org: string,
  key: string,
): Promise<{ ops: WriteOp[]; orphans: string[] }> {
  return releaseRecords(s, org, [{ entity, key }]);
}

/**
 * The same for several records deleted in one commit. A blob two of them hold (the same bytes
 * uploaded twice) gets one change to its holders, not two that would conflict.
 */
export async function releaseRecords(
  s: Services,
  org: string,
  records: readonly { entity: Entity; key: string }[],
): Promise<{ ops: WriteOp[]; orphans: string[] }> {
  const now = s.now();
  const ops: WriteOp[] = [];
  const orphans: string[] = [];
  const dropped = new Map<string, Set<string>>();
  for (const { entity, key } of records) {
    for (const { field } of fieldFacts(s.catalogue, entity).files) {
      const id = refKey(entity.id, key, field);
      const ref = await s.storage.get(SYSTEM.fileBlobs, org, id);
      if (!ref) continue;
      ops.push({ op: 'delete', collection: SYSTEM.fileBlobs, org, key: id, expectVersion: ref.meta.version });
      const blob = (ref.data as unknown as FileRef).blob;
      dropped.set(blob, (dropped.get(blob) ?? new Set()).add(id));
    }
  }
  for (const [blob, ids] of dropped) {
    const refs = await s.storage.get(SYSTEM.blobRefs, org, blob);
    const holders = ((refs?.data.holders as string[] | undefined) ?? []).filter((h) => !ids.has(h));
    if (refs && holders.length) ops.push(systemRecord(SYSTEM.blobRefs, org, blob, { holders }, refs, now));
    else {
      if (refs)
        ops.push({ op: 'delete', collection: SYSTEM.blobRefs, org, key: blob, expectVersion: refs.meta.version });
      orphans.push(blob);
    }
  }
  return { ops, orphans };
}

/** Deletes the bytes of blobs no field holds; a failure is logged (the bytes stay, unreachable). */
export async function removeOrphans(s: Services, org: string, orphans: readonly string[]): Promise<void> {
  for (const blob of orphans) {
    try {
      await blobsOf(s).remove(org, blob);
    } catch (e) {
      s.log('warn', 'files: could not delete a blob no record holds', { blob, error: String(e) });
    }
  }
}

/** Whether an entity holds files at all (a delete of one without skips the bookkeeping). */
export function holdsFiles(s: Services, entity: Entity): boolean {
  return fieldFacts(s.catalogue, entity).files.length > 0;
}
