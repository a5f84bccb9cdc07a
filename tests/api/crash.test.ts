/**
 * kill -9 at a random moment under a 20-client write load: after each restart every acknowledged
 * write is there with its version, every record has exactly the audit entries of its versions (a
 * commit is whole or absent), and the server serves again quickly. DFORM_SOAK=1 runs 100 rounds.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, startServer, type TestServer } from '../helpers/server.ts';

const ROUNDS = process.env.DFORM_SOAK ? 100 : 10;
const CLIENTS = 20;

async function signIn(server: TestServer) {
  const call = client(server.url);
  const org = (await call('GET', '/auth/api/resolve_org')).body.organization_id;
  const r = await call('POST', '/auth/api/login', { org, body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  return { call, s: { org, token: r.body.token as string } };
}

test(`kill -9 under write load, ${ROUNDS} rounds: no acknowledged write lost, no commit torn`, async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dform-crash-'));
  const acked = new Map<string, number>();
  const restartTimes: number[] = [];
  try {
    let server = await startServer({ dataDir });
    for (let round = 0; round < ROUNDS; round++) {
      const { call, s } = await signIn(server);
      let stop = false;
      const worker = async (id: number) => {
        while (!stop) {
          const created = await call('POST', '/auth/api/data/groups/', {
            ...s,
            body: { name: `r${round}c${id}`, description: 'crash', permissions: [], users: [], notes: '' },
          }).catch(() => undefined);
          if (!created || created.status !== 201) return;
          acked.set(created.body.key, 1);
          const updated = await call('PATCH', `/auth/api/data/groups/${created.body.key}`, {
            ...s,
            body: { notes: 'updated' },
            headers: { 'if-match': '1' },
          }).catch(() => undefined);
          if (!updated || updated.status !== 200) return;
          acked.set(created.body.key, updated.body.meta.version);
        }
      };
      const workers = Array.from({ length: CLIENTS }, (_, i) => worker(i));
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 350));
      await server.stop({ keepData: true, signal: 'SIGKILL' });
      stop = true;
      await Promise.all(workers);
      const started = Date.now();
      server = await startServer({ dataDir });
      restartTimes.push(Date.now() - started);
    }
    const { call, s } = await signIn(server);
    for (const [key, version] of acked) {
      const r = await call('GET', `/auth/api/data/groups/${key}`, s);
      assert.equal(r.status, 200, `acknowledged ${key} is there`);
      assert.ok(r.body.meta.version >= version, `${key} has version ${r.body.meta.version} >= ${version}`);
    }
    const groups = await call('POST', '/auth/api/data/find/groups', { ...s, body: { limit: 500 } });
    const audits: { data: { detail: { key: string; type: string } } }[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await call('POST', '/auth/api/data/find/audit_log', { ...s, body: { limit: 500, offset } });
      audits.push(...page.body.items);
      if (audits.length >= page.body.total) break;
    }
    let total = 0;
    for (let offset = 0; ; offset += 500) {
      const page =
        offset === 0
          ? groups
          : await call('POST', '/auth/api/data/find/groups', { ...s, body: { limit: 500, offset } });
      for (const g of page.body.items) {
        const entries = audits.filter((a) => a.data.detail.key === g.key && a.data.detail.type === 'groups').length;
        assert.equal(entries, g.meta.version, `group ${g.key}: one audit entry per version`);
        total++;
      }
      if (total >= groups.body.total) break;
    }
    assert.ok(acked.size > ROUNDS, `writes were acknowledged (${acked.size})`);
    console.log(
      `crash: ${ROUNDS} rounds, ${acked.size} acknowledged records, restart ms max ${Math.max(...restartTimes)}`,
    );
    await server.stop({ keepData: true });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
