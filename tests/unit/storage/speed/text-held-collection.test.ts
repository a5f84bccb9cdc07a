/**
 * One collection of the text-held strategy: a put that replaces a record, also one that moves it to another
 * organization (a replayed journal or a hand-edited snapshot can hold one), leaves the record
 * listed once, under its new organization, in every index.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { TextHeldCollection } from '../../../../server/storage/speed/text-held/text-held-collection.ts';
import { recordText } from '../../../../server/storage/speed/text-held/lazy-record.ts';
import { run } from '../../../../server/storage/speed/steps.ts';
import { TextTable } from '../../../../server/storage/speed/text-held/text-table.ts';
import type { FindQuery, FindResult, StoredRecord } from '../../../../server/storage/types.ts';
import { equalityKey } from '../../../../engine/criteria.ts';
import { rec } from '../helpers.ts';

const C = 'payroll/employee';

const runFind = (c: TextHeldCollection, org: string, query: FindQuery): FindResult => run(c.findSteps(org, query));

const keysOf = (c: TextHeldCollection, org: string) =>
  runFind(c, org, { criteria: [], limit: Infinity, offset: 0 }).items.map((r) => r.key);

/** A table as a snapshot read would build it: the lines in one string. */
function tableOf(records: StoredRecord[]): TextTable {
  const table = new TextTable(C);
  const lines = records.map(recordText);
  const text = lines.join('\n');
  table.addChunk(text);
  let start = 0;
  for (const line of lines) {
    assert.ok(table.addLine(text, start, start + line.length));
    start += line.length + 1;
  }
  table.seal();
  return table;
}
const indexed = (c: TextHeldCollection, org: string, dept: string) => [
  ...(c.lookup('dept', org, equalityKey(dept)!) ?? []),
];
const found = (c: TextHeldCollection, org: string, dept: string) =>
  runFind(c, org, { criteria: [{ field: 'dept', is: '=', value: dept }], limit: 100, offset: 0 }).items.map(
    (r) => r.key,
  );

describe('TextHeldCollection.put', () => {
  it('keeps insertion order and groups by organization', () => {
    const c = new TextHeldCollection(C);
    for (let i = 0; i < 6; i++) c.put(rec(C, i % 2 ? 'org-b' : 'org-a', `k${i}`, { dept: 'D1' }));
    assert.deepEqual(keysOf(c, 'org-a'), ['k0', 'k2', 'k4']);
    assert.deepEqual(keysOf(c, 'org-b'), ['k1', 'k3', 'k5']);
    c.put(rec(C, 'org-a', 'k0', { dept: 'D1' }, 2));
    assert.deepEqual(keysOf(c, 'org-a'), ['k0', 'k2', 'k4'], 'a replacing put keeps its place');
    assert.equal(c.get('k0')?.meta.version, 2);
  });

  it('moves a record to its new organization, dropping an organization left empty', () => {
    const c = new TextHeldCollection(C);
    c.put(rec(C, 'org-a', 'k1', { dept: 'D1' }));
    c.put(rec(C, 'org-b', 'k1', { dept: 'D1' }, 2));
    assert.equal(c.orgSize('org-a'), 0);
    c.put(rec(C, 'org-a', 'k2', { dept: 'D1' }));
    assert.deepEqual(keysOf(c, 'org-a'), ['k2']);
    assert.deepEqual(keysOf(c, 'org-b'), ['k1']);
    assert.deepEqual(found(c, 'org-a', 'D1'), ['k2']);
    assert.deepEqual(found(c, 'org-b', 'D1'), ['k1']);
  });

  it('keeps a built index up to date through changes and moves', () => {
    const c = new TextHeldCollection(C);
    c.put(rec(C, 'org-a', 'k1', { dept: 'D1' }));
    c.put(rec(C, 'org-a', 'k2', { dept: 'D2' }));
    assert.deepEqual(indexed(c, 'org-a', 'D1'), ['k1'], 'built on first use');
    c.put(rec(C, 'org-a', 'k2', { dept: 'D1' }, 2));
    c.put(rec(C, 'org-a', 'k3', { dept: 'D1' }));
    c.put(rec(C, 'org-b', 'k1', { dept: 'D1' }, 2));
    assert.deepEqual(indexed(c, 'org-a', 'D1').sort(), ['k2', 'k3']);
    assert.deepEqual(indexed(c, 'org-a', 'D2'), [], 'k2 left its old value');
    assert.deepEqual(indexed(c, 'org-b', 'D1'), ['k1']);
    assert.deepEqual(found(c, 'org-a', 'D1'), ['k2', 'k3'], 'in insertion order');
  });
});

