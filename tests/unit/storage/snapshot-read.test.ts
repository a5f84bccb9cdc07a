/**
 * Reading snapshot files: the line-by-line reader used for large checksummed files must give
 * exactly the records parsing the whole file gives, and every other layout is parsed whole, which
 * rejects what does not parse.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, it } from 'vitest';
import { crc32 } from 'node:zlib';
import { nodeFileLayer, type FileLayer } from '../../../server/storage/file-layer.ts';
import { JournalStore } from '../../../server/storage/journal-store.ts';
import { resolve } from '../../../server/storage/speed/text-held/lazy-record.ts';
import {
  INDEX_SUFFIX,
  readSnapshot,
  writeSnapshot,
  type LoadedSnapshot,
} from '../../../server/storage/snapshot-adapter.ts';
import { Slot, TextTable } from '../../../server/storage/speed/text-held/text-table.ts';
import type { FindQuery } from '../../../server/storage/types.ts';
import { rec, removeDir, tempDir } from './helpers.ts';

const C = 'payroll/employee';
const STREAM = 0;
const WHOLE = Number.POSITIVE_INFINITY;

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await removeDir(dir);
});

async function fileWith(text: string | Buffer): Promise<string> {
  const dir = await tempDir();
  dirs.push(dir);
  const file = join(dir, 'payroll__employee.json');
  await fsp.writeFile(file, text);
  return file;
}

/** The outcome of a read as a comparable value: the data, or the fact that it was refused. */
async function outcome(file: string, streamAbove: number): Promise<unknown> {
  try {
    return await readSnapshot(counting, file, streamAbove);
  } catch (err) {
    return { refused: /corrupt/.test((err as Error).message) };
  }
}

/** A snapshot as plain records: those kept as text (in file order), then the others. */
function parsed(data: LoadedSnapshot): { collection: string; seq: number; records: unknown[] } {
  const { collection, seq, table } = data;
  const texts: unknown[] = [];
  for (let slot = 0; slot < (table?.size ?? 0); slot++) {
    if (table!.stateOf(slot) === Slot.Text) texts.push(resolve(table!.text(slot), collection));
  }
  return { collection, seq, records: [...texts, ...data.records] };
}

/** nodeFileLayer counting whole-file reads: the line-by-line reader must not fall back to one. */
let wholeReads = 0;
const counting: FileLayer = {
  ...nodeFileLayer,
  readFile: (path) => {
    if (!path.endsWith(INDEX_SUFFIX)) wholeReads++;
    return nodeFileLayer.readFile(path);
  },
};

const r1 = rec(C, 'org-a', 'e1', { name: 'Zoë Ünal', note: 'line\nbreak "quoted" \u2028' });
const r2 = rec(C, 'org-b', 'e2', { n: 2, nested: { list: [1, 'two', null] } });
const r3 = rec(C, 'org-a', 'e3', { n: 3 });
const canonical = [
  `{"collection":"${C}","seq":7,"records":[`,
  JSON.stringify(r1) + ',',
  JSON.stringify(r2) + ',',
  JSON.stringify(r3),
  ']}',
  '',
].join('\n');

