/**
 * Once per store, before the start-up sweep: the holders and claims of blobs written when they were
 * keyed by the blob id alone (system/blob_refs, system/blob_claims) move to their company's key,
 * `<org>/<blob>` (./blob-claims.ts blobKey), in the same organization. Keyed by the id alone, the
 * same bytes uploaded by two companies met on one key: the second company's upload failed. Holders
 * already under the new key (written meanwhile by a process of this version) are joined with the
 * moved ones. Each record moves in a commit of its own; one another process moved meanwhile is left
 * to it.
 */
import { commitUnlessTaken, markPassDone, passDone, type PassEnv } from '../data/record-walk.ts';
import { putOver } from '../data/system-write.ts';
import { SYSTEM, SYSTEM_ORG } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';
import { blobKey } from './blob-claims.ts';

const PASS_MARKER = 'blob-keys-per-company-v1';
const ALL = { criteria: [], limit: Number.MAX_SAFE_INTEGER, offset: 0 };

/** The ops that move one record keyed by a blob id to its company's key. */
async function moveOps(env: PassEnv, collection: string, org: string, old: StoredRecord): Promise<WriteOp[]> {
  const key = blobKey(org, old.key);
  const there = await env.storage.get(collection, org, key);
  const ops: WriteOp[] = [{ op: 'delete', collection, org, key: old.key, expectVersion: old.meta.version }];
  if (collection === SYSTEM.blobRefs) {
    const holders = [
      ...new Set([
        ...((there?.data.holders as string[] | undefined) ?? []),
        ...((old.data.holders as string[] | undefined) ?? []),
      ]),
    ];
    ops.push(putOver(collection, org, key, { holders }, there, env.now()));
  } else if (!there) {
    // A claim: its holder (of an older version) lets go of the old key; it is stale within minutes.
    ops.push(putOver(collection, org, key, old.data, undefined, env.now()));
  }
  return ops;
}

/** Answers how many records moved. */
export async function keyBlobsByCompany(env: PassEnv): Promise<number> {
  if (await passDone(env, PASS_MARKER)) return 0;
  let moved = 0;
  for (const org of (await env.storage.find(SYSTEM.orgs, SYSTEM_ORG, ALL)).items) {
    for (const collection of [SYSTEM.blobRefs, SYSTEM.blobClaims]) {
      for (const record of (await env.storage.find(collection, org.key, ALL)).items) {
        if (record.key.includes('/')) continue;
        if (await commitUnlessTaken(env, await moveOps(env, collection, org.key, record))) moved++;
      }
    }
  }
  await markPassDone(env, PASS_MARKER, { moved });
  return moved;
}
