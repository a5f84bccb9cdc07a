/**
 * A find in slices (the data API's) answers exactly what a whole find answers and what the
 * engine's reference find answers: same items, order, paging and totals, over records held as
 * objects or as snapshot text, with indexes, columns, many fields, and more matches than one
 * sorted run. And it answers from the state at its start while writes land between its slices.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { findIn, type Criterion, type SortSpec } from '../../../engine/criteria.ts';
import { nodeFileLayer } from '../../../server/storage/file-layer.ts';
import { JournalStore } from '../../../server/storage/journal-store.ts';
import { MemoryStore } from '../../../server/storage/memory-store.ts';
import { writeSnapshot } from '../../../server/storage/snapshot-adapter.ts';
import { plainStrategy } from '../../../server/storage/speed/plain.ts';
import { textHeldStrategy } from '../../../server/storage/speed/text-held/text-held-collection.ts';
import type { FindQuery, FindResult, StoredRecord, WriteOp } from '../../../server/storage/types.ts';
import { rec, removeDir, tempDir } from './helpers.ts';

const C = 'payroll/employee';
const ORG = 'org-a';
const OTHER = 'org-b';
const N = 3000;

/** Deterministic (mulberry32). */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Ada', 'ben', 'Cleo', 'dev', 'Éva', 'Finn', 'gus', 'Hana', 'ΟΔΟΣ', 'Zoë'];
const DEPTS = Array.from({ length: 40 }, (_, i) => `D${i}`);
const FIELDS = ['name', 'dept', 'n', 'flag', 'tags', 'addr.state', 'title', 'city', 'code', 'grade', 'rare'];

function employee(random: () => number, i: number): Record<string, unknown> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const data: Record<string, unknown> = {
    name: `${pick(NAMES)} ${i % 97}`,
    dept: pick(DEPTS),
    title: pick(['Clerk', 'clerk', 'Nurse', 'Cook']),
    city: pick(['Austin', 'austin', 'Boise']),
    code: random() < 0.5 ? String(i % 13) : i % 13,
    grade: Math.floor(random() * 10),
  };
  const r = random();
  if (r < 0.6) data.n = Math.floor(random() * 50);
  else if (r < 0.7) data.n = String(Math.floor(random() * 50));
  else if (r < 0.8) data.n = null;
  if (random() < 0.7) data.flag = random() < 0.5;
  if (random() < 0.8) data.tags = DEPTS.slice(0, Math.floor(random() * 4)).concat(random() < 0.3 ? ['ft'] : []);
  if (random() < 0.7) data.addr = { state: pick(['CA', 'NY', 'ca', 'TX']) };
  if (i % 500 === 7) data.rare = 'yes';
  return data;
}

function randomCriterion(random: () => number): Criterion {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const kind = pick(['=', '=', '!=', '<', '>=', 'in', 'contains', 'like', 'like', 'rare'] as const);
  switch (kind) {
    case 'rare':
      return { field: 'rare', is: '=', value: 'yes' };
    case '=':
      return pick([
        { field: 'dept', is: '=', value: pick(DEPTS) },
        { field: 'flag', is: '=', value: true },
        { field: 'addr.state', is: '=', value: 'CA' },
        { field: 'n', is: '=', value: null },
        { field: 'title', is: '=', value: 'Clerk' },
      ] as Criterion[]);
    case '!=':
      return pick([
        { field: 'dept', is: '!=', value: 'D1' },
        { field: 'addr.state', is: '!=', value: 'NY' },
      ] as Criterion[]);
    case '<':
      return { field: 'n', is: '<', value: Math.floor(random() * 50) };
    case '>=':
      return pick([
        { field: 'n', is: '>=', value: '3' },
        { field: 'name', is: '>=', value: 'H' },
      ] as Criterion[]);
    case 'in':
      return { field: 'code', is: 'in', value: [1, '2', 3, '4'] };
    case 'contains':
      return { field: 'tags', is: 'contains', value: pick(['ft', 'D0', 'D2']) };
    case 'like':
      return { field: pick(['name', 'title', 'city']), is: 'like', value: pick(['a', 'CLERK', 'σ', 'zoë 1', '']) };
  }
}

function randomQuery(random: () => number): FindQuery {
  const criteria = Array.from({ length: Math.floor(random() * 4) }, () => randomCriterion(random));
  const sort: SortSpec[] = Array.from({ length: Math.floor(random() * 4) }, () => ({
    field: FIELDS[Math.floor(random() * FIELDS.length)],
    dir: random() < 0.5 ? 'asc' : 'desc',
  }));
  const limit = [1, 20, 500, Infinity][Math.floor(random() * 4)];
  const offset = [0, 0, 7, 600][Math.floor(random() * 4)];
  return { criteria, sort, limit, offset };
}

/** Queries naming more fields than a collection keeps columns for (texts are parsed then). */
const WIDE: FindQuery = {
  criteria: FIELDS.filter((f) => f !== 'rare').map((field) => ({ field, is: '!=', value: 'x' })),
  sort: [
    { field: 'grade', dir: 'desc' },
    { field: 'name', dir: 'asc' },
  ],
  limit: 50,
  offset: 100,
};

const summary = (r: FindResult) => ({
  keys: r.items.map((x) => x.key),
  total: r.total,
  data: r.items.map((x) => x.data),
});

interface Harness {
  name: string;
  open(records: StoredRecord[]): Promise<MemoryStore | JournalStore>;
  close(): Promise<void>;
}

