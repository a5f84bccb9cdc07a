/**
 * Reads over PostgreSQL run as single statements on a connection set to see one organization
 * (server/storage/pg/pg-store.ts `statement`). With one pooled connection serving every
 * organization in turn, each read still sees only its own organization, in its SQL and in
 * row-level security, also after a commit's transaction-local setting ended. Under that security a
 * find's criteria still use their indexes.
 */
import assert from 'node:assert/strict';
import { afterAll, afterEach, beforeEach, describe, it } from 'vitest';
import pg from 'pg';
import { CRITERIA_FUNCTIONS, markCriteriaLeakproof } from '../../../server/storage/pg/leakproof.ts';
import { PgStore } from '../../../server/storage/pg/pg-store.ts';
import { findSql, getManyAndFindSql, getManySql } from '../../../server/storage/pg/sql-query.ts';
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

  it('answers a find asked again and again with other values as the first time (its statement prepared)', async () => {
    const ops = Array.from({ length: 60 }, (_, i) => ({
      op: 'put' as const,
      record: rec(C, A, `p${i}`, { dept: `D${i % 6}`, n: i, name: `Person ${i}` }),
    }));
    await store.commit(ops);
    // PostgreSQL plans a prepared statement's first five runs for their values, then may keep a generic plan.
    for (let round = 0; round < 3; round++) {
      for (let d = 0; d < 6; d++) {
        const found = await store.find(C, A, {
          criteria: [
            { field: 'dept', is: '=', value: `D${d}` },
            { field: 'n', is: '>=', value: 30 },
          ],
          sort: [{ field: 'n', dir: 'asc' }],
          limit: 3,
          offset: 1,
        });
        const expected = Array.from({ length: 60 }, (_, i) => i).filter((i) => i % 6 === d && i >= 30);
        assert.deepEqual(
          [found.items.map((r) => r.data.n), found.total],
          [expected.slice(1, 4), expected.length],
          `D${d}, round ${round}`,
        );
        const like = await store.find(C, A, {
          criteria: [{ field: 'name', is: 'like', value: `son ${d}` }],
          limit: 100,
          offset: 0,
        });
        const named = Array.from({ length: 60 }, (_, i) => `Person ${i}`).filter((n) => n.includes(`son ${d}`));
        assert.deepEqual(like.items.map((r) => r.data.name).sort(), named.sort(), `like, round ${round}`);
        assert.equal(like.total, named.length);
      }
    }
  });

  it('answers finds of more shapes than one connection keeps prepared', async () => {
    for (let i = 0; i < 230; i++) {
      const found = await store.find(C, A, { criteria: [{ field: `f${i}`, is: '!=', value: 1 }], limit: 5, offset: 0 });
      assert.equal(found.total, 2, `shape ${i}`);
    }
  });

  it('counts a page that does not tell its total in the same snapshot as the page', async () => {
    const page = await store.find(C, A, { criteria: [], limit: 1, offset: 1 });
    assert.deepEqual([page.items.length, page.total], [1, 2]);
    const past = await store.find(C, A, { criteria: [{ field: 'state', is: '=', value: 'CA' }], limit: 5, offset: 10 });
    assert.deepEqual([past.items.length, past.total], [0, 2]);
  });
});

describe('PostgreSQL reads of several records at once', () => {
  it('probe the primary key once per record, also in the generic plan a prepared statement keeps', async () => {
    const url = await freshDatabase(await testCluster());
    const store = await PgStore.open(url, { poolSize: 1, log: () => undefined });
    try {
      // A company with many users and sessions: a plan that reads the collection, not the key, shows.
      await store.pool.query(`SELECT set_config('dform.orgs', 'org1', false)`);
      await store.pool.query(`INSERT INTO dform_records (collection, key, org, doc, meta)
        SELECT CASE WHEN i % 2 = 0 THEN 'auth/users' ELSE 'system/sessions' END, 'k' || i, 'org1',
          json_build_object('n', i), '{}'::json
        FROM generate_series(1, 20000) i`);
      await store.pool.query('ANALYZE dform_records');
      await store.pool.query(`PREPARE many AS ${getManySql(3)}`);
      await store.pool.query('SET plan_cache_mode = force_generic_plan');
      const rows = await store.pool.query(
        `EXPLAIN EXECUTE many('org1', 'system/sessions', 'k1', 'system/session_epochs', 'k2', 'auth/users', 'k2')`,
      );
      const plan = rows.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      const scans = plan.match(/\b[\w ]*Scan[\w ]* on \w+/g) ?? [];
      assert.deepEqual(
        scans.map((x) => x.trim()),
        Array(3).fill('Index Scan using dform_records_pkey on dform_records'),
        plan,
      );
      await store.pool.query('RESET plan_cache_mode');
      await store.pool.query('DEALLOCATE many');
      const many = await store.getMany('org1', [
        { collection: 'system/sessions', key: 'k1' },
        { collection: 'auth/users', key: 'k1' },
        { collection: 'auth/users', key: 'k2' },
      ]);
      assert.deepEqual(
        many.map((r) => r?.data.n),
        [1, undefined, 2],
      );
    } finally {
      await store.close();
    }
  });
});

