/**
 * `node --import tsx bench/pipeline.ts [--sizes=100,10000]`: the manager's onboarding pipeline
 * (GET /payroll/api/onboarding_pipeline) over a demo company grown to N hires, in process (the app
 * over a JournalStore in a temporary folder, called through `app.request`): the time per call, so
 * that it can be seen not to grow with the company.
 *
 * Each hire added has an account, a finished I-9 (both sections signed) and a W-4 whose exemption
 * is far off, as most of a company's people have once onboarded; the first OPEN are still in
 * progress (status started, Section 2 waiting), the same few at every size, as the work of the
 * month is: the pipeline's cost should follow that work, not the company's size. Written
 * straight to the store in batches (no hooks, no invitations): what is measured is the read.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createApp } from '../server/app.ts';
import { bootstrap } from '../server/bootstrap.ts';
import { seedDemo } from '../server/demo.ts';
import type { StoredRecord, WriteOp } from '../server/storage/types.ts';
import { testServices, inProcessCaller } from '../tests/helpers/in-process.ts';

const sizes = (process.argv.find((a) => a.startsWith('--sizes='))?.slice('--sizes='.length) ?? '100,10000')
  .split(',')
  .map(Number);
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const DAY = 86_400;
const OPEN = 10;

function hireOps(org: string, now: number, from: number, to: number): WriteOp[] {
  const ops: WriteOp[] = [];
  const meta = { version: 1, created_time: now, updated_time: now, created_by: 'bench', updated_by: 'bench' };
  const put = (collection: string, key: string, data: Record<string, unknown>) =>
    ops.push({ op: 'put', record: { collection, org, key, data, meta } as StoredRecord });
  for (let i = from; i < to; i++) {
    const key = randomUUID();
    const open = i < OPEN;
    const email = `hire${i}@grown.example`;
    const hired = now - (open ? 2 : 400 + (i % 300)) * DAY;
    put('auth/users', key, { email, display_name: `Hire ${i}`, status: 'active', is_employee: true, permissions: [] });
    put('payroll/onboarding_user', key, {
      first_name: `Hire${i}`,
      last_name: 'Grown',
      email,
      status: open ? 'started' : 'complete',
      hire_date: hired,
    });
    put('payroll/employee', key, { first_name: `Hire${i}`, last_name: 'Grown', email, hire_date: hired });
    const signature = { name: `Hire ${i}`, font: 'font1', timestamp: hired };
    put('payroll/i9', key, {
      employee_signature: signature,
      ...(open ? { section2_due: now + DAY, next_due: now + DAY } : { employer_signature: signature }),
    });
    put('payroll/w4', key, { filing_status: 'Single', employee_signature: signature });
  }
  return ops;
}

async function measure(n: number): Promise<{ median: number; p90: number; hires: number; awaiting: number }> {
  const { services, storage, dataDir } = await testServices({ prefix: 'dform-bench-pipeline-' });
  try {
    const boot = await bootstrap(services);
    const org = await seedDemo(services, boot.orgId);
    const now = services.now();
    for (let i = 0; i < n; i += 200) await storage.commit(hireOps(org, now, i, Math.min(n, i + 200)));
    const call = inProcessCaller(createApp(services), boot.orgId);
    const login = await call('POST', '/auth/api/login', {
      org,
      body: { userid: 'payroll@acme.example', key: 'demo-payroll-pass' },
    });
    if (login.status !== 200) throw new Error(`bench: login ${login.status} ${login.text}`);
    const ask = () => call('GET', '/payroll/api/onboarding_pipeline', { org, token: login.body.token });
    const first = await ask();
    if (first.status !== 200) throw new Error(`bench: pipeline ${first.status} ${first.text}`);
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      const r = await ask();
      times.push(performance.now() - t0);
      if (r.status !== 200) throw new Error(`bench: pipeline ${r.status}`);
    }
    times.sort((a, b) => a - b);
    const total = first.body.statuses.reduce((s: number, x: { count: number }) => s + x.count, 0);
    return {
      median: times[times.length >> 1],
      p90: times[Math.ceil(times.length * 0.9) - 1],
      hires: total,
      awaiting: first.body.awaiting_employer.length,
    };
  } finally {
    await storage.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

for (const n of sizes) {
  const r = await measure(n);
  console.log(
    `pipeline at ${n} hires added (${r.hires} in all, ${r.awaiting} awaiting the employer): ` +
      `${r.median.toFixed(1)} ms per call (p90 ${r.p90.toFixed(1)} ms, ${CALLS} calls after a first)`,
  );
}
