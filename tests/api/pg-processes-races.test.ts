/**
 * Two server processes on one PostgreSQL database act as one service (API.md "v2 additions") for the
 * promises tests/api/pg-processes.test.ts does not try: the second factor (a TOTP code, an e-mail
 * code and a recovery code used once, wrong codes ending a challenge), refresh tokens (rotation,
 * reuse, logout, a password change, a blocked account), the sign-in throttle under a burst, and
 * idempotent creates, If-Match saves and uniqueness claims, each sent to A and B at the same moment
 * as well as one after the other; files' bytes in one folder both processes keep them in
 * (docs/scaling.md); kill -9 of one in a burst of writes to both, and its restart.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { codeAt, steadyNow } from '../helpers/totp.ts';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { sharedDatabaseEnv, stopOwnCluster } from '../helpers/postgres.ts';
import { client, startServer, type TestServer } from '../helpers/server.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { demoCompanyId } from '../helpers/demo.ts';

const PASSWORD = 'a long enough secret 42';
const unique = () => crypto.randomUUID().slice(0, 8);
type Call = ReturnType<typeof client>;
interface Session {
  org: string;
  token: string;
}

/** Two processes on one fresh database, A seeding the demo; the demo admin signed in on A. */
async function pair(env: Record<string, string>) {
  const servers: TestServer[] = [];
  servers.push(await startServer({ env, demo: true }));
  servers.push(await startServer({ env }));
  const [a, b] = servers.map((s) => client(s.url));
  const acme = await demoCompanyId(a);
  const r = await a('POST', '/auth/api/login', {
    org: acme,
    body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
  });
  assert.equal(r.status, 200, r.text);
  const admin: Session = { org: acme, token: r.body.token };
  const login = (call: Call, userid: string, key = PASSWORD) =>
    call('POST', '/auth/api/login', { org: acme, body: { userid, key } });
  /** A new account of the demo company with a password, made through A. */
  const newAccount = async () => {
    const email = `race.${unique()}@acme.example`;
    const made = await a('POST', '/auth/api/data/users/', {
      ...admin,
      body: { email, display_name: 'Rae Race', status: 'active', permissions: [], is_employee: false },
    });
    assert.equal(made.status, 201, made.text);
    const set = await a('POST', '/auth/api/set_user_password', {
      ...admin,
      body: { user_id: made.body.key, password: PASSWORD, password2: PASSWORD },
    });
    assert.equal(set.status, 200, set.text);
    return { key: made.body.key as string, email };
  };
  const signIn = async (call: Call, email: string) => {
    const r = await login(call, email);
    assert.equal(r.status, 200, r.text);
    assert.ok(r.body.token, r.text);
    return {
      org: acme,
      token: r.body.token as string,
      refresh_id: r.body.refresh_id as string,
      refresh_token: r.body.refresh_token as string,
    };
  };
  return { servers, a, b, acme, admin, login, newAccount, signIn };
}

type Pair = Awaited<ReturnType<typeof pair>>;

const verifyOn = (p: Pair, call: Call, body: Record<string, unknown>, token?: string) =>
  call('POST', '/auth/api/verify_2fa', { org: p.acme, token, body });

/** An account whose authenticator was set up and proven through A. */
async function authenticatorAccount(p: Pair) {
  const account = await p.newAccount();
  const s = await p.signIn(p.a, account.email);
  const set = await p.a('POST', '/auth/api/set_2fa_options', { ...s, body: { '2fa_method': 'authenticator' } });
  assert.equal(set.status, 200, set.text);
  const key: string = set.body.authenticator_key;
  const ok = await verifyOn(p, p.a, { code: codeAt(key, await steadyNow()) }, s.token);
  assert.equal(ok.status, 200, ok.text);
  return { ...account, totpKey: key, recovery: ok.body.recovery_codes as string[] };
}