describe('snapshot files read line by line', () => {
  it('reads back what writeSnapshot wrote, including a record longer than a read chunk', async () => {
    const big = rec(C, 'org-a', 'big', { blob: 'é'.repeat(1_500_000) });
    const records = [r1, big, r2, r3];
    const file = await fileWith('');
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 12, records });
    assert.ok((await fsp.stat(file)).size > 2 * 1024 * 1024, 'the big record spans read chunks');
    wholeReads = 0;
    const streamed = await readSnapshot(counting, file, STREAM);
    assert.equal(streamed.table?.size, records.length, 'a checksummed file keeps its records as text');
    assert.deepEqual(parsed(streamed), { collection: C, seq: 12, records });
    assert.equal(wholeReads, 0, 'read line by line');
    assert.deepEqual(await readSnapshot(nodeFileLayer, file, WHOLE), parsed(streamed));
  });

  it('reads an empty collection and a missing file', async () => {
    const file = await fileWith('');
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 3, records: [] });
    assert.deepEqual(parsed(await readSnapshot(nodeFileLayer, file, STREAM)), { collection: C, seq: 3, records: [] });
    await fsp.rm(file);
    assert.deepEqual(await readSnapshot(nodeFileLayer, file, STREAM), { collection: C, seq: 0, records: [] });
  });

  it('reads thousands of records across many chunks, whatever record a chunk ends in', async () => {
    // Records of varied lengths, with multi-byte characters, so chunk ends fall anywhere.
    const records = Array.from({ length: 12_000 }, (_, i) =>
      rec(C, i % 3 === 0 ? 'org-a' : 'org-b', `k${i}`, { name: 'Zoë'.repeat(1 + (i % 97)), n: i }),
    );
    const file = await fileWith('');
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 5, records });
    assert.ok((await fsp.stat(file)).size > 3 * 1024 * 1024, 'the file spans several read chunks');
    wholeReads = 0;
    const streamed = await readSnapshot(counting, file, STREAM);
    assert.equal(wholeReads, 0, 'read line by line');
    assert.equal(streamed.table?.size, records.length);
    assert.deepEqual(parsed(streamed), await readSnapshot(nodeFileLayer, file, WHOLE));
    assert.deepEqual(resolve(streamed.table!.text(11_999), C), records[11_999]);
  });

  // Files without the checksum (by hand, or written before it existed), read both ways: the two
  // must agree, and `expect` says which way they agree.
  const layouts: { name: string; text: string; expect: 'read' | 'refused' }[] = [
    { name: 'the layout without a checksum', text: canonical, expect: 'read' },
    { name: 'without the final newline', text: canonical.trimEnd(), expect: 'read' },
    { name: 'with blank lines after the end', text: canonical + '\n\n  \n', expect: 'read' },
    {
      name: 'pretty-printed',
      text: JSON.stringify({ collection: C, seq: 7, records: [r1, r2, r3] }, null, 2),
      expect: 'read',
    },
    { name: 'on one line', text: JSON.stringify({ collection: C, seq: 7, records: [r1, r2, r3] }), expect: 'read' },
    { name: 'a plain lowdb file', text: JSON.stringify({ records: [r1, r3] }), expect: 'read' },
    {
      name: 'a header with a key repeated before "records"',
      text: canonical.replace('"seq":7,', '"seq":7,"records":[{"bogus":1}],'),
      expect: 'read',
    },
    { name: 'Windows line ends', text: canonical.replaceAll('\n', '\r\n'), expect: 'read' },
    {
      name: 'a comma missing between records',
      text: canonical.replace(JSON.stringify(r1) + ',', JSON.stringify(r1)),
      expect: 'refused',
    },
    {
      name: 'a comma after the last record',
      text: canonical.replace(JSON.stringify(r3), JSON.stringify(r3) + ','),
      expect: 'refused',
    },
    { name: 'no closing line', text: canonical.replace('\n]}\n', '\n'), expect: 'refused' },
    { name: 'text after the end', text: canonical + '{"more":1}\n', expect: 'refused' },
    { name: 'a no-break space after the end', text: canonical + '\u00a0\n', expect: 'refused' },
    { name: 'a torn record line', text: canonical.replace('"org-b"', '"org-b'), expect: 'refused' },
    {
      name: 'a record that is not an object',
      text: canonical.replace(JSON.stringify(r2), '"just a string"'),
      expect: 'refused',
    },
    {
      name: 'a record of another collection',
      text: canonical.replace(JSON.stringify(r2), JSON.stringify({ ...r2, collection: 'payroll/other' })),
      expect: 'refused',
    },
  ];
  for (const { name, text, expect } of layouts) {
    it(`agrees with whole-file parsing: ${name}`, async () => {
      const file = await fileWith(text);
      const streamed = await outcome(file, STREAM);
      assert.deepEqual(streamed, await outcome(file, WHOLE));
      if (expect === 'refused') assert.deepEqual(streamed, { refused: true });
      else assert.ok(Array.isArray((streamed as { records?: unknown }).records), 'the file was read');
    });
  }

  it('hands out loaded records frozen, so no reader can change the store behind its back', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    await fsp.mkdir(join(dir, 'collections'));
    await fsp.writeFile(join(dir, 'collections', 'payroll__employee.json'), canonical);
    const store = await JournalStore.open(dir, { log: () => undefined, streamSnapshotsAbove: STREAM });
    try {
      const got = await store.get(C, 'org-a', 'e1');
      assert.ok(got && Object.isFrozen(got) && Object.isFrozen(got.data) && Object.isFrozen(got.meta));
      assert.equal(got.data.name, 'Zoë Ünal');
      const found = (await store.find(C, 'org-b', { criteria: [], limit: 10, offset: 0 })).items;
      assert.equal(found.length, 1);
      assert.ok(Object.isFrozen(found[0]) && Object.isFrozen((found[0].data.nested as { list: unknown[] }).list));
      assert.equal(await store.get(C, 'org-b', 'e1'), undefined, 'tenancy holds for loaded records');
    } finally {
      await store.close();
    }
  });
});

