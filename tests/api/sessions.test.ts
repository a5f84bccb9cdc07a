/**
 * How sessions end, against the real server: every session of a user (however many) on logout_all,
 * a password change, a password set by a user manager and the user's deletion; session records
 * past their end deleted (on the user's next sign-in, and at the next start for everyone); an idle
 * timeout for users who manage people's data. Records on disk are read after a stop, when the
 * store has written its snapshots and emptied its journal.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { textAtRest } from '../helpers/at-rest.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, startServer, type TestServer } from '../helpers/server.ts';
import { clockApp, type ClockApp } from '../helpers/clock-app.ts';

/** More than the 500 sessions the calls used to end. */
const MANY = 505;
/**
 * The sessions of the calls whose ending is the same code as logout_all's (endSessionsOps, which
 * logout_all's case runs at MANY): a few, each a password check of about 20 ms of CPU.
 */
const SOME = 12;

type Call = ReturnType<typeof client>;
interface Token {
  token: string;
  sid: string;
}

function sidOf(token: string): string {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid;
}

async function signIns(call: Call, org: string, userid: string, key: string, n: number): Promise<Token[]> {
  const out: Token[] = [];
  while (out.length < n) {
    // Four at a time: checks under way count against the account's budget from this address
    // (DFORM_THROTTLE_PAIR, 5), so more at once would be told to wait (429).
    const batch = await Promise.all(
      Array.from({ length: Math.min(4, n - out.length) }, () =>
        call('POST', '/auth/api/login', { org, body: { userid, key } }),
      ),
    );
    for (const r of batch) {
      assert.equal(r.status, 200, r.text);
      out.push({ token: r.body.token, sid: sidOf(r.body.token) });
    }
  }
  return out;
}