describe('records kept as text', () => {
  const data = (i: number) => ({
    dept: `D${i % 4}`,
    team: i % 20,
    grade: i % 7,
    ...(i % 5 === 0 ? {} : { name: `Name ${(i * 37) % 100}` }),
    tags: i % 3 === 0 ? ['x', 'y'] : ['y'],
  });
  function pair(): [TextHeldCollection, TextHeldCollection] {
    const parsed = new TextHeldCollection(C);
    const text = new TextHeldCollection(C);
    const records = Array.from({ length: 120 }, (_, i) => rec(C, i % 3 === 2 ? 'org-b' : 'org-a', `k${i}`, data(i)));
    for (const r of records) parsed.put(r);
    text.load([], tableOf(records));
    return [parsed, text];
  }
  const queries: FindQuery[] = [
    { criteria: [], limit: 10, offset: 5 },
    { criteria: [{ field: 'dept', is: '=', value: 'D1' }], limit: 7, offset: 3 },
    {
      criteria: [
        { field: 'dept', is: '=', value: 'D2' },
        { field: 'grade', is: '=', value: 3 },
      ],
      limit: 20,
      offset: 0,
    },
    {
      criteria: [{ field: 'grade', is: '>=', value: 4 }],
      sort: [{ field: 'name', dir: 'desc' }],
      limit: 15,
      offset: 2,
    },
    {
      criteria: [{ field: 'tags', is: 'contains', value: 'x' }],
      sort: [{ field: 'name', dir: 'asc' }],
      limit: 50,
      offset: 0,
    },
    {
      criteria: [
        { field: 'name', is: 'like', value: 'name 1' },
        { field: 'dept', is: '=', value: 'D0' },
      ],
      limit: 9,
      offset: 1,
    },
    {
      criteria: [
        { field: 'grade', is: 'in', value: [1, 2] },
        { field: 'dept', is: '!=', value: 'D3' },
      ],
      limit: 100,
      offset: 0,
    },
  ];

  it('answers every kind of query exactly as parsed records do', () => {
    const [parsed, text] = pair();
    for (const org of ['org-a', 'org-b', 'org-c']) {
      for (const query of queries) {
        assert.deepEqual(runFind(text, org, query), runFind(parsed, org, query), `${org} ${JSON.stringify(query)}`);
      }
    }
    assert.deepEqual(text.get('k17'), parsed.get('k17'));
    assert.notEqual(text.get('k17'), text.get('k17'), 'parsed anew on each read, not kept');
    assert.equal(text.get('k999'), undefined);
    assert.equal(text.orgOf('k2'), 'org-b');
  });

  it('takes only lines it can read without parsing', () => {
    const table = new TextTable(C);
    const lines = [
      recordText(rec(C, 'org-"q"', 'k1', {})),
      recordText(rec(C, 'org-a', 'k\\2', {})),
      recordText(rec('payroll/other', 'org-a', 'k3', {})),
      JSON.stringify({ org: 'org-a', collection: C, key: 'k4', data: {}, meta: {} }),
      recordText(rec(C, 'org-a', 'k5', {})),
    ];
    const text = lines.join('\n');
    table.addChunk(text);
    let start = 0;
    const taken = lines.map((line) => {
      const ok = table.addLine(text, start, start + line.length);
      start += line.length + 1;
      return ok;
    });
    assert.deepEqual(taken, [false, false, false, false, true]);
    table.seal();
    assert.equal(table.slotOf('k5'), 0);
    assert.equal(table.key(0), 'k5');
    assert.equal(table.org(0), 'org-a');
    assert.equal(table.slotOf('k1'), -1);
  });

  it('behaves as parsed records through any sequence of writes, deletes and moves', () => {
    const [parsed, text] = pair();
    let seed = 7;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    for (let step = 0; step < 400; step++) {
      const key = `k${random(140)}`;
      const org = random(5) === 0 ? 'org-b' : 'org-a';
      const roll = random(10);
      for (const c of [parsed, text]) {
        if (step === 100) c.lookup('dept', 'org-a', equalityKey('D1')!); // an index kept up from here
        if (roll < 3) c.delete(key);
        else c.put(rec(C, org, key, data(step), 2));
      }
      if (step % 20 === 0 || step === 399) {
        for (const o of ['org-a', 'org-b']) {
          for (const query of queries) {
            assert.deepEqual(
              runFind(text, o, query),
              runFind(parsed, o, query),
              `step ${step} ${o} ${JSON.stringify(query)}`,
            );
          }
          assert.deepEqual(keysOf(text, o), keysOf(parsed, o), `step ${step}: order`);
        }
        assert.deepEqual(
          text.snapshot().map((r) => text.resolve(r)),
          parsed.snapshot(),
        );
      }
      assert.deepEqual(text.get(key), parsed.get(key));
      assert.equal(text.orgOf(key), parsed.orgOf(key));
    }
  });

  it('keeps indexes right when records kept as text are replaced, moved and deleted', () => {
    const [parsed, text] = pair();
    for (const c of [parsed, text]) {
      c.lookup('dept', 'org-a', equalityKey('D1')!); // built before the changes
      c.lookup('team', 'org-a', equalityKey(1)!);
      c.put(rec(C, 'org-a', 'k1', { dept: 'D2', team: 4 }, 2));
      c.put(rec(C, 'org-b', 'k5', { dept: 'D1' }, 2));
      c.delete('k9');
      c.put(rec(C, 'org-a', 'k200', { dept: 'D1' }));
    }
    for (const org of ['org-a', 'org-b']) {
      for (const query of queries) assert.deepEqual(runFind(text, org, query), runFind(parsed, org, query));
    }
    assert.deepEqual(found(text, 'org-a', 'D1'), found(parsed, 'org-a', 'D1'));
    assert.ok(found(text, 'org-a', 'D1').includes('k200'));
    // k1 joined team 4's index set last, yet comes first: results are in insertion order.
    const team4 = runFind(text, 'org-a', { criteria: [{ field: 'team', is: '=', value: 4 }], limit: 10, offset: 0 });
    assert.deepEqual(
      team4.items.map((r) => r.key),
      ['k1', 'k4', 'k24', 'k64', 'k84'],
    );
  });
});
