/**
 * Two server processes on one PostgreSQL database act as one service (API.md "v2 additions"): a
 * record written through one is read through the other, a session opened on one works on the other,
 * a logout on one ends it on both, and kill -9 of one during writes loses no acknowledged write.
 * Uses the run's cluster (npm run test:api:pg) or starts its own.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { freshDatabase, stopOwnCluster, testCluster } from '../helpers/postgres.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, startServer, type TestServer } from '../helpers/server.ts';

const key = () => randomBytes(32).toString('base64');
const group = (name: string) => ({ name, description: 'd', permissions: [], users: [], notes: '' });

after(() => stopOwnCluster());

describe('two processes on one PostgreSQL database', () => {
  test('a record, a session and a logout are the same on both; kill -9 of one loses no acknowledged write', async () => {
    const env = {
      DATABASE_URL: await freshDatabase(await testCluster()),
      // Both processes must hold the same keys (docs/postgresql.md).
      DFORM_DATA_KEY: key(),
      DFORM_TOKEN_KEY: key(),
      DFORM_LOOKUP_KEY: key(),
    };
    const servers: TestServer[] = [];
    try {
      // The first start creates the first organization; the second finds it.
      servers.push(await startServer({ env }));
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
});
