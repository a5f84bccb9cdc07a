/** JournalStore on disk: restarts, file format, torn and corrupt files, temp files, locking. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { JournalStore } from '../../../server/storage/journal-store.ts';
import type { FindQuery, Storage } from '../../../server/storage/types.ts';
import { crashCopy, listFiles, rec, removeDir, tempDir } from './helpers.ts';

const C = 'payroll/employee';
const A = 'org-a';
const quiet = { log: () => undefined };
const all: FindQuery = { criteria: [], limit: 1000, offset: 0 };

const dirs: string[] = [];
const stores: Storage[] = [];
async function newDir(): Promise<string> {
  const dir = await tempDir();
  dirs.push(dir);
  return dir;
}
async function open(dir: string, options = {}): Promise<JournalStore> {
  const store = await JournalStore.open(dir, { ...quiet, ...options });
  stores.push(store);
  return store;
}
async function copyOf(dir: string): Promise<string> {
  const copy = await crashCopy(dir);
  dirs.push(copy);
  return copy;
}
const put = (key: string, data: Record<string, unknown>, version = 1) =>
  ({ op: 'put', record: rec(C, A, key, data, version) }) as const;
const snapshotOf = async (store: Storage, collection = C) =>
  (await store.find(collection, A, all)).items.map((r) => [r.key, r.data, r.meta.version]);

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

describe('JournalStore recovery', () => {
  it('recovers from the journal alone after a crash', async () => {
    const dir = await newDir();
    const store = await open(dir, { compactEvery: Infinity });
    await store.commit([put('e1', { n: 1 }), put('e2', { n: 2 })]);
    await store.commit([put('e1', { n: 10 }, 2), { op: 'delete', collection: C, org: A, key: 'e2' }]);
    await store.commit([put('e3', { n: 3 }), { op: 'put', record: rec('payroll/run', A, 'r1', { p: 1 }) }]);
    assert.deepEqual(await listFiles(join(dir, 'collections')), []);
    const reopened = await open(await copyOf(dir));
    assert.deepEqual(await snapshotOf(reopened), [
      ['e1', { n: 10 }, 2],
      ['e3', { n: 3 }, 1],
    ]);
    assert.equal((await reopened.get('payroll/run', A, 'r1'))?.data.p, 1);
  });

  it('recovers from snapshots plus the journal written after them', async () => {
    const dir = await newDir();
    const store = await open(dir, { compactEvery: Infinity });
    await store.commit([put('e1', { n: 1 }), put('e2', { n: 2 }), put('e3', { n: 3 })]);
    await store.compact();
    assert.equal((await fsp.stat(join(dir, 'journal.jsonl'))).size, 0);
    await store.commit([
      put('e2', { n: 20 }, 2),
      { op: 'delete', collection: C, org: A, key: 'e1' },
      put('e4', { n: 4 }),
    ]);
    const reopened = await open(await copyOf(dir));
    const expected = [
      ['e2', { n: 20 }, 2],
      ['e3', { n: 3 }, 1],
      ['e4', { n: 4 }, 1],
    ];
    assert.deepEqual(await snapshotOf(reopened), expected);
    // And through a clean close, which compacts everything into the snapshot files.
    await store.close();
    assert.equal((await fsp.stat(join(dir, 'journal.jsonl'))).size, 0);
    const again = await open(dir);
    assert.deepEqual(await snapshotOf(again), expected);
    // Sequence numbers continue after the snapshot, so the new entry is not skipped on replay.
    await again.commit([put('e5', { n: 5 })]);
    assert.equal((await (await open(await copyOf(dir))).get(C, A, 'e5'))?.data.n, 5);
  });

  it('writes lowdb snapshot files named after the collection', async () => {
    const dir = await newDir();
    const store = await open(dir);
    await store.commit([put('e1', { n: 1 })]);
    await store.close();
    const file = join(dir, 'collections', 'payroll__employee.json');
    const content = JSON.parse(await fsp.readFile(file, 'utf8')) as { records: unknown[] };
    assert.deepEqual(content.records, [rec(C, A, 'e1', { n: 1 })]);
    assert.deepEqual(await listFiles(dir), ['collections/payroll__employee.json', 'journal.jsonl']);
  });

  it('loads a plain lowdb file {"records": [...]}', async () => {
    const dir = await newDir();
    await fsp.mkdir(join(dir, 'collections'));
    await fsp.writeFile(
      join(dir, 'collections', 'payroll__employee.json'),
      JSON.stringify({ records: [rec(C, A, 'e9', { n: 9 })] }),
    );
    const store = await open(dir);
    assert.equal((await store.get(C, A, 'e9'))?.data.n, 9);
  });

  it('drops a torn last journal line and truncates it away', async () => {
    for (const tear of ['half', 'bad-checksum'] as const) {
      const dir = await newDir();
      const store = await open(dir, { compactEvery: Infinity });
      await store.commit([put('e1', { n: 1 })]);
      await store.commit([put('e2', { n: 2 })]);
      const journal = join(dir, 'journal.jsonl');
      const good = await fsp.readFile(journal);
      const copy = await copyOf(dir);
      const line = good.toString().split('\n')[1];
      const torn = tear === 'half' ? line.slice(0, 40) : line.replace('"n":2', '"n":3') + '\n';
      await fsp.writeFile(join(copy, 'journal.jsonl'), good.toString() + torn.replace('e2', 'e3'));
      const logs: string[] = [];
      const reopened = await open(copy, { log: (m: string) => logs.push(m) });
      assert.deepEqual(await snapshotOf(reopened), [
        ['e1', { n: 1 }, 1],
        ['e2', { n: 2 }, 1],
      ]);
      assert.deepEqual(await fsp.readFile(join(copy, 'journal.jsonl')), good, tear);
      assert.ok(
        logs.some((m) => m.includes('torn')),
        tear,
      );
      await reopened.commit([put('e4', { n: 4 })]);
      assert.equal((await (await open(await copyOf(copy))).get(C, A, 'e4'))?.data.n, 4);
    }
  });

  it('refuses a journal with a corrupt line before the last one, touching nothing', async () => {
    const dir = await newDir();
    const store = await open(dir, { compactEvery: Infinity });
    for (let i = 1; i <= 3; i++) await store.commit([put(`e${i}`, { n: i })]);
    const copy = await copyOf(dir);
    const journal = join(copy, 'journal.jsonl');
    const lines = (await fsp.readFile(journal, 'utf8')).split('\n');
    lines[1] = lines[1].replace('"n":2', '"n":7');
    const corrupt = Buffer.from(lines.join('\n'));
    await fsp.writeFile(journal, corrupt);
    await fsp.writeFile(join(copy, 'collections', 'x.json.1-1.tmp'), 'partial');
    await assert.rejects(open(copy), (err: Error) => err.message.includes(journal) && err.message.includes('line 2'));
    assert.deepEqual(await fsp.readFile(journal), corrupt);
    assert.deepEqual(await listFiles(copy), ['collections/x.json.1-1.tmp', 'journal.jsonl']);
  });

  it('refuses a snapshot file that does not parse, touching nothing', async () => {
    const dir = await newDir();
    const store = await open(dir);
    await store.commit([put('e1', { n: 1 })]);
    await store.close();
    const file = join(dir, 'collections', 'payroll__employee.json');
    const broken = Buffer.from((await fsp.readFile(file, 'utf8')).slice(0, -10));
    await fsp.writeFile(file, broken);
    await assert.rejects(open(dir), (err: Error) => err.message.includes(file));
    assert.deepEqual(await fsp.readFile(file), broken);
    await fsp.writeFile(file, JSON.stringify({ records: [{ key: 'no-org' }] }));
    await assert.rejects(open(dir), (err: Error) => err.message.includes(file) && /corrupt/.test(err.message));
    assert.deepEqual(await listFiles(dir), ['collections/payroll__employee.json', 'journal.jsonl']);
  });

  it('removes temp files left by an interrupted write', async () => {
    const dir = await newDir();
    const store = await open(dir);
    await store.commit([put('e1', { n: 1 })]);
    await store.close();
    await fsp.writeFile(join(dir, 'collections', 'payroll__employee.json.999-3.tmp'), '{"records":[');
    await fsp.writeFile(join(dir, 'journal.jsonl.tmp'), 'half a journal');
    const reopened = await open(dir);
    assert.deepEqual(await listFiles(dir), ['LOCK', 'collections/payroll__employee.json', 'journal.jsonl']);
    assert.equal((await reopened.get(C, A, 'e1'))?.data.n, 1);
  });
});

describe('JournalStore lock', () => {
  it('refuses a second open while the first is open, and allows it after close', async () => {
    const dir = await newDir();
    const first = await open(dir);
    await assert.rejects(JournalStore.open(dir, quiet), {
      message: `storage: ${dir} is in use by process ${process.pid}`,
    });
    assert.match(await fsp.readFile(join(dir, 'LOCK'), 'utf8'), new RegExp(`^${process.pid}( \\d+)?$`));
    await first.close();
    await assert.rejects(fsp.access(join(dir, 'LOCK')));
    await open(dir);
  });

  it('takes over the lock of a dead process', async () => {
    const dir = await newDir();
    const child = spawnSync(process.execPath, ['-e', '']);
    assert.ok(child.pid);
    await fsp.writeFile(join(dir, 'LOCK'), String(child.pid));
    const logs: string[] = [];
    const store = await open(dir, { log: (m: string) => logs.push(m) });
    assert.match(await fsp.readFile(join(dir, 'LOCK'), 'utf8'), new RegExp(`^${process.pid}\\b`));
    assert.ok(logs.some((m) => m.includes(`stale lock of process ${child.pid}`)));
    await store.commit([put('e1', { n: 1 })]);
  });

  it('takes over the lock of a killed process its parent has not reaped yet (a zombie)', async () => {
    const dir = await newDir();
    // A shell that starts a child, then becomes a program that never waits for it (exec sleep).
    // The child is killed from here only then: a shell that killed it itself could reap it first.
    const sh = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const pid = Number(String(await once(sh.stdout!, 'data')).trim());
      const parentIsSleep = async () => (await fsp.readFile(`/proc/${sh.pid}/comm`, 'utf8')).trim() === 'sleep';
      for (let i = 0; i < 100 && !(await parentIsSleep()); i++) await new Promise((r) => setTimeout(r, 20));
      process.kill(pid, 'SIGKILL');
      const state = async () => (await fsp.readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '')[0];
      for (let i = 0; i < 100 && (await state()) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(await state(), 'Z', 'the killed child is a zombie');
      await fsp.writeFile(join(dir, 'LOCK'), String(pid));
      const logs: string[] = [];
      const store = await open(dir, { log: (m: string) => logs.push(m), lockWaitMs: 0 });
      assert.ok(
        logs.some((m) => m.includes(`stale lock of process ${pid}`) && m.includes('zombie')),
        logs.join(),
      );
      await store.close();
    } finally {
      sh.kill('SIGKILL');
    }
  });

  it('takes over a lock naming a live process that is not the one that wrote it (a reused pid)', async () => {
    const dir = await newDir();
    const sleeper = spawn('sleep', ['30']);
    try {
      await once(sleeper, 'spawn');
      // The pid is alive, but its start time is not the one the lock recorded.
      await fsp.writeFile(join(dir, 'LOCK'), `${sleeper.pid} 1`);
      const logs: string[] = [];
      const store = await open(dir, { log: (m: string) => logs.push(m), lockWaitMs: 0 });
      assert.ok(
        logs.some((m) => m.includes('reused')),
        logs.join(),
      );
      await store.close();
      // A lock naming this very process, written by an earlier process that had its pid.
      await fsp.writeFile(join(dir, 'LOCK'), String(process.pid));
      await (await open(dir, { lockWaitMs: 0 })).close();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('waits for a live holder that lets go, and refuses one that does not', async () => {
    const dir = await newDir();
    const holder = spawn('sleep', ['30']);
    await once(holder, 'spawn');
    const start = (await fsp.readFile(`/proc/${holder.pid}/stat`, 'utf8')).split(') ')[1].split(' ')[19];
    await fsp.writeFile(join(dir, 'LOCK'), `${holder.pid} ${start}`);
    await assert.rejects(open(dir, { lockWaitMs: 300 }), {
      message: `storage: ${dir} is in use by process ${holder.pid}`,
    });
    const opening = open(dir, { lockWaitMs: 5000 });
    setTimeout(() => holder.kill('SIGKILL'), 300);
    const store = await opening;
    await store.close();
  });

  it('releases the lock when open fails', async () => {
    const dir = await newDir();
    await fsp.writeFile(join(dir, 'journal.jsonl'), 'garbage\nmore garbage\n');
    await assert.rejects(open(dir), /corrupt at line 1/);
    await assert.rejects(fsp.access(join(dir, 'LOCK')));
  });
});
