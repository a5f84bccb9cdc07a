/**
 * A stop (SIGTERM, as a rolling deploy sends) answers every request it has accepted before it
 * closes the store: a create whose body is still arriving when the signal comes is stored and
 * answered 201, new connections are refused meanwhile, and the process then exits 0. Before, the
 * store closed under it: requests in flight were reset, or answered 500 on PostgreSQL.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import http from 'node:http';
import { rm } from 'node:fs/promises';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, startServer } from '../helpers/server.ts';

test('SIGTERM answers the request in flight, refuses new ones, then exits 0; what it stored is there', async () => {
  const server = await startServer();
  const { dataDir } = server;
  try {
    const call = client(server.url);
    const org = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
    const login = await call('POST', '/auth/api/login', { org, body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
    assert.equal(login.status, 200, login.text);
    const body = JSON.stringify({ name: 'Drained', description: 'made across a stop', permissions: [], users: [] });
    const exited = new Promise<number | null>((resolve) => server.proc.once('exit', (code) => resolve(code)));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/auth/api/data/groups/`, {
        method: 'POST',
        headers: { 'organization-id': org, auth_token: login.body.token, 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, 20));
      // The signal comes while the body is still arriving.
      setTimeout(() => {
        server.proc.kill('SIGTERM');
        setTimeout(async () => {
          const fresh = await fetch(`${server.url}/healthz`).then(
            () => 'answered',
            () => 'refused',
          );
          assert.equal(fresh, 'refused', 'a stopping server takes no new connection');
          req.end(body.slice(20));
        }, 400);
      }, 100);
    });
    const { status, text } = await answer;
    assert.equal(status, 201, text);
    assert.equal(await exited, 0);
    const again = await startServer({ dataDir });
    try {
      const relog = await client(again.url)('POST', '/auth/api/login', {
        org,
        body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
      });
      const found = await client(again.url)('POST', '/auth/api/data/find/groups', {
        org,
        token: relog.body.token,
        body: { criteria: [{ field: 'name', is: '=', value: 'Drained' }], limit: 5 },
      });
      assert.equal(found.body.items.length, 1, found.text);
    } finally {
      await again.stop({ keepData: true });
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
