/**
 * Which calls need a session (../shared/API.md): every route of the app is walked, so a route added
 * without the signed-in middleware, or an open call put behind it, fails here.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { createApp } from '../../../server/app.ts';
import { bootstrap } from '../../../server/bootstrap.ts';
import { inProcessCaller, testServices } from '../../helpers/in-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../helpers/server.ts';

/** The calls anyone may make (the process's and the store's health among them); the second sign-in step carries its own challenge. */
const OPEN = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /auth/api/resolve_org',
  'POST /auth/api/login',
  'POST /auth/api/forgot_password',
  'POST /auth/api/verify_2fa',
  'POST /auth/api/trigger_2fa',
  'POST /auth/api/refresh_auth_token',
  'POST /auth/api/get_org_name',
]);
const INVALID_TOKEN = { status: 401, message: 'Invalid token specified' };
const KEY = '00000000-0000-4000-8000-000000000001';

async function routesOf() {
  const { services } = await testServices();
  const boot = await bootstrap(services);
  const app = createApp(services);
  const routes = new Map<string, { method: string; path: string }>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    // A type that does not exist and keys of nothing: the session is proved before they are looked at.
    const path = r.path.replace(':type', 'no_such_type').replace(/:[a-z]+/g, KEY);
    routes.set(`${r.method} ${r.path}`, { method: r.method, path });
  }
  const call = inProcessCaller(app, boot.orgId);
  const login = await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  return { call, routes, token: login.body.token as string };
}

describe('the signed-in middleware', () => {
  it('refuses every call outside the open ones without a session, before reading the request', async () => {
    const { call, routes } = await routesOf();
    let checked = 0;
    for (const [name, r] of routes) {
      if (OPEN.has(name)) continue;
      for (const token of [undefined, 'not-a-token']) {
        const res = await call(r.method, r.path, { token, body: r.method === 'GET' ? undefined : 'not an object' });
        assert.deepEqual({ status: res.status, message: res.body?.message }, INVALID_TOKEN, `${name} (${token})`);
      }
      checked++;
    }
    assert.ok(checked >= 40, `only ${checked} signed-in routes found`);
  });

  it('leaves the open calls open', async () => {
    const { call, routes } = await routesOf();
    for (const name of OPEN) {
      const r = routes.get(name);
      assert.ok(r, `${name} is routed`);
      const res = await call(r.method, r.path, {
        body: r.method === 'GET' ? undefined : { challenge: 'x', code: '123456' },
      });
      assert.notDeepEqual({ status: res.status, message: res.body?.message }, INVALID_TOKEN, name);
    }
  });

  it('lets a download link through to the route, which proves its key rather than the session', async () => {
    const { call, token } = await routesOf();
    for (const path of [`/payroll/api/forms/w4/${KEY}`, `/payroll/api/files/i9/${KEY}/document_file`]) {
      // Signed in, with a key of nothing: the key decides (401), not the session (it would be 404).
      const res = await call('GET', `${path}?download=not-a-key`, { token });
      assert.deepEqual({ status: res.status, message: res.body?.message }, INVALID_TOKEN, path);
      assert.equal((await call('GET', path, { token })).status, 404, path);
    }
  });
});
