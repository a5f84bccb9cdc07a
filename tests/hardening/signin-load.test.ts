/**
 * Sign-in under load, throttling and single-use keys (issue #8 "Hardening").
 *
 * - 50 sign-ins a second (argon2id each) for 5 s (DFORM_SOAK=1: 20 s) while another loop reads a
 *   record every 20 ms and creates one every 100 ms: every read and create succeeds, and every
 *   sign-in but those a machine too busy to hash them sheds (429 past the hasher's backlog, which
 *   itself is never refused: as many sign-ins at once as it holds all succeed). Their times are
 *   reported as figures (a speed target is the bench's: bench/sign-in-timing.ts). That hashing
 *   waits neither the event loop nor a commit is asserted against a burst of 40 sign-ins, by order:
 *   a read and a create sent into the burst answer long before its last sign-in.
 * - Brute force on one account and password spraying over many accounts from one address answer
 *   429, on a server with the default allowances (5 failures per account and address, 300 per
 *   address; docs/sign-in-throttle.md).
 * - Single-use keys (forgot_password through DATA_DIR/outbox.jsonl, sudo_login) open one session,
 *   even when redeemed ten times at once; misused ones open none. Expiry is shown in-process with a
 *   moved clock (tests/helpers/clock-app.ts), since a real server's clock cannot be moved.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { clockApp } from '../helpers/clock-app.ts';
import { SOAK, createCompany, figure, percentile, pool } from '../helpers/hardening.ts';
import { outboxSize, waitForMail } from '../helpers/outbox.ts';
import { HASHING_BACKLOG } from '../../server/crypto/passwords.ts';

const SUITE = 'signin-load';
const RATE = 50;
const SECONDS = SOAK ? 20 : 5;
const READ_EVERY_MS = 20;

const sleepUntil = (t: number) => new Promise((r) => setTimeout(r, Math.max(0, t - performance.now())));

const ACCOUNTS = [
  ['admin@acme.example', 'demo-admin-pass'],
  ['payroll@acme.example', 'demo-payroll-pass'],
  ['emma@acme.example', 'demo-employee-pass'],
  ['ivan@acme.example', 'demo-inactive-pass'],
] as const;

describe('sign-in load, single-use keys', () => {
  let w: DemoWorld;
  beforeAll(async () => {
    // The per-account and per-pair allowances are lifted on this server: single-use keys are
    // redeemed ten times at once (nine failures each) and misused on purpose. Throttling has its
    // own server below, with the defaults.
    w = await demoWorld({ DFORM_THROTTLE_ACCOUNT: '1000000', DFORM_THROTTLE_PAIR: '1000000' });
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  const load = { reads: [] as number[], writes: [] as number[], idleWrites: [] as number[] };
  // (The write figures are reported, not asserted: see the burst test below for the cause.)

  test(`${RATE} sign-ins a second for ${SECONDS} s: reads every ${READ_EVERY_MS} ms and writes all succeed`, async () => {
    const readPath = `/payroll/api/data/employee/${w.emma.user}`;
    const timed = async (fn: () => Promise<{ status: number }>) => {
      const t = performance.now();
      const r = await fn();
      return { ms: performance.now() - t, status: r.status };
    };
    const read = () => timed(() => w.call('GET', readPath, as(w.payroll)));
    let n = 0;
    const write = () =>
      timed(() =>
        w.call('POST', '/auth/api/data/groups/', {
          ...as(w.admin),
          body: { name: `signin-load ${n++}`, description: '', permissions: [], users: [], notes: '' },
        }),
      );
    // Baselines: the same reads and writes with nothing else going on.
    const idleReads: number[] = [];
    for (let i = 0; i < 50; i++) idleReads.push((await read()).ms);
    for (let i = 0; i < 30; i++) load.idleWrites.push((await write()).ms);

    const signIns: Promise<{ ms: number; status: number }>[] = [];
    const reads: Promise<{ ms: number; status: number }>[] = [];
    const writes: Promise<{ ms: number; status: number }>[] = [];
    // The client's own event-loop delay, to tell the server's latency from this process's.
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    const every = async (ms: number, out: Promise<{ ms: number; status: number }>[], fn: typeof read) => {
      for (let i = 0; t0 + i * ms < end; i++) {
        await sleepUntil(t0 + i * ms);
        out.push(fn());
      }
    };
    const readLoop = every(READ_EVERY_MS, reads, read);
    // A create every 100 ms too: a write's commit waits for the disk, through the same thread pool.
    const writeLoop = every(100, writes, write);
    for (let i = 0; i < RATE * SECONDS; i++) {
      await sleepUntil(t0 + (i * 1000) / RATE);
      const [userid, key] = ACCOUNTS[i % ACCOUNTS.length];
      signIns.push(timed(() => w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid, key } })));
    }
    const issued = (performance.now() - t0) / 1000;
    await Promise.all([readLoop, writeLoop]);
    const s = await Promise.all(signIns);
    const r = await Promise.all(reads);
    const wr = await Promise.all(writes);
    const drained = (performance.now() - t0) / 1000;
    lag.disable();
    load.reads = r.map((x) => x.ms);
    load.writes = wr.map((x) => x.ms);
    figure(SUITE, 'sign-ins', s.length);
    figure(SUITE, 'sign-in rate offered', s.length / issued, '/s');
    figure(SUITE, 'sign-in rate completed (last answer)', s.length / drained, '/s');
    figure(
      SUITE,
      'sign-in p50',
      percentile(
        s.map((x) => x.ms),
        50,
      ),
      'ms',
    );
    figure(
      SUITE,
      'sign-in p99',
      percentile(
        s.map((x) => x.ms),
        99,
      ),
      'ms',
    );
    figure(SUITE, 'reads during the load', r.length);
    figure(SUITE, 'read p50 idle', percentile(idleReads, 50), 'ms');
    figure(SUITE, 'read p99 idle', percentile(idleReads, 99), 'ms');
    figure(SUITE, 'read p50 under sign-in load', percentile(load.reads, 50), 'ms');
    figure(SUITE, 'read p99 under sign-in load', percentile(load.reads, 99), 'ms');
    figure(SUITE, 'read max under sign-in load', Math.max(...load.reads), 'ms');
    figure(SUITE, 'write p50 idle', percentile(load.idleWrites, 50), 'ms');
    figure(SUITE, 'write p99 idle', percentile(load.idleWrites, 99), 'ms');
    figure(SUITE, 'write p50 under sign-in load', percentile(load.writes, 50), 'ms');
    figure(SUITE, 'write p99 under sign-in load', percentile(load.writes, 99), 'ms');
    // A machine too busy to hash 50 a second sheds what the hasher cannot hold (429, Too many
    // attempts: server/crypto/passwords.ts) rather than queue without end; nothing else fails.
    // That what it holds is never refused is the test below, by count, not by time.
    const refused = s.filter((x) => x.status !== 200);
    figure(SUITE, 'sign-ins shed with the hasher full (429)', refused.length);
    assert.deepEqual(
      [...new Set(refused.map((x) => x.status))].filter((x) => x !== 429),
      [],
      'sign-ins answer 200 or 429',
    );
    assert.deepEqual([...new Set(r.map((x) => x.status))], [200], 'every read succeeded');
    assert.deepEqual([...new Set(wr.map((x) => x.status))], [201], 'every write succeeded');
    figure(SUITE, 'test client event-loop delay p99', lag.percentile(99) / 1e6, 'ms');
    figure(SUITE, 'machine load average (1 min) after the run', os.loadavg()[0]);
  });

  test('as many sign-ins at once as the hasher holds all succeed, however long they take', async () => {
    const all = await Promise.all(
      Array.from({ length: HASHING_BACKLOG }, (_, i) =>
        w.call('POST', '/auth/api/login', {
          org: w.acmeOrg,
          body: { userid: ACCOUNTS[i % 4][0], key: ACCOUNTS[i % 4][1] },
        }),
      ),
    );
    assert.deepEqual(
      all.map((r) => r.status),
      all.map(() => 200),
    );
  });

  test('a read and a write during a burst of 40 sign-ins do not wait for the hashing', async () => {
    // The mechanism behind the write figures above, made deterministic: 40 sign-ins at once queue
    // 40 argon2 jobs; a create sent 30 ms later needs the disk (fsync) through the same thread pool.
    const results: { write: number; read: number; idle: number; burst: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const t = performance.now();
      await w.call('POST', '/auth/api/data/groups/', {
        ...as(w.admin),
        body: { name: `burst idle ${round}`, description: '', permissions: [], users: [], notes: '' },
      });
      const idle = performance.now() - t;
      const t0 = performance.now();
      const burst = Array.from({ length: 40 }, (_, i) =>
        w.call('POST', '/auth/api/login', {
          org: w.acmeOrg,
          body: { userid: ACCOUNTS[i % 4][0], key: ACCOUNTS[i % 4][1] },
        }),
      );
      await new Promise((r) => setTimeout(r, 30));
      const t1 = performance.now();
      const write = w
        .call('POST', '/auth/api/data/groups/', {
          ...as(w.admin),
          body: { name: `burst ${round}`, description: '', permissions: [], users: [], notes: '' },
        })
        .then((r) => (assert.equal(r.status, 201), performance.now() - t1));
      const read = w
        .call('GET', `/payroll/api/data/employee/${w.emma.user}`, as(w.payroll))
        .then((r) => (assert.equal(r.status, 200), performance.now() - t1));
      const answered = { write: await write, read: await read };
      await Promise.all(burst);
      results.push({ ...answered, idle, burst: performance.now() - t0 });
    }
    const median = (xs: number[]) => percentile(xs, 50);
    const write = median(results.map((r) => r.write));
    const read = median(results.map((r) => r.read));
    figure(SUITE, 'create alone', median(results.map((r) => r.idle)), 'ms');
    figure(SUITE, 'create during a burst of 40 sign-ins (median of 3)', write, 'ms');
    figure(SUITE, 'read during a burst of 40 sign-ins (median of 3)', read, 'ms');
    // Regression (found by this suite, fixed): argon2 (@node-rs/argon2) runs as libuv thread-pool work (4 threads, one FIFO queue),
    // the same queue as the journal's write and fsync. A commit issued behind N queued hashes waits for
    // all of them: here a create answers in ~4 ms alone and in hundreds of ms during the burst (a plain
    // fsync in a process with 40 hashes queued: 0.4 ms -> 200-360 ms; a larger UV_THREADPOOL_SIZE does
    // not help, the queue is FIFO). Under the 50/s load above on a busy machine, writes reached p99 2-4 s.
    // A bound on concurrent hashes (fewer than the pool's threads) or hashing in worker threads would fix it.
    // Measured against the burst itself, so that a loaded machine slowing both does not decide it: a
    // commit queued behind the hashes answers with the last of them, one beside them long before.
    const burst = median(results.map((r) => r.burst));
    figure(SUITE, 'the burst of 40 sign-ins, until the last answer (median of 3)', burst, 'ms');
    assert.ok(
      write < burst / 4,
      `create took ${write.toFixed(0)} ms during a burst that took ${burst.toFixed(0)} ms: it waited for the hashing`,
    );
    // Hashing on the event loop would answer a read only after the hashes queued before it.
    assert.ok(
      read < burst / 4,
      `read took ${read.toFixed(0)} ms during a burst that took ${burst.toFixed(0)} ms: it waited for the hashing`,
    );
  });

  /** The key of the link forgot_password sends, after its answer. */
  const forgot = async (username: string) => {
    const since = await outboxSize(w.server.dataDir);
    const r = await w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username } });
    assert.equal(r.status, 200);
    const mail = await waitForMail(w.server.dataDir, (m) => m.to === username, { since });
    const link = new URLSearchParams(mail.text.match(/auto-login\?(\S+)/)![1]);
    return { userid: link.get('userid')!, key: link.get('key')!, type: 'forgot_password' };
  };

  test('a forgot_password key opens one session, even when redeemed ten times at once, and never again', async () => {
    const body = await forgot('emma@acme.example');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => w.call('POST', '/auth/api/login', { org: w.acmeOrg, body })),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, ...Array(9).fill(401)], statuses.join(','));
    const winner = answers.find((a) => a.status === 200)!;
    assert.equal(winner.body.session.user.email, 'emma@acme.example');
    for (const a of answers.filter((x) => x.status === 401))
      assert.deepEqual(a.body, { message: 'Invalid credentials' });
    for (let i = 0; i < 3; i++) {
      assert.equal((await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body })).status, 401, 'replayed');
    }
    figure(
      SUITE,
      'forgot_password key redeemed 10x at once: sessions opened',
      statuses.filter((x) => x === 200).length,
    );
  });

  test('a misused forgot_password key opens nothing: tampered, another user, another type or company, as a password', async () => {
    const body = await forgot('payroll@acme.example');
    const [id, secret] = body.key.split('.');
    const flipped = secret[0] === 'A' ? 'B' + secret.slice(1) : 'A' + secret.slice(1);
    const ivan = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: 'ivan@acme.example', key: 'demo-inactive-pass' },
    });
    const attempts: [string, string, Record<string, string>][] = [
      ['tampered secret', w.acmeOrg, { ...body, key: `${id}.${flipped}` }],
      ['secret only', w.acmeOrg, { ...body, key: secret }],
      ['record key only', w.acmeOrg, { ...body, key: `${id}.` }],
      ['another user', w.acmeOrg, { ...body, userid: ivan.body.session.user.key }],
      ['as a sudo_login key', w.acmeOrg, { ...body, type: 'sudo_login' }],
      ['as a password', w.acmeOrg, { ...body, type: 'password' }],
      ['in the parent company', w.rootOrg, body],
    ];
    for (const [what, org, b] of attempts) {
      const r = await w.call('POST', '/auth/api/login', { org, body: b });
      assert.equal(r.status, 401, `${what}: ${r.text}`);
      assert.deepEqual(r.body, { message: 'Invalid credentials' }, what);
    }
  });

  test('a sudo_login key opens one session, even when redeemed ten times at once', async () => {
    const sudo = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.acmeOrg}`, {
      ...as(w.staff),
      body: { organization_id: w.acmeOrg },
    });
    assert.equal(sudo.status, 200, sudo.text);
    const body = { userid: sudo.body.identifier, key: sudo.body.single_use_key, type: 'sudo_login' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => w.call('POST', '/auth/api/login', { org: w.acmeOrg, body })),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.deepEqual(statuses, [200, ...Array(9).fill(401)], statuses.join(','));
    assert.equal((await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body })).status, 401);
    assert.equal(
      (await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { ...body, type: 'forgot_password' } })).status,
      401,
    );
  });
});

describe('single-use keys expire (in-process, with a moved clock)', () => {
  test('a forgot_password key works within the hour and not after it', async () => {
    const app = await clockApp();
    try {
      const key = async () => {
        const since = app.outbox.length;
        assert.equal(
          (await app.call('POST', '/auth/api/forgot_password', { body: { username: ADMIN_EMAIL } })).status,
          200,
        );
        // Sent after the answer.
        while (app.outbox.length === since) await new Promise((r) => setTimeout(r, 5));
        const link = new URLSearchParams(app.outbox[app.outbox.length - 1].text.match(/auto-login\?(\S+)/)![1]);
        return { userid: link.get('userid'), key: link.get('key'), type: 'forgot_password' };
      };
      // One link a person per DFORM_RESEND_SECONDS (60): the second is asked a minute later.
      const first = await key();
      app.advance(61);
      const second = await key();
      app.advance(3538);
      assert.equal((await app.call('POST', '/auth/api/login', { body: first })).status, 200, 'the first at 59:59');
      app.advance(63);
      const r = await app.call('POST', '/auth/api/login', { body: second });
      assert.equal(r.status, 401, 'the second at 60:01');
      assert.deepEqual(r.body, { message: 'Invalid credentials' });
    } finally {
      await app.close();
    }
  });

  test('a sudo_login key works for two minutes and not after', async () => {
    const app = await clockApp();
    try {
      const login = await app.call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
      const staff = {
        org: app.rootOrg,
        token: login.body.token as string,
        user: login.body.session.user.key as string,
      };
      const company = await createCompany(
        { call: (m, p, o) => app.call(m, p, o) as never, rootOrg: app.rootOrg, staff },
        'Clock Co',
        'clock.dform.app',
      );
      const sudoKey = async () => {
        const r = await app.call('POST', `/auth/api/sudo_login?organization_id=${company}`, {
          token: staff.token,
          body: { organization_id: company },
        });
        assert.equal(r.status, 200, r.text);
        return { userid: r.body.identifier, key: r.body.single_use_key, type: 'sudo_login' };
      };
      const late = await sudoKey();
      const early = await sudoKey();
      app.advance(119);
      assert.equal((await app.call('POST', '/auth/api/login', { org: company, body: early })).status, 200, 'at 1:59');
      app.advance(2);
      assert.equal((await app.call('POST', '/auth/api/login', { org: company, body: late })).status, 401, 'at 2:01');
    } finally {
      await app.close();
    }
  });
});

describe('throttling with the default allowances (DFORM_THROTTLE_PAIR=5, DFORM_THROTTLE_ADDRESS=300)', () => {
  let w: DemoWorld;
  beforeAll(async () => {
    // The first delay is ten minutes rather than 1 s, so that none lapses while the tests run.
    w = await demoWorld({ DFORM_THROTTLE_ADDRESS: '300', DFORM_THROTTLE_DELAY: '600' });
  });
  afterAll(async () => {
    await w?.server.stop();
  });

  const attempt = (userid: string, key: string, headers: Record<string, string> = {}) =>
    w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid, key }, headers });

  test('brute force on one account from one address: 429 after 5 failures, even for the right password', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt('emma@acme.example', `guess-${i}`)).status);
    assert.deepEqual(statuses, [...Array(5).fill(401), ...Array(7).fill(429)]);
    const right = await attempt('emma@acme.example', 'demo-employee-pass');
    assert.equal(right.status, 429);
    assert.deepEqual(right.body, { message: 'Too many attempts' });
    figure(SUITE, 'brute force on one account: failures before 429', statuses.indexOf(429));
  });

  test('spelling the account differently (spaces, its user key) does not buy more attempts', async () => {
    const session = await attempt('payroll@acme.example', 'demo-payroll-pass');
    assert.equal(session.status, 200);
    const key = session.body.session.user.key as string;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt('payroll@acme.example', `guess-${i}`)).status);
    assert.deepEqual(statuses, [...Array(5).fill(401), ...Array(5).fill(429)]);
    // The server finds the same account for each spelling (docs/decisions.md: e-mail or user key; trimmed, any case).
    const spellings = [
      'payroll@acme.example',
      'PAYROLL@acme.example',
      ' payroll@acme.example',
      'payroll@acme.example ',
      key,
    ];
    const answers: number[] = [];
    for (const u of spellings) answers.push((await attempt(u, 'demo-payroll-pass')).status);
    // Regression (found by this suite, fixed): the per-account bucket is keyed by the userid as typed (lower-cased but not trimmed, nor
    // resolved to the account): after the failures on 'payroll@acme.example' the right password sent as
    // ' payroll@acme.example', 'payroll@acme.example ' or the user key answers 200, so each spelling
    // (any number of spaces) had its own allowance and only the per-address limit remains.
    assert.deepEqual(
      answers,
      spellings.map(() => 429),
      spellings.map((u, i) => `${JSON.stringify(u)} -> ${answers[i]}`).join(', '),
    );
  });

  test('password spraying from one address: 429 once the address has made 300 attempts; X-Forwarded-For does not help', async () => {
    const accounts = Array.from({ length: 340 }, (_, i) => `spray${i}@acme.example`);
    // In order, a few at a time, so that "before" and "after" the limit are well defined.
    const statuses = await pool(accounts, 4, async (u) => (await attempt(u, 'Winter2024!')).status);
    const first429 = statuses.indexOf(429);
    assert.ok(first429 > 0, 'spraying is throttled');
    assert.ok(
      statuses.slice(0, first429).every((s) => s === 401),
      'every attempt before the limit is a plain 401',
    );
    const tail = statuses.slice(first429 + 8);
    assert.ok(
      tail.every((s) => s === 429),
      'every attempt after the limit is 429',
    );
    const allowed = statuses.filter((s) => s !== 429).length;
    figure(SUITE, 'password spraying: attempts allowed from one address (this test)', allowed);
    // The address has spent some attempts in the tests above; it never gets more than 300 in all.
    assert.ok(allowed <= 300, `${allowed} attempts allowed`);
    const spoofed = await attempt('spray-x@acme.example', 'Winter2024!', {
      'x-forwarded-for': '203.0.113.7',
      'x-real-ip': '203.0.113.8',
    });
    assert.equal(spoofed.status, 429, 'a forwarded-for header does not change the address');
    const good = await attempt('admin@acme.example', 'demo-admin-pass');
    assert.equal(good.status, 429, 'the right password from that address waits too');
  });
});
