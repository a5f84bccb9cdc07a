import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { outboxSize, readOutbox, waitForMail } from '../helpers/outbox.ts';

let w: DemoWorld;
beforeAll(async () => {
  // A first delay of ten minutes: no back-off lapses while the tests run (tests/api/sign-in-throttle.test.ts).
  w = await demoWorld({ DFORM_THROTTLE_ACCOUNT: '5', DFORM_THROTTLE_DELAY: '600' });
});
afterAll(async () => {
  await w.server.stop();
});

describe('start and organizations', () => {
  test('healthz answers ok', async () => {
    const r = await w.call('GET', '/healthz');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { status: 'ok' });
  });

  test('resolve_org answers the root organization for an unknown host and a company by hostname', async () => {
    const root = await w.call('GET', '/auth/api/resolve_org?hostname=localhost');
    assert.equal(root.status, 200);
    assert.equal(root.body.organization_id, w.rootOrg);
    const acme = await w.call('GET', '/auth/api/resolve_org?hostname=acmedemo.dform.app');
    assert.equal(acme.body.name, 'Acme Demo');
    assert.notEqual(acme.body.organization_id, w.rootOrg);
    assert.equal(acme.body.branding.colorPrimary, '002d50');
    assert.equal(acme.body.branding.colorSecondary, 'bfc0c0');
    assert.equal(acme.body.branding.colorAccent, '588326');
  });

  test('secure headers carry a CSP without unsafe-eval or inline scripts', async () => {
    const r = await w.call('GET', '/healthz');
    const csp = r.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'/);
    assert.doesNotMatch(csp, /unsafe-eval/);
    assert.doesNotMatch(csp.split(';').find((d) => d.includes('script-src')) ?? '', /unsafe-inline/);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
  });
});

describe('login', () => {
  test('answers token, exp and the session content', async () => {
    const r = await w.call('POST', '/auth/api/login', {
      org: w.rootOrg,
      body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
    });
    assert.equal(r.status, 200);
    assert.equal(typeof r.body.token, 'string');
    assert.ok(r.body.exp > Date.now() / 1000);
    const s = r.body.session;
    assert.equal(s.organization_id, w.rootOrg);
    assert.deepEqual(Object.keys(s.organization).sort(), ['active_modules', 'data', 'enabled_features', 'key']);
    assert.deepEqual(Object.keys(s.user).sort(), [
      'display_name',
      'email',
      'employee_id',
      'is_employee',
      'key',
      'status',
    ]);
    assert.equal(s.user.email, ADMIN_EMAIL);
    assert.equal(s.exp, r.body.exp);
    assert.equal(r.headers.get('cache-control'), 'no-store');
    assert.doesNotMatch(r.text, /secret|\$argon2/);
  });

  test('an employee session holds the group permissions as a module map', async () => {
    const r = await w.call('GET', '/auth/api/session', as(w.emma));
    assert.equal(r.status, 200);
    assert.ok(r.body.permissions.PAYROLL.includes('CanUseModule'));
    assert.equal(r.body.user.is_employee, true);
    assert.equal(r.body.is_admin, false);
  });

  test('unknown user, wrong password and unknown organization answer the same 401', async () => {
    const answers = await Promise.all([
      w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid: 'nobody@acme.example', key: 'x-wrong-1' } }),
      w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid: 'emma@acme.example', key: 'x-wrong-2' } }),
      w.call('POST', '/auth/api/login', {
        org: '11111111-1111-4111-8111-111111111111',
        body: { userid: 'emma@acme.example', key: 'demo-employee-pass' },
      }),
    ]);
    for (const a of answers) {
      assert.equal(a.status, 401);
      assert.deepEqual(a.body, { message: 'Invalid credentials' });
    }
  });

  test('missing fields are a 400 naming them', async () => {
    const r = await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid: 'emma@acme.example' } });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.errors, [{ path: '/key', message: 'Required' }]);
  });

  // How long an unknown user and a wrong password take is measured by the bench
  // (bench/sign-in-timing.ts), not asserted here.

  test('repeated failures on one account from one address are throttled with 429, even with the right password', async () => {
    const body = { userid: 'payroll@acme.example', key: 'wrong-password' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body })).status);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429]);
    const right = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: 'payroll@acme.example', key: 'demo-payroll-pass' },
    });
    assert.equal(right.status, 429);
    assert.deepEqual(right.body, { message: 'Too many attempts' });
  });
});

