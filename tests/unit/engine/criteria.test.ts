/**
 * One table (criteria-table.ts) run against every place a find is answered: the engine's reference
 * find, the in-memory store, the journal store with records held as objects and as the text of a
 * snapshot, the PostgreSQL store (the same semantics as SQL over jsonb) and the story fixtures' back
 * end. They must all give the table's answers.
 */
import assert from 'node:assert/strict';
import * as fsp from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { findIn, matchesOne, valueTest, type Criterion, type SortSpec } from '../../../engine/criteria.ts';
import { nodeFileLayer } from '../../../server/storage/file-layer.ts';
import { JournalStore } from '../../../server/storage/journal-store.ts';
import { MemoryStore } from '../../../server/storage/memory-store.ts';
import { PgStore } from '../../../server/storage/pg/pg-store.ts';
import { writeSnapshot } from '../../../server/storage/snapshot-adapter.ts';
import { plainStrategy } from '../../../server/storage/speed/plain.ts';
import { textHeldStrategy } from '../../../server/storage/speed/text-held/text-held-collection.ts';
import type { FindQuery } from '../../../server/storage/types.ts';
import { fixtureFetch, FIXTURE_TOKEN, type FixtureBackend } from '../../../stories/support/fixture-api.ts';
import { freshDatabase, stopOwnCluster, testCluster } from '../../helpers/postgres.ts';
import { rec, removeDir, tempDir } from '../storage/helpers.ts';
import { MATCH_ROWS, RECORDS, REFUSED, SORT_ROWS } from './criteria-table.ts';

const C = 'hr/table';
const ORG = 'org-a';
const OTHER = 'org-b';

/** A find as each place answers it: keys of the page and the total. */
type Find = (query: FindQuery) => Promise<{ keys: string[]; total: number }>;

const query = (criteria: Criterion[], sort: SortSpec[] = [], limit = 100, offset = 0): FindQuery => ({
  criteria,
  sort,
  limit,
  offset,
});

const reference: Find = async (q) => {
  const r = findIn(RECORDS, (x) => x.data, q);
  return { keys: r.items.map((x) => x.key), total: r.total };
};

/** A store's find, whole or in slices (0 ms: others run after every step). */
function storeFind(store: () => MemoryStore | JournalStore | PgStore, sliced = false): Find {
  return async (q) => {
    const s = store();
    const r = sliced && !(s instanceof PgStore) ? await s.findInSlices(C, ORG, q, 0) : await s.find(C, ORG, q);
    return { keys: r.items.map((x) => x.key), total: r.total };
  };
}

/** Records of another organization with the same data: a find must never answer them. */
const records = (org: string, prefix = '') => RECORDS.map((r) => rec(C, org, prefix + r.key, r.data));

const places: { name: string; setUp(): Promise<Find>; tearDown(): Promise<void> }[] = [];

places.push({ name: 'engine findIn (reference)', setUp: async () => reference, tearDown: async () => undefined });

for (const speed of [plainStrategy, textHeldStrategy]) {
  for (const sliced of [false, true]) {
    let store: MemoryStore;
    places.push({
      name: `MemoryStore (${speed.name})${sliced ? ', find in slices' : ''}`,
      async setUp() {
        store = new MemoryStore(speed);
        await store.commit(records(OTHER, 'b-').map((record) => ({ op: 'put', record })));
        await store.commit(records(ORG).map((record) => ({ op: 'put', record })));
        return storeFind(() => store, sliced);
      },
      tearDown: async () => store.close(),
    });
  }
}

for (const speed of [plainStrategy, textHeldStrategy]) {
  let store: JournalStore;
  let dir: string;
  places.push({
    name: `JournalStore (${speed.name}), records written`,
    async setUp() {
      dir = await tempDir();
      store = await JournalStore.open(dir, { log: () => undefined, speed });
      for (const record of records(ORG)) await store.commit([{ op: 'put', record }]);
      await store.commit(records(OTHER, 'b-').map((record) => ({ op: 'put', record })));
      return storeFind(() => store);
    },
    async tearDown() {
      await store.close();
      await removeDir(dir);
    },
  });
}