function harnesses(): Harness[] {
  let memory: MemoryStore;
  let journal: JournalStore;
  let dir: string;
  return [plainStrategy, textHeldStrategy].flatMap((speed): Harness[] => [
    {
      name: `MemoryStore (${speed.name})`,
      async open(records) {
        memory = new MemoryStore(speed);
        for (let i = 0; i < records.length; i += 500) {
          await memory.commit(records.slice(i, i + 500).map((record) => ({ op: 'put', record })));
        }
        return memory;
      },
      close: async () => memory.close(),
    },
    {
      name: `JournalStore (${speed.name}), records read from a snapshot`,
      async open(records) {
        dir = await tempDir();
        await fsp.mkdir(join(dir, 'collections'));
        const file = join(dir, 'collections', 'payroll__employee.json');
        await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 1, records });
        journal = await JournalStore.open(dir, { log: () => undefined, streamSnapshotsAbove: 0, speed });
        return journal;
      },
      async close() {
        await journal.close();
        await removeDir(dir);
      },
    },
  ]);
}

function dataset(seed: number): StoredRecord[] {
  const random = rng(seed);
  const out: StoredRecord[] = [];
  for (let i = 0; i < N; i++) {
    // Every fifth record is another organization's, interleaved in the file.
    out.push(rec(C, i % 5 === 4 ? OTHER : ORG, `k${i}`, employee(random, i)));
  }
  return out;
}

for (const harness of harnesses()) {
  describe(`find in slices: ${harness.name}`, () => {
    const records = dataset(7);
    const own = records.filter((r) => r.org === ORG);
    let store: MemoryStore | JournalStore;
    beforeAll(async () => {
      store = await harness.open(records);
    });
    afterAll(() => harness.close());

    it('answers 60 random finds, and a find of many fields, as the whole find and the reference do', async () => {
      const random = rng(11);
      const queries = [...Array.from({ length: 60 }, () => randomQuery(random)), WIDE];
      for (const query of queries) {
        const reference = findIn(own, (r) => r.data, query);
        const sliced = await store.findInSlices(C, ORG, query, 0);
        const whole = await store.find(C, ORG, query);
        const label = JSON.stringify(query);
        assert.deepEqual(summary(sliced), summary(reference as FindResult), label);
        assert.deepEqual(summary(whole), summary(reference as FindResult), label);
        for (const record of sliced.items) assert.equal(record.org, ORG);
      }
    });

    it('answers from the state at its start while writes land between its slices', async () => {
      const random = rng(23);
      const queries: FindQuery[] = [
        { criteria: [], limit: Infinity, offset: 0 },
        {
          criteria: [{ field: 'name', is: 'like', value: 'a' }],
          sort: [{ field: 'n', dir: 'asc' }],
          limit: 500,
          offset: 3,
        },
        {
          criteria: [{ field: 'rare', is: '=', value: 'yes' }],
          sort: [{ field: 'grade', dir: 'desc' }],
          limit: 50,
          offset: 0,
        },
        // An index built during the find, while the writes go on.
        { criteria: [{ field: 'city', is: '=', value: 'Austin' }], limit: 100, offset: 10 },
        {
          criteria: [{ field: 'grade', is: '=', value: 3 }],
          sort: [{ field: 'name', dir: 'desc' }],
          limit: 30,
          offset: 0,
        },
        WIDE,
      ];
      let serial = 0;
      for (const query of queries) {
        const expected = summary(await store.find(C, ORG, query));
        assert.ok(expected.keys.length > 0, 'the answer has a record to delete');
        let settled = false;
        const answer = store.findInSlices(C, ORG, query, 0).finally(() => {
          settled = true;
        });
        let writes = 0;
        while (!settled) {
          const current = (await store.find(C, ORG, { criteria: [], limit: Infinity, offset: 0 })).items;
          // The first write deletes a record of the answer, so the answer surely changes.
          const victim = writes === 0 ? { key: expected.keys[0] } : current[Math.floor(random() * current.length)];
          const changed = current[Math.floor(random() * current.length)];
          const ops: WriteOp[] = [
            { op: 'delete', collection: C, org: ORG, key: victim.key },
            {
              op: 'put',
              record: rec(C, ORG, changed.key, { ...employee(random, 9), rare: 'yes' }, changed.meta.version + 1),
            },
            {
              op: 'put',
              record: rec(C, ORG, `new-${serial++}`, { ...employee(random, 7), rare: 'yes', city: 'Austin' }),
            },
          ];
          if (victim.key === changed.key) ops.shift();
          await store.commit(ops);
          writes++;
          await new Promise((resolve) => setImmediate(resolve));
        }
        const got = summary(await answer);
        assert.ok(writes > 0, 'writes landed while the find was under way');
        assert.deepEqual(got, expected, JSON.stringify(query));
        assert.notDeepEqual(summary(await store.find(C, ORG, query)), expected, 'the writes changed the answer since');
      }
      // The indexes built meanwhile followed every write: they answer as a scan of the data does.
      const now = (await store.find(C, ORG, { criteria: [], limit: Infinity, offset: 0 })).items;
      for (const criterion of [
        { field: 'city', is: '=', value: 'Austin' },
        { field: 'grade', is: '=', value: 3 },
        { field: 'rare', is: '=', value: 'yes' },
      ] as Criterion[]) {
        const query = { criteria: [criterion], limit: Infinity, offset: 0 };
        assert.deepEqual(
          summary(await store.find(C, ORG, query)),
          summary(findIn(now, (r) => r.data, query) as FindResult),
        );
      }
    });
  });
}