describe('PostgreSQL finds under row-level security', () => {
  it('use the GIN and trigram indexes as the application role', async () => {
    const url = await freshDatabase(await testCluster());
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const store = await PgStore.open(url, { poolSize: 1, log: () => undefined });
    try {
      await admin.query(`INSERT INTO dform_records (collection, key, org, doc, meta)
        SELECT 'payroll/employee', 'k' || i, 'org1',
          json_build_object('employment_type', CASE WHEN i % 2 = 0 THEN 'REGULAR' ELSE 'TEMP' END,
            'home_department', 'D' || (i % 100), 'last_name', 'Name' || i), '{}'::json
        FROM generate_series(1, 30000) i`);
      await admin.query('ANALYZE dform_records');
      await store.get('payroll/employee', 'org1', 'k1');
      const plan = async (criteria: Parameters<typeof findSql>[2]['criteria']) => {
        const sql = findSql('payroll/employee', 'org1', { criteria, limit: 20, offset: 0 }, true);
        const rows = await store.pool.query('EXPLAIN ' + sql.text, sql.values);
        return rows.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      };
      const role = await store.pool.query<{ role: string }>('SELECT current_user AS role');
      assert.equal(role.rows[0].role, 'dform_app');
      const byEquals = await plan([
        { field: 'employment_type', is: '=', value: 'REGULAR' },
        { field: 'home_department', is: '=', value: 'D8' },
      ]);
      assert.match(byEquals, /Index Scan on dform_records_data/);
      const byLike = await plan([{ field: 'last_name', is: 'like', value: 'ame777' }]);
      assert.match(byLike, /Index Scan on dform_list_like_payroll_employee_/);
      // A search with its session (getManyAndFind), in the generic plan a prepared statement keeps:
      // the session's probes by primary key, the find through the GIN index.
      const find = findSql(
        'payroll/employee',
        'org1',
        {
          criteria: [
            { field: 'employment_type', is: '=', value: 'REGULAR' },
            { field: 'home_department', is: '=', value: 'D8' },
          ],
          limit: 20,
          offset: 0,
        },
        true,
      );
      await store.pool.query(`PREPARE both_at_once AS ${getManyAndFindSql(2, find, true)}`);
      await store.pool.query('SET plan_cache_mode = force_generic_plan');
      const args = [...find.values, 'org1', 'system/sessions', 's1', 'system/session_epochs', 'u1'];
      // EXECUTE in EXPLAIN takes no bound parameters: the values as literals.
      const literals = args.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`));
      const generic = (await store.pool.query(`EXPLAIN EXECUTE both_at_once(${literals.join(', ')})`)).rows
        .map((r: Record<string, string>) => r['QUERY PLAN'])
        .join('\n');
      await store.pool.query('RESET plan_cache_mode');
      assert.equal(generic.match(/Index Scan using dform_records_pkey/g)?.length, 2, generic);
      assert.match(generic, /Index Scan on dform_records_data/, generic);
      // The matches are counted by their addresses; only the page's rows are read whole, by address.
      assert.match(generic, /Tid Scan on dform_records/, generic);
      const both = await store.getManyAndFind('org1', [{ collection: 'payroll/employee', key: 'k8' }], {
        collection: 'payroll/employee',
        query: { criteria: [{ field: 'home_department', is: '=', value: 'D8' }], limit: 2, offset: 0 },
      });
      assert.deepEqual(
        both.records.map((r) => r?.key),
        ['k8'],
      );
      assert.deepEqual(
        both.found.items.map((r) => r.key),
        ['k8', 'k108'],
      );
      assert.equal(both.found.total, 300);
    } finally {
      await store.close();
      await admin.end();
    }
  });

  it('read no pending list: every GIN index of the records is kept without one', async () => {
    const url = await freshDatabase(await testCluster());
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const gin = await admin.query<{ name: string; options: string[] | null }>(
        `SELECT c.relname AS name, c.reloptions AS options FROM pg_index i
           JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
         WHERE i.indrelid = 'dform_records'::regclass AND a.amname = 'gin'`,
      );
      assert.ok(gin.rows.some((r) => r.name === 'dform_records_data'));
      assert.ok(gin.rows.some((r) => r.name.startsWith('dform_list_like_')));
      for (const r of gin.rows) assert.deepEqual(r.options, ['fastupdate=off'], r.name);
    } finally {
      await admin.end();
    }
  });

  it('are marked usable by a superuser only; another role is told what to run', async () => {
    const url = await freshDatabase(await testCluster());
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const plainUrl = new URL(url);
    plainUrl.username = 'dform_plain_owner';
    plainUrl.password = 'plain-pass';
    const plain = new pg.Client({ connectionString: plainUrl.toString() });
    try {
      await admin.query('ALTER FUNCTION jsonb_typeof(jsonb) NOT LEAKPROOF');
      await admin.query(
        "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dform_plain_owner') THEN CREATE ROLE dform_plain_owner LOGIN PASSWORD 'plain-pass'; END IF; END $$",
      );
      await plain.connect();
      const said: string[] = [];
      assert.deepEqual(await markCriteriaLeakproof(plain, (m) => said.push(m)), ['jsonb_typeof(jsonb)']);
      assert.match(said.join(' '), /ALTER FUNCTION jsonb_typeof\(jsonb\) LEAKPROOF;/);
      assert.deepEqual(await markCriteriaLeakproof(admin, () => undefined), []);
      const marked = await admin.query<{ n: string }>(
        'SELECT count(*) AS n FROM unnest($1::text[]) AS fn WHERE (SELECT proleakproof FROM pg_proc WHERE oid = fn::regprocedure)',
        [[...CRITERIA_FUNCTIONS]],
      );
      assert.equal(Number(marked.rows[0].n), CRITERIA_FUNCTIONS.length);
    } finally {
      await plain.end().catch(() => undefined);
      await admin.end();
    }
  });
});
