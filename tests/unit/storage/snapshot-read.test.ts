/**
 * Reading snapshot files: the record-by-record reader used for large files must give exactly what
 * parsing the whole file gives, for every layout, and reject what the whole-file parse rejects.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, it } from 'node:test';
import { nodeFileLayer, type FileLayer } from '../../../server/storage/file-layer.ts';
import { JournalStore } from '../../../server/storage/journal-store.ts';
import { readSnapshot, writeSnapshot } from '../../../server/storage/snapshot-adapter.ts';
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

/** nodeFileLayer counting whole-file reads: the record-by-record reader must not fall back to one. */
let wholeReads = 0;
const counting: FileLayer = {
  ...nodeFileLayer,
  readFile: (path) => {
    wholeReads++;
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

describe('snapshot files read record by record', () => {
  it('reads back what writeSnapshot wrote, including a record longer than a read chunk', async () => {
    const big = rec(C, 'org-a', 'big', { blob: 'é'.repeat(1_500_000) });
    const records = [r1, big, r2, r3];
    const file = await fileWith('');
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 12, records });
    assert.ok((await fsp.stat(file)).size > 2 * 1024 * 1024, 'the big record spans read chunks');
    wholeReads = 0;
    const streamed = await readSnapshot(counting, file, STREAM);
    assert.deepEqual(streamed, { collection: C, seq: 12, records });
    assert.equal(wholeReads, 0, 'read record by record');
    assert.deepEqual(await readSnapshot(nodeFileLayer, file, WHOLE), streamed);
  });

  it('reads an empty collection and a missing file', async () => {
    const file = await fileWith('');
    await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 3, records: [] });
    assert.deepEqual(await readSnapshot(nodeFileLayer, file, STREAM), { collection: C, seq: 3, records: [] });
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
    assert.equal(wholeReads, 0, 'read record by record');
    assert.equal(streamed.records.length, records.length);
    assert.deepEqual(streamed, await readSnapshot(nodeFileLayer, file, WHOLE));
    assert.deepEqual(streamed.records[11_999], records[11_999]);
  });

  // Each layout is read both ways; the two must agree, and `expect` says which way they agree.
  const layouts: { name: string; text: string; expect: 'read' | 'refused'; streamed?: boolean }[] = [
    { name: 'the layout writeSnapshot produces', text: canonical, expect: 'read', streamed: true },
    { name: 'without the final newline', text: canonical.trimEnd(), expect: 'read', streamed: true },
    { name: 'with blank lines after the end', text: canonical + '\n\n  \n', expect: 'read', streamed: true },
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
  for (const { name, text, expect, streamed: lineByLine } of layouts) {
    it(`agrees with whole-file parsing: ${name}`, async () => {
      const file = await fileWith(text);
      wholeReads = 0;
      const streamed = await outcome(file, STREAM);
      if (lineByLine) assert.equal(wholeReads, 0, 'read record by record');
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
      const got = store.get(C, 'org-a', 'e1');
      assert.ok(got && Object.isFrozen(got) && Object.isFrozen(got.data) && Object.isFrozen(got.meta));
      assert.equal(got.data.name, 'Zoë Ünal');
      const found = store.find(C, 'org-b', { criteria: [], limit: 10, offset: 0 }).items;
      assert.equal(found.length, 1);
      assert.ok(Object.isFrozen(found[0]) && Object.isFrozen((found[0].data.nested as { list: unknown[] }).list));
      assert.equal(store.get(C, 'org-b', 'e1'), undefined, 'tenancy holds for loaded records');
    } finally {
      await store.close();
    }
  });
});
