/**
 * A partner account (`cross_site_login_only`, spec/001 sections 3 and 4) signs in only through the
 * cross-site flow: its password does not open a session. An account turned into one while signed in
 * with its password keeps no session from before either, nor renews one with a refresh token: what
 * the sign-in refuses, a session opened earlier does not go on granting.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, employeeAccount, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

describe('an account made a partner account', () => {
  test('loses its password sessions and their renewal; turned back, it signs in with its password again', async () => {
    const body = employeeAccount({ display_name: 'Paula Partner' });
    const made = await w.call('POST', '/auth/api/data/users/', { ...as(w.admin), body });
    assert.equal(made.status, 201, made.text);
    const pw = await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.admin),
      body: { user_id: made.body.key, password: 'paula-pass-1', password2: 'paula-pass-1' },
    });
    assert.equal(pw.status, 200, pw.text);
    const signIn = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: body.email, key: 'paula-pass-1' },
    });
    assert.equal(signIn.status, 200, signIn.text);
    const paula = { org: w.acmeOrg, token: signIn.body.token as string };
    const { refresh_id, refresh_token } = signIn.body;

    const on = await w.call('PATCH', `/auth/api/data/users/${made.body.key}`, {
      ...as(w.admin),
      body: { cross_site_login_only: true },
    });
    assert.equal(on.status, 200, on.text);
    assert.equal((await w.call('GET', '/auth/api/session', paula)).status, 401);
    const renewed = await w.call('POST', '/auth/api/refresh_auth_token', {
      org: w.acmeOrg,
      body: { refresh_id, refresh_token },
    });
    assert.equal(renewed.status, 401, renewed.text);
    const again = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: body.email, key: 'paula-pass-1' },
    });
    assert.equal(again.status, 401, again.text);

    const off = await w.call('PATCH', `/auth/api/data/users/${made.body.key}`, {
      ...as(w.admin),
      body: { cross_site_login_only: false },
    });
    assert.equal(off.status, 200, off.text);
    const back = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: body.email, key: 'paula-pass-1' },
    });
    assert.equal(back.status, 200, back.text);
    assert.equal((await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token: back.body.token })).status, 200);
  });
});
