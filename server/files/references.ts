/**
 * Which file field points at which blob, kept as the server's own records committed together with
 * the record they belong to: `system/file_blobs` (a field's blob and wrapped key) and
 * `system/blob_refs` (a blob's holders, keyed `<org>/<blob>`: each company's own, see blobKey). A blob's bytes are deleted once its last holder lets go
 * (a replaced file, a deleted file or record). A blob is never deleted while an upload of the same
 * bytes is about to point at it, in this process or another sharing the store: both hold the
 * blob's claim in the store (./blob-claims.ts). Within a process, changes to holders also run one
 * at a time (withFileLock), so they do not meet as version conflicts; a conflict with another
 * process's change is retried (commitRetrying).
 */
import path from 'node:path';
import type { Entity } from '../../engine/entity.ts';
import { fieldFacts } from '../data/fields.ts';
import { SYSTEM, type Services } from '../services.ts';
import { VersionConflictError, type WriteOp } from '../storage/types.ts';
import { blobKey, withBlobClaim } from './blob-claims.ts';
import type { BlobStore, StagedBlob } from './blob-store.ts';
import { diskBlobStore } from './disk-blob-store.ts';
import { putOver } from '../data/system-write.ts';
import { recordedSize, usageOps, type HeldFile } from './file-usage.ts';

export interface FileRef {
  /** The blob's id in the organization's blob space. */
  blob: string;
  /** The file's own key wrapped by the data key, for files of sensitive fields. */
  wrapped?: string;
  /** The file's size as recorded in its value, and who uploaded it (./file-usage.ts); absent on older references. */
  size?: number;
  by?: string;
}

const defaultStores = new WeakMap<Services, BlobStore>();

/** The services' blob store, else a disk store under DATA_DIR/files. */
export function blobsOf(s: Services): BlobStore {
  if (s.blobs) return s.blobs;
  let store = defaultStores.get(s);
  if (!store) defaultStores.set(s, (store = diskBlobStore(path.join(s.config.dataDir, 'files'))));
  return store;
}

const chains = new WeakMap<Services, Promise<unknown>>();

/** Runs `fn` after every earlier one of these services has finished: their reference changes never interleave. */
export function withFileLock<T>(s: Services, fn: () => Promise<T>): Promise<T> {
  const run = (chains.get(s) ?? Promise.resolve()).then(fn, fn);
  chains.set(
    s,
    run.catch(() => {}),
  );
  return run;
}

const REF_COLLECTIONS: ReadonlySet<string> = new Set([SYSTEM.fileBlobs, SYSTEM.blobRefs, SYSTEM.fileUsage]);

/**
 * Runs `attempt` (which reads what it changes, then commits) again when its commit met another
 * process's change to the same references or usage counts, or to the collection `also` (the record
 * whose file changes, which `attempt` reads again too); a conflict on anything else is the
 * caller's answer. A company's usage record is one for all its uploads, so processes uploading
 * at once pause a little, at random, before trying again.
 */
export async function commitRetrying<T>(attempt: () => Promise<T>, tries = 8, also?: string): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (e) {
      const retried = e instanceof VersionConflictError && (REF_COLLECTIONS.has(e.collection) || e.collection === also);
      if (!retried || i >= tries) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * i));
    }
  }
}

/**
 * Puts staged bytes in place and commits what points at them, holding the blob's claim in between:
 * no process deletes the blob after the bytes are in place and before the commit holds them. When
 * the commit fails, the bytes go again unless something else holds them.
 */
export async function keepAndCommit<T>(s: Services, org: string, staged: StagedBlob, commit: () => Promise<T>) {
  return withBlobClaim(s, org, staged.id, async () => {
    await staged.keep();
    try {
      return await commit();
    } catch (e) {
      if (!(await s.storage.get(SYSTEM.blobRefs, org, blobKey(org, staged.id)))) await removeBytes(s, org, staged.id);
      throw e;
    }
  });
}