describe('checksummed snapshot files', () => {
  const records = [r1, r2, r3, rec(C, 'org-"q"', 'k\\1', { n: 4 })];
  async function written(): Promise<{ file: string; bytes: Buffer }> {
    const file = await fileWith('');
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 9, records });
    return { file, bytes: await fsp.readFile(file) };
  }

  it('ends with the checksum of everything before it, and is plain JSON', async () => {
    const { bytes } = await written();
    const text = bytes.toString('utf8');
    const crc = /\n\],"crc32":"([0-9a-f]{8})"\}\n$/.exec(text);
    assert.ok(crc, text.slice(-40));
    const body = bytes.subarray(0, bytes.length - crc[0].length + 1);
    assert.equal(crc32(body).toString(16).padStart(8, '0'), crc[1]);
    assert.deepEqual(JSON.parse(text).records, records);
  });

  it('keeps records as text when read line by line, but one whose organization and key are escaped', async () => {
    const { file } = await written();
    const read = await readSnapshot(nodeFileLayer, file, STREAM);
    assert.equal(read.table?.size, 3);
    assert.deepEqual(read.records, [records[3]]);
    assert.deepEqual(parsed(read), { collection: C, seq: 9, records });
    assert.deepEqual(await readSnapshot(nodeFileLayer, file, WHOLE), parsed(read));
  });

  it('refuses a file changed after it was written, even where the change still parses, touching nothing', async () => {
    const { file, bytes } = await written();
    const text = bytes.toString('utf8');
    const changes = [
      text.replace('"n":2', '"n":3'), // a digit flipped: valid JSON, wrong data
      text.replace('"org-b"', '"org-c"'),
      text + '\n', // anything after the checksum line
      text.replace('"records":[\n', '"records":[\n\n'),
    ];
    for (const changed of changes) {
      await fsp.writeFile(file, changed);
      for (const way of [STREAM, WHOLE]) {
        await assert.rejects(readSnapshot(nodeFileLayer, file, way), /corrupt/, changed.slice(0, 80));
      }
      assert.equal(await fsp.readFile(file, 'utf8'), changed, 'the file is left as it was');
    }
  });

  it('reads a file whose checksum line was replaced by a plain closing, checking every record', async () => {
    const { file, bytes } = await written();
    const plain = bytes.toString('utf8').replace(/\],"crc32":"[0-9a-f]{8}"\}\n$/, ']}\n');
    await fsp.writeFile(file, plain);
    const read = await readSnapshot(nodeFileLayer, file, STREAM);
    assert.equal(read.table, undefined, 'parsed, as it cannot be trusted unchecked');
    assert.deepEqual(read, { collection: C, seq: 9, records });
    await fsp.writeFile(file, plain.replace('"n":2', '"n":'));
    await assert.rejects(readSnapshot(nodeFileLayer, file, STREAM), /corrupt/);
  });

  it('serves records kept as text like any other: reads, finds, tenancy, writes, and a compaction that keeps their text', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const many = Array.from({ length: 300 }, (_, i) =>
      rec(C, i % 2 ? 'org-b' : 'org-a', `k${i}`, { dept: `D${i % 5}`, name: `Zoë ${i}` }),
    );
    await fsp.mkdir(join(dir, 'collections'));
    const file = join(dir, 'collections', 'payroll__employee.json');
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 1, records: many });
    const before = (await fsp.readFile(file, 'utf8')).split('\n');
    const open = () => JournalStore.open(dir, { log: () => undefined, streamSnapshotsAbove: STREAM });
    const store = await open();
    try {
      const got = await store.get(C, 'org-b', 'k7');
      assert.deepEqual(got, many[7]);
      assert.ok(got && Object.isFrozen(got.data), 'frozen when handed out');
      assert.equal(await store.get(C, 'org-a', 'k7'), undefined, 'tenancy');
      const find = async (query: Partial<FindQuery>) =>
        await store.find(C, 'org-a', { criteria: [], limit: 5, offset: 0, ...query });
      const eq = await find({ criteria: [{ field: 'dept', is: '=', value: 'D2' }], offset: 2 });
      assert.equal(eq.total, 30);
      assert.deepEqual(
        eq.items.map((r) => r.key),
        ['k22', 'k32', 'k42', 'k52', 'k62'],
      );
      const sorted = await find({
        criteria: [{ field: 'name', is: 'like', value: 'zoë 1' }],
        sort: [{ field: 'name', dir: 'desc' }],
      });
      assert.equal(sorted.total, 55);
      assert.deepEqual(
        sorted.items.map((r) => r.key),
        ['k198', 'k196', 'k194', 'k192', 'k190'],
      );
      await store.commit([{ op: 'put', record: rec(C, 'org-a', 'k2', { dept: 'D9' }, 2), expectVersion: 1 }]);
      await assert.rejects(
        store.commit([{ op: 'put', record: rec(C, 'org-a', 'k4', { dept: 'D9' }, 2), expectVersion: 2 }]),
        /version 1/,
      );
      assert.equal(
        (await find({ criteria: [{ field: 'dept', is: '=', value: 'D2' }] })).total,
        29,
        'the index follows the write',
      );
    } finally {
      await store.close();
    }
    const after = (await fsp.readFile(file, 'utf8')).split('\n');
    assert.equal(after.length, before.length);
    const changed = after.flatMap((line, i) => (line === before[i] ? [] : [i]));
    // The header (its sequence), the record written, and the checksum line.
    assert.deepEqual(changed, [0, 3, after.length - 2]);
    const reopened = await open();
    try {
      assert.deepEqual((await reopened.get(C, 'org-a', 'k2'))?.data, { dept: 'D9' });
      assert.deepEqual(await reopened.get(C, 'org-b', 'k299'), many[299]);
    } finally {
      await reopened.close();
    }
  });
});

