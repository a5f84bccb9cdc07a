/** The behaviour the server relies on, run against both stores so the twin cannot drift. */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeEach, describe, it } from 'vitest';
import { JournalStore } from '../../../server/storage/journal-store.ts';
import { MemoryStore } from '../../../server/storage/memory-store.ts';
import { PgStore } from '../../../server/storage/pg/pg-store.ts';
import { plainStrategy } from '../../../server/storage/speed/plain.ts';
import type { SpeedStrategy } from '../../../server/storage/speed/speed-strategy.ts';
import { textHeldStrategy } from '../../../server/storage/speed/text-held/text-held-collection.ts';
import { freshDatabase, stopOwnCluster, testCluster } from '../../helpers/postgres.ts';
import { VersionConflictError, type FindQuery, type Storage } from '../../../server/storage/types.ts';
import { rec, removeDir, tempDir } from './helpers.ts';

const C = 'hr/employee';
const A = 'org-a';
const B = 'org-b';

interface Harness {
  open(): Promise<Storage>;
  cleanup(): Promise<void>;
}

function memoryHarness(speed: SpeedStrategy): Harness {
  return { open: async () => new MemoryStore(speed), cleanup: async () => undefined };
}

function journalHarness(speed: SpeedStrategy): Harness {
  let dir: string | undefined;
  return {
    async open() {
      dir = await tempDir();
      return JournalStore.open(dir, { log: () => undefined, speed });
    },
    async cleanup() {
      if (dir !== undefined) await removeDir(dir);
    },
  };
}

/** A fresh database of the run's PostgreSQL cluster for each test. */
function pgHarness(): Harness {
  return {
    async open() {
      return PgStore.open(await freshDatabase(await testCluster()), { log: () => undefined });
    },
    async cleanup() {},
  };
}

afterAll(() => stopOwnCluster());

const q = (criteria: FindQuery['criteria'], extra: Partial<FindQuery> = {}): FindQuery => ({
  criteria,
  limit: 100,
  offset: 0,
  ...extra,
});

const keys = async (store: Storage, query: FindQuery, org = A): Promise<string[]> =>
  (await store.find(C, org, query)).items.map((r) => r.key);

