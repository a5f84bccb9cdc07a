/**
 * Two processes sharing one store and one blob folder (two Services over the same storage and the
 * same files, each with its own in-process lock, as two servers on one DATABASE_URL and one bucket
 * or shared folder): one deletes the bytes of a blob no record holds any more while the other
 * uploads the same bytes (content-addressed: the same blob). The blob's claim in the store keeps
 * the upload's bytes, whichever of the two comes first; without it the deletion would remove the
 * bytes the upload has just committed a record to.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { blobKey, tryClaim, STALE_SECONDS, withBlobClaim } from '../../../server/files/blob-claims.ts';
import type { BlobStore } from '../../../server/files/blob-store.ts';
import { diskBlobStore } from '../../../server/files/disk-blob-store.ts';
import { commitRetrying, keepAndCommit, removeOrphans, repoint } from '../../../server/files/references.ts';
import { SYSTEM, type Services } from '../../../server/services.ts';
import { testServices } from '../../helpers/in-process.ts';

let base: Services;
let dataDir: string;
beforeAll(async () => {
  ({ services: base, dataDir } = await testServices({ prefix: 'dform-claims-' }));
});
afterAll(async () => {
  await base.storage.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A gate a step waits at until the test opens it; `reached` resolves when the step gets there. */
function gate() {
  let open!: () => void;
  let arrive!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const reached = new Promise<void>((r) => (arrive = r));
  return { open, reached, wait: () => (arrive(), opened) };
}

/** A second process over the same store and folder: its own services object, so its own file lock. */
function process2(blobs: BlobStore): Services {
  return { ...base, blobs };
}

async function* bytes(text: string): AsyncIterable<Uint8Array> {
  yield Buffer.from(text);
}

/** Points a (company document's) file field at the staged blob, as an upload commits it. */
async function upload(s: Services, org: string, key: string, text: string): Promise<string> {
  const staged = await s.blobs!.stage(org, bytes(text));
  await keepAndCommit(s, org, staged, async () => {
    const moved = await repoint(s, org, 'hr/documents', key, 'file', { blob: staged.id });
    await s.storage.commit(moved.ops);
  });
  return staged.id;
}

/** Lets go of the field's file, as a removal commits it; answers the blobs left without holder. */
async function release(s: Services, org: string, key: string): Promise<string[]> {
  return commitRetrying(async () => {
    const moved = await repoint(s, org, 'hr/documents', key, 'file', undefined);
    await s.storage.commit(moved.ops);
    return moved.orphans;
  });
}

const holders = async (org: string, blob: string) =>
  (await base.storage.get(SYSTEM.blobRefs, org, blobKey(org, blob)))?.data.holders as string[] | undefined;

test('a deletion under way first: the other process uploads the same bytes after it, and they stay', async () => {
  const folder = path.join(dataDir, 'shared-files-1');
  const shared = diskBlobStore(folder);
  const removing = gate();
  const a = process2({ ...shared, remove: async (org, id) => (await removing.wait(), shared.remove(org, id)) });
  const b = process2(shared);
  const org = randomUUID();
  const text = `the same bytes ${randomUUID()}`;
  const blob = await upload(a, org, 'aaaaaaaa-0000-4000-8000-000000000001', text);
  const orphans = await release(a, org, 'aaaaaaaa-0000-4000-8000-000000000001');
  assert.deepEqual(orphans, [blob]);

  const deleting = removeOrphans(a, org, orphans);
  await removing.reached; // A holds the claim and is about to delete the bytes.
  let uploaded = false;
  const uploading = upload(b, org, 'bbbbbbbb-0000-4000-8000-000000000002', text).then(() => (uploaded = true));
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(uploaded, false, 'the upload waits for the deletion to finish');
  removing.open();
  await Promise.all([deleting, uploading]);
  assert.deepEqual(await holders(org, blob), ['hr/documents/bbbbbbbb-0000-4000-8000-000000000002/file']);
  assert.equal(await shared.has(org, blob), true, "the upload's bytes are there");
  assert.equal(await base.storage.get(SYSTEM.blobClaims, org, blobKey(org, blob)), undefined, 'no claim left behind');
});

test('an upload under way first: the deletion checks again under the claim and keeps the bytes', async () => {
  const folder = path.join(dataDir, 'shared-files-2');
  const shared = diskBlobStore(folder);
  const committing = gate();
  const a = process2(shared);
  const org = randomUUID();
  const text = `the same bytes ${randomUUID()}`;
  const blob = await upload(a, org, 'aaaaaaaa-0000-4000-8000-000000000003', text);
  const orphans = await release(a, org, 'aaaaaaaa-0000-4000-8000-000000000003');

  // B has put the bytes in place and is about to commit its record when A turns to deleting them.
  const b = process2(shared);
  const staged = await shared.stage(org, bytes(text));
  const uploading = keepAndCommit(b, org, staged, async () => {
    await committing.wait();
    const moved = await repoint(b, org, 'hr/documents', 'bbbbbbbb-0000-4000-8000-000000000004', 'file', {
      blob: staged.id,
    });
    await b.storage.commit(moved.ops);
  });
  await committing.reached;
  let deleted = false;
  const deleting = removeOrphans(a, org, orphans).then(() => (deleted = true));
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(deleted, false, 'the deletion waits for the upload to commit');
  committing.open();
  await Promise.all([uploading, deleting]);
  assert.equal(await shared.has(org, blob), true);
  assert.deepEqual(await holders(org, blob), ['hr/documents/bbbbbbbb-0000-4000-8000-000000000004/file']);
});

test('with nothing holding it, the deletion deletes the bytes', async () => {
  const shared = diskBlobStore(path.join(dataDir, 'shared-files-3'));
  const a = process2(shared);
  const org = randomUUID();
  const blob = await upload(a, org, 'aaaaaaaa-0000-4000-8000-000000000005', `alone ${randomUUID()}`);
  await removeOrphans(a, org, await release(a, org, 'aaaaaaaa-0000-4000-8000-000000000005'));
  assert.equal(await shared.has(org, blob), false);
  assert.equal(await holders(org, blob), undefined);
});

test('a claim is one holder at a time; one a stopped process left is taken over once stale', async () => {
  const org = randomUUID();
  const blob = 'ab'.repeat(32);
  let clock = 1_000_000;
  const env = { storage: base.storage, now: () => clock };
  const first = await tryClaim(env, org, blob);
  assert.ok(first);
  assert.equal(await tryClaim(env, org, blob), undefined, 'held');
  // Its process stopped: the claim stays until it is stale, then another takes it over.
  clock += STALE_SECONDS - 1;
  assert.equal(await tryClaim(env, org, blob), undefined);
  clock += 1;
  const second = await tryClaim(env, org, blob);
  assert.ok(second, 'taken over');
  await first!(); // The stopped one's release (were it to come back) does not free the new holder's claim.
  assert.equal(await tryClaim(env, org, blob), undefined);
  await second!();
  let ran = false;
  await withBlobClaim(env, org, blob, async () => {
    ran = true;
  });
  assert.ok(ran);
  assert.equal(await base.storage.get(SYSTEM.blobClaims, org, blobKey(org, blob)), undefined);
});
