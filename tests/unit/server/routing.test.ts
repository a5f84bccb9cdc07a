/**
 * The app's routes stay within what Hono's RegExpRouter can match: one route it cannot (a static
 * segment beside a parameter, a leading wildcard) silently moves every request to the slower
 * TrieRouter, which cost about a tenth of a read's CPU.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { createApp } from '../../../server/app.ts';
import { webApp } from '../../../server/web.ts';
import { testServices } from '../../helpers/in-process.ts';
import { StorageUnavailableError } from '../../../server/storage/types.ts';

describe('routing', () => {
  it('matches every route with the RegExpRouter', async () => {
    const { services } = await testServices();
    const app = createApp(services, await webApp());
    const res = await app.request('/healthz');
    assert.equal(res.status, 200);
    const router = app.router as unknown as { activeRouter?: { name: string } };
    assert.equal(router.activeRouter?.name, 'RegExpRouter');
  });

  it('still answers meta and find beside read and save', async () => {
    const { services } = await testServices();
    const app = createApp(services);
    const org = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', '/payroll/api/data/meta/employee'],
      ['POST', '/payroll/api/data/find/employee'],
      ['GET', '/payroll/api/data/employee/00000000-0000-4000-8000-000000000001'],
    ] as const) {
      const res = await app.request(path, { method, headers: { 'organization-id': org, auth_token: 'x' } });
      // Routed to a handler (which refuses the token), not to the API's 404.
      assert.equal(res.status, 401, `${method} ${path}`);
    }
  });
});

describe('/readyz', () => {
  it('answers 200 while the store answers, 503 once it does not; /healthz stays 200 (the process takes requests)', async () => {
    const { services, storage } = await testServices();
    const ready = await createApp(services).request('/readyz');
    assert.equal(ready.status, 200);
    assert.deepEqual(await ready.json(), { status: 'ready' });
    // A database out of reach, as PostgreSQL stopped answers every read.
    const unreachable = Object.create(storage, {
      get: { value: async () => Promise.reject(new StorageUnavailableError('connection refused', 'ECONNREFUSED')) },
    });
    const app = createApp({ ...services, storage: unreachable });
    const down = await app.request('/readyz');
    assert.equal(down.status, 503);
    assert.deepEqual(await down.json(), { status: 'unavailable' });
    assert.equal((await app.request('/healthz')).status, 200);
  });
});
