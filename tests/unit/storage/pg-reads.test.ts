/**
 * Reads over PostgreSQL run as single statements on a connection set to see one organization
 * (server/storage/pg/pg-store.ts `statement`). With one pooled connection serving every
 * organization in turn, each read still sees only its own organization, in its SQL and in
 * row-level security, also after a commit's transaction-local setting ended.
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeEach, describe, it } from 'vitest';
import { PgStore } from '../../../server/storage/pg/pg-store.ts';
import { freshDatabase, stopOwnCluster, testCluster } from '../../helpers/postgres.ts';
import { rec } from './helpers.ts';

const C = 'hr/employee';
const A = 'org-a';
const B = 'org-b';

afterAll(() => stopOwnCluster());

/** The organizations whose rows the pool's next connection sees, by row-level security alone (no org filter). */
async function visibleOrgs(store: PgStore): Promise<string[]> {
  const rows = await store.pool.query<{ org: string }>('SELECT DISTINCT org FROM dform_records ORDER BY org');
  return rows.rows.map((r) => r.org);
}

describe('PostgreSQL reads on one connection shared by organizations', () => {
  let store: PgStore;

  beforeEach(async () => {
    store = await PgStore.open(await freshDatabase(await testCluster()), { poolSize: 1, log: () => undefined });
    await store.commit([
      { op: 'put', record: rec(C, A, 'a1', { name: 'Alice', state: 'CA' }) },
      { op: 'put', record: rec(C, A, 'a2', { name: 'Avery', state: 'CA' }) },
      { op: 'put', record: rec(C, B, 'b1', { name: 'Bea', state: 'CA' }) },
    ]);
  });
  afterEach(() => store.close());

  it('answers each read in its own organization only, whichever organization the connection served last', async () => {
    for (let round = 0; round < 3; round++) {
      assert.equal((await store.get(C, A, 'a1'))?.data.name, 'Alice');
      assert.equal(await store.get(C, B, 'a1'), undefined);
      assert.equal((await store.get(C, B, 'b1'))?.data.name, 'Bea');
      assert.equal(await store.get(C, A, 'b1'), undefined);
      const inA = await store.find(C, A, {
        criteria: [{ field: 'state', is: '=', value: 'CA' }],
        limit: 20,
        offset: 0,
      });
      assert.deepEqual([inA.items.map((r) => r.key).sort(), inA.total], [['a1', 'a2'], 2]);
      const inB = await store.find(C, B, { criteria: [], limit: 1, offset: 0 });
      assert.deepEqual([inB.items.map((r) => r.key), inB.total], [['b1'], 1]);
    }
  });

  it('leaves the connection guarded by row-level security for the organization it last read', async () => {
    await store.get(C, A, 'a1');
    assert.deepEqual(await visibleOrgs(store), [A]);
    await store.get(C, B, 'b1');
    assert.deepEqual(await visibleOrgs(store), [B]);
    // A commit's organizations are set for its transaction alone; the session's setting comes back after it.
    await store.commit([{ op: 'put', record: rec(C, A, 'a3', { name: 'Ada' }) }]);
    assert.deepEqual(await visibleOrgs(store), [B]);
    assert.equal((await store.get(C, A, 'a3'))?.data.name, 'Ada');
    assert.deepEqual(await visibleOrgs(store), [A]);
  });

  it('counts a page that does not tell its total in the same snapshot as the page', async () => {
    const page = await store.find(C, A, { criteria: [], limit: 1, offset: 1 });
    assert.deepEqual([page.items.length, page.total], [1, 2]);
    const past = await store.find(C, A, { criteria: [{ field: 'state', is: '=', value: 'CA' }], limit: 5, offset: 10 });
    assert.deepEqual([past.items.length, past.total], [0, 2]);
  });
});
