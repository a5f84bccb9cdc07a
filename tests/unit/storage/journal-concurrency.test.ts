/** Concurrent commits: optimistic concurrency, group commit, writes during compaction. */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { JournalStore } from '../../../server/storage/journal-store.ts';
import { MemoryStore } from '../../../server/storage/memory-store.ts';
import { VersionConflictError, type Storage, type StoredRecord } from '../../../server/storage/types.ts';
import { crashCopy, FaultyFs, rec, removeDir, tempDir } from './helpers.ts';

const C = 'payroll/employee';
const A = 'org-a';

const dirs: string[] = [];
const stores: Storage[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

async function journalStore(fs = new FaultyFs()): Promise<{ dir: string; store: JournalStore; fs: FaultyFs }> {
  const dir = await tempDir();
  dirs.push(dir);
  const store = await JournalStore.open(dir, { fs, compactEvery: Infinity, log: () => undefined });
  stores.push(store);
  return { dir, store, fs };
}

async function reopenCopy(dir: string): Promise<JournalStore> {
  const copy = await crashCopy(dir);
  dirs.push(copy);
  const store = await JournalStore.open(copy, { log: () => undefined });
  stores.push(store);
  return store;
}

describe('concurrent commits', () => {
  for (const name of ['MemoryStore', 'JournalStore'] as const) {
    it(`${name}: 50 commits expecting the same version, exactly one wins`, async () => {
      const store = name === 'MemoryStore' ? new MemoryStore() : (await journalStore()).store;
      await store.commit([{ op: 'put', record: rec(C, A, 'e1', { by: 'start' }) }]);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          store.commit([{ op: 'put', record: rec(C, A, 'e1', { by: `w${i}` }, 2), expectVersion: 1 }]),
        ),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r) => r.status === 'rejected');
      assert.equal(won.length, 1);
      assert.ok(lost.every((r) => r.reason instanceof VersionConflictError && r.reason.actual === 2));
      const winner = (won[0] as PromiseFulfilledResult<StoredRecord[]>).value[0].data.by;
      assert.equal((await store.get(C, A, 'e1'))?.data.by, winner);
      assert.equal((await store.get(C, A, 'e1'))?.meta.version, 2);
    });
  }

  it('groups concurrent commits into fewer fsyncs, one journal line each', async () => {
    const { dir, store, fs } = await journalStore();
    const syncsBefore = fs.count('sync', /journal\.jsonl$/);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => store.commit([{ op: 'put', record: rec(C, A, `k${i}`, { i }) }])),
    );
    const syncs = fs.count('sync', /journal\.jsonl$/) - syncsBefore;
    assert.ok(syncs >= 1 && syncs < 50, `${syncs} fsyncs for 50 commits`);
    const lines = (await fsp.readFile(join(dir, 'journal.jsonl'), 'utf8')).trimEnd().split('\n');
    assert.equal(lines.length, 50);
    const reopened = await reopenCopy(dir);
    assert.equal((await reopened.find(C, A, { criteria: [], limit: 100, offset: 0 })).total, 50);
  });

  it('checks each commit of a group against the earlier ones, all-or-nothing per commit', async () => {
    const { dir, store } = await journalStore();
    const results = await Promise.allSettled([
      store.commit([{ op: 'put', record: rec(C, A, 'a', { n: 1 }), expectVersion: 0 }]),
      store.commit([
        { op: 'put', record: rec(C, A, 'b', { n: 1 }), expectVersion: 0 },
        { op: 'put', record: rec(C, A, 'a', { n: 2 }), expectVersion: 0 },
      ]),
      store.commit([
        { op: 'put', record: rec(C, A, 'a', { n: 3 }, 2), expectVersion: 1 },
        { op: 'put', record: rec(C, A, 'b', { n: 3 }), expectVersion: 0 },
      ]),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    const expected = [
      ['a', 3],
      ['b', 3],
    ];
    const view = async (s: Storage) =>
      (await s.find(C, A, { criteria: [], limit: 10, offset: 0 })).items.map((r) => [r.key, r.data.n]);
    assert.deepEqual(await view(store), expected);
    assert.deepEqual(await view(await reopenCopy(dir)), expected);
  });

  it('keeps accepting commits while a compaction runs, and loses none of them', async () => {
    const { dir, store } = await journalStore();
    const bulk = Array.from({ length: 20_000 }, (_, i) => ({ op: 'put' as const, record: rec(C, A, `b${i}`, { i }) }));
    await store.commit(bulk);
    const compaction = store.compact();
    let during = 0;
    let finished = false;
    void compaction.then(() => (finished = true));
    for (let i = 0; i < 200 && !finished; i++) {
      await store.commit([
        { op: 'put', record: rec(C, A, `d${i}`, { i }) },
        { op: 'delete', collection: C, org: A, key: `b${i}` },
      ]);
      during++;
    }
    await compaction;
    assert.ok(during > 0, 'no commit ran during the compaction');
    const expectedTotal = 20_000;
    assert.equal((await store.find(C, A, { criteria: [], limit: 0, offset: 0 })).total, expectedTotal);
    const reopened = await reopenCopy(dir);
    assert.equal((await reopened.find(C, A, { criteria: [], limit: 0, offset: 0 })).total, expectedTotal);
    assert.equal((await reopened.get(C, A, `d${during - 1}`))?.data.i, during - 1);
    assert.equal(await reopened.get(C, A, 'b0'), undefined);
    assert.equal((await reopened.get(C, A, `b${during}`))?.data.i, during);
  });
});
