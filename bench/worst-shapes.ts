/**
 * How long one request can hold the server's event loop: the worst bodies each schema allows and
 * just past its limits (tests/helpers/worst-shapes.ts), sent one after another as the employee, the
 * payroll manager and the company admin of the demo company. Two measures:
 *
 * - the CPU time of the server's main thread (the event loop's thread, /proc/<pid>/task/<pid>/schedstat,
 *   in ns) spent between sending a request and its answer: an upper bound of the longest hold that
 *   request caused, which a busy machine does not inflate (waiting for a CPU is not counted);
 * - a worker thread asking GET /healthz every 10 ms (bench/load.ts startProbe): a request that holds
 *   the loop for X ms delays the probe arriving meanwhile by up to X ms. This outside view also
 *   carries the machine's own stalls, which the same probe against an idle server shows.
 *
 * Target: no request takes 50 ms of the main thread. tests/hardening/worst-shapes.test.ts checks
 * the answers. Run by `npm run bench` after the servers' phases; alone:
 * `npm run bench -- --worst-shapes-only`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { worstShapes, type Schema, type Shape } from '../tests/helpers/worst-shapes.ts';
import { startProbe, stats } from './load.ts';
import { ROOT, startBareHono, startDform, stop } from './procs.ts';

const STAFF = { userid: 'bench-admin@example.com', key: 'bench-admin-password-123' };
const ROLES = [
  { name: 'employee', userid: 'emma@acme.example', key: 'demo-employee-pass' },
  { name: 'payroll manager', userid: 'payroll@acme.example', key: 'demo-payroll-pass' },
  { name: 'company admin', userid: 'admin@acme.example', key: 'demo-admin-pass' },
];
export const HOLD_TARGET_MS = 50;

/** CPU time of a process's main thread so far, in ms (NaN where /proc does not tell). */
function mainThreadCpuMs(pid: number): number {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
}

interface Answer {
  status: number;
  text: string;
}

function post(agent: http.Agent, url: string, p: string, headers: Record<string, string>, body: string) {
  const u = new URL(url);
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: u.hostname,
        port: u.port,
        method: 'POST',
        path: p,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    // The server may close the socket before reading all of a body over 1 MiB (413).
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EPIPE' || e.code === 'ECONNRESET' ? resolve({ status: 413, text: '' }) : reject(e),
    );
    req.end(body);
  });
}

