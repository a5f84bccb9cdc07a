/**
 * The download key store (server/printable/download-keys.ts), in memory and in PostgreSQL: a key
 * answers its grant once, not after its time, not when malformed, not as a key of another kind; one
 * user's keys and all keys are bounded. In PostgreSQL two processes redeeming one key get it once.
 */
import { afterAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import {
  DOWNLOAD_KEY,
  memoryDownloadKeys,
  sharedDownloadKeys,
  type DownloadKeysOf,
} from '../../server/printable/download-keys.ts';
import { PgStore } from '../../server/storage/pg/pg-store.ts';
import { freshDatabase, stopOwnCluster, testCluster } from '../helpers/postgres.ts';

const grant = (user = 'u1', org = 'o1') => ({ org, user, sid: 's1', sessionExp: 9e9, form: 'w4', key: 'k1' });

const stores: PgStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
  await stopOwnCluster();
});
async function pgStore(): Promise<PgStore> {
  const store = await PgStore.open(await freshDatabase(await testCluster()), { log: () => undefined });
  stores.push(store);
  return store;
}

const kinds: [string, () => Promise<DownloadKeysOf>][] = [
  ['in memory', async () => memoryDownloadKeys],
  ['in PostgreSQL', async () => sharedDownloadKeys(await pgStore())],
];

for (const [where, make] of kinds) {
  describe(`download keys ${where}`, () => {
    test('a key answers its grant once, within its time, and only as its own kind', async () => {
      let now = 1000;
      const of = await make();
      const keys = of('printable', { now: () => now, ttlSeconds: 60 });
      const files = of('file', { now: () => now, ttlSeconds: 60 });
      const a = await keys.issue(grant());
      assert.match(a.downloadKey, DOWNLOAD_KEY);
      assert.equal(a.expires, 1060);
      assert.equal(await files.redeem(a.downloadKey), undefined, 'a printable key opens no file');
      assert.deepEqual(await keys.redeem(a.downloadKey), grant());
      assert.equal(await keys.redeem(a.downloadKey), undefined, 'once');

      const b = await keys.issue(grant());
      now = 1060;
      assert.equal(await keys.redeem(b.downloadKey), undefined, 'expired at its time');
      assert.equal(await keys.redeem('not a key'), undefined);
      assert.equal(await keys.redeem(''), undefined);
    });

    test("one user's keys and all keys are bounded: the oldest go first", async () => {
      const keys = (await make())('printable', { now: () => 1000, perUser: 3, maxKeys: 5 });
      const mine: string[] = [];
      for (let i = 0; i < 4; i++) mine.push((await keys.issue(grant('u1'))).downloadKey);
      assert.equal(await keys.redeem(mine[0]), undefined, 'the fourth key dropped the first');
      assert.ok(await keys.redeem(mine[1]));
      const other = (await keys.issue(grant('u1', 'o2'))).downloadKey;
      assert.ok(await keys.redeem(other), 'the same user key in another organization is another user');
      const many: string[] = [];
      for (const u of ['a', 'b', 'c', 'd', 'e', 'f']) many.push((await keys.issue(grant(u))).downloadKey);
      assert.equal(await keys.redeem(mine[2]), undefined, 'the oldest dropped when the store is full');
      assert.ok(await keys.redeem(many[5]));
    });
  });
}

test('in PostgreSQL, a key issued by one process is redeemed once among many processes redeeming it at once', async () => {
  const store = await pgStore();
  const url = (store.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  const others = await Promise.all([1, 2, 3].map(() => PgStore.open(url, { log: () => undefined })));
  stores.push(...others);
  const now = () => 1000;
  const issued = await sharedDownloadKeys(store)('printable', { now }).issue(grant());
  const answers = await Promise.all(
    [store, ...others].flatMap((s) =>
      [1, 2].map(() => sharedDownloadKeys(s)('printable', { now }).redeem(issued.downloadKey)),
    ),
  );
  assert.equal(answers.filter((a) => a !== undefined).length, 1);
});
