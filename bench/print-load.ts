/**
 * Printable forms under load (`npm run bench -- --print-load-only`, and part of a full run): one
 * employee of the demo company (Carla, every form done) asks for her own I-9, then her W-4, from 20
 * clients at once, while the payroll manager reads an employee by key every 20 ms (bench/load.ts
 * startProbe, its own socket, in a worker thread). Reported: those reads with no form being drawn
 * and while the forms are, and the forms drawn a second. What it checks: a company's forms take
 * turns and are drawn off the event loop (docs/input-limits.md, "Printable forms").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runLoad, startProbe, stats, type Req } from './load.ts';
import { startDform, stop } from './procs.ts';

const CLIENTS = 20;
const SECONDS = 8;
const ALONE_SECONDS = 3;
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: n < 10 ? 2 : 1 });

async function signIn(url: string, org: string, userid: string, key: string) {
  const res = await fetch(url + '/auth/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'organization-id': org },
    body: JSON.stringify({ userid, key }),
  });
  const body = (await res.json()) as { token?: string; session?: { user: { key: string } } };
  if (!body.token || !body.session) throw new Error(`print load: sign-in of ${userid}: ${res.status}`);
  return { headers: { 'organization-id': org, auth_token: body.token }, user: body.session.user.key };
}

export async function measurePrintLoad(log: (msg: string) => void = () => {}): Promise<{ lines: string[] }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-bench-print-'));
  const server = await startDform(path.join(dir, 'data'), { demo: true });
  try {
    const resolved = await fetch(`${server.url}/auth/api/resolve_org?hostname=acmedemo.localhost`);
    const org = ((await resolved.json()) as { organization_id: string }).organization_id;
    const carla = await signIn(server.url, org, 'carla@acme.example', 'demo-complete-pass');
    const payroll = await signIn(server.url, org, 'payroll@acme.example', 'demo-payroll-pass');
    const reading = { paths: [`/payroll/api/data/employee/${carla.user}`], headers: payroll.headers };
    const rows: string[] = [];
    for (const form of ['i9', 'w4']) {
      log(`print load: ${form}`);
      const next = (): Req => ({ method: 'GET', path: `/payroll/api/forms/${form}/${carla.user}` });
      const base = { url: server.url, headers: carla.headers, next };
      // The first form starts the drawing worker and loads pdfmake: not part of the load.
      await runLoad({ ...base, connections: 1, amount: 3, seconds: 30 });
      const aloneProbe = startProbe(server.url, 20, reading);
      await aloneProbe.ready;
      await new Promise((r) => setTimeout(r, ALONE_SECONDS * 1000));
      const alone = stats(await aloneProbe.stop(), ALONE_SECONDS);
      const duringProbe = startProbe(server.url, 20, reading);
      await duringProbe.ready;
      const drawn = await runLoad({ ...base, connections: CLIENTS, amount: 1e6, seconds: SECONDS });
      const during = stats(await duringProbe.stop(), SECONDS);
      if (drawn.errors > 0)
        throw new Error(`print load: ${drawn.errors} of ${drawn.count} failed: ${drawn.firstError}`);
      rows.push(
        `| ${form} | ${fmt(alone.p50)} / ${fmt(alone.p99)} / ${fmt(alone.max)} | ` +
          `${fmt(during.p50)} / ${fmt(during.p99)} / ${fmt(during.max)} | ${fmt(drawn.rps)} | ${fmt(drawn.p50)} |`,
      );
    }
    return {
      lines: [
        '## Printable forms under load',
        '',
        `One employee's own form asked for by ${CLIENTS} clients at once for ${SECONDS} s (the demo company, ` +
          'embedded store), while the payroll manager reads an employee by key every 20 ms (ms):',
        '',
        '| form | reads, no form drawn: p50 / p99 / max | reads meanwhile: p50 / p99 / max | forms a second | form p50 |',
        '| --- | --- | --- | --- | --- |',
        ...rows,
      ],
    };
  } finally {
    await stop(server);
    await rm(dir, { recursive: true, force: true });
  }
}
