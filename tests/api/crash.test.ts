/**
 * kill -9 at a random moment under a 20-client write load: after each restart every acknowledged
 * write is there with its version, every record has exactly the audit entries of its versions (a
 * commit is whole or absent), and the server serves again quickly. DFORM_SOAK=1 runs 100 rounds.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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
  let tornLines = 0;
  let server: TestServer | undefined;
  try {
    server = await startServer({ dataDir });
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
      const ackedBefore = acked.size;
      const workers = Array.from({ length: CLIENTS }, (_, i) => worker(i));
      // The kill lands while writes are flowing: after the round's first acknowledgement (a busy
      // machine can take seconds to get there), then at a random moment 150-500 ms later.
      for (let waited = 0; acked.size === ackedBefore && waited < 15_000; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 350));
      await server.stop({ keepData: true, signal: 'SIGKILL' });
      stop = true;
      await Promise.all(workers);
      tornLines += await checkFilesParse(path.join(dataDir, 'db'));
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
    const sorted = [...restartTimes].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)];
    const slowest = sorted[sorted.length - 1];
    // Every restart must serve within the 2 s on an idle 2-core machine; when other work
    // shares the cores the bound grows with the run queue per core, so a busy neighbour does not
    // fail the suite while a slow recovery still does.
    const load = os.loadavg()[0];
    const busy = Math.max(1, load / os.cpus().length);
    console.log(
      `crash: ${ROUNDS} rounds, ${acked.size} acknowledged records, ${tornLines} torn last journal lines, ` +
        `restart to serving ms p50 ${median} max ${slowest}, load average ${load.toFixed(1)}`,
    );
    assert.ok(slowest <= 2000 * busy, `slowest restart ${slowest} ms (bound ${Math.round(2000 * busy)} ms)`);
    await server.stop({ keepData: true });
  } finally {
    // A failed assertion must not leave the server running (it would keep the test process alive).
    if (server && server.proc.exitCode === null) await server.stop({ keepData: true, signal: 'SIGKILL' });
    await rm(dataDir, { recursive: true, force: true });
  }
});

/**
 * What a kill -9 left on disk: every snapshot file parses whole (they are only ever renamed into
 * place), and every journal line but a torn last one parses. Answers 1 when the last line was torn.
 */
async function checkFilesParse(db: string): Promise<number> {
  const collections = path.join(db, 'collections');
  for (const f of (await readdir(collections).catch(() => [])).filter((n) => n.endsWith('.json'))) {
    const text = await readFile(path.join(collections, f), 'utf8');
    assert.doesNotThrow(() => JSON.parse(text), `${f} parses after kill -9`);
  }
  const journal = await readFile(path.join(db, 'journal.jsonl'), 'utf8').catch(() => '');
  const lines = journal.split('\n');
  const last = lines.pop() ?? '';
  lines.forEach((line, i) => assert.doesNotThrow(() => JSON.parse(line), `journal line ${i + 1} parses`));
  if (!last) return 0;
  try {
    JSON.parse(last);
    return 0;
  } catch {
    return 1;
  }
}