/** The status each token's GET /auth/api/session answers, counted. */
async function statuses(call: Call, org: string, tokens: Token[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (let i = 0; i < tokens.length; i += 16) {
    const answers = await Promise.all(
      tokens.slice(i, i + 16).map((t) => call('GET', '/auth/api/session', { org, token: t.token })),
    );
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  }
  return counts;
}

async function rootWorld(env: Record<string, string> = {}) {
  const server = await startServer({ env });
  const call = client(server.url);
  const org = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id as string;
  const staff = await call('POST', '/auth/api/login', { org, body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  assert.equal(staff.status, 200, staff.text);
  const admin = { org, token: staff.body.token as string };
  let n = 0;
  /** A new account of the root organization with a password. */
  const account = async (password: string, permissions: string[] = []) => {
    const email = `session.user.${++n}.${Date.now()}@example.com`;
    const u = await call('POST', '/auth/api/data/users/', {
      ...admin,
      body: { email, display_name: `Session User ${n}`, status: 'active', permissions, is_employee: false },
    });
    assert.equal(u.status, 201, u.text);
    const p = await call('POST', '/auth/api/set_user_password', {
      ...admin,
      body: { user_id: u.body.key, password, password2: password },
    });
    assert.equal(p.status, 200, p.text);
    return { key: u.body.key as string, email };
  };
  return { server, call, org, admin, account };
}

describe('ending every session of a user', () => {
  let w: Awaited<ReturnType<typeof rootWorld>>;
  let deleted: Token[] = [];
  beforeAll(async () => {
    w = await rootWorld();
  });
  afterAll(async () => {
    if (w.server.proc.exitCode === null) await w.server.stop();
  });

  test(`logout_all ends all ${MANY} sessions of the user`, async () => {
    const u = await w.account('lantern-cobalt-1');
    const tokens = await signIns(w.call, w.org, u.email, 'lantern-cobalt-1', MANY);
    const last = tokens[tokens.length - 1];
    const r = await w.call('POST', '/auth/api/logout_all', { org: w.org, token: last.token, body: {} });
    assert.equal(r.status, 204);
    assert.deepEqual(await statuses(w.call, w.org, tokens), { 401: MANY });
    // A new sign-in works again.
    await signIns(w.call, w.org, u.email, 'lantern-cobalt-1', 1);
  });

  test('change_password ends every other session and keeps the one that changed it', async () => {
    const u = await w.account('lantern-cobalt-2');
    const tokens = await signIns(w.call, w.org, u.email, 'lantern-cobalt-2', SOME);
    const mine = tokens[tokens.length - 1];
    const r = await w.call('POST', '/auth/api/change_password', {
      org: w.org,
      token: mine.token,
      body: { current_password: 'lantern-cobalt-2', password: 'harbor-violet-9', password2: 'harbor-violet-9' },
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(await statuses(w.call, w.org, tokens.slice(0, -1)), { 401: SOME - 1 });
    assert.deepEqual(await statuses(w.call, w.org, [mine]), { 200: 1 });
  });

  test('set_user_password ends every session of the account', async () => {
    const u = await w.account('lantern-cobalt-3');
    const tokens = await signIns(w.call, w.org, u.email, 'lantern-cobalt-3', SOME);
    const r = await w.call('POST', '/auth/api/set_user_password', {
      ...w.admin,
      body: { user_id: u.key, password: 'harbor-violet-8', password2: 'harbor-violet-8' },
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(await statuses(w.call, w.org, tokens), { 401: SOME });
  });

  test('delete_user ends every session of the account and deletes their records', async () => {
    const u = await w.account('lantern-cobalt-4');
    deleted = await signIns(w.call, w.org, u.email, 'lantern-cobalt-4', MANY);
    const r = await w.call('POST', '/auth/api/delete_user', {
      ...w.admin,
      body: { user_id: u.key, confirm_name: 'Session User 4' },
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(await statuses(w.call, w.org, deleted), { 401: MANY });
    await w.server.stop({ keepData: true });
    const text = await textAtRest(w.server);
    const left = deleted.filter((t) => text.includes(t.sid));
    assert.equal(left.length, 0, `${left.length} session records of the deleted user are still stored`);
  });
});

describe('sessions past their end are deleted', () => {
  test("on the user's next sign-in, and for everyone at the next start", async () => {
    const w = await rootWorld();
    const x = await w.account('lantern-cobalt-5');
    const y = await w.account('lantern-cobalt-6');
    await w.server.stop({ keepData: true });
    // Sessions of 2 s from here on: a token is tried until it answers 401 (its end has passed), never timed.
    const env = { DFORM_SESSION_SECONDS: '2' };
    const servers: TestServer[] = [];
    const start = async () => {
      servers.push(await startServer({ dataDir: w.server.dataDir, env }));
      return servers[servers.length - 1];
    };
    try {
      const first = await start();
      const call = client(first.url);
      const xs = await signIns(call, w.org, x.email, 'lantern-cobalt-5', 3);
      const ys = await signIns(call, w.org, y.email, 'lantern-cobalt-6', 3);
      for (const t of [...xs, ...ys]) {
        while ((await call('GET', '/auth/api/session', { org: w.org, token: t.token })).status !== 401)
          await sleep(250);
      }
      const [fresh] = await signIns(call, w.org, x.email, 'lantern-cobalt-5', 1);
      await first.stop({ keepData: true });
      const afterSignIn = await textAtRest(w.server);
      assert.ok(afterSignIn.includes(fresh.sid), 'the new session is stored');
      assert.deepEqual(
        xs.filter((t) => afterSignIn.includes(t.sid)).map((t) => t.sid),
        [],
        "x's ended sessions went with x's sign-in",
      );
      assert.equal(ys.filter((t) => afterSignIn.includes(t.sid)).length, 3, "y's are still there until a purge");

      await (await start()).stop({ keepData: true });
      const afterStart = await textAtRest(w.server);
      assert.deepEqual(
        ys.filter((t) => afterStart.includes(t.sid)).map((t) => t.sid),
        [],
        'the start purged the sessions past their end',
      );
    } finally {
      for (const s of servers) if (s.proc.exitCode === null) await s.stop({ keepData: true });
      await rm(w.server.dataDir, { recursive: true, force: true });
    }
  });
});

describe('idle timeout', () => {
  let app: ClockApp;
  beforeAll(async () => {
    app = await clockApp();
  });
  afterAll(async () => {
    await app.close();
  });

  const signIn = async (userid: string, key: string) => {
    const r = await app.call('POST', '/auth/api/login', { body: { userid, key } });
    assert.equal(r.status, 200, r.text);
    return r.body as { token: string; session: { idle_timeout: number } };
  };
  const session = (token: string) => app.call('GET', '/auth/api/session', { token });

  test('30 minutes without a request end the session of a user who manages people (test clock)', async () => {
    const admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    assert.equal(admin.session.idle_timeout, 1800);
    // Requests keep it alive however long the whole session lasts...
    for (let i = 0; i < 4; i++) {
      app.advance(29 * 60);
      assert.equal((await session(admin.token)).status, 200, `request ${i + 1}`);
    }
    // ...until one comes more than 30 minutes after the last.
    app.advance(31 * 60);
    assert.equal((await session(admin.token)).status, 401);
  });

  test('a user who manages no one has no idle timeout by default', async () => {
    const staff = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const email = `plain.${Date.now()}@example.com`;
    const u = await app.call('POST', '/auth/api/data/users/', {
      token: staff.token,
      body: { email, display_name: 'Plain User', status: 'active', permissions: [], is_employee: false },
    });
    assert.equal(u.status, 201, u.text);
    const p = await app.call('POST', '/auth/api/set_user_password', {
      token: staff.token,
      body: { user_id: u.body.key, password: 'harbor-violet-7', password2: 'harbor-violet-7' },
    });
    assert.equal(p.status, 200, p.text);
    const plain = await signIn(email, 'harbor-violet-7');
    assert.equal(plain.session.idle_timeout, 0);
    app.advance(3 * 3600);
    assert.equal((await session(plain.token)).status, 200);
  });

  test('DFORM_IDLE_SECONDS sets the idle time of the real server', async () => {
    const w = await rootWorld({ DFORM_IDLE_SECONDS: '1' });
    try {
      const s = await w.call('GET', '/auth/api/session', w.admin);
      assert.equal(s.body.idle_timeout, 1);
      // Two whole seconds of the server's clock without a request, whatever the machine's speed.
      await sleep(2500);
      assert.equal((await w.call('GET', '/auth/api/session', w.admin)).status, 401);
    } finally {
      await w.server.stop();
    }
  });
});
