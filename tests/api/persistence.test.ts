import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, startServer } from '../helpers/server.ts';

async function signedIn(url: string) {
  const call = client(url);
  const org = (await call('GET', '/auth/api/resolve_org')).body.organization_id;
  const login = await call('POST', '/auth/api/login', { org, body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  assert.equal(login.status, 200, login.text);
  return { call, s: { org, token: login.body.token as string } };
}

const group = (name: string) => ({ name, description: 'd', permissions: [], users: [], notes: '' });

describe('durability of the embedded store through the real server', () => {
  test('records survive a clean restart and a kill -9 after acknowledgement', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dform-persist-'));
    try {
      let server = await startServer({ dataDir });
      let { call, s } = await signedIn(server.url);
      const a = await call('POST', '/auth/api/data/groups/', { ...s, body: group('Before restart') });
      assert.equal(a.status, 201, a.text);
      await server.stop({ keepData: true });

      server = await startServer({ dataDir });
      ({ call, s } = await signedIn(server.url));
      assert.equal((await call('GET', `/auth/api/data/groups/${a.body.key}`, s)).body.data.name, 'Before restart');
      const acked: string[] = [];
      await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const r = await call('POST', '/auth/api/data/groups/', { ...s, body: group(`acked ${i}`) });
          if (r.status === 201) acked.push(r.body.key);
        }),
      );
      assert.equal(acked.length, 40);
      await server.stop({ keepData: true, signal: 'SIGKILL' });

      server = await startServer({ dataDir });
      ({ call, s } = await signedIn(server.url));
      for (const key of acked) {
        const r = await call('GET', `/auth/api/data/groups/${key}`, s);
        assert.equal(r.status, 200, `acknowledged group ${key} survived kill -9`);
        assert.equal(r.body.meta.version, 1);
      }
      await server.stop({ keepData: true });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('a second server on the same DATA_DIR refuses to start', async () => {
    const first = await startServer();
    try {
      await assert.rejects(startServer({ dataDir: first.dataDir }), /in use by process/);
      assert.equal((await client(first.url)('GET', '/healthz')).status, 200);
    } finally {
      await first.stop();
    }
  });

  test('a data file that does not parse is reported and left untouched', async () => {
    const server = await startServer();
    const { dataDir } = server;
    await server.stop({ keepData: true });
    const dir = path.join(dataDir, 'db', 'collections');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    assert.ok(files.length > 0, 'the clean stop compacted into snapshot files');
    const victim = path.join(dir, files[0]);
    await writeFile(victim, '{"records": [ {"broken": ');
    await assert.rejects(startServer({ dataDir }), new RegExp(files[0].replace(/[.]/g, '\\.')));
    assert.equal(await readFile(victim, 'utf8'), '{"records": [ {"broken": ');
    await rm(dataDir, { recursive: true, force: true });
  });
});