for (const [speed, sliced] of [
  [textHeldStrategy, false],
  [textHeldStrategy, true],
  [plainStrategy, true],
] as const) {
  let store: JournalStore;
  let dir: string;
  places.push({
    name: `JournalStore (${speed.name}), records read from a snapshot${sliced ? ', find in slices' : ''}`,
    async setUp() {
      dir = await tempDir();
      await fsp.mkdir(join(dir, 'collections'));
      const file = join(dir, 'collections', 'hr__table.json');
      const mixed = RECORDS.flatMap((r, i) => [rec(C, OTHER, `b-${i}`, r.data), rec(C, ORG, r.key, r.data)]);
      await writeSnapshot(nodeFileLayer, file, { collection: C, seq: 1, records: mixed });
      store = await JournalStore.open(dir, { log: () => undefined, streamSnapshotsAbove: 0, speed });
      return storeFind(() => store, sliced);
    },
    async tearDown() {
      await store.close();
      await removeDir(dir);
    },
  });
}

{
  let store: PgStore;
  places.push({
    name: 'PgStore (SQL over jsonb)',
    async setUp() {
      store = await PgStore.open(await freshDatabase(await testCluster()), { log: () => undefined });
      await store.commit(records(OTHER, 'b-').map((record) => ({ op: 'put', record })));
      await store.commit(records(ORG).map((record) => ({ op: 'put', record })));
      return storeFind(() => store);
    },
    async tearDown() {
      await store.close();
      await stopOwnCluster();
    },
  });
}

places.push({
  name: 'story fixtures back end',
  async setUp() {
    const backend = {
      org: {},
      session: { user: { key: 'u' } },
      catalogue: [],
      metas: { 'hr/table': {} },
      records: { 'hr/table': RECORDS.map((r) => ({ key: r.key, data: r.data, meta: {} })) },
    } as unknown as FixtureBackend;
    const f = fixtureFetch(backend);
    return async (q) => {
      const res = await f('/hr/api/data/find/table', {
        method: 'POST',
        headers: { auth_token: FIXTURE_TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify(q),
      });
      assert.equal(res.status, 200);
      const body = (await res.json()) as { items: { key: string }[]; total: number };
      return { keys: body.items.map((x) => x.key), total: body.total };
    };
  },
  tearDown: async () => undefined,
});

const label = (x: unknown) => JSON.stringify(x);

for (const place of places) {
  describe(`criteria table: ${place.name}`, () => {
    let find: Find;
    beforeAll(async () => {
      find = await place.setUp();
    });
    afterAll(() => place.tearDown());

    it('matches every criterion of the table', async () => {
      for (const row of MATCH_ROWS) {
        const got = await find(query([row.criterion]));
        assert.deepEqual(got, { keys: row.matches, total: row.matches.length }, `${row.rule}: ${label(row.criterion)}`);
      }
    });

    it('orders by every sort of the table', async () => {
      for (const row of SORT_ROWS) {
        const got = await find(query([], row.sort));
        assert.deepEqual(got, { keys: row.order, total: RECORDS.length }, `${row.rule}: ${label(row.sort)}`);
      }
    });

    it('sorts and pages the matches of every criterion as the reference does', async () => {
      for (const row of MATCH_ROWS) {
        for (const sort of SORT_ROWS) {
          const q = query([row.criterion], sort.sort, 3, 1);
          assert.deepEqual(await find(q), await reference(q), `${label(row.criterion)} ${label(sort.sort)}`);
        }
      }
    });

    it('ANDs criteria', async () => {
      const q = query([
        { field: 'tags', is: 'contains', value: 'ft' },
        { field: 'state', is: '!=', value: 'CA' },
        { field: 'age', is: '>', value: 40 },
      ]);
      assert.deepEqual(await find(q), { keys: ['r3'], total: 1 });
      assert.deepEqual(await find(query([...q.criteria, { field: 'state', is: '=', value: 'CA' }])), {
        keys: [],
        total: 0,
      });
    });
  });
}

describe('criteria table: the engine alone', () => {
  it('gives every row its answer record by record (matchesOne)', () => {
    for (const row of MATCH_ROWS) {
      const got = RECORDS.filter((r) => matchesOne(r.data, row.criterion)).map((r) => r.key);
      assert.deepEqual(got, row.matches, `${row.rule}: ${label(row.criterion)}`);
    }
  });

  it('refuses a value its operator cannot take, in the engine and in the stores', async () => {
    const store = new MemoryStore();
    await store.commit(records(ORG).map((record) => ({ op: 'put', record })));
    for (const criterion of REFUSED) {
      assert.throws(() => valueTest(criterion), /needs|unknown operator/, label(criterion));
      await assert.rejects(store.find(C, ORG, query([criterion])), /needs|unknown operator/, label(criterion));
    }
  });
});