async function removeBytes(s: Services, org: string, blob: string): Promise<void> {
  try {
    await blobsOf(s).remove(org, blob);
  } catch (e) {
    s.log('warn', 'files: could not delete a blob no record holds', { blob, error: String(e) });
  }
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

/** What a reference holds, for the usage counts: its size, else the size the field's value records. */
export function heldFile(ref: FileRef, value: unknown): HeldFile {
  return { size: ref.size ?? recordedSize(value), ...(ref.by ? { by: ref.by } : {}) };
}

/**
 * The ops that point one file field at `next` (or at nothing), the blobs no field will hold once
 * they are committed, and the reference it held before. Call inside withFileLock, and delete the
 * orphans after the commit.
 */
export async function repoint(
  s: Services,
  org: string,
  entityId: string,
  key: string,
  field: string,
  next: FileRef | undefined,
): Promise<{ ops: WriteOp[]; orphans: string[]; prior?: FileRef }> {
  const now = s.now();
  const id = refKey(entityId, key, field);
  const priorRef = await s.storage.get(SYSTEM.fileBlobs, org, id);
  const before = priorRef?.data as unknown as FileRef | undefined;
  const ops: WriteOp[] = [];
  const orphans: string[] = [];
  if (next) ops.push(putOver(SYSTEM.fileBlobs, org, id, next, priorRef, now));
  else if (priorRef) {
    ops.push({ op: 'delete', collection: SYSTEM.fileBlobs, org, key: id, expectVersion: priorRef.meta.version });
  }
  if (before && before.blob !== next?.blob) {
    const refs = await s.storage.get(SYSTEM.blobRefs, org, blobKey(org, before.blob));
    const holders = ((refs?.data.holders as string[] | undefined) ?? []).filter((h) => h !== id);
    if (refs && holders.length)
      ops.push(putOver(SYSTEM.blobRefs, org, blobKey(org, before.blob), { holders }, refs, now));
    else {
      if (refs)
        ops.push({
          op: 'delete',
          collection: SYSTEM.blobRefs,
          org,
          key: blobKey(org, before.blob),
          expectVersion: refs.meta.version,
        });
      orphans.push(before.blob);
    }
  }
  if (next && before?.blob !== next.blob) {
    const refs = await s.storage.get(SYSTEM.blobRefs, org, blobKey(org, next.blob));
    const holders = [...new Set([...((refs?.data.holders as string[] | undefined) ?? []), id])];
    ops.push(putOver(SYSTEM.blobRefs, org, blobKey(org, next.blob), { holders }, refs, now));
  }
  return { ops, orphans, prior: before };
}

/**
 * The ops that let go of every file of records being deleted in one commit (their bytes given back
 * to the usage counts), and the blobs left without holder. A blob two of them hold (the same bytes
 * uploaded twice) gets one change to its holders, not two that would conflict.
 */
async function releaseRecords(
  s: Services,
  org: string,
  records: readonly { entity: Entity; key: string }[],
): Promise<{ ops: WriteOp[]; orphans: string[] }> {
  const now = s.now();
  const ops: WriteOp[] = [];
  const orphans: string[] = [];
  const dropped = new Map<string, Set<string>>();
  const gone: HeldFile[] = [];
  for (const { entity, key } of records) {
    for (const { field } of fieldFacts(s.catalogue, entity).files) {
      const id = refKey(entity.id, key, field);
      const ref = await s.storage.get(SYSTEM.fileBlobs, org, id);
      if (!ref) continue;
      ops.push({ op: 'delete', collection: SYSTEM.fileBlobs, org, key: id, expectVersion: ref.meta.version });
      const held = ref.data as unknown as FileRef;
      const value = held.size === undefined ? (await s.storage.get(entity.id, org, key))?.data[field] : undefined;
      gone.push(heldFile(held, value));
      const blob = held.blob;
      dropped.set(blob, (dropped.get(blob) ?? new Set()).add(id));
    }
  }
  for (const [blob, ids] of dropped) {
    const refs = await s.storage.get(SYSTEM.blobRefs, org, blobKey(org, blob));
    const holders = ((refs?.data.holders as string[] | undefined) ?? []).filter((h) => !ids.has(h));
    if (refs && holders.length) ops.push(putOver(SYSTEM.blobRefs, org, blobKey(org, blob), { holders }, refs, now));
    else {
      if (refs)
        ops.push({
          op: 'delete',
          collection: SYSTEM.blobRefs,
          org,
          key: blobKey(org, blob),
          expectVersion: refs.meta.version,
        });
      orphans.push(blob);
    }
  }
  ops.push(
    ...(await usageOps(
      s,
      org,
      gone.map((g) => ({ gone: g })),
    )),
  );
  return { ops, orphans };
}

/**
 * Deletes the bytes of blobs no field holds, each under its claim and only if, checked under it,
 * still no field holds it (another process may have uploaded the same bytes since). Call after
 * the commit that let go of them, holding no blob's claim. A failure is logged (the bytes stay,
 * unreachable, for the sweep).
 */
export async function removeOrphans(s: Services, org: string, orphans: readonly string[]): Promise<void> {
  for (const blob of orphans) {
    try {
      await withBlobClaim(s, org, blob, async () => {
        if (!(await s.storage.get(SYSTEM.blobRefs, org, blobKey(org, blob)))) await removeBytes(s, org, blob);
      });
    } catch (e) {
      s.log('warn', 'files: could not delete a blob no record holds', { blob, error: String(e) });
    }
  }
}

/**
 * Commits `ops` (deletes of records that may hold files) with the release of those records' files,
 * then deletes the bytes left without holder. The release is worked out again if another process
 * changed the same references meanwhile.
 */
export async function commitReleasing(
  s: Services,
  org: string,
  records: readonly { entity: Entity; key: string }[],
  ops: readonly WriteOp[],
): Promise<void> {
  const orphans = await withFileLock(s, () =>
    commitRetrying(async () => {
      const files = await releaseRecords(s, org, records);
      await s.storage.commit([...ops, ...files.ops]);
      return files.orphans;
    }),
  );
  await removeOrphans(s, org, orphans);
}

/** Whether an entity holds files at all (a delete of one without skips the bookkeeping). */
export function holdsFiles(s: Services, entity: Entity): boolean {
  return fieldFacts(s.catalogue, entity).files.length > 0;
}