async function call(url: string, method: string, p: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(url + p, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export interface WorstShapesResult {
  requests: number;
  statuses: Record<string, number>;
  probe: ReturnType<typeof stats>;
  control: ReturnType<typeof stats>;
  /** The requests that took the most main-thread CPU: ms of CPU, ms round trip. */
  slowest: { cpu: number; ms: number; label: string }[];
  lines: string[];
  pass: boolean;
}

export async function measureWorstShapes(log: (msg: string) => void = () => {}): Promise<WorstShapesResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-bench-shapes-'));
  const emptyDb = path.join(dir, 'empty.json');
  await writeFile(emptyDb, '{"employees":[]}');
  const server = await startDform(path.join(dir, 'data'), { demo: true });
  const control = await startBareHono(emptyDb);
  try {
    const root = (await call(server.url, 'GET', '/auth/api/resolve_org?hostname=localhost', {})).body.organization_id;
    const login = async (org: string, who: { userid: string; key: string }) => {
      const r = await call(server.url, 'POST', '/auth/api/login', { 'organization-id': org }, who);
      if (r.status !== 200) throw new Error(`worst shapes: sign-in of ${who.userid}: ${r.status}`);
      return { headers: { 'organization-id': org, auth_token: r.body.token as string }, user: r.body.session.user.key };
    };
    const staff = await login(root, STAFF);
    const found = await call(server.url, 'POST', '/auth/api/data/find/organizations', staff.headers, {
      criteria: [{ field: 'hostname', is: 'like', value: 'acmedemo' }],
    });
    const acme = found.body.items?.[0]?.key as string | undefined;
    if (!acme) throw new Error('worst shapes: no demo company');
    const sessions = await Promise.all(ROLES.map(async (r) => ({ ...r, ...(await login(acme, r)) })));
    const emma = sessions[0].user;

    log('worst shapes: schemas');
    const types: { module: string; type: string; keyedByUser: boolean; my: boolean; shapes: Shape[] }[] = [];
    for (const module of ['auth', 'payroll', 'hr', 'time', 'comms', 'storage']) {
      for (const f of readdirSync(path.join(ROOT, 'schemas', module)).sort()) {
        const file = JSON.parse(readFileSync(path.join(ROOT, 'schemas', module, f), 'utf8'));
        const type = f.slice(0, -5);
        // The bundled schema as the product-staff admin sees it: every field.
        const meta = await call(server.url, 'GET', `/${module}/api/data/meta/${type}`, staff.headers);
        if (meta.status !== 200) throw new Error(`worst shapes: meta of ${module}/${type}: ${meta.status}`);
        types.push({
          module,
          type,
          keyedByUser: file['x-key'] === 'user',
          my: file['x-my'] === true,
          shapes: worstShapes(meta.body.schema as Schema),
        });
      }
    }

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // A type's validator is compiled on its first write, once per process (server/schemas.ts): that
    // is start-up, not the cost of a request's shape, so every route is written once before probing.
    const routeOf = (t: (typeof types)[number], role: (typeof sessions)[number]) =>
      !t.keyedByUser
        ? `/${t.module}/api/data/${t.type}/`
        : `/${t.module}/api/data/${role.name === 'employee' && t.my ? 'my_' : ''}${t.type}/${emma}`;
    for (const role of sessions)
      for (const t of types) await post(agent, server.url, routeOf(t, role), role.headers, '{}');
    const probe = startProbe(server.url);
    const controlProbe = startProbe(control.url);
    await Promise.all([probe.ready, controlProbe.ready]);
    const latencies: { cpu: number; ms: number; label: string }[] = [];
    const statuses: Record<string, number> = {};
    for (const role of sessions) {
      log(`worst shapes: as the ${role.name}`);
      for (const t of types) {
        // A create; a user-keyed record is saved: the employee's own (through my_ where it exists), else hers.
        const p = routeOf(t, role);
        for (const shape of t.shapes) {
          const cpu0 = mainThreadCpuMs(server.pid);
          const t0 = performance.now();
          const r = await post(agent, server.url, p, role.headers, shape.body);
          latencies.push({
            cpu: mainThreadCpuMs(server.pid) - cpu0,
            ms: performance.now() - t0,
            label: `${role.name} ${t.module}/${t.type} ${shape.label}`,
          });
          statuses[r.status] = (statuses[r.status] ?? 0) + 1;
        }
      }
    }
    const probeStats = stats(await probe.stop(), 1);
    const controlStats = stats(await controlProbe.stop(), 1);
    agent.destroy();
    const byCpu = [...latencies].sort((a, b) => b.cpu - a.cpu || b.ms - a.ms);
    const slowest = byCpu.slice(0, 5);
    const cpuMax = byCpu[0]?.cpu ?? NaN;
    // Without /proc, the probe is the only measure.
    const pass = Number.isFinite(cpuMax) ? cpuMax < HOLD_TARGET_MS : probeStats.max < HOLD_TARGET_MS;
    const f = (v: number) => v.toFixed(1);
    const cpu = stats(
      latencies.map((l) => l.cpu),
      1,
    );
    const lines = [
      '## Worst request shapes: event-loop hold',
      '',
      `${latencies.length} requests (${Object.entries(statuses)
        .map(([st, n]) => `${n}× ${st}`)
        .join(', ')}): the worst bodies of ${types.length} types (bench/worst-shapes.ts), one at a time as the ` +
        `employee, the payroll manager and the company admin, after one write of each route.`,
      '',
      `Server main-thread CPU per request: max ${f(cpu.max)} ms, p99 ${f(cpu.p99)}, p50 ${f(cpu.p50)}. ` +
        `Target: no request holds the loop for ${HOLD_TARGET_MS} ms or more: ${pass ? 'PASS' : 'FAIL'}.`,
      '',
      `GET /healthz every 10 ms meanwhile: slowest ${f(probeStats.max)} ms (p99 ${f(probeStats.p99)}, ` +
        `p50 ${f(probeStats.p50)}, ${probeStats.count} probes); the same probe on an idle server: ` +
        `max ${f(controlStats.max)}, p99 ${f(controlStats.p99)} ms (the machine's own stalls).`,
      '',
      'The requests that took the most main-thread CPU (CPU ms, round trip ms):',
      '',
      ...slowest.map((l) => `- ${f(l.cpu)}, ${f(l.ms)}: ${l.label}`),
    ];
    return { requests: latencies.length, statuses, probe: probeStats, control: controlStats, slowest, lines, pass };
  } finally {
    await stop(server);
    await stop(control);
    await rm(dir, { recursive: true, force: true });
  }
}