/** A sign-in's challenge, its password step sent to `call`. */
async function challengeOf(p: Pair, call: Call, email: string): Promise<string> {
  const r = await p.login(call, email);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.two_factor_required, true, r.text);
  return r.body.challenge;
}

const statuses = (answers: { status: number }[]) => answers.map((r) => r.status).sort();

/** The password an account is moved to by endOn. */
const NEW = 'another long enough secret 43';

/** Ends an account's way in on process A: its logout, its password changed, a new one set by an administrator, or a block. */
function endOn(
  p: Pair,
  kind: 'logout' | 'change_password' | 'set_user_password' | 'block',
  user: string,
  token: string,
) {
  switch (kind) {
    case 'logout':
      return p.a('POST', '/auth/api/logout', { org: p.acme, token, body: {} });
    case 'change_password':
      return p.a('POST', '/auth/api/change_password', {
        org: p.acme,
        token,
        body: { current_password: PASSWORD, password: NEW, password2: NEW },
      });
    case 'set_user_password':
      return p.a('POST', '/auth/api/set_user_password', {
        ...p.admin,
        body: { user_id: user, password: NEW, password2: NEW },
      });
    case 'block':
      return p.a('PATCH', `/auth/api/data/users/${user}`, { ...p.admin, body: { status: 'blocked' } });
  }
}

afterAll(() => stopOwnCluster());

