/**
 * Whether an answer's time tells a real account from an unknown name (docs/sign-in-throttle.md):
 * the real server (--demo) over loopback, requests one at a time, real and unknown alternating,
 * each request after the previous one's work is done (for a real forgot_password, once its
 * message is in DATA_DIR/outbox.jsonl), so that only the answer itself is timed.
 *
 * - forgot_password: a demo account against names no account has. Target: medians within 10% and
 *   0.5 ms of each other (the work that differs runs after the answer).
 * - login with a wrong password: a demo account against unknown names (the unknown one costs the
 *   same argon2id hash). Target: medians within 25%.
 *
 * The throttle's allowances and the wait between two links to one person are lifted on this server:
 * every request must reach the check and every real account's request sends its message.
 * Run by `npm run bench`; alone: `npm run bench -- --sign-in-only`.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoHostname } from '../server/demo.ts';
import { sleep, startDform, stop } from './procs.ts';

const FORGOT_RUNS = 200;
const LOGIN_RUNS = 40;
const WARMUP = 20;
/** The accounts whose answers are compared with unknown names: the demo's. */
const ACCOUNTS = ['admin@acme.example', 'payroll@acme.example', 'emma@acme.example', 'ivan@acme.example'];

interface Summary {
  median: number;
  p10: number;
  p90: number;
}

function summary(xs: number[]): Summary {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: at(0.5), p10: at(0.1), p90: at(0.9) };
}

export async function measureSignInTiming(
  log: (msg: string) => void,
  opts: { quick?: boolean } = {},
): Promise<{ lines: string[]; pass: boolean }> {
  const forgotRuns = opts.quick ? 60 : FORGOT_RUNS;
  const loginRuns = opts.quick ? 16 : LOGIN_RUNS;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dform-bench-signin-'));
  const lifted = '1000000';
  const p = await startDform(dataDir, {
    demo: true,
    env: {
      DFORM_THROTTLE_ACCOUNT: lifted,
      DFORM_THROTTLE_PAIR: lifted,
      DFORM_THROTTLE_ADDRESS: lifted,
      DFORM_PRODUCT_DOMAIN: '',
      // A real account's link is sent again at once (the product waits a minute between two).
      DFORM_RESEND_SECONDS: '0',
    },
  });
  const outbox = path.join(dataDir, 'outbox.jsonl');
  const mails = async () => (await readFile(outbox, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
  try {
    const root = await (await fetch(`${p.url}/auth/api/resolve_org?hostname=localhost`)).json();
    const acme = await (
      await fetch(`${p.url}/auth/api/resolve_org?hostname=${demoHostname(root.product_domain)}`)
    ).json();
    const org = acme.organization_id as string;
    const post = async (route: string, body: unknown): Promise<{ ms: number; status: number; text: string }> => {
      const t = performance.now();
      const res = await fetch(`${p.url}/auth/api/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'organization-id': org },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      return { ms: performance.now() - t, status: res.status, text };
    };

    log('sign-in timing: forgot_password');
    const forgot = { real: [] as number[], unknown: [] as number[], mail: [] as number[], bodies: new Set<string>() };
    for (let i = 0; i < WARMUP + forgotRuns; i++) {
      for (const kind of i % 2 ? (['unknown', 'real'] as const) : (['real', 'unknown'] as const)) {
        const before = await mails();
        const username = kind === 'real' ? ACCOUNTS[i % ACCOUNTS.length] : `nobody.${i}@acme.example`;
        const t = performance.now();
        const r = await post('forgot_password', { username });
        if (r.status !== 200) throw new Error(`forgot_password answered ${r.status}: ${r.text}`);
        // The work after the answer is done before the next request: a real account's message.
        if (kind === 'real') {
          const until = performance.now() + 5_000;
          while ((await mails()) === before) {
            if (performance.now() > until) throw new Error(`forgot_password: no message to ${username} in 5 s`);
            await sleep(1);
          }
          if (i >= WARMUP) forgot.mail.push(performance.now() - t);
        } else await sleep(5);
        if (i >= WARMUP) forgot[kind].push(r.ms);
        forgot.bodies.add(r.text);
      }
    }

    log('sign-in timing: login with a wrong password');
    const login = { real: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 4 + loginRuns; i++) {
      for (const kind of i % 2 ? (['unknown', 'real'] as const) : (['real', 'unknown'] as const)) {
        const userid = kind === 'real' ? ACCOUNTS[i % ACCOUNTS.length] : `ghost.${i}@acme.example`;
        const r = await post('login', { userid, key: `not-the-password-${i}` });
        if (r.status !== 401) throw new Error(`login answered ${r.status}: ${r.text}`);
        if (i >= 4) login[kind].push(r.ms);
      }
    }

    const f = { real: summary(forgot.real), unknown: summary(forgot.unknown), mail: summary(forgot.mail) };
    const l = { real: summary(login.real), unknown: summary(login.unknown) };
    const forgotGap = Math.abs(f.real.median - f.unknown.median);
    const forgotPass = forgot.bodies.size === 1 && forgotGap <= Math.max(0.5, 0.1 * f.unknown.median);
    const loginRatio = l.unknown.median / l.real.median;
    const loginPass = loginRatio >= 0.8 && loginRatio <= 1.25;
    const ms = (x: number) => x.toFixed(2);
    const row = (what: string, runs: number, s: Summary) =>
      `| ${what} | ${runs} | ${ms(s.median)} | ${ms(s.p10)} | ${ms(s.p90)} |`;
    return {
      pass: forgotPass && loginPass,
      lines: [
        '## Sign-in answers: a real account against an unknown name',
        '',
        'One request at a time over loopback, alternating; each after the previous one’s work was done.',
        '',
        '| answer | runs | median (ms) | p10 (ms) | p90 (ms) |',
        '| --- | ---: | ---: | ---: | ---: |',
        row('forgot_password, real account', forgot.real.length, f.real),
        row('forgot_password, unknown name', forgot.unknown.length, f.unknown),
        row('forgot_password, real account: request to its message in the outbox', forgot.mail.length, f.mail),
        row('login with a wrong password, real account', login.real.length, l.real),
        row('login, unknown name', login.unknown.length, l.unknown),
        '',
        `forgot_password: ${forgot.bodies.size} distinct answer bod${forgot.bodies.size === 1 ? 'y' : 'ies'}; ` +
          `medians ${ms(f.real.median)} vs ${ms(f.unknown.median)} ms (${ms(forgotGap)} ms apart), ` +
          `target within 10% and 0.5 ms: ${forgotPass ? 'PASS' : 'FAIL'}. ` +
          `login: unknown/real median ${loginRatio.toFixed(2)}, target 0.8-1.25: ${loginPass ? 'PASS' : 'FAIL'}.`,
      ],
    };
  } finally {
    await stop(p);
    await rm(dataDir, { recursive: true, force: true });
  }
}
