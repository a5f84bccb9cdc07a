/**
 * One-time passes over stored records at start (sealing values at rest, the SSN index backfill):
 * every record of a collection in every organization, the operations each yields committed in
 * batches, and a marker (system/migrations) that the pass ran, so it runs once per store.
 */
import { SYSTEM, SYSTEM_ORG, type Services } from '../services.ts';
import { VersionConflictError, type StoredRecord, type WriteOp } from '../storage/types.ts';

/** What a pass needs of the services (a pass run while they are opened has only the store and the clock). */
export type PassEnv = Pick<Services, 'storage' | 'now'>;

const ALL = { criteria: [], limit: Number.MAX_SAFE_INTEGER, offset: 0 };
/** Operations per commit: a pass over a large company does not become one huge commit. */
const BATCH = 500;

/** Whether the pass named by `marker` has run on this store. */
export async function passDone(s: PassEnv, marker: string): Promise<boolean> {
  return (await s.storage.get(SYSTEM.migrations, SYSTEM_ORG, marker)) !== undefined;
}

/**
 * Walks every record of `collection` in every organization and commits what `opsOf` answers for
 * it (nothing: the record needs no change); answers how many records yielded operations.
 */
export async function rewriteEach(
  s: PassEnv,
  collection: string,
  opsOf: (record: StoredRecord, org: string) => Promise<WriteOp[] | undefined> | WriteOp[] | undefined,
): Promise<number> {
  let count = 0;
  for (const org of (await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, ALL)).items) {
    let ops: WriteOp[] = [];
    for (const record of (await s.storage.find(collection, org.key, ALL)).items) {
      const next = await opsOf(record, org.key);
      if (!next?.length) continue;
      ops.push(...next);
      count++;
      if (ops.length >= BATCH) {
        await s.storage.commit(ops);
        ops = [];
      }
    }
    if (ops.length) await s.storage.commit(ops);
  }
  return count;
}

/** Records that the pass named by `marker` ran, with what it says about it. */
/**
 * Commits `ops` unless another process wrote one of them first (a pass run by two processes starting
 * at once): whether this one did.
 */
export async function commitUnlessTaken(s: PassEnv, ops: WriteOp[]): Promise<boolean> {
  try {
    await s.storage.commit(ops);
    return true;
  } catch (e) {
    if (e instanceof VersionConflictError) return false;
    throw e;
  }
}

/** Records that the pass ran (already recorded by another process starting at once: left as it is). */
export async function markPassDone(s: PassEnv, marker: string, data: Record<string, unknown>): Promise<void> {
  const now = s.now();
  await commitUnlessTaken(s, [
    {
      op: 'put',
      expectVersion: 0,
      record: {
        collection: SYSTEM.migrations,
        org: SYSTEM_ORG,
        key: marker,
        data: { done: now, ...data },
        meta: { created_by: 'system', created_time: now, updated_by: 'system', updated_time: now, version: 1 },
      },
    },
  ]);
}
