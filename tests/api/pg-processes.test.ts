/**
 * Two server processes on one PostgreSQL database act as one service (API.md "v2 additions"): a
 * record written through one is read through the other, a session opened on one works on the other,
 * a logout on one ends it on both, the sign-in throttle counts failures on both, a single-use key and
 * a download key open once whichever process they reach, and kill -9 of one during writes loses no
 * acknowledged write. Uses the run's cluster (npm run test:api:pg) or starts its own.
 */
import assert from 'node:assert/strict';
import pg from 'pg';
import { afterAll, describe, test } from 'vitest';
import { sharedDatabaseEnv, stopOwnCluster } from '../helpers/postgres.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, startServer, type TestServer } from '../helpers/server.ts';
import { readOutbox, waitForMail } from '../helpers/outbox.ts';
import { demoCompanyId } from '../helpers/demo.ts';

// Carla finished her onboarding: her forms can be printed.
const CARLA = 'carla@acme.example';
const group = (name: string) => ({ name, description: 'd', permissions: [], users: [], notes: '' });

afterAll(() => stopOwnCluster());

describe('two processes on one PostgreSQL database', () => {
  test('a record, a session, a logout, the sign-in throttle, single-use and download keys are the same on both; kill -9 of one loses no acknowledged write', async () => {
    const env = {
      // One database, the same keys in both processes.
      ...(await sharedDatabaseEnv()),
      // A closed door stays closed for the rest of the test, however slow the machine.
      DFORM_THROTTLE_DELAY: '120',
    };
    const servers: TestServer[] = [];
    try {
      // The first start creates the first organization and the demo company; the second finds them.
      servers.push(await startServer({ env, demo: true }));
      servers.push(await startServer({ env }));
      const [a, b] = servers.map((s) => client(s.url));
      const org = (await a('GET', '/auth/api/resolve_org')).body.organization_id;
      assert.equal((await b('GET', '/auth/api/resolve_org')).body.organization_id, org, 'one organization');

      const login = await a('POST', '/auth/api/login', { org, body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
      assert.equal(login.status, 200, login.text);
      const s = { org, token: login.body.token as string };
      assert.equal((await b('GET', '/auth/api/session', s)).status, 200, 'a session opened on A works on B');

      const made = await a('POST', '/auth/api/data/groups/', { ...s, body: group('Made on A') });
      assert.equal(made.status, 201, made.text);
      const read = await b('GET', `/auth/api/data/groups/${made.body.key}`, s);
      assert.equal(read.status, 200, read.text);
      assert.equal(read.body.data.name, 'Made on A');

      // In the demo company A seeded: Carla, an employee, on both processes.
      const acme = await demoCompanyId(b);
      const carlaIn = await b('POST', '/auth/api/login', {
        org: acme,
        body: { userid: CARLA, key: 'demo-complete-pass' },
      });
      assert.equal(carlaIn.status, 200, carlaIn.text);
      const carla = { org: acme, token: carlaIn.body.token as string, user: carlaIn.body.session.user.key as string };

      // A download key issued by A opens one of her forms once: on B, then never again on A.
      const forms = await b('GET', `/payroll/api/forms/${carla.user}`, carla);
      assert.ok(forms.body.forms?.length > 0, forms.text);
      const { form } = forms.body.forms[0];
      const dk = await a('POST', `/payroll/api/forms/${form}/${carla.user}/download_key`, carla);
      assert.equal(dk.status, 201, dk.text);
      const first = await fetch(servers[1].url + dk.body.url);
      assert.equal(first.status, 200, await first.text());
      assert.equal((await fetch(servers[0].url + dk.body.url)).status, 401, 'a download key opens once');

      // The sign-in throttle: failures alternating between A and B close her door on both.
      const wrong = (call: typeof a) =>
        call('POST', '/auth/api/login', { org: acme, body: { userid: CARLA, key: 'not her password' } });
      const failures = [];
      for (let i = 0; i < 4; i++) failures.push((await wrong(i % 2 ? b : a)).status);
      assert.deepEqual(failures, [401, 401, 401, 401]);
      const closed = [(await wrong(b)).status, (await wrong(a)).status];
      assert.deepEqual(closed, [401, 429], 'the fifth failure (DFORM_THROTTLE_PAIR) closed the door on both processes');

      // A single-use sign-in key sent by A opens one session, on B; used again on A it is refused.
      const since = (await readOutbox(servers[0].dataDir)).length;
      const asked = await a('POST', '/auth/api/forgot_password', { org: acme, body: { username: CARLA } });
      assert.equal(asked.status, 200, asked.text);
      const mail = await waitForMail(servers[0].dataDir, (m) => m.to === CARLA, { since });
      const link = new URLSearchParams(mail.text.match(/auto-login\?(\S+)/)![1]);
      const byKey = { userid: link.get('userid'), key: link.get('key'), type: 'forgot_password' };
      assert.equal((await b('POST', '/auth/api/login', { org: acme, body: byKey })).status, 200, 'the key works on B');
      assert.equal((await a('POST', '/auth/api/login', { org: acme, body: byKey })).status, 401, 'once, on A too');

      // A save on B of the version A wrote, then a stale save on A of that same version: one wins.
      const saved = await b('POST', `/auth/api/data/groups/${made.body.key}`, {
        ...s,
        body: group('Saved on B'),
        headers: { 'if-match': String(read.body.meta.version) },
      });
      assert.ok(saved.status < 300, saved.text);
      const stale = await a('POST', `/auth/api/data/groups/${made.body.key}`, {
        ...s,
        body: group('Stale on A'),
        headers: { 'if-match': String(read.body.meta.version) },
      });
      assert.equal(stale.status, 409, `a stale If-Match is refused on the other process: ${stale.text}`);
      assert.equal((await a('GET', `/auth/api/data/groups/${made.body.key}`, s)).body.data.name, 'Saved on B');

      // kill -9 of A while it writes: every write it acknowledged is there, read through B.
      const acked: string[] = [];
      const writes = Array.from({ length: 40 }, async (_, i) => {
        try {
          const r = await a('POST', '/auth/api/data/groups/', { ...s, body: group(`during kill ${i}`) });
          if (r.status === 201) acked.push(r.body.key);
        } catch {
          // The connection died with the process: not acknowledged.
        }
      });
      await new Promise((r) => setTimeout(r, 30));
      await servers[0].stop({ signal: 'SIGKILL' });
      await Promise.all(writes);
      for (const k of acked) {
        const r = await b('GET', `/auth/api/data/groups/${k}`, s);
        assert.equal(r.status, 200, `acknowledged group ${k} is there after kill -9 of the process that wrote it`);
      }

      // A logout on B ends the session for every process: a third process started now refuses it.
      assert.equal((await b('POST', '/auth/api/logout', { ...s, body: {} })).status, 204);
      servers.push(await startServer({ env }));
      const c = client(servers[2].url);
      assert.equal((await c('GET', '/auth/api/session', s)).status, 401, 'a logout on B holds on another process');
      assert.equal((await b('GET', '/auth/api/session', s)).status, 401);
    } finally {
      for (const server of servers) await server.stop().catch(() => undefined);
    }
  });

  test('a permission taken away or a user blocked on A is refused on B at the very next request (the principal cache)', async () => {
    const servers: TestServer[] = [];
    try {
      const env = await sharedDatabaseEnv();
      servers.push(await startServer({ env, demo: true }));
      servers.push(await startServer({ env }));
      const [a, b] = servers.map((s) => client(s.url));
      const acme = await demoCompanyId(a);
      const signIn = async (call: typeof a, userid: string, key: string) => {
        const r = await call('POST', '/auth/api/login', { org: acme, body: { userid, key } });
        assert.equal(r.status, 200, r.text);
        return { org: acme, token: r.body.token as string, user: r.body.session.user.key as string };
      };
      const admin = await signIn(a, 'admin@acme.example', 'demo-admin-pass');
      const payroll = await signIn(b, 'payroll@acme.example', 'demo-payroll-pass');
      const groups = await a('POST', '/auth/api/data/find/groups', { ...admin, body: { criteria: [] } });
      const managers = groups.body.items.find((g: { data: { users: string[] } }) =>
        g.data.users.includes(payroll.user),
      );
      assert.ok(managers, groups.text);
      const findOnB = async () =>
        (await b('POST', '/payroll/api/data/find/employee', { ...payroll, body: { criteria: [] } })).status;
      assert.equal(await findOnB(), 200, 'a payroll manager lists employees');

      // Each round takes her out of the group on A (or puts her back) and asks B right after A answered.
      const wrong: string[] = [];
      let group = managers;
      for (let round = 0; round < 30; round++) {
        const member = group.data.users.includes(payroll.user);
        const users = member
          ? group.data.users.filter((u: string) => u !== payroll.user)
          : [...group.data.users, payroll.user];
        const saved = await a('POST', `/auth/api/data/groups/${group.key}`, {
          ...admin,
          body: { ...group.data, users },
        });
        assert.equal(saved.status, 200, saved.text);
        group = saved.body;
        const expected = member ? 403 : 200;
        const got = await findOnB();
        if (got !== expected) wrong.push(`round ${round}: ${member ? 'removed' : 'added'} on A, B answered ${got}`);
      }
      assert.deepEqual(wrong, [], 'B answers by the groups A committed before it answered');

      // A user blocked on A has no session on B from the next request on.
      const emma = await signIn(b, 'emma@acme.example', 'demo-employee-pass');
      assert.equal((await b('GET', '/auth/api/session', emma)).status, 200);
      const blocked = await a('PATCH', `/auth/api/data/users/${emma.user}`, { ...admin, body: { status: 'blocked' } });
      assert.equal(blocked.status, 200, blocked.text);
      assert.equal((await b('GET', '/auth/api/session', emma)).status, 401, 'a user blocked on A is signed out on B');
    } finally {
      for (const server of servers) await server.stop().catch(() => undefined);
    }
  });

  test('a company turned inactive on A refuses sign-ins on B at once, and turned active again admits them at once', async () => {
    const servers: TestServer[] = [];
    try {
      // Refused sign-ins of a right password are failures to the throttle; this test is not about it.
      const env = {
        ...(await sharedDatabaseEnv()),
        DFORM_THROTTLE_PAIR: '1000',
        DFORM_THROTTLE_ACCOUNT: '1000',
        DFORM_THROTTLE_DEVICE: '1000',
      };
      servers.push(await startServer({ env, demo: true }));
      servers.push(await startServer({ env }));
      const [a, b] = servers.map((s) => client(s.url));
      const root = (await a('GET', '/auth/api/resolve_org')).body.organization_id as string;
      const acme = await demoCompanyId(a);
      const staffIn = await a('POST', '/auth/api/login', {
        org: root,
        body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
      });
      assert.equal(staffIn.status, 200, staffIn.text);
      const staff = { org: root, token: staffIn.body.token as string };
      const wrong: string[] = [];
      for (let round = 0; round < 16; round++) {
        const active = round % 2 === 1;
        const turned = await a('PATCH', `/auth/api/data/organizations/${acme}`, {
          ...staff,
          body: { status: active ? 'active' : 'inactive' },
        });
        assert.equal(turned.status, 200, turned.text);
        const signIn = await b('POST', '/auth/api/login', {
          org: acme,
          body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
        });
        if (signIn.status !== (active ? 200 : 401)) {
          wrong.push(
            `round ${round}: turned ${active ? 'active' : 'inactive'} on A, sign-in on B answered ${signIn.status}`,
          );
        }
      }
      assert.deepEqual(wrong, [], 'B admits sign-ins by the company status A committed before it answered');
    } finally {
      for (const server of servers) await server.stop().catch(() => undefined);
    }
  });

  test('a process whose change notifications broke does not serve what it cached meanwhile, and listens again', async () => {
    const servers: TestServer[] = [];
    const env = await sharedDatabaseEnv();
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      servers.push(await startServer({ env, demo: true }));
      servers.push(await startServer({ env }));
      const [a, b] = servers.map((s) => client(s.url));
      const root = (await a('GET', '/auth/api/resolve_org')).body.organization_id as string;
      const acme = await demoCompanyId(a);
      const staffIn = await a('POST', '/auth/api/login', {
        org: root,
        body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
      });
      assert.equal(staffIn.status, 200, staffIn.text);
      const staff = { org: root, token: staffIn.body.token as string };
      const nameOnB = async () =>
        (await b('POST', '/auth/api/get_org_name', { body: { organization_id: acme } })).body.name;
      const rename = async (name: string) => {
        const r = await a('PATCH', `/auth/api/data/organizations/${acme}`, { ...staff, body: { name } });
        assert.equal(r.status, 200, r.text);
      };
      const listeners = async () =>
        Number(
          (
            await db.query(
              "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
            )
          ).rows[0].count,
        );
      assert.equal(await listeners(), 2, 'each process listens');
      assert.equal(await nameOnB(), 'Acme Demo');

      // The database ends the listening connections (a restart, a failover, a proxy's idle timeout).
      await db.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
      );
      await until(() => /change notifications lost/.test(servers[1].output()), 'B notices the loss');
      await rename('Acme Renamed While Deaf');
      assert.equal(await nameOnB(), 'Acme Renamed While Deaf', 'B does not answer from a cache it cannot keep current');

      await until(async () => (await listeners()) === 2, 'both processes listen again');
      await rename('Acme Renamed Once Listening');
      await until(async () => (await nameOnB()) === 'Acme Renamed Once Listening', 'B hears the change again');
    } finally {
      await db.end();
      for (const server of servers) await server.stop().catch(() => undefined);
    }
  });

  test('two processes started at once on an empty database make one product organization and one demo company', async () => {
    const servers: TestServer[] = [];
    const env = await sharedDatabaseEnv();
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      const started = await Promise.allSettled([startServer({ env, demo: true }), startServer({ env, demo: true })]);
      for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
      assert.deepEqual(
        started.map((s) => s.status),
        ['fulfilled', 'fulfilled'],
      );
      const orgs = await db.query(
        "SELECT doc->>'hostname' AS hostname FROM dform_records WHERE collection = 'auth/organizations' ORDER BY 1",
      );
      assert.deepEqual(
        orgs.rows.map((r) => r.hostname),
        ['acmedemo.dform.app', 'admin.dform.app'],
        'one product organization and one demo company',
      );
      const [a, b] = servers.map((s) => client(s.url));
      const acme = await demoCompanyId(a);
      assert.equal(await demoCompanyId(b), acme);
      const signIn = await b('POST', '/auth/api/login', {
        org: acme,
        body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
      });
      assert.equal(signIn.status, 200, signIn.text);
    } finally {
      await db.end();
      for (const server of servers) await server.stop().catch(() => undefined);
    }
  });

  test("a company's modules changed on A are the session's on B at the very next request", async () => {
    const servers: TestServer[] = [];
    try {
      const env = await sharedDatabaseEnv();
      servers.push(await startServer({ env, demo: true }));
      servers.push(await startServer({ env }));
      const [a, b] = servers.map((s) => client(s.url));
      const root = (await a('GET', '/auth/api/resolve_org')).body.organization_id as string;
      const acme = await demoCompanyId(a);
      const staffIn = await a('POST', '/auth/api/login', {
        org: root,
        body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
      });
      assert.equal(staffIn.status, 200, staffIn.text);
      const staff = { org: root, token: staffIn.body.token as string };
      const adminIn = await b('POST', '/auth/api/login', {
        org: acme,
        body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
      });
      assert.equal(adminIn.status, 200, adminIn.text);
      const admin = { org: acme, token: adminIn.body.token as string };
      const wrong: string[] = [];
      for (let round = 0; round < 30; round++) {
        const withTime = round % 2 === 1;
        const modules = ['auth', 'payroll', 'comms', 'hr', ...(withTime ? ['time'] : [])];
        const saved = await a('PATCH', `/auth/api/data/organizations/${acme}`, {
          ...staff,
          body: { active_modules: modules },
        });
        assert.equal(saved.status, 200, saved.text);
        const session = await b('GET', '/auth/api/session', admin);
        const has = (session.body.organization?.active_modules as string[] | undefined)?.includes('time');
        if (has !== withTime)
          wrong.push(`round ${round}: time ${withTime ? 'on' : 'off'} on A, B's session says ${has}`);
      }
      assert.deepEqual(wrong, [], "B answers by the company's modules A committed before it answered");
    } finally {
      for (const server of servers) await server.stop().catch(() => undefined);
    }
  });
});

/** Waits (up to a minute) until `done` holds. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`${what}: not within a minute`);
}