describe('tokens', () => {
  const tokenKey = async () =>
    new Uint8Array(
      Buffer.from((await readFile(path.join(w.server.dataDir, 'secrets', 'token.key'), 'utf8')).trim(), 'base64'),
    );

  test('missing, malformed, foreign-signed and alg:none tokens answer 401 Invalid token specified', async () => {
    const none =
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url') +
      '.' +
      Buffer.from(JSON.stringify({ sub: w.emma.user, org: w.acmeOrg, sid: 'x', exp: 9999999999 })).toString(
        'base64url',
      ) +
      '.';
    const foreign = await new SignJWT({ org: w.acmeOrg, sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(w.emma.user)
      .setIssuer('dform')
      .setAudience('dform-api')
      .setIssuedAt()
      .setNotBefore('0s')
      .setExpirationTime('1h')
      .sign(new Uint8Array(32));
    for (const token of [undefined, 'garbage', none, foreign]) {
      const r = await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token });
      assert.equal(r.status, 401, String(token));
      assert.deepEqual(r.body, { message: 'Invalid token specified' });
    }
  });

  test('a token signed with our key but another audience, expired, or without a session is refused', async () => {
    const key = await tokenKey();
    const base = () =>
      new SignJWT({ org: w.acmeOrg, sid: 'no-such-session' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(w.emma.user)
        .setIssuer('dform')
        .setIssuedAt()
        .setNotBefore('0s');
    const otherAudience = await base().setAudience('someone-else').setExpirationTime('1h').sign(key);
    const expired = await base()
      .setAudience('dform-api')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    const noSession = await base().setAudience('dform-api').setExpirationTime('1h').sign(key);
    for (const token of [otherAudience, expired, noSession]) {
      const r = await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token });
      assert.equal(r.status, 401);
    }
  });

  test("company A's token with company B's organization-id is refused", async () => {
    const r = await w.call('GET', '/auth/api/session', { org: w.rootOrg, token: w.emma.token });
    assert.equal(r.status, 401);
    const d = await w.call('POST', '/payroll/api/data/find/employee', {
      org: w.rootOrg,
      token: w.payroll.token,
      body: {},
    });
    assert.equal(d.status, 401);
  });

  test('logout revokes the token at once; logout_all revokes every token of the user', async () => {
    const a = await w.login(w.acmeOrg, 'ivan@acme.example', 'demo-inactive-pass');
    const b = await w.login(w.acmeOrg, 'ivan@acme.example', 'demo-inactive-pass');
    const c = await w.login(w.acmeOrg, 'ivan@acme.example', 'demo-inactive-pass');
    assert.equal((await w.call('POST', '/auth/api/logout', as(a))).status, 204);
    assert.equal((await w.call('GET', '/auth/api/session', as(a))).status, 401);
    assert.equal((await w.call('GET', '/auth/api/session', as(b))).status, 200);
    assert.equal((await w.call('POST', '/auth/api/logout_all', { ...as(b), body: {} })).status, 204);
    assert.equal((await w.call('GET', '/auth/api/session', as(b))).status, 401);
    assert.equal((await w.call('GET', '/auth/api/session', as(c))).status, 401);
  });
});

describe('passwords', () => {
  test('change_password answers the spec messages', async () => {
    const cases: [unknown, unknown, string[]][] = [
      ['abc', 'abc', ['Password must be at least 6 characters']],
      ['1234567', '1234567', ['Password cannot be all numbers']],
      ['quiet-harbor', 'quiet-harbour', ['Passwords do not match']],
    ];
    for (const [password, password2, messages] of cases) {
      const r = await w.call('POST', '/auth/api/change_password', {
        ...as(w.emma),
        body: { current_password: 'demo-employee-pass', password, password2 },
      });
      assert.equal(r.status, 400);
      assert.equal(r.body.message, 'Validation failed');
      assert.deepEqual(
        r.body.errors.map((e: { message: string }) => e.message),
        messages,
      );
    }
  });

  test('a changed password signs in; the old one no longer does', async () => {
    const s = await w.login(w.acmeOrg, 'ivan@acme.example', 'demo-inactive-pass');
    const r = await w.call('POST', '/auth/api/change_password', {
      ...as(s),
      body: { current_password: 'demo-inactive-pass', password: 'new-pass-for-ivan', password2: 'new-pass-for-ivan' },
    });
    assert.equal(r.status, 200);
    const old = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: 'ivan@acme.example', key: 'demo-inactive-pass' },
    });
    assert.equal(old.status, 401);
    await w.login(w.acmeOrg, 'ivan@acme.example', 'new-pass-for-ivan');
    // Put it back for the other tests.
    const back = await w.login(w.acmeOrg, 'ivan@acme.example', 'new-pass-for-ivan');
    await w.call('POST', '/auth/api/change_password', {
      ...as(back),
      body: { current_password: 'new-pass-for-ivan', password: 'demo-inactive-pass', password2: 'demo-inactive-pass' },
    });
  });

  test('forgot_password sends a single-use key that signs in once, and answers alike for unknown users', async () => {
    const since = await outboxSize(w.server.dataDir);
    const unknown = await w.call('POST', '/auth/api/forgot_password', {
      org: w.acmeOrg,
      body: { username: 'ghost@acme.example' },
    });
    const known = await w.call('POST', '/auth/api/forgot_password', {
      org: w.acmeOrg,
      body: { username: 'emma@acme.example' },
    });
    assert.equal(unknown.status, 200);
    assert.deepEqual(known.body, unknown.body);
    // Sent after the answer (the stranger's request, before it, sent nothing).
    const mail = await waitForMail(w.server.dataDir, (m) => m.to === 'emma@acme.example', { since });
    const outbox = await readOutbox(w.server.dataDir);
    assert.ok(Number.isInteger(mail.time));
    assert.doesNotMatch(JSON.stringify(outbox), /ghost@/);
    const link = new URLSearchParams(mail.text.match(/auto-login\?(\S+)/)![1]);
    const body = { userid: link.get('userid'), key: link.get('key'), type: 'forgot_password' };
    const first = await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body });
    assert.equal(first.status, 200);
    assert.equal(first.body.session.user.email, 'emma@acme.example');
    const replay = await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body });
    assert.equal(replay.status, 401);
    assert.equal(
      (await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { ...body, type: 'sudo_login' } })).status,
      401,
    );
  });
});

