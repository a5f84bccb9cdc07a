/**
 * The throttles kept in PostgreSQL (server/auth/shared-throttles.ts) as two processes see them: two
 * stores on one database, each with its own throttle. Failures counted by one close the door on the
 * other; a device known after a sign-in on one is known on the other; a check a dead process left
 * under way stops holding its budget; the rate limit counts calls on both.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { sharedRateLimit, sharedSignInThrottle } from '../../../server/auth/shared-throttles.ts';
import type { BackOffOptions, SignInAttempt, SignInThrottle } from '../../../server/auth/throttle.ts';
import { PgStore } from '../../../server/storage/pg/pg-store.ts';
import { freshDatabase, stopOwnCluster, testCluster } from '../../helpers/postgres.ts';

const OPTIONS: BackOffOptions = {
  perAccount: 10,
  perPair: 3,
  perAddress: 300,
  perDevice: 10,
  windowSeconds: 900,
  firstDelay: 1,
  maxDelay: 900,
  deviceSeconds: 30 * 86_400,
};

let a: PgStore;
let b: PgStore;
let t = 1_000_000;
// A keyed digest as the server's (its lookup key's): rows never hold names or addresses.
const deps = { now: () => t, digest: (v: string) => createHmac('sha256', 'test key').update(v).digest('base64url') };

beforeAll(async () => {
  const url = await freshDatabase(await testCluster());
  a = await PgStore.open(url, { log: () => undefined });
  b = await PgStore.open(url, { log: () => undefined });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await stopOwnCluster();
});

let accounts = 0;
/** An attempt on an account of its own (each test's budgets start empty). */
const attempt = (x: Partial<SignInAttempt> = {}): SignInAttempt => ({
  door: 'password',
  account: `org\u0000user-${++accounts}`,
  address: '198.51.100.1',
  ...x,
});

/** One check that fails: 'failed', or the Retry-After of a refusal. */
async function fail(throttle: SignInThrottle, x: SignInAttempt): Promise<number | 'failed'> {
  const ticket = await throttle.begin(x);
  if (!ticket.ok) return ticket.retryAfter;
  await ticket.failed();
  return 'failed';
}

describe('the sign-in throttle in PostgreSQL', () => {
  test("failures on one process close the pair's door on the other; another address still may try", async () => {
    const [onA, onB] = [sharedSignInThrottle(a, OPTIONS, deps), sharedSignInThrottle(b, OPTIONS, deps)];
    const x = attempt();
    assert.equal(await fail(onA, x), 'failed');
    assert.equal(await fail(onB, x), 'failed');
    assert.equal(await fail(onA, x), 'failed');
    assert.equal(
      await fail(onB, x),
      1,
      'the third failure (perPair) closed the pair for 1 s, seen on the other process',
    );
    assert.equal(await fail(onA, { ...x, address: '203.0.113.9' }), 'failed');
  });

  test('a burst of attempts across both processes gets no more checks than the allowance', async () => {
    const [onA, onB] = [sharedSignInThrottle(a, OPTIONS, deps), sharedSignInThrottle(b, OPTIONS, deps)];
    const x = attempt();
    const tickets = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? onA : onB).begin(x)));
    assert.equal(tickets.filter((k) => k.ok).length, OPTIONS.perPair);
    for (const k of tickets) if (k.ok) await k.release();
    const again = await onA.begin(x);
    assert.ok(again.ok, 'released checks count for nothing');
    await again.release();
  });

  test('a device that signed in on one process is known on the other', async () => {
    const [onA, onB] = [sharedSignInThrottle(a, OPTIONS, deps), sharedSignInThrottle(b, OPTIONS, deps)];
    const x = attempt({ device: 'device-0123456789abcdef' });
    const ok = await onA.begin(x);
    assert.ok(ok.ok);
    await ok.succeeded();
    // Others' failures close the pair from this address ...
    const stranger = { ...x, device: undefined };
    for (let i = 0; i < OPTIONS.perPair; i++) await fail(onB, stranger);
    assert.equal(typeof (await fail(onB, stranger)), 'number');
    // ... but the known device counts against its own budget, on either process.
    const mine = await onB.begin(x);
    assert.ok(mine.ok, 'the known device is not kept out');
    await mine.release();
  });

  test('a check left under way by a process that died stops holding the budget', async () => {
    const throttle = sharedSignInThrottle(a, { ...OPTIONS, perPair: 1 }, deps);
    const x = attempt();
    const first = await throttle.begin(x);
    assert.ok(first.ok); // never ended: its process is gone
    const second = await throttle.begin(x);
    assert.equal(second.ok, false, 'held while the first may still fail');
    t += 121;
    const third = await throttle.begin(x);
    assert.ok(third.ok, 'no longer held');
    await third.release();
  });
});

describe('the rate limit in PostgreSQL', () => {
  test('calls on both processes count against one window', async () => {
    const limits = { windowSeconds: 60, perAccount: 3, perAddress: 100 };
    const [onA, onB] = [sharedRateLimit(a, limits, deps), sharedRateLimit(b, limits, deps)];
    const name = `retrieve_ssn\u0000user-${++accounts}`;
    const answers = [];
    for (const limit of [onA, onB, onA, onB]) answers.push(await limit.attempt(name, '198.51.100.7'));
    assert.deepEqual(answers, [true, true, true, false]);
    t += 61;
    assert.equal(await onB.attempt(name, '198.51.100.7'), true, 'the window slid');
  });

  test('with refusedCounts false a call refused by one budget counts against neither, on either process', async () => {
    const limits = { windowSeconds: 60, perAccount: 3, perAddress: 2, refusedCounts: false };
    const [onA, onB] = [sharedRateLimit(a, limits, deps), sharedRateLimit(b, limits, deps)];
    const company = `invite\u0000company-${++accounts}`;
    const answers = [];
    for (const [limit, sender] of [
      [onA, 'one'],
      [onB, 'one'],
      [onA, 'one'],
      [onB, 'one'],
      [onA, 'two'],
      [onB, 'three'],
    ] as const) {
      answers.push(await limit.attempt(company, `${company}\u0000${sender}`));
    }
    assert.deepEqual(answers, [true, true, false, false, true, false]);
  });
});
