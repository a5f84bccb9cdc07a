/**
 * Claims on blobs, kept in the store itself (system/blob_claims, keyed `<org>/<blob>` in the company's organization), so that every process sharing one
 * database and one blob store (DATABASE_URL with S3 or a shared folder) honours them. A blob's bytes
 * are content-addressed: an upload in one process may write the very bytes another process is about
 * to delete because no record held them any more. Both hold the blob's claim across the steps that
 * must not interleave: an upload from writing the bytes in place to committing the record that
 * points at them, a deletion from checking that nothing holds the blob to deleting its bytes.
 *
 * A claim is a record created only if none exists (expectVersion 0: the store's commit decides,
 * PostgreSQL by its row lock), removed by its holder. One left by a process that stopped is taken
 * over once it is STALE_SECONDS old.
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../http/errors.ts';
import { SYSTEM, type Services } from '../services.ts';
import { VersionConflictError } from '../storage/types.ts';

/** What a claim needs of the services (the start-up sweep runs before they exist). */
export type ClaimEnv = Pick<Services, 'storage' | 'now'>;

/**
 * The key of a blob's claim and of its holders (system/blob_claims, system/blob_refs) in the
 * company's organization: `<org>/<blob id>`. A store's keys are unique per collection across every
 * organization, and the same bytes in two companies are two blobs of the same id (one in each
 * company's blob space): keyed by the id alone, one company's record would stand in the way of the
 * other's.
 */
export const blobKey = (org: string, blob: string): string => `${org}/${blob}`;

/** A claim older than this (seconds) is a stopped process's: longer than any write of a blob takes. */
export const STALE_SECONDS = 600;

/** How long a caller waits for another's claim before giving up (milliseconds). */
const WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Takes the claim if it is free (or stale); answers its release, or undefined when another holds it. */
export async function tryClaim(env: ClaimEnv, org: string, blob: string): Promise<(() => Promise<void>) | undefined> {
  const now = env.now();
  const key = blobKey(org, blob);
  const held = await env.storage.get(SYSTEM.blobClaims, org, key);
  if (held && now - Number(held.data.at) < STALE_SECONDS) return undefined;
  const version = (held?.meta.version ?? 0) + 1;
  try {
    await env.storage.commit([
      {
        op: 'put',
        expectVersion: held?.meta.version ?? 0,
        record: {
          collection: SYSTEM.blobClaims,
          org,
          key,
          data: { by: randomUUID(), at: now },
          meta: { created_by: 'system', created_time: now, updated_by: 'system', updated_time: now, version },
        },
      },
    ]);
  } catch (e) {
    if (e instanceof VersionConflictError) return undefined;
    throw e;
  }
  return async () => {
    try {
      await env.storage.commit([{ op: 'delete', collection: SYSTEM.blobClaims, org, key, expectVersion: version }]);
    } catch (e) {
      // Taken over as stale meanwhile: the claim is no longer this one's to remove.
      if (!(e instanceof VersionConflictError)) throw e;
    }
  };
}

/** Runs `fn` holding the blob's claim, waiting for another holder to let go first. */
export async function withBlobClaim<T>(env: ClaimEnv, org: string, blob: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let pause = 10;
  for (;;) {
    const release = await tryClaim(env, org, blob);
    if (release) {
      try {
        return await fn();
      } finally {
        await release();
      }
    }
    if (Date.now() > deadline) throw new ApiError(503, 'The file store is busy with this file. Try again shortly.');
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
  }
}