for (const [name, makeHarness] of [
  ['MemoryStore (plain)', () => memoryHarness(plainStrategy)],
  ['MemoryStore (text-held)', () => memoryHarness(textHeldStrategy)],
  ['JournalStore (text-held)', () => journalHarness(textHeldStrategy)],
  ['JournalStore (plain)', () => journalHarness(plainStrategy)],
  ['PgStore', pgHarness],
] as const) {
  describe(`${name} contract`, () => {
    let harness: Harness;
    let store: Storage;

    beforeEach(async () => {
      harness = makeHarness();
      store = await harness.open();
      await store.commit([
        {
          op: 'put',
          record: rec(C, A, 'e1', {
            name: 'Alice Smith',
            age: 34,
            state: 'CA',
            tags: ['ft', 'exempt'],
            addr: { state: 'CA' },
          }),
        },
        {
          op: 'put',
          record: rec(C, A, 'e2', { name: 'bob jones', age: 27, state: 'NY', tags: ['pt'], addr: { state: 'NY' } }),
        },
        { op: 'put', record: rec(C, A, 'e3', { name: 'Carol SMITHERS', age: 41, state: 'CA', tags: [] }) },
        { op: 'put', record: rec(C, A, 'e4', { name: 'Dan', state: 'TX', tags: ['ft'], addr: { state: 'TX' } }) },
        { op: 'put', record: rec(C, B, 'b1', { name: 'Alice Other', age: 34, state: 'CA', tags: ['ft'] }) },
      ]);
    });

    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    it('gets a record only for its own organization', async () => {
      assert.equal((await store.get(C, A, 'e1'))?.data.name, 'Alice Smith');
      assert.equal(await store.get(C, B, 'e1'), undefined);
      assert.equal(await store.get(C, A, 'b1'), undefined);
      assert.equal(await store.get(C, A, 'nope'), undefined);
      assert.equal(await store.get('hr/other', A, 'e1'), undefined);
    });

    it('reads several records at once as get reads each: in the order asked, none of another organization', async () => {
      await store.commit([{ op: 'put', record: rec('hr/other', A, 'e2', { name: 'Other e2' }) }]);
      const refs = [
        { collection: 'hr/other', key: 'e2' },
        { collection: C, key: 'b1' },
        { collection: C, key: 'e1' },
        { collection: C, key: 'nope' },
        // Asked for with a key that exists in the other collection only: no cross match.
        { collection: 'hr/other', key: 'e1' },
        { collection: C, key: 'e2' },
        { collection: C, key: 'e1' },
      ];
      const many = await store.getMany(A, refs);
      assert.deepEqual(
        many.map((r) => r && `${r.collection} ${r.key} ${r.data.name}`),
        [
          'hr/other e2 Other e2',
          undefined,
          'hr/employee e1 Alice Smith',
          undefined,
          undefined,
          'hr/employee e2 bob jones',
          'hr/employee e1 Alice Smith',
        ],
      );
      for (const [i, ref] of refs.entries()) assert.deepEqual(many[i], await store.get(ref.collection, A, ref.key));
      assert.equal(Object.isFrozen(many[2]?.data), true);
      assert.deepEqual(
        (await store.getMany(B, refs)).map((r) => r?.key),
        [undefined, 'b1', undefined, undefined, undefined, undefined, undefined],
      );
      assert.deepEqual(await store.getMany(A, []), []);
    });

    it('reads records and finds together as getMany and find answer each', async () => {
      await store.commit([{ op: 'put', record: rec('hr/other', A, 'e2', { name: 'Other e2' }) }]);
      const refs = [
        { collection: 'hr/other', key: 'e2' },
        { collection: C, key: 'b1' },
        { collection: C, key: 'e3' },
        { collection: C, key: 'nope' },
      ];
      const queries: FindQuery[] = [
        q([{ field: 'state', is: '=', value: 'CA' }]),
        q([{ field: 'state', is: '=', value: 'CA' }], { sort: [{ field: 'name', dir: 'desc' }] }),
        q([], { sort: [{ field: 'age', dir: 'desc' }], limit: 2 }),
        q([], { limit: 2, offset: 1 }),
        // Past the end: the page is empty and the total still counts every match.
        q([{ field: 'tags', is: 'contains', value: 'ft' }], { offset: 5 }),
        q([], { offset: 10 }),
        q([{ field: 'name', is: 'like', value: 'nobody' }]),
      ];
      for (const org of [A, B]) {
        for (const query of queries) {
          const both = await store.getManyAndFind(org, refs, { collection: C, query });
          assert.deepEqual(both.records, await store.getMany(org, refs));
          assert.deepEqual(both.found, await store.find(C, org, query), JSON.stringify({ org, query }));
        }
      }
      const sorted = await store.getManyAndFind(A, refs, { collection: C, query: queries[1] });
      assert.deepEqual(
        sorted.found.items.map((r) => r.key),
        ['e3', 'e1'],
      );
      assert.equal(sorted.found.total, 2);
      assert.deepEqual(
        sorted.records.map((r) => r?.key),
        ['e2', undefined, 'e3', undefined],
      );
      assert.equal(Object.isFrozen(sorted.found.items[0].data), true);
      const past = await store.getManyAndFind(A, refs, { collection: C, query: queries[4] });
      assert.deepEqual(past.found, { items: [], total: 2 });
      const none = await store.getManyAndFind(A, [], { collection: C, query: queries[0] });
      assert.deepEqual(none.records, []);
      assert.deepEqual(
        none.found.items.map((r) => r.key),
        ['e1', 'e3'],
      );
    });

    it('returns frozen copies, so callers cannot change stored state', async () => {
      const input = rec(C, A, 'm1', { list: [1] });
      const [stored] = await store.commit([{ op: 'put', record: input }]);
      (input.data.list as number[]).push(2);
      assert.deepEqual((await store.get(C, A, 'm1'))?.data.list, [1]);
      assert.ok(Object.isFrozen(stored.data.list));
      assert.throws(() => {
        (stored.data as { x?: number }).x = 1;
      }, TypeError);
    });

    it('replaces the whole record on put', async () => {
      await store.commit([{ op: 'put', record: rec(C, A, 'e1', { name: 'Alice' }, 2) }]);
      const got = await store.get(C, A, 'e1');
      assert.deepEqual(got?.data, { name: 'Alice' });
      assert.equal(got?.meta.version, 2);
    });

    it('supports = and != with missing values', async () => {
      assert.deepEqual(await keys(store, q([{ field: 'state', is: '=', value: 'CA' }])), ['e1', 'e3']);
      assert.deepEqual(await keys(store, q([{ field: 'age', is: '=', value: 34 }])), ['e1']);
      assert.deepEqual(await keys(store, q([{ field: 'age', is: '=', value: '34' }])), []);
      assert.deepEqual(await keys(store, q([{ field: 'age', is: '!=', value: 34 }])), ['e2', 'e3', 'e4']);
      assert.deepEqual(await keys(store, q([{ field: 'addr.state', is: '=', value: 'NY' }])), ['e2']);
      assert.deepEqual(await keys(store, q([{ field: 'addr.state', is: '!=', value: 'NY' }])), ['e1', 'e3', 'e4']);
    });

    it('compares numbers and strings with < <= > >=, never matching missing values', async () => {
      assert.deepEqual(await keys(store, q([{ field: 'age', is: '<', value: 34 }])), ['e2']);
      assert.deepEqual(await keys(store, q([{ field: 'age', is: '<=', value: 34 }])), ['e1', 'e2']);
      assert.deepEqual(await keys(store, q([{ field: 'age', is: '>', value: 34 }])), ['e3']);
      assert.deepEqual(await keys(store, q([{ field: 'age', is: '>=', value: 27 }])), ['e1', 'e2', 'e3']);
      assert.deepEqual(await keys(store, q([{ field: 'state', is: '<', value: 'NY' }])), ['e1', 'e3']);
      assert.deepEqual(await keys(store, q([{ field: 'state', is: '>=', value: 'NY' }])), ['e2', 'e4']);
    });

    it('supports in, contains and like', async () => {
      assert.deepEqual(await keys(store, q([{ field: 'state', is: 'in', value: ['NY', 'TX'] }])), ['e2', 'e4']);
      assert.deepEqual(await keys(store, q([{ field: 'tags', is: 'contains', value: 'ft' }])), ['e1', 'e4']);
      assert.deepEqual(await keys(store, q([{ field: 'name', is: 'like', value: 'smith' }])), ['e1', 'e3']);
      assert.deepEqual(await keys(store, q([{ field: 'name', is: 'like', value: 'JONES' }])), ['e2']);
      await assert.rejects(store.find(C, A, q([{ field: 'state', is: 'in', value: 'CA' }])));
    });

    it('ANDs criteria', async () => {
      const query = q([
        { field: 'state', is: '=', value: 'CA' },
        { field: 'tags', is: 'contains', value: 'ft' },
        { field: 'age', is: '>', value: 30 },
      ]);
      assert.deepEqual(await keys(store, query), ['e1']);
      assert.deepEqual(await keys(store, q([...query.criteria, { field: 'state', is: '=', value: 'NY' }])), []);
    });

    it('keeps with anyOf only the records one of its criteria holds for, with the criteria, sort, paging and total', async () => {
      const either = [
        { field: 'state', is: '=' as const, value: 'NY' },
        { field: 'tags', is: 'contains' as const, value: 'ft' },
      ];
      assert.deepEqual(await keys(store, q([], { anyOf: either })), ['e1', 'e2', 'e4']);
      assert.deepEqual(await keys(store, q([{ field: 'age', is: '<', value: 40 }], { anyOf: either })), ['e1', 'e2']);
      // An equality among the criteria (an index's candidates on the embedded store) narrows them too.
      assert.deepEqual(await keys(store, q([{ field: 'state', is: '=', value: 'CA' }], { anyOf: either })), ['e1']);
      const sorted = await store.find(
        C,
        A,
        q([], { anyOf: either, sort: [{ field: 'age', dir: 'desc' }], offset: 1, limit: 1 }),
      );
      assert.deepEqual([sorted.items.map((r) => r.key), sorted.total], [['e2'], 3]);
      // A page past the end still tells the total.
      const past = await store.find(C, A, q([], { anyOf: either, offset: 5, limit: 2 }));
      assert.deepEqual([past.items, past.total], [[], 3]);
      // Neither holds: none; another organization's records are never among them.
      assert.deepEqual(await keys(store, q([], { anyOf: [{ field: 'state', is: '=', value: 'WA' }] })), []);
      assert.deepEqual(await keys(store, q([], { anyOf: either }), B), ['b1']);
      await assert.rejects(store.find(C, A, q([], { anyOf: [] })), /anyOf/);
      await assert.rejects(store.find(C, A, q([], { anyOf: [{ field: 'state', is: 'in', value: 'CA' }] })));
    });

    it('sorts stably on several fields with missing values last', async () => {
      assert.deepEqual(await keys(store, q([], { sort: [{ field: 'age', dir: 'asc' }] })), ['e2', 'e1', 'e3', 'e4']);
      assert.deepEqual(await keys(store, q([], { sort: [{ field: 'age', dir: 'desc' }] })), ['e3', 'e1', 'e2', 'e4']);
      const byState = q([], {
        sort: [
          { field: 'state', dir: 'desc' },
          { field: 'age', dir: 'desc' },
        ],
      });
      assert.deepEqual(await keys(store, byState), ['e4', 'e2', 'e3', 'e1']);
      const nested = q([], { sort: [{ field: 'addr.state', dir: 'asc' }] });
      assert.deepEqual(await keys(store, nested), ['e1', 'e2', 'e4', 'e3']);
      const ties = q([], { sort: [{ field: 'state', dir: 'asc' }] });
      assert.deepEqual(await keys(store, ties), ['e1', 'e3', 'e2', 'e4']);
    });

    it('keeps insertion order without sort, also after a replacing put', async () => {
      await store.commit([{ op: 'put', record: rec(C, A, 'e1', { state: 'CA', age: 99 }, 2) }]);
      assert.deepEqual(await keys(store, q([])), ['e1', 'e2', 'e3', 'e4']);
      await store.commit([{ op: 'delete', collection: C, org: A, key: 'e2' }]);
      await store.commit([{ op: 'put', record: rec(C, A, 'e2', { state: 'CA' }) }]);
      assert.deepEqual(await keys(store, q([])), ['e1', 'e3', 'e4', 'e2']);
      assert.deepEqual(await keys(store, q([{ field: 'state', is: '=', value: 'CA' }])), ['e1', 'e3', 'e2']);
    });

    it('returns index-selected matches in insertion order', async () => {
      const ops = Array.from({ length: 50 }, (_, i) => ({
        op: 'put' as const,
        record: rec('hr/bulk', A, `k${i}`, { v: i < 5 ? 'x' : 'y', n: i % 3 }),
      }));
      await store.commit(ops);
      const query = async (extra: Partial<FindQuery> = {}): Promise<string[]> =>
        (await store.find('hr/bulk', A, q([{ field: 'v', is: '=', value: 'x' }], extra))).items.map((r) => r.key);
      assert.deepEqual(await query(), ['k0', 'k1', 'k2', 'k3', 'k4']);
      // Moving k0 out of and back into the index set puts it last in the set, not in the result.
      await store.commit([{ op: 'put', record: rec('hr/bulk', A, 'k0', { v: 'z', n: 0 }, 2) }]);
      await store.commit([{ op: 'put', record: rec('hr/bulk', A, 'k0', { v: 'x', n: 0 }, 3) }]);
      assert.deepEqual(await query(), ['k0', 'k1', 'k2', 'k3', 'k4']);
      assert.deepEqual(await query({ offset: 1, limit: 2 }), ['k1', 'k2']);
      assert.deepEqual(await query({ sort: [{ field: 'n', dir: 'asc' }] }), ['k0', 'k3', 'k1', 'k4', 'k2']);
    });

    it('pages with offset and limit and counts the total before paging', async () => {
      const page = await store.find(C, A, q([], { offset: 1, limit: 2 }));
      assert.deepEqual(
        page.items.map((r) => r.key),
        ['e2', 'e3'],
      );
      assert.equal(page.total, 4);
      const sorted = await store.find(
        C,
        A,
        q([{ field: 'state', is: '!=', value: 'TX' }], { sort: [{ field: 'age', dir: 'asc' }], offset: 2, limit: 5 }),
      );
      assert.deepEqual(
        sorted.items.map((r) => r.key),
        ['e3'],
      );
      assert.equal(sorted.total, 3);
      const eq = await store.find(C, A, q([{ field: 'state', is: '=', value: 'CA' }], { offset: 1, limit: 1 }));
      assert.deepEqual([eq.items.map((r) => r.key), eq.total], [['e3'], 2]);
    });

    it('isolates organizations in find, put and delete', async () => {
      assert.deepEqual(await keys(store, q([{ field: 'name', is: 'like', value: 'alice' }]), B), ['b1']);
      assert.equal((await store.find(C, 'org-c', q([]))).total, 0);
      await assert.rejects(
        store.commit([{ op: 'put', record: rec(C, B, 'e1', { name: 'stolen' }) }]),
        /another organization/,
      );
      assert.equal((await store.get(C, A, 'e1'))?.data.name, 'Alice Smith');
      await store.commit([{ op: 'delete', collection: C, org: B, key: 'e1' }]);
      assert.ok(await store.get(C, A, 'e1'));
      await assert.rejects(
        store.commit([{ op: 'delete', collection: C, org: B, key: 'e1', expectVersion: 1 }]),
        (err: unknown) => err instanceof VersionConflictError && err.actual === 0,
      );
    });

    it('checks expectVersion, 0 meaning "must not exist"', async () => {
      await store.commit([{ op: 'put', record: rec(C, A, 'n1', { v: 1 }), expectVersion: 0 }]);
      await assert.rejects(
        store.commit([{ op: 'put', record: rec(C, A, 'n1', { v: 2 }), expectVersion: 0 }]),
        (err: unknown) => {
          assert.ok(err instanceof VersionConflictError);
          assert.deepEqual([err.collection, err.key, err.expected, err.actual], [C, 'n1', 0, 1]);
          return true;
        },
      );
      await store.commit([{ op: 'put', record: rec(C, A, 'n1', { v: 2 }, 2), expectVersion: 1 }]);
      assert.equal((await store.get(C, A, 'n1'))?.data.v, 2);
      await assert.rejects(
        store.commit([{ op: 'delete', collection: C, org: A, key: 'n1', expectVersion: 1 }]),
        VersionConflictError,
      );
      await store.commit([{ op: 'delete', collection: C, org: A, key: 'n1', expectVersion: 2 }]);
      assert.equal(await store.get(C, A, 'n1'), undefined);
      await store.commit([{ op: 'delete', collection: C, org: A, key: 'n1' }]);
      await assert.rejects(
        store.commit([{ op: 'delete', collection: C, org: A, key: 'n1', expectVersion: 3 }]),
        (err: unknown) => err instanceof VersionConflictError && err.actual === 0,
      );
    });

    it('a check writes nothing and fails the commit when its record is at another version', async () => {
      await store.commit([{ op: 'put', record: rec(C, A, 'k1', { v: 1 }) }]);
      const check = (expectVersion: number, org = A) => ({
        op: 'check' as const,
        collection: C,
        org,
        key: 'k1',
        expectVersion,
      });
      await assert.rejects(
        store.commit([{ op: 'put', record: rec(C, A, 'k2', { v: 1 }) }, check(2)]),
        (err: unknown) => err instanceof VersionConflictError && err.key === 'k1' && err.actual === 1,
      );
      assert.equal(await store.get(C, A, 'k2'), undefined, 'nothing of the failed commit applied');
      // Another organization's record is absent to a check, as to a delete.
      await assert.rejects(store.commit([check(1, B)]), VersionConflictError);
      const out = await store.commit([{ op: 'put', record: rec(C, A, 'k2', { v: 1 }) }, check(1)]);
      assert.deepEqual(
        out.map((r) => r.key),
        ['k2'],
      );
      assert.equal((await store.get(C, A, 'k1'))?.meta.version, 1, 'the checked record is unchanged');
      await store.commit([
        { op: 'put', record: rec(C, A, 'k3', { v: 1 }) },
        { ...check(0), key: 'absent' },
      ]);
    });

    it('applies a multi-op commit entirely or not at all', async () => {
      await assert.rejects(
        store.commit([
          { op: 'put', record: rec(C, A, 'x1', { a: 1 }) },
          { op: 'delete', collection: C, org: A, key: 'e2' },
          { op: 'put', record: rec('hr/other', A, 'y1', { a: 1 }) },
          { op: 'put', record: rec(C, A, 'e3', { a: 1 }, 5), expectVersion: 4 },
        ]),
        VersionConflictError,
      );
      assert.equal(await store.get(C, A, 'x1'), undefined);
      assert.ok(await store.get(C, A, 'e2'));
      assert.equal(await store.get('hr/other', A, 'y1'), undefined);
      assert.equal((await store.find(C, A, q([{ field: 'a', is: '=', value: 1 }]))).total, 0);
      const out = await store.commit([
        { op: 'put', record: rec(C, A, 'x1', { a: 1 }), expectVersion: 0 },
        { op: 'put', record: rec(C, A, 'x1', { a: 2 }, 2), expectVersion: 1 },
        { op: 'delete', collection: C, org: A, key: 'e2', expectVersion: 1 },
      ]);
      assert.deepEqual(
        out.map((r) => r.data.a),
        [1, 2],
      );
      assert.equal((await store.get(C, A, 'x1'))?.data.a, 2);
      assert.equal(await store.get(C, A, 'e2'), undefined);
    });

    it('keeps equality indexes in step with writes', async () => {
      assert.deepEqual(await keys(store, q([{ field: 'state', is: '=', value: 'CA' }])), ['e1', 'e3']);
      await store.commit([
        { op: 'put', record: rec(C, A, 'e1', { state: 'NY' }, 2) },
        { op: 'delete', collection: C, org: A, key: 'e3' },
        { op: 'put', record: rec(C, A, 'e5', { state: 'CA' }) },
      ]);
      assert.deepEqual(await keys(store, q([{ field: 'state', is: '=', value: 'CA' }])), ['e5']);
      assert.deepEqual(await keys(store, q([{ field: 'state', is: '=', value: 'NY' }])), ['e1', 'e2']);
      assert.deepEqual(await keys(store, q([{ field: 'state', is: '=', value: 'CA' }]), B), ['b1']);
    });

    it('rejects bad input without changing anything', async () => {
      await assert.rejects(store.commit([{ op: 'put', record: rec('../etc', A, 'k', {}) }]), /bad collection name/);
      await assert.rejects(store.commit([{ op: 'put', record: rec('a__b', A, 'k', {}) }]), /bad collection name/);
      await assert.rejects(store.find(C, A, q([{ field: 'x', is: 'near' as never, value: 1 }])), /unknown operator/);
      assert.equal((await store.find(C, A, q([]))).total, 4);
    });

    it('refuses commits after close', async () => {
      await store.close();
      await assert.rejects(store.commit([{ op: 'put', record: rec(C, A, 'z', {}) }]), /closed/);
    });
  });
}
