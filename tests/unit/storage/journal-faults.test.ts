/** Disk faults at every write step: nothing of a failed change may survive, nothing acknowledged may be lost. */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { JournalStore } from '../../../server/storage/journal-store.ts';
import { StorageUnavailableError, type FindQuery, type Storage } from '../../../server/storage/types.ts';
import { crashCopy, FaultyFs, listFiles, rec, removeDir, tempDir, type Step } from './helpers.ts';

const C = 'payroll/employee';
const R = 'payroll/run';
const A = 'org-a';
const CODES = ['ENOSPC', 'EIO', 'EROFS'] as const;
const all: FindQuery = { criteria: [], limit: 1000, offset: 0 };

const dirs: string[] = [];
const stores: Storage[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

async function setup(options: { compactEvery?: number } = {}) {
  const dir = await tempDir();
  dirs.push(dir);
  const fs = new FaultyFs();
  const logs: string[] = [];
  const store = await JournalStore.open(dir, { fs, compactEvery: Infinity, log: (m) => logs.push(m), ...options });
  stores.push(store);
  return { dir, fs, logs, store };
}

async function reopenCopy(dir: string): Promise<JournalStore> {
  const copy = await crashCopy(dir);
  dirs.push(copy);
  const store = await JournalStore.open(copy, { log: () => undefined });
  stores.push(store);
  return store;
}

const put = (key: string, data: Record<string, unknown>, version = 1, collection = C) =>
  ({ op: 'put', record: rec(collection, A, key, data, version) }) as const;
const state = async (store: Storage) => [
  ...(await store.find(C, A, all)).items.map((r) => `${r.key}:${JSON.stringify(r.data)}:v${r.meta.version}`),
  ...(await store.find(R, A, all)).items.map((r) => `${r.key}:${JSON.stringify(r.data)}`),
];
const journalSize = async (dir: string) => (await fsp.stat(join(dir, 'journal.jsonl'))).size;
const isUnavailable = (code: string) => (err: unknown) =>
  err instanceof StorageUnavailableError && err.code === code && err.message.includes(code);

describe('JournalStore journal faults', () => {
  for (const step of ['write', 'sync', 'open'] as const satisfies readonly Step[]) {
    for (const code of CODES) {
      it(`journal ${step === 'open' ? 'append + reopen' : step} fails with ${code}: no trace`, async () => {
        const { dir, fs, store } = await setup();
        await store.commit([put('e1', { n: 1, s: 'a' })]);
        const before = await journalSize(dir);
        // 'open' breaks the rollback's reopen too, so the truncate has to be retried later.
        fs.inject({ step: step === 'open' ? 'write' : step, path: /journal\.jsonl$/, code, times: 1 });
        if (step === 'open') fs.inject({ step: 'open', path: /journal\.jsonl$/, code, times: 1 });
        await assert.rejects(
          store.commit([put('e1', { n: 2, s: 'b' }, 2), put('e2', { failed: true }), put('x', { failed: true }, 1, R)]),
          isUnavailable(code),
        );
        const old = ['e1:{"n":1,"s":"a"}:v1'];
        assert.deepEqual(await state(store), old);
        assert.equal((await store.find(C, A, { ...all, criteria: [{ field: 's', is: '=', value: 'b' }] })).total, 0);
        if (step !== 'open') assert.equal(await journalSize(dir), before);
        await store.commit([put('e3', { n: 3 }), put('e1', { n: 4, s: 'c' }, 2)]);
        const later = ['e1:{"n":4,"s":"c"}:v2', 'e3:{"n":3}:v1'];
        assert.deepEqual(await state(store), later);
        assert.doesNotMatch(await fsp.readFile(join(dir, 'journal.jsonl'), 'utf8'), /failed/);
        assert.deepEqual(await state(await reopenCopy(dir)), later);
        await store.close();
        assert.deepEqual(await state(await reopenCopy(dir)), later);
      });
    }
  }

  it('keeps refusing writes while the rollback truncate fails, then recovers', async () => {
    const { dir, fs, store } = await setup();
    await store.commit([put('e1', { n: 1 })]);
    const before = await journalSize(dir);
    fs.inject({ step: 'sync', path: /journal\.jsonl$/, code: 'EIO', times: 1 });
    fs.inject({ step: 'truncate', path: /journal\.jsonl$/, code: 'EIO', times: 2 });
    await assert.rejects(store.commit([put('e2', { failed: true })]), isUnavailable('EIO'));
    // The failed bytes are still in the file; no commit may be acknowledged behind them.
    assert.ok((await journalSize(dir)) > before);
    await assert.rejects(store.commit([put('e3', { n: 3 })]), isUnavailable('EIO'));
    assert.deepEqual(await state(store), ['e1:{"n":1}:v1']);
    await store.commit([put('e4', { n: 4 })]);
    assert.deepEqual(await state(store), ['e1:{"n":1}:v1', 'e4:{"n":4}:v1']);
    assert.doesNotMatch(await fsp.readFile(join(dir, 'journal.jsonl'), 'utf8'), /failed|e3/);
    assert.deepEqual(await state(await reopenCopy(dir)), ['e1:{"n":1}:v1', 'e4:{"n":4}:v1']);
  });
});

describe('JournalStore compaction faults', () => {
  const steps: { name: string; step: Step; path: RegExp }[] = [
    { name: 'snapshot temp write', step: 'write', path: /collections\/.*\.tmp$/ },
    { name: 'snapshot fsync', step: 'sync', path: /collections\/.*\.tmp$/ },
    { name: 'snapshot rename', step: 'rename', path: /collections\/.*\.tmp$/ },
    { name: 'snapshot directory fsync', step: 'syncDir', path: /collections$/ },
    { name: 'new journal write', step: 'write', path: /journal\.jsonl\.tmp$/ },
    { name: 'new journal fsync', step: 'sync', path: /journal\.jsonl\.tmp$/ },
    { name: 'new journal rename', step: 'rename', path: /journal\.jsonl\.tmp$/ },
  ];
  for (const { name, step, path } of steps) {
    for (const code of CODES) {
      it(`${name} fails with ${code}: compaction fails, commits and data are unaffected`, async () => {
        const { dir, fs, store } = await setup();
        await store.commit([put('e1', { n: 1 }), put('e2', { n: 2 }), put('r1', { p: 1 }, 1, R)]);
        await store.compact();
        await store.commit([put('e1', { n: 10 }, 2), { op: 'delete', collection: C, org: A, key: 'e2' }]);
        await store.commit([put('r2', { p: 2 }, 1, R)]);
        fs.inject({ step, path, code });
        await assert.rejects(store.compact(), (err: NodeJS.ErrnoException) => err.code === code);
        await store.commit([put('e3', { n: 3 })]);
        const expected = ['e1:{"n":10}:v2', 'e3:{"n":3}:v1', 'r1:{"p":1}', 'r2:{"p":2}'];
        assert.deepEqual(await state(store), expected);
        assert.deepEqual(
          (await listFiles(dir)).filter((f) => f.endsWith('.tmp')),
          [],
        );
        assert.deepEqual(await state(await reopenCopy(dir)), expected);
        // Once the disk is healthy the next compaction succeeds and loses nothing.
        fs.clear();
        await store.compact();
        assert.equal(await journalSize(dir), 0);
        assert.deepEqual(await state(await reopenCopy(dir)), expected);
      });
    }
  }

  it('retries a failed background compaction without blocking commits', async () => {
    const { dir, fs, logs, store } = await setup({ compactEvery: 2_000 });
    fs.inject({ step: 'rename', path: /collections\/.*\.tmp$/, code: 'ENOSPC' });
    for (let i = 0; i < 40; i++) await store.commit([put(`e${i}`, { n: i, pad: 'x'.repeat(100) })]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(logs.some((m) => m.includes('compaction failed')));
    assert.equal((await store.find(C, A, all)).total, 40);
    assert.ok((await journalSize(dir)) > 2_000);
    // After the back-off (1 s) the next commit tries again, and this time it works.
    fs.clear();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await store.commit([put('last', { n: -1 })]);
    for (let i = 0; i < 100 && (await journalSize(dir)) > 2_000; i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok((await journalSize(dir)) < 2_000);
    assert.equal((await (await reopenCopy(dir)).find(C, A, all)).total, 41);
  });

  it('refuses commits until a switched journal is durable in its directory', async () => {
    const { dir, fs, store } = await setup();
    await store.commit([put('e1', { n: 1 })]);
    fs.inject({ step: 'syncDir', path: new RegExp(`${dir}$`), code: 'EIO', times: 2 });
    await store.compact();
    await assert.rejects(store.commit([put('e2', { n: 2 })]), isUnavailable('EIO'));
    await store.commit([put('e3', { n: 3 })]);
    assert.deepEqual(await state(await reopenCopy(dir)), ['e1:{"n":1}:v1', 'e3:{"n":3}:v1']);
  });
});