describe('sudo login and permissions', () => {
  test('the product-staff admin signs in to a company through a single-use key', async () => {
    const r = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.acmeOrg}`, {
      ...as(w.staff),
      body: { organization_id: w.acmeOrg },
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.hostname, 'acmedemo.dform.app');
    const body = { userid: r.body.identifier, key: r.body.single_use_key, type: 'sudo_login' };
    const s = await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body });
    assert.equal(s.status, 200);
    assert.equal(s.body.session.organization_id, w.acmeOrg);
    assert.equal(s.body.session.is_admin, true);
    assert.equal((await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body })).status, 401);
  });

  test('a company user cannot sudo into its parent or a sibling', async () => {
    const r = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.rootOrg}`, {
      ...as(w.admin),
      body: { organization_id: w.rootOrg },
    });
    assert.equal(r.status, 403);
  });

  test('the company to enter is one 36-character key, named alike in the query and the body', async () => {
    const ask = (query: string, body: unknown) =>
      w.call('POST', `/auth/api/sudo_login${query}`, { ...as(w.staff), body });
    for (const body of [{ organization_id: [w.acmeOrg] }, { organization_id: 12 }, { organization_id: 'acme' }]) {
      const r = await ask('', body);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      assert.deepEqual(r.body.errors, [
        { path: '/organization_id', message: 'Must be a 36-character organization key' },
      ]);
    }
    const other = crypto.randomUUID();
    const differ = await ask(`?organization_id=${w.acmeOrg}`, { organization_id: other });
    assert.equal(differ.status, 400, differ.text);
    assert.deepEqual(differ.body.errors, [
      { path: '/organization_id', message: 'Must name the same organization as the query' },
    ]);
    assert.equal((await ask(`?organization_id=${w.acmeOrg}`, {})).status, 200);
    assert.equal((await ask('', { organization_id: w.acmeOrg.toUpperCase() })).status, 200);
    assert.equal((await ask('', {})).status, 400);
  });

  test('an inactive company is not entered: a 409 says why, and no key is made', async () => {
    const made = await w.call('POST', '/auth/api/data/organizations/', {
      ...as(w.staff),
      body: { name: 'Sleepy Co', admin_email: 'owner@sleepy.example', active_modules: ['payroll'] },
    });
    assert.equal(made.status, 201, made.text);
    const off = await w.call('PATCH', `/auth/api/data/organizations/${made.body.key}`, {
      ...as(w.staff),
      body: { status: 'inactive' },
    });
    assert.equal(off.status, 200, off.text);
    const r = await w.call('POST', `/auth/api/sudo_login?organization_id=${made.body.key}`, {
      ...as(w.staff),
      body: { organization_id: made.body.key },
    });
    assert.deepEqual(
      { status: r.status, body: r.body },
      { status: 409, body: { message: 'This company is inactive: make it active to log in to it.' } },
    );
  });

  test('get_available_permissions: everything for the product-staff admin, only what one holds otherwise', async () => {
    const all = await w.call('GET', '/auth/api/get_available_permissions', as(w.staff));
    assert.ok(all.body.includes('AUTH:CanManageOrganizations'));
    assert.ok(all.body.length >= 22);
    const emma = await w.call('GET', '/auth/api/get_available_permissions', as(w.emma));
    assert.ok(emma.body.includes('PAYROLL:CanUseModule'));
    assert.ok(!emma.body.includes('AUTH:CanManageUsers'));
  });
});
