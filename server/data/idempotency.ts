/**
 * Idempotent creates: an `Idempotency-Key` header names the create, so a retry (after a timeout or a
 * lost answer) answers the record the first attempt made instead of making another.
 */
import type { Caller } from '../auth/principal.ts';
import { createHash } from 'node:crypto';
import { ApiError, badRequest } from '../http/errors.ts';
import { SYSTEM, type Services } from '../services.ts';
import type { WriteOp } from '../storage/types.ts';
import { readRecord, storedKeyOf, type Target, type WireRecord } from './records.ts';

export interface IdempotentCreate {
  /** The key of the record an earlier attempt made, if one did. */
  existing: string | undefined;
  /** The operation that names this create's record, committed with it. */
  claim(key: string, now: number): WriteOp;
  /** The key of the record the claim names now (a concurrent attempt's, after this one lost the race). */
  again(): Promise<string | undefined>;
}

/**
 * `body` is what the client sent: a retry sends the same, and the same key with another body is a
 * client's mistake (`422`), answered with nothing made (a claim written before digests existed
 * holds for any body).
 */
export async function idempotency(
  s: Services,
  caller: Caller,
  collection: string,
  header: string | undefined,
  body: unknown,
): Promise<IdempotentCreate | undefined> {
  if (header === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,128}$/.test(header)) throw badRequest('Idempotency-Key must be 1 to 128 visible characters');
  const id = s.cipher.lookup(`${caller.org.id}\u0000${caller.user.key}\u0000${collection}\u0000${header}`);
  const found = await s.storage.get(SYSTEM.idempotency, caller.org.id, id);
  const digest = createHash('sha256').update(JSON.stringify(body)).digest('base64url');
  if (found && found.data.digest !== undefined && found.data.digest !== digest) {
    throw new ApiError(422, 'This Idempotency-Key was used for a different request');
  }
  return {
    existing: found ? String(found.data.key) : undefined,
    again: async () => {
      const now = await s.storage.get(SYSTEM.idempotency, caller.org.id, id);
      return now ? String(now.data.key) : undefined;
    },
    claim: (key, now) => ({
      op: 'put',
      expectVersion: 0,
      record: {
        collection: SYSTEM.idempotency,
        org: caller.org.id,
        key: id,
        data: { key, collection, time: now, digest },
        meta: {
          created_by: caller.user.key,
          created_time: now,
          updated_by: caller.user.key,
          updated_time: now,
          version: 1,
        },
      },
    }),
  };
}

/** What a retry is answered when the record its first attempt made has been deleted since. */
export const REPLAY_GONE_MESSAGE =
  'The record this Idempotency-Key made has been deleted since; use a new key to create another';

/**
 * The record the first attempt made (`key`), as the caller reads it, for the answer to a retry. When
 * that record has been deleted since, the retry makes nothing and answers `410 Gone`: the key still
 * names that create, and a `404` would tell the client its create found nothing to create.
 */
export async function replayedRecord(s: Services, caller: Caller, t: Target, key: string): Promise<WireRecord> {
  try {
    return await readRecord(s, caller, t, key);
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 404) throw e;
    // Still stored, but out of the caller's sight now: answered as any read of it would be.
    if (await s.storage.get(t.entity.id, caller.org.id, await storedKeyOf(s, caller.org.id, t, key))) throw e;
    throw new ApiError(410, REPLAY_GONE_MESSAGE);
  }
}