describe('two processes on one PostgreSQL database, requests at the same moment', () => {
  let p: Awaited<ReturnType<typeof pair>>;
  beforeAll(async () => {
    // Enough budget for the wrong codes sent on purpose (the throttle has its own describe below).
    p = await pair({
      ...(await sharedDatabaseEnv()),
      DFORM_THROTTLE_PAIR: '1000',
      DFORM_THROTTLE_ACCOUNT: '1000',
      DFORM_THROTTLE_DEVICE: '1000',
    });
  });
  afterAll(async () => {
    for (const server of p?.servers ?? []) await server.stop().catch(() => undefined);
  });

  const verify = (call: Call, body: Record<string, unknown>, token?: string) => verifyOn(p, call, body, token);
  const withAuthenticator = () => authenticatorAccount(p);
  const challengeOn = (call: Call, email: string) => challengeOf(p, call, email);

  test('a TOTP code is accepted once: a challenge made on A verified on B, the same code then refused on A, and at once on A and B exactly one 200', async () => {
    const one = await withAuthenticator();
    const two = await withAuthenticator();
    const now = await steadyNow();
    // The next step's code (the setup used this one): judged within one step either side.
    const next = now + 30_000;

    const c1 = await challengeOn(p.a, one.email);
    const c2 = await challengeOn(p.a, one.email);
    const onB = await verify(p.b, { challenge: c1, code: codeAt(one.totpKey, next) });
    assert.equal(onB.status, 200, `a challenge made on A is verified on B: ${onB.text}`);
    assert.ok(onB.body.token);
    const again = await verify(p.a, { challenge: c2, code: codeAt(one.totpKey, next) });
    assert.equal(again.status, 401, `the code B accepted is refused on A: ${again.text}`);

    const [d1, d2] = await Promise.all([challengeOn(p.a, two.email), challengeOn(p.b, two.email)]);
    const code = codeAt(two.totpKey, next);
    const both = await Promise.all([verify(p.a, { challenge: d1, code }), verify(p.b, { challenge: d2, code })]);
    assert.deepEqual(statuses(both), [200, 401], both.map((r) => r.text).join('\n'));
  });

  test('a recovery code signs in once, also when sent to A and B at once', async () => {
    const account = await withAuthenticator();
    const [c1, c2] = await Promise.all([challengeOn(p.a, account.email), challengeOn(p.b, account.email)]);
    const code = account.recovery[0];
    const both = await Promise.all([verify(p.a, { challenge: c1, code }), verify(p.b, { challenge: c2, code })]);
    assert.deepEqual(statuses(both), [200, 401], both.map((r) => r.text).join('\n'));
    const c3 = await challengeOn(p.b, account.email);
    assert.equal((await verify(p.a, { challenge: c3, code })).status, 401, 'spent, whichever process');
    assert.equal((await verify(p.b, { challenge: c3, code: account.recovery[1] })).status, 200, 'another one works');
  });

  test('5 wrong codes end a challenge, spread over A and B one after another or sent at once', async () => {
    const account = await withAuthenticator();
    const wrongCode = (right: string) => (right === '000000' ? '111111' : '000000');
    // One after another, alternating.
    const c1 = await challengeOn(p.a, account.email);
    const now = await steadyNow();
    const right = codeAt(account.totpKey, now + 30_000);
    for (let i = 0; i < 5; i++) {
      const r = await verify(i % 2 ? p.b : p.a, { challenge: c1, code: wrongCode(right) });
      assert.equal(r.status, 401, r.text);
    }
    const late = await verify(p.b, { challenge: c1, code: right });
    assert.equal(late.status, 401, `the challenge ended after 5 wrong codes on A and B: ${late.text}`);

    // At once: 10 wrong codes, 5 to each process, then the right one.
    const c2 = await challengeOn(p.b, account.email);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verify(i % 2 ? p.b : p.a, { challenge: c2, code: wrongCode(right) })),
    );
    assert.deepEqual(
      burst.map((r) => r.status),
      Array(10).fill(401),
    );
    const after = await verify(p.a, { challenge: c2, code: codeAt(account.totpKey, Date.now() + 30_000) });
    assert.equal(after.status, 401, `10 wrong codes at once ended the challenge too: ${after.text}`);
  });

  test('an e-mail code signs in once, also when sent to A and B at once', async () => {
    const account = await p.newAccount();
    const s = await p.signIn(p.a, account.email);
    const codeFor = async (dir: string, since: number) => {
      for (let i = 0; i < 100; i++) {
        const m = (await readOutbox(dir))
          .slice(since)
          .filter((x) => x.to === account.email)
          .pop();
        const code = m && /\b(\d{6})\b/.exec(m.text)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no code sent to ${account.email}`);
    };
    const set = await p.a('POST', '/auth/api/set_2fa_options', { ...s, body: { '2fa_method': 'email' } });
    assert.equal(set.status, 200, set.text);

    const since = (await readOutbox(p.servers[0].dataDir)).length;
    const c = await challengeOn(p.a, account.email);
    const code = await codeFor(p.servers[0].dataDir, since);
    const both = await Promise.all([verify(p.a, { challenge: c, code }), verify(p.b, { challenge: c, code })]);
    assert.deepEqual(statuses(both), [200, 401], both.map((r) => r.text).join('\n'));
  });

  const refresh = (call: Call, t: { refresh_id: string; refresh_token: string }) =>
    call('POST', '/auth/api/refresh_auth_token', {
      org: p.acme,
      body: { refresh_id: t.refresh_id, refresh_token: t.refresh_token },
    });

  test('refresh: rotated on A, the old token on B revokes the family; logout on A ends refresh on B', async () => {
    const account = await p.newAccount();
    const s = await p.signIn(p.a, account.email);
    const next = await refresh(p.a, s);
    assert.equal(next.status, 200, next.text);
    const reused = await refresh(p.b, s);
    assert.equal(reused.status, 401, `the spent token on B: ${reused.text}`);
    assert.equal((await refresh(p.a, next.body)).status, 401, 'the reuse on B revoked the new token from A');

    const t = await p.signIn(p.b, account.email);
    assert.equal((await p.a('POST', '/auth/api/logout', { org: p.acme, token: t.token, body: {} })).status, 204);
    assert.equal((await refresh(p.b, t)).status, 401, 'a logout on A ends refresh on B');
  });

  test('refresh: the same token sent to A and B at once makes at most one new token, and no two branches live', async () => {
    const account = await p.newAccount();
    for (let round = 0; round < 5; round++) {
      const s = await p.signIn(p.a, account.email);
      const both = await Promise.all([refresh(p.a, s), refresh(p.b, s)]);
      const won = both.filter((r) => r.status === 200);
      assert.ok(won.length <= 1, `round ${round}: ${both.map((r) => r.text).join('\n')}`);
      for (const r of both) assert.ok(r.status === 200 || r.status === 401, r.text);
      // Whatever the outcome, at most one continuation of the family renews.
      const continued = await Promise.all(won.map((r) => refresh(p.b, r.body)));
      assert.ok(continued.filter((r) => r.status === 200).length <= 1);
      // The session of the sign-in still ends with the family: after a reuse, nothing renews.
      assert.equal((await refresh(p.a, s)).status, 401, `round ${round}: the spent token`);
      for (const r of [...won, ...continued]) {
        if (r.status === 200) {
          assert.equal((await refresh(p.b, r.body)).status, 401, `round ${round}: the family revoked by the reuse`);
        }
      }
    }
  });

  test('a password change on A ends sessions and refresh tokens on B at once; so do set_user_password and a block', async () => {
    for (const kind of ['change_password', 'set_user_password', 'block'] as const) {
      const account = await p.newAccount();
      const onB = await p.signIn(p.b, account.email);
      const onA = await p.signIn(p.a, account.email);
      const ended = await endOn(p, kind, account.key, onA.token);
      assert.equal(ended.status, 200, `${kind}: ${ended.text}`);
      assert.equal((await p.b('GET', '/auth/api/session', onB)).status, 401, `${kind} on A ends the session on B`);
      assert.equal((await refresh(p.b, onB)).status, 401, `${kind} on A ends its refresh token on B`);
    }
  });

  test('a logout, a password change or a block on A at the moment of a refresh on B: nothing renewed lives on', async () => {
    const wrong: string[] = [];
    for (const kind of ['logout', 'change_password', 'block'] as const) {
      for (let round = 0; round < 4; round++) {
        const account = await p.newAccount();
        const s = await p.signIn(p.a, account.email);
        const end = endOn(p, kind, account.key, s.token);
        const [ended, renewed] = await Promise.all([end, refresh(p.b, s)]);
        if (ended.status >= 300) wrong.push(`${kind} ${round}: ${ended.status} ${ended.text}`);
        if (renewed.status === 200) {
          const session = await p.b('GET', '/auth/api/session', { org: p.acme, token: renewed.body.token });
          const again = await refresh(p.a, renewed.body);
          if (session.status !== 401 || again.status !== 401) {
            wrong.push(
              `${kind} ${round}: the refresh won; its session ${session.status}, its next refresh ${again.status}`,
            );
          }
        } else if (renewed.status !== 401) wrong.push(`${kind} ${round}: refresh ${renewed.status} ${renewed.text}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  test('a password change, a new password from an administrator or a block on A at the moment of a sign-in with the old password on B: no session of it lives on', async () => {
    const wrong: string[] = [];
    for (const kind of ['change_password', 'set_user_password', 'block'] as const) {
      for (let round = 0; round < 8; round++) {
        const account = await p.newAccount();
        const own = await p.signIn(p.a, account.email);
        const end = endOn(p, kind, account.key, own.token);
        // The sign-in a little later each round, so that its password check straddles the change.
        const signIn = new Promise((r) => setTimeout(r, (round % 4) * 15)).then(() => p.login(p.b, account.email));
        const [ended, old] = await Promise.all([end, signIn]);
        if (ended.status !== 200) wrong.push(`${kind} ${round}: ${ended.status} ${ended.text}`);
        if (old.status === 200) {
          const session = await p.b('GET', '/auth/api/session', { org: p.acme, token: old.body.token });
          const renewed = await refresh(p.a, old.body);
          if (session.status !== 401 || renewed.status !== 401) {
            wrong.push(`${kind} ${round}: the old password's session ${session.status}, its refresh ${renewed.status}`);
          }
        } else if (old.status !== 401) wrong.push(`${kind} ${round}: sign-in ${old.status} ${old.text}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  const group = (name: string) => ({ name, description: 'd', permissions: [], users: [], notes: '' });

  test('an Idempotency-Key create sent to A and B at once makes one record; two saves of one version at once: one 200, one 409', async () => {
    const name = `Idem ${unique()}`;
    const key = crypto.randomUUID();
    const both = await Promise.all(
      [p.a, p.b].map((call) =>
        call('POST', '/auth/api/data/groups/', { ...p.admin, body: group(name), headers: { 'idempotency-key': key } }),
      ),
    );
    for (const r of both) assert.ok(r.status === 200 || r.status === 201, r.text);
    assert.equal(both[0].body.key, both[1].body.key, 'both answer the one record');
    const found = await p.b('POST', '/auth/api/data/find/groups', {
      ...p.admin,
      body: { criteria: [{ field: 'name', is: '=', value: name }] },
    });
    assert.equal(found.body.items.length, 1, found.text);

    const made = both[0].body;
    const saves = await Promise.all(
      [p.a, p.b].map((call, i) =>
        call('POST', `/auth/api/data/groups/${made.key}`, {
          ...p.admin,
          body: group(`${name} saved ${i}`),
          headers: { 'if-match': String(made.meta.version) },
        }),
      ),
    );
    assert.deepEqual(statuses(saves), [200, 409], saves.map((r) => r.text).join('\n'));
    const winner = saves.find((r) => r.status === 200)!;
    const read = await p.a('GET', `/auth/api/data/groups/${made.key}`, p.admin);
    assert.equal(read.body.data.name, winner.body.data.name, 'the save answered 200 is the one kept');
  });

  test("two creates claiming one e-mail, employee ID or hire's SSN at once on A and B: one made, one 409 naming the field", async () => {
    const email = `twice.${unique()}@acme.example`;
    const users = await Promise.all(
      [p.a, p.b].map((call) =>
        call('POST', '/auth/api/data/users/', {
          ...p.admin,
          body: { email, display_name: 'Twice', status: 'active', permissions: [], is_employee: false },
        }),
      ),
    );
    assert.deepEqual(statuses(users), [201, 409], users.map((r) => r.text).join('\n'));
    assert.equal(users.find((r) => r.status === 409)!.body.errors?.[0]?.path, '/email');

    const id = `R-${unique()}`;
    const employees = await Promise.all(
      [p.a, p.b].map((call) =>
        call('POST', '/auth/api/data/users/', {
          ...p.admin,
          body: {
            email: `emp.${unique()}@acme.example`,
            display_name: 'Emp',
            status: 'active',
            permissions: [],
            is_employee: true,
            employee_id: id,
          },
        }),
      ),
    );
    assert.deepEqual(statuses(employees), [201, 409], employees.map((r) => r.text).join('\n'));
    assert.equal(employees.find((r) => r.status === 409)!.body.errors?.[0]?.path, '/employee_id');

    const ssn = `5${String(Math.floor(Math.random() * 90) + 10)}-77-${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const hires = await Promise.all(
      [p.a, p.b].map((call) =>
        call('POST', '/payroll/api/data/onboarding_user/', {
          ...p.admin,
          body: {
            first_name: 'Grace',
            last_name: 'Hopper',
            email: `grace.${unique()}@example.com`,
            state: 'NY',
            pay_type: 'Hourly',
            rate: 21.5,
            ssn,
          },
        }),
      ),
    );
    assert.deepEqual(statuses(hires), [201, 409], hires.map((r) => r.text).join('\n'));
    assert.equal(hires.find((r) => r.status === 409)!.body.errors?.[0]?.path, '/ssn');
  });
});

describe('two processes on one PostgreSQL database, the sign-in throttle under a burst', () => {
  test('20 wrong passwords, or 20 wrong codes, at once, 10 to each process, back the account off as on one process', async () => {
    const p = await pair({ ...(await sharedDatabaseEnv()), DFORM_THROTTLE_DELAY: '120' });
    try {
      const account = await p.newAccount();
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => p.login(i % 2 ? p.b : p.a, account.email, 'not the password')),
      );
      const counts = { 401: 0, 429: 0, other: [] as string[] };
      for (const r of burst) {
        if (r.status === 401) counts[401]++;
        else if (r.status === 429) counts[429]++;
        else counts.other.push(`${r.status} ${r.text}`);
      }
      assert.deepEqual(counts.other, []);
      assert.ok(counts[401] <= 5, `no more passwords looked at than DFORM_THROTTLE_PAIR (5): ${counts[401]}`);
      const right = await p.login(p.b, account.email);
      assert.equal(right.status, 429, `the door is closed on B for the right password too: ${right.text}`);
      assert.equal((await p.login(p.a, account.email)).status, 429, 'and on A');

      // The second factor's door: challenges made one after another, then 20 wrong codes at once.
      const coded = await authenticatorAccount(p);
      const challenges: string[] = [];
      for (let i = 0; i < 20; i++) challenges.push(await challengeOf(p, i % 2 ? p.b : p.a, coded.email));
      const codes = await Promise.all(
        challenges.map((c, i) => verifyOn(p, i % 2 ? p.b : p.a, { challenge: c, code: '000000' })),
      );
      const looked = codes.filter((r) => r.status === 401).length;
      assert.deepEqual(
        codes.filter((r) => r.status !== 401 && r.status !== 429).map((r) => r.text),
        [],
      );
      assert.ok(looked <= 5, `no more codes looked at than DFORM_THROTTLE_PAIR (5): ${looked}`);
      const rightCode = await verifyOn(p, p.b, {
        challenge: await challengeOf(p, p.b, coded.email),
        code: codeAt(coded.totpKey, Date.now() + 30_000),
      });
      assert.equal(rightCode.status, 429, `the second factor's door is closed on B too: ${rightCode.text}`);
    } finally {
      for (const server of p?.servers ?? []) await server.stop().catch(() => undefined);
    }
  });
});

describe('two processes on one PostgreSQL database and one files folder (docs/scaling.md)', () => {
  const pdf = (s: string) =>
    Buffer.from(`%PDF-1.4\n% ${s}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

  test('a file uploaded on A downloads on B; a replace on B deletes the old bytes; uploads at once keep one file, its bytes alone', async () => {
    const servers: TestServer[] = [];
    // Both processes keep files under this one DATA_DIR (a folder they both mount).
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-shared-'));
    try {
      const env = await sharedDatabaseEnv();
      servers.push(await startServer({ env, demo: true, dataDir: dir }));
      servers.push(await startServer({ env, dataDir: dir }));
      const [a, b] = servers.map((s) => client(s.url));
      const acme = await demoCompanyId(a);
      const r = await a('POST', '/auth/api/login', {
        org: acme,
        body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
      });
      assert.equal(r.status, 200, r.text);
      const admin = { org: acme, token: r.body.token as string };
      const blobs = async () => {
        const base = path.join(dir, 'files', acme);
        const out: string[] = [];
        for (const sub of await readdir(base).catch(() => [] as string[])) {
          out.push(...(await readdir(path.join(base, sub))));
        }
        return out;
      };
      const upload = (call: Call, p: string, bytes: Buffer) =>
        call('PUT', p, {
          ...admin,
          headers: { 'content-type': 'application/pdf', 'x-file-name': 'handbook.pdf' },
          rawBody: new Blob([new Uint8Array(bytes)]),
        });
      const download = async (server: TestServer, p: string) => {
        const d = await fetch(server.url + p, { headers: { 'organization-id': acme, auth_token: admin.token } });
        return { status: d.status, sha: sha(Buffer.from(await d.arrayBuffer())) };
      };

      const doc = await a('POST', '/hr/api/data/documents/', {
        ...admin,
        body: { display_name: 'Handbook', filename: 'handbook.pdf', view_type: 'file' },
      });
      assert.equal(doc.status, 201, doc.text);
      const p = `/hr/api/files/documents/${doc.body.key}/file`;
      const before = (await blobs()).length;
      const one = pdf('one');
      const up = await upload(a, p, one);
      assert.equal(up.status, 200, up.text);
      assert.deepEqual(await download(servers[1], p), { status: 200, sha: sha(one) }, 'uploaded on A, read on B');
      assert.equal((await blobs()).length, before + 1);
      const replaced = await upload(b, p, pdf('two'));
      assert.equal(replaced.status, 200, replaced.text);
      assert.equal((await blobs()).length, before + 1, 'a replace on B deleted the bytes A wrote');
      assert.deepEqual(await download(servers[0], p), { status: 200, sha: sha(pdf('two')) });

      const wrong: string[] = [];
      for (let round = 0; round < 6; round++) {
        const both = await Promise.all([upload(a, p, pdf(`a ${round}`)), upload(b, p, pdf(`b ${round}`))]);
        const kept = (await b('GET', `/hr/api/data/documents/${doc.body.key}`, admin)).body.data.file?.sha256;
        const got = await download(servers[round % 2], p);
        const count = (await blobs()).length - before;
        if (both.some((x) => x.status >= 500) || count !== 1 || got.status !== 200 || got.sha !== kept) {
          wrong.push(`round ${round}: ${both.map((x) => x.status)}, ${count} blobs, download ${got.status}`);
        }
      }
      assert.deepEqual(wrong, [], 'one file kept, its bytes alone on disk, the same on both');
    } finally {
      for (const server of servers) await server.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('two processes on one PostgreSQL database, kill -9 of one in a burst of writes to both', () => {
  const group = (name: string) => ({ name, description: 'd', permissions: [], users: [], notes: '' });

  test('B answers every write sent to it, every acknowledged write is there, and A restarted serves', async () => {
    const servers: TestServer[] = [];
    try {
      const env = await sharedDatabaseEnv();
      const p = await pair(env);
      servers.push(...p.servers);
      const { a, b, admin: s } = p;
      const acked: string[] = [];
      const onB: string[] = [];
      const writes = Array.from({ length: 60 }, async (_, i) => {
        await new Promise((res) => setTimeout(res, i * 3));
        const call = i % 2 ? b : a;
        try {
          const w = await call('POST', '/auth/api/data/groups/', { ...s, body: group(`burst ${i}`) });
          if (w.status === 201) acked.push(w.body.key);
          else if (call === b) onB.push(`${i}: ${w.status} ${w.text}`);
        } catch (e) {
          // A's connection died with it: not acknowledged. B's must not.
          if (call === b) onB.push(`${i}: ${String(e)}`);
        }
      });
      await new Promise((res) => setTimeout(res, 50));
      await servers[0].stop({ signal: 'SIGKILL', keepData: true });
      await Promise.all(writes);
      assert.deepEqual(onB, [], 'B answered each write sent to it while A died');
      for (const k of acked) {
        assert.equal((await b('GET', `/auth/api/data/groups/${k}`, s)).status, 200, `acknowledged ${k}`);
      }

      // A again, over its DATA_DIR: it starts, knows the session, and writes what B reads.
      servers.push(await startServer({ env, dataDir: servers[0].dataDir }));
      const again = client(servers[2].url);
      assert.equal((await again('GET', '/auth/api/session', s)).status, 200);
      const made = await again('POST', '/auth/api/data/groups/', { ...s, body: group('after the restart') });
      assert.equal(made.status, 201, made.text);
      assert.equal((await b('GET', `/auth/api/data/groups/${made.body.key}`, s)).status, 200);
    } finally {
      for (const server of servers) await server.stop().catch(() => undefined);
      await rm(servers[0]?.dataDir ?? '', { recursive: true, force: true }).catch(() => undefined);
    }
  });
});
