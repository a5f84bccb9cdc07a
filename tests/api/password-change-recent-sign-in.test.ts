/**
 * change_password as API.md writes it, `{password, password2}`, right after signing in; later, a
 * session token alone (taken from an unlocked computer or a log) must not take the account, so the
 * current password is asked for (OWASP ASVS 5.0 6.2.3), as for a change of the second factor
 * (./two-factor-recent-sign-in.test.ts). A refresh renews the session, not the proof: a refreshed
 * session is as old as its sign-in. A refresh minutes after the sign-in renews the session (it
 * answered 401 when checking the session wrote its last-seen time under the refresh's commit). The app runs in-process on a clock the test moves
 * (tests/helpers/clock-app.ts).
 */
import { afterAll, beforeAll, test } from 'vitest';
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

/** A new account with a password, signed in now: its token and refresh token. */
async function signedIn(): Promise<{ email: string; token: string; refresh_id: string; refresh_token: string }> {
  const staff = await app.call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  assert.equal(staff.status, 200, staff.text);
  const email = `changer.${++n}.${Date.now()}@example.com`;
  const u = await app.call('POST', '/auth/api/data/users/', {
    token: staff.body.token,
    body: { email, display_name: 'Cora Changer', status: 'active', permissions: [], is_employee: false },
  });
  assert.equal(u.status, 201, u.text);
  const p = await app.call('POST', '/auth/api/set_user_password', {
    token: staff.body.token,
    body: { user_id: u.body.key, password: PASSWORD, password2: PASSWORD },
  });
  assert.equal(p.status, 200, p.text);
  const login = await app.call('POST', '/auth/api/login', { body: { userid: email, key: PASSWORD } });
  assert.equal(login.status, 200, login.text);
  return { email, ...login.body };
}

const signsIn = async (email: string, key: string) =>
  (await app.call('POST', '/auth/api/login', { body: { userid: email, key } })).status;

test("right after signing in, API.md's {password, password2} changes the password", async () => {
  const a = await signedIn();
  app.advance(5 * 60);
  const r = await app.call('POST', '/auth/api/change_password', {
    token: a.token,
    body: { password: 'cedar-otter-5', password2: 'cedar-otter-5' },
  });
  assert.equal(r.status, 200, r.text);
  assert.equal(await signsIn(a.email, 'cedar-otter-5'), 200);
  assert.equal(await signsIn(a.email, PASSWORD), 401);
});

test('right after signing in, a current password given is checked all the same', async () => {
  const a = await signedIn();
  const r = await app.call('POST', '/auth/api/change_password', {
    token: a.token,
    body: { current_password: 'not-the-password', password: 'cedar-otter-6', password2: 'cedar-otter-6' },
  });
  assert.equal(r.status, 400, r.text);
  assert.deepEqual(r.body.errors, [{ path: '/current_password', message: 'Current password is incorrect' }]);
  assert.equal(await signsIn(a.email, PASSWORD), 200);
});

test('later, the session alone does not change the password: the current one is asked for', async () => {
  const a = await signedIn();
  app.advance(11 * 60);
  const bare = await app.call('POST', '/auth/api/change_password', {
    token: a.token,
    body: { password: 'cedar-otter-7', password2: 'cedar-otter-7' },
  });
  assert.equal(bare.status, 400, bare.text);
  assert.deepEqual(bare.body.errors, [{ path: '/current_password', message: 'Current password is required' }]);
  assert.equal(await signsIn(a.email, PASSWORD), 200);
  const given = await app.call('POST', '/auth/api/change_password', {
    token: a.token,
    body: { current_password: PASSWORD, password: 'cedar-otter-7', password2: 'cedar-otter-7' },
  });
  assert.equal(given.status, 200, given.text);
});

test('a refreshed session is as old as its sign-in: refreshing does not spare the current password', async () => {
  const a = await signedIn();
  app.advance(6 * 60);
  const renewed = await app.call('POST', '/auth/api/refresh_auth_token', {
    body: { refresh_id: a.refresh_id, refresh_token: a.refresh_token },
  });
  assert.equal(renewed.status, 200, renewed.text);
  // Five minutes after the refresh, eleven after the sign-in.
  app.advance(5 * 60);
  const bare = await app.call('POST', '/auth/api/change_password', {
    token: renewed.body.token,
    body: { password: 'cedar-otter-8', password2: 'cedar-otter-8' },
  });
  assert.equal(bare.status, 400, bare.text);
  assert.deepEqual(bare.body.errors, [{ path: '/current_password', message: 'Current password is required' }]);
});
