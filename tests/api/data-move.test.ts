/**
 * `npm run data:export` / `data:import` (docs/postgresql.md, "Moving data"), run as a person runs
 * them: a deployment seeded through the API on the embedded store is exported, imported into
 * PostgreSQL (an import that fails half-way resumes without duplicating anything), exported from
 * there and imported into a new embedded store; a server on each answers what the first answered,
 * encrypted SSN included, and the old passwords still sign in. A changed file, a changed manifest,
 * other keys and a target already holding records are refused.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { demoHostname } from '../../server/demo.ts';
import { freshDatabase, stopOwnCluster, testCluster } from '../helpers/postgres.ts';
import { client, ROOT, startServer, type TestServer } from '../helpers/server.ts';

const EMP = '/payroll/api/data/employee';
const SSN = '587-65-4321';

interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** `npm run data:<command> -- <dir> ...` as a child process, with the store named by `env`. */
function move(command: 'export' | 'import', dir: string, env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/data-move.ts', command, dir, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (err += d));
    proc.on('error', reject);
    proc.on('exit', (code) => resolve({ code, out, err }));
  });
}

/** What a caller sees of the deployment, as plain values to compare between stores. */
async function look(server: TestServer, org: string, employeeKey: string) {
  const call = client(server.url);
  const login = async (userid: string, key: string) => {
    const r = await call('POST', '/auth/api/login', { org, body: { userid, key } });
    assert.equal(r.status, 200, `login ${userid} on the moved store: ${r.text}`);
    return { org, token: r.body.token as string };
  };
  const payroll = await login('payroll@acme.example', 'demo-payroll-pass');
  const emma = await login('emma@acme.example', 'demo-employee-pass');
  const wrong = await call('POST', '/auth/api/login', { org, body: { userid: 'emma@acme.example', key: 'not-it' } });
  assert.equal(wrong.status, 401, 'a wrong password is still refused');
  const record = await call('GET', `${EMP}/${employeeKey}`, payroll);
  assert.equal(record.status, 200, record.text);
  const found = await call('POST', '/payroll/api/data/find/employee', {
    ...payroll,
    body: { criteria: [{ field: 'job_title', is: '=', value: 'Moved Admiral' }], limit: 20 },
  });
  assert.equal(found.status, 200, found.text);
  const reveal = await call('POST', '/payroll/api/retrieve_ssn', {
    ...payroll,
    body: { data: { employee_id: employeeKey, last_four: SSN.slice(-4) } },
  });
  const own = await call('GET', `/payroll/api/data/my_employee/${employeeKey}`, emma);
  return {
    record: { data: record.body.data, meta: record.body.meta },
    found: { total: found.body.total, keys: found.body.items.map((i: { key: string }) => i.key) },
    reveal: { status: reveal.status, body: reveal.body },
    ownStatus: own.status,
  };
}