describe('index files', () => {
  const many = Array.from({ length: 400 }, (_, i) =>
    rec(C, i % 2 ? 'org-b' : 'org-a', `k${i}`, { dept: `D${i % 5}`, name: `Zoë ${i}` }),
  );
  const odd = rec(C, 'org-"q"', 'k\\odd', { n: 1 });
  const records = [...many.slice(0, 200), odd, ...many.slice(200)];

  async function storeDir(): Promise<{ dir: string; file: string }> {
    const dir = await tempDir();
    dirs.push(dir);
    await fsp.mkdir(join(dir, 'collections'));
    const file = join(dir, 'collections', 'payroll__employee.json');
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 1, records });
    return { dir, file };
  }
  const open = (dir: string) => JournalStore.open(dir, { log: () => undefined, streamSnapshotsAbove: STREAM });

  /** Lines the TextTable went through while `run` ran: none when an index file was used. */
  async function linesRead(run: () => Promise<void>): Promise<number> {
    const original = TextTable.prototype.addLine;
    let n = 0;
    TextTable.prototype.addLine = function (...args) {
      n++;
      return original.apply(this, args);
    };
    try {
      await run();
    } finally {
      TextTable.prototype.addLine = original;
    }
    return n;
  }

  async function contents(dir: string): Promise<unknown> {
    const store = await open(dir);
    try {
      const all = async (org: string) => (await store.find(C, org, { criteria: [], limit: Infinity, offset: 0 })).items;
      return {
        a: await all('org-a'),
        b: await all('org-b'),
        odd: await store.get(C, 'org-"q"', 'k\\odd'),
        d2: await store.find(C, 'org-a', { criteria: [{ field: 'dept', is: '=', value: 'D2' }], limit: 5, offset: 1 }),
      };
    } finally {
      await store.close();
    }
  }

  it('is written by a start that read the snapshot line by line, and lets the next start skip the lines', async () => {
    const { dir, file } = await storeDir();
    let first: unknown;
    assert.equal(await linesRead(async () => void (first = await contents(dir))), records.length);
    const index = await fsp.readFile(file + INDEX_SUFFIX);
    let second: unknown;
    assert.equal(await linesRead(async () => void (second = await contents(dir))), 0, 'read through the index');
    assert.deepEqual(second, first);
    assert.deepEqual((first as { odd: unknown }).odd, odd, 'a line the table does not take is listed and parsed');
    assert.deepEqual(await fsp.readFile(file + INDEX_SUFFIX), index, 'left as it was');
  });

  it('is written again by a close that compacted, so a restart after writes skips the lines too', async () => {
    const { dir, file } = await storeDir();
    await contents(dir);
    const store = await open(dir);
    await store.commit([{ op: 'put', record: rec(C, 'org-a', 'k2', { dept: 'D9' }, 2), expectVersion: 1 }]);
    await store.close();
    let after: { a: { key: string; data: unknown }[] } | undefined;
    assert.equal(await linesRead(async () => void (after = (await contents(dir)) as typeof after)), 0);
    assert.deepEqual(after!.a.find((r) => r.key === 'k2')?.data, { dept: 'D9' });
    const read = await readSnapshot(nodeFileLayer, file, STREAM);
    assert.equal(read.indexFile, undefined, 'the snapshot has an index now, so none is made');
  });

  it('never hands out a record its table misplaced, even from an index file whose own checksum holds', async () => {
    const { dir, file } = await storeDir();
    await contents(dir);
    // Slots 0 and 1 (k0 of org-a, k1 of org-b) swap lines, and the file's checksum is made right.
    const bytes = Buffer.from(await fsp.readFile(file + INDEX_SUFFIX));
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    const [chunkCount, count] = [words[5], words[6]];
    for (const array of [1, 2]) {
      const at = 10 + chunkCount + array * count; // lineStart, then lineEnd
      [words[at], words[at + 1]] = [words[at + 1], words[at]];
    }
    bytes.writeUInt32LE(crc32(bytes.subarray(0, bytes.length - 4)), bytes.length - 4);
    await fsp.writeFile(file + INDEX_SUFFIX, bytes);
    const store = await open(dir);
    try {
      await assert.rejects(store.get(C, 'org-a', 'k0'), /does not match/);
      await assert.rejects(store.find(C, 'org-a', { criteria: [], limit: 1, offset: 0 }), /does not match/);
      assert.deepEqual(await store.get(C, 'org-a', 'k2'), many[2], 'the other records are served');
    } finally {
      await store.close();
    }
  });

  it('is not used once the snapshot changed, nor when damaged; either way the data is the same', async () => {
    const { dir, file } = await storeDir();
    const expected = await contents(dir);
    const index = await fsp.readFile(file + INDEX_SUFFIX);
    // The same snapshot written again with one record changed: another size and checksum.
    const changed = records.map((r) => (r.key === 'k7' ? { ...r, data: { ...r.data, name: 'Changed' } } : r));
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 1, records: changed });
    let after: { b: { key: string; data: { name?: unknown } }[] } | undefined;
    assert.equal(await linesRead(async () => void (after = (await contents(dir)) as typeof after)), records.length);
    assert.equal(after!.b.find((r) => r.key === 'k7')?.data.name, 'Changed');
    assert.notDeepEqual(await fsp.readFile(file + INDEX_SUFFIX), index, 'written again for the new snapshot');
    // Back to the original snapshot, its old index file with one byte flipped.
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 1, records });
    const damaged = Buffer.from(index);
    damaged[100] ^= 0xff;
    await fsp.writeFile(file + INDEX_SUFFIX, damaged);
    let again: unknown;
    assert.equal(await linesRead(async () => void (again = await contents(dir))), records.length);
    assert.deepEqual(again, expected);
  });
});
