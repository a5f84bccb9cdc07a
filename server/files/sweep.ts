/**
 * The start-up sweep of a blob store (disk or S3): deletes the blobs no record holds, left by a
 * crash between a commit and the deletion it made due, or between a blob's write and its commit.
 * Only blobs older than `minAgeMs` (younger ones may be about to be committed), and each under
 * its claim (./blob-claims.ts) with the holders checked again under it, so a process sharing the
 * store that uploads the same bytes meanwhile keeps them; a blob claimed by another is left alone.
 * A blob is one company's (its bytes are kept per organization): it is held when that company's
 * holders of it (`<org>/<blob>` in system/blob_refs) remain, whatever other companies hold.
 */
import { SYSTEM } from '../services.ts';
import { blobKey, tryClaim, type ClaimEnv } from './blob-claims.ts';
import type { BlobStore } from './blob-store.ts';

/** Answers how many blobs it deleted. */
export async function sweepUnheld(
  env: ClaimEnv,
  store: BlobStore,
  { minAgeMs = 3_600_000, now = Date.now() } = {},
): Promise<number> {
  // A holder under the blob id alone is an older process's, still serving the store during an
  // upgrade (./blob-keys.ts moved those there were at start): its blob stays too.
  const held = async (org: string, id: string) =>
    (await env.storage.get(SYSTEM.blobRefs, org, blobKey(org, id))) !== undefined ||
    (await env.storage.get(SYSTEM.blobRefs, org, id)) !== undefined;
  let deleted = 0;
  for await (const { org, id, modified } of store.list()) {
    if (now - modified < minAgeMs || (await held(org, id))) continue;
    const release = await tryClaim(env, org, id);
    if (!release) continue;
    try {
      if (!(await held(org, id))) {
        await store.remove(org, id);
        deleted++;
      }
    } finally {
      await release();
    }
  }
  return deleted;
}