describe('data:export / data:import between the embedded store and PostgreSQL', () => {
  let adminUrl: string;
  const temps: string[] = [];
  const temp = async (name: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), `dform-move-${name}-`));
    temps.push(dir);
    return dir;
  };
  let source: string;
  let bundle: string;
  let keyEnv: Record<string, string>;
  let org: string;
  let employeeKey: string;
  let before_: Awaited<ReturnType<typeof look>>;

  beforeAll(async () => {
    adminUrl = await testCluster();
    source = await temp('source');
    const server = await startServer({ dataDir: source, demo: true, env: { DATABASE_URL: '' } });
    try {
      const call = client(server.url);
      const root = await call('GET', '/auth/api/resolve_org?hostname=localhost');
      const acme = await call('GET', `/auth/api/resolve_org?hostname=${demoHostname(root.body.product_domain)}`);
      org = acme.body.organization_id;
      const login = async (userid: string, key: string) => {
        const r = await call('POST', '/auth/api/login', { org, body: { userid, key } });
        assert.equal(r.status, 200, r.text);
        return { org, token: r.body.token as string };
      };
      const admin = await login('admin@acme.example', 'demo-admin-pass');
      const payroll = await login('payroll@acme.example', 'demo-payroll-pass');
      // A user and an employee record made through the API: uniqueness claims, the SSN index, audit entries.
      const user = await call('POST', '/auth/api/data/users/', {
        ...admin,
        body: {
          email: 'moved.hire@acme.example',
          display_name: 'Moved Hire',
          status: 'active',
          permissions: [],
          is_employee: true,
          employee_id: '4711',
        },
      });
      assert.equal(user.status, 201, user.text);
      employeeKey = user.body.key;
      const created = await call('POST', `${EMP}/`, {
        ...payroll,
        body: {
          first_name: 'Grace',
          last_name: 'Hopper',
          email: 'moved.hire@acme.example',
          ssn: SSN,
          employment_type: 'REGULAR',
          _user_uuid: employeeKey,
        },
      });
      assert.equal(created.status, 201, created.text);
      const saved = await call('POST', `${EMP}/${employeeKey}`, {
        ...payroll,
        body: { ...created.body.data, job_title: 'Moved Admiral' },
      });
      assert.equal(saved.status, 200, saved.text);
      before_ = await look(server, org, employeeKey);
    } finally {
      await server.stop({ keepData: true });
    }
    assert.equal(before_.record.data.ssn, 'xxx-xx-4321');
    assert.deepEqual(before_.reveal, { status: 200, body: { ssn: SSN } });
    // The keys the server made, given to every later step through the environment as a deployment would.
    const key = async (name: string) => (await readFile(path.join(source, 'secrets', `${name}.key`), 'utf8')).trim();
    keyEnv = {
      DFORM_DATA_KEY: await key('data'),
      DFORM_LOOKUP_KEY: await key('lookup'),
      DFORM_TOKEN_KEY: await key('token'),
    };
    bundle = path.join(await temp('bundle'), 'export');
    const exported = await move('export', bundle, { DATA_DIR: source });
    assert.equal(exported.code, 0, exported.err);
  });

  afterAll(async () => {
    for (const dir of temps) await rm(dir, { recursive: true, force: true });
    await stopOwnCluster();
  });

  const manifestOf = async (dir: string) => JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));

  test('the export is NDJSON per collection with counts and digests, system collections and the audit log included', async () => {
    const manifest = await manifestOf(bundle);
    const names = manifest.collections.map((c: { name: string }) => c.name);
    for (const name of [
      'auth/users',
      'auth/audit_log',
      'payroll/employee',
      'system/unique',
      'system/ssn_index',
      'system/orgs',
    ]) {
      assert.ok(names.includes(name), `${name} is exported (${names.join(', ')})`);
    }
    const employees = await readFile(path.join(bundle, 'payroll__employee.ndjson'), 'utf8');
    const lines = employees.trimEnd().split('\n');
    assert.equal(
      lines.length,
      manifest.collections.find((c: { name: string }) => c.name === 'payroll/employee').records,
    );
    const moved = lines.map((l) => JSON.parse(l)).find((r) => r.key === employeeKey);
    assert.equal(moved.data.job_title, 'Moved Admiral');
    assert.ok(!employees.includes(SSN), 'the SSN stays encrypted in the export');
  });

  test('import into PostgreSQL resumes after a failure half-way, without duplicates; a server there answers as before', async () => {
    const url = await freshDatabase(adminUrl);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      // The database refuses one record in the middle of the audit log, as a failure half-way would.
      const audit = (await readFile(path.join(bundle, 'auth__audit_log.ndjson'), 'utf8')).trimEnd().split('\n');
      assert.ok(audit.length >= 6, `enough audit entries to fail half-way (${audit.length})`);
      const poison = JSON.parse(audit[Math.floor(audit.length / 2)]).key;
      await db.query(`CREATE FUNCTION refuse_one() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.key = ${db.escapeLiteral(poison)} THEN RAISE EXCEPTION 'disk full (simulated)'; END IF; RETURN NEW; END $$`);
      await db.query(
        'CREATE TRIGGER refuse_one BEFORE INSERT ON dform_records FOR EACH ROW EXECUTE FUNCTION refuse_one()',
      );
      const failed = await move('import', bundle, { ...keyEnv, DATABASE_URL: url }, '--batch=2');
      assert.equal(failed.code, 1);
      assert.match(failed.err, /PostgreSQL refused a batch of auth\/audit_log/);
      assert.doesNotMatch(failed.err, /\n\s+at /, 'no stack trace');
      const partial = Number((await db.query('SELECT count(*) FROM dform_records')).rows[0].count);
      const position = (await db.query("SELECT doc FROM dform_records WHERE collection = 'system/data_import'")).rows[0]
        ?.doc;
      assert.ok(position && position.done > 0, `the position is kept: ${JSON.stringify(position)}`);
      // A server started on it now (an orchestrator restarting a pod mid-import) refuses and writes
      // nothing: it served the half there and seeded a second product organization into it.
      const early = await startServer({ dataDir: await temp('early'), env: { ...keyEnv, DATABASE_URL: url } }).then(
        (s) => s.stop().then(() => assert.fail('a server started on a half-imported store')),
        (e: Error) => e.message,
      );
      assert.match(early, /dform: cannot start: data:import: this store holds an import not finished/);
      assert.equal(Number((await db.query('SELECT count(*) FROM dform_records')).rows[0].count), partial);

      await db.query('DROP TRIGGER refuse_one ON dform_records');
      const resumed = await move('import', bundle, { ...keyEnv, DATABASE_URL: url }, '--batch=2');
      assert.equal(resumed.code, 0, resumed.err);
      assert.match(resumed.out, /resumed after \d+/);
      assert.match(resumed.out, /counts and digests match the export/);
      const manifest = await manifestOf(bundle);
      const total = Number((await db.query('SELECT count(*) FROM dform_records')).rows[0].count);
      assert.equal(total, manifest.records, 'every record once, the position removed');
      assert.ok(partial < total);

      // The same export again into a store that holds it now: refused, nothing written.
      const again = await move('import', bundle, { ...keyEnv, DATABASE_URL: url });
      assert.equal(again.code, 1);
      assert.match(again.err, /already holds records/);
      assert.equal(Number((await db.query('SELECT count(*) FROM dform_records')).rows[0].count), total);
    } finally {
      await db.end();
    }

    // Back out of PostgreSQL before any server writes there: the same records, byte for byte.
    const back = path.join(await temp('back'), 'export');
    const exported = await move('export', back, { ...keyEnv, DATABASE_URL: url });
    assert.equal(exported.code, 0, exported.err);
    const strip = (m: { source: string; collections: unknown[] }) => m.collections;
    assert.deepEqual(strip(await manifestOf(back)), strip(await manifestOf(bundle)));
    assert.equal((await manifestOf(back)).source, 'postgres');

    // And into a new embedded store.
    const embedded = await temp('embedded');
    const imported = await move('import', back, { ...keyEnv, DATA_DIR: embedded });
    assert.equal(imported.code, 0, imported.err);

    // A server on each answers what the first one answered; the old passwords sign in.
    const onPg = await startServer({ dataDir: await temp('pg-server'), env: { ...keyEnv, DATABASE_URL: url } });
    try {
      assert.deepEqual(await look(onPg, org, employeeKey), before_);
    } finally {
      await onPg.stop();
    }
    const onEmbedded = await startServer({ dataDir: embedded, env: { ...keyEnv, DATABASE_URL: '' } });
    try {
      assert.deepEqual(await look(onEmbedded, org, employeeKey), before_);
    } finally {
      await onEmbedded.stop({ keepData: true });
    }
  });

  test('a changed file, a changed manifest and other keys are refused before anything is written', async () => {
    const count = async (url: string) => {
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        return Number((await db.query('SELECT count(*) FROM dform_records')).rows[0].count);
      } finally {
        await db.end();
      }
    };

    const changed = path.join(await temp('changed'), 'export');
    await cp(bundle, changed, { recursive: true });
    const file = path.join(changed, 'payroll__employee.ndjson');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Moved Admiral', 'Moved Admirer'));
    const url = await freshDatabase(adminUrl);
    const refused = await move('import', changed, { ...keyEnv, DATABASE_URL: url });
    assert.equal(refused.code, 1);
    assert.match(refused.err, /payroll__employee\.ndjson does not match the manifest/);
    assert.equal(await count(url), 0);

    // The manifest changed to agree with the file: its HMAC no longer does.
    const manifest = await manifestOf(changed);
    const entry = manifest.collections.find((c: { name: string }) => c.name === 'payroll/employee');
    const { createHash } = await import('node:crypto');
    entry.sha256 = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
    await writeFile(path.join(changed, 'manifest.json'), JSON.stringify(manifest));
    const forged = await move('import', changed, { ...keyEnv, DATABASE_URL: url });
    assert.equal(forged.code, 1);
    assert.match(forged.err, /not made under these keys .* or it was changed/);
    assert.equal(await count(url), 0);

    // The untouched export under other keys (a deployment that would not read its encrypted fields).
    const other = Buffer.alloc(32, 7).toString('base64');
    const wrongKeys = await move('import', bundle, { ...keyEnv, DFORM_DATA_KEY: other, DATABASE_URL: url });
    assert.equal(wrongKeys.code, 1);
    assert.match(wrongKeys.err, /not made under these keys/);
    assert.equal(await count(url), 0);

    // No keys at all: none is made up.
    const none = await move('import', bundle, { DATA_DIR: await temp('no-keys'), DATABASE_URL: url });
    assert.equal(none.code, 1);
    assert.match(none.err, /no data key/);
  });
});
