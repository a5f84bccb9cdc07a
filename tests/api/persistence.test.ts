import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureServerBuilt, SERVER_START, startNodeFlags } from '../../scripts/build-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, ROOT, startServer } from '../helpers/server.ts';

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

  test('a restart right after kill -9 starts, though the killed server is not reaped yet', async () => {
    // As a supervisor restarts it: a shell starts the server and, once it listens, becomes a perl
    // that kills it with SIGKILL and at once replaces itself with a new server; the killed one stays
    // a zombie meanwhile (its parent, now the new server, never waits for it). Not the shell itself:
    // a shell may reap the killed child before its own exec (seen under load: then no zombie).
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dform-restart-'));
    const log = path.join(dataDir, 'first.log');
    await ensureServerBuilt();
    const node = [process.execPath, ...startNodeFlags(), SERVER_START].map((a) => `'${a}'`).join(' ');
    const script = [
      `${node} > '${log}' 2>&1 & pid=$!`,
      `until grep -q 'listening on' '${log}'; do sleep 0.05; done`,
      `echo "first $pid"`,
      `exec perl -e 'kill 9, shift; exec @ARGV or die' "$pid" ${node}`,
    ].join('\n');
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir };
    const env1 = { ...env, DFORM_ADMIN_EMAIL: ADMIN_EMAIL, DFORM_ADMIN_PASSWORD: ADMIN_PASSWORD };
    const sh = spawn('sh', ['-c', script], { cwd: ROOT, env: env1, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    sh.stdout!.on('data', (d) => (out += d));
    sh.stderr!.on('data', (d) => (out += d));
    try {
      let timer: NodeJS.Timeout | undefined;
      const url = await new Promise<string>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no restart in 30 s:\n${out}`)), 30_000);
        sh.stdout!.on('data', () => {
          const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
          if (m) resolve(m[1]);
        });
        sh.on('exit', (code) => reject(new Error(`the restarted server exited with ${code}:\n${out}`)));
      }).finally(() => clearTimeout(timer));
      const first = Number(/first (\d+)/.exec(out)?.[1]);
      assert.match(await readFile(`/proc/${first}/stat`, 'utf8'), /\) Z /, 'the killed server is still a zombie');
      assert.match(out, new RegExp(`stale lock of process ${first}`));
      await signedIn(url);
    } finally {
      sh.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
