/**
 * An active second factor is changed only by a recent sign-in or with the password: a session
 * token taken from an unlocked computer must not turn two-factor sign-in off, or swap the
 * holder's authenticator for one of its own, and so keep the account once the password is
 * phished. Right after signing in (the contract's way, ../shared/API.md) the call needs nothing
 * more; later it needs `current_password`, checked as a sign-in is. The app runs in-process on a
 * clock the test moves (tests/helpers/clock-app.ts).
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { clockApp, type ClockApp } from '../helpers/clock-app.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

const PASSWORD = 'harbor-violet-7';
let app: ClockApp;
let n = 0;

beforeAll(async () => {
  app = await clockApp();
});
afterAll(async () => {
  await app.close();
});

/** A user manager's session, opened afresh (an older one ends after its idle time as the clock moves). */
async function staffToken(): Promise<string> {
  const r = await app.call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  assert.equal(r.status, 200, r.text);
  return r.body.token;
}

/** The last code e-mailed to `email`. */
function lastCode(email: string): string {
  const mail = app.outbox.filter((m) => m.to === email).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  assert.ok(code, `a code was e-mailed to ${email}`);
  return code;
}

/** A new account with e-mailed codes turned on, signed in afresh (through its second factor). */
async function accountWithCodes(): Promise<{ key: string; email: string; token: string }> {
  const email = `recent.${++n}.${Date.now()}@example.com`;
  const staff = await staffToken();
  const u = await app.call('POST', '/auth/api/data/users/', {
    token: staff,
    body: { email, display_name: 'Rhea Recent', status: 'active', permissions: [], is_employee: false },
  });
  assert.equal(u.status, 201, u.text);
  const p = await app.call('POST', '/auth/api/set_user_password', {
    token: staff,
    body: { user_id: u.body.key, password: PASSWORD, password2: PASSWORD },
  });
  assert.equal(p.status, 200, p.text);
  const first = await app.call('POST', '/auth/api/login', { body: { userid: email, key: PASSWORD } });
  assert.equal(first.status, 200, first.text);
  const on = await app.call('POST', '/auth/api/set_2fa_options', {
    token: first.body.token,
    body: { '2fa_method': 'email' },
  });
  assert.equal(on.status, 200, on.text);
  const login = await app.call('POST', '/auth/api/login', { body: { userid: email, key: PASSWORD } });
  assert.equal(login.status, 200, login.text);
  assert.equal(login.body.two_factor_required, true);
  const second = await app.call('POST', '/auth/api/verify_2fa', {
    body: { challenge: login.body.challenge, code: lastCode(email) },
  });
  assert.equal(second.status, 200, second.text);
  return { key: u.body.key, email, token: second.body.token };
}

const methodOf = async (token: string) =>
  (await app.call('GET', '/auth/api/session', { token })).body.two_factor_method as string;

describe('changing an active second factor', () => {
  test('right after signing in, turning it off needs nothing more', async () => {
    const a = await accountWithCodes();
    app.advance(5 * 60);
    const off = await app.call('POST', '/auth/api/set_2fa_options', { token: a.token, body: { '2fa_method': 'none' } });
    assert.equal(off.status, 200, off.text);
    assert.equal(await methodOf(a.token), 'none');
  });

  test('later, turning it off asks for the current password and keeps the factor on until it is right', async () => {
    const a = await accountWithCodes();
    app.advance(11 * 60);
    const bare = await app.call('POST', '/auth/api/set_2fa_options', {
      token: a.token,
      body: { '2fa_method': 'none' },
    });
    assert.equal(bare.status, 400, bare.text);
    assert.deepEqual(bare.body.errors, [{ path: '/current_password', message: 'Current password is required' }]);
    const wrong = await app.call('POST', '/auth/api/set_2fa_options', {
      token: a.token,
      body: { '2fa_method': 'none', current_password: 'not-the-password' },
    });
    assert.equal(wrong.status, 400, wrong.text);
    assert.deepEqual(wrong.body.errors, [{ path: '/current_password', message: 'Current password is incorrect' }]);
    assert.equal(await methodOf(a.token), 'email', 'still on');
    const right = await app.call('POST', '/auth/api/set_2fa_options', {
      token: a.token,
      body: { '2fa_method': 'none', current_password: PASSWORD },
    });
    assert.equal(right.status, 200, right.text);
    assert.equal(await methodOf(a.token), 'none');
  });

  test('later, a new authenticator key is not handed to a session that does not give the password', async () => {
    const a = await accountWithCodes();
    app.advance(11 * 60);
    const swap = await app.call('POST', '/auth/api/set_2fa_options', {
      token: a.token,
      body: { '2fa_method': 'authenticator' },
    });
    assert.equal(swap.status, 400, swap.text);
    assert.equal(swap.body.authenticator_key, undefined);
    const given = await app.call('POST', '/auth/api/set_2fa_options', {
      token: a.token,
      body: { '2fa_method': 'authenticator', current_password: PASSWORD },
    });
    assert.equal(given.status, 200, given.text);
    assert.match(given.body.authenticator_key, /^[A-Z2-7]+$/);
  });

  test('an account with no second factor turns one on without the password at any time', async () => {
    const email = `recent.none.${Date.now()}@example.com`;
    const staff = await staffToken();
    const u = await app.call('POST', '/auth/api/data/users/', {
      token: staff,
      body: { email, display_name: 'Nora None', status: 'active', permissions: [], is_employee: false },
    });
    assert.equal(u.status, 201, u.text);
    await app.call('POST', '/auth/api/set_user_password', {
      token: staff,
      body: { user_id: u.body.key, password: PASSWORD, password2: PASSWORD },
    });
    const login = await app.call('POST', '/auth/api/login', { body: { userid: email, key: PASSWORD } });
    app.advance(60 * 60);
    const on = await app.call('POST', '/auth/api/set_2fa_options', {
      token: login.body.token,
      body: { '2fa_method': 'authenticator' },
    });
    assert.equal(on.status, 200, on.text);
  });
});

describe("a user manager's own second factor", () => {
  test('reset_2fa_key on their own account asks for the password later on, as set_2fa_options does', async () => {
    const a = await accountWithCodes();
    // The account manages users (its own among them) from here on.
    const key = a.key;
    const staff = await staffToken();
    const granted = await app.call('PATCH', `/auth/api/data/users/${key}`, {
      token: staff,
      body: { permissions: ['AUTH:CanManageUsers'] },
    });
    assert.equal(granted.status, 200, granted.text);
    app.advance(11 * 60);
    const reset = await app.call('POST', '/auth/api/reset_2fa_key', { token: a.token, body: { user_id: key } });
    assert.equal(reset.status, 400, reset.text);
    assert.equal(reset.body.errors?.[0]?.path, '/current_password');
    assert.equal(await methodOf(a.token), 'email', 'still on');
    const proved = await app.call('POST', '/auth/api/reset_2fa_key', {
      token: a.token,
      body: { user_id: key, current_password: PASSWORD },
    });
    assert.equal(proved.status, 200, proved.text);
    assert.equal(await methodOf(a.token), 'none');
  });
});
