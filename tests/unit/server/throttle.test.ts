/**
 * The sign-in throttle (server/auth/throttle.ts) with a clock the test moves: the back-off of an
 * account, a pair and an address, how it grows, caps and decays; a known device's own budget;
 * concurrent attempts; and memory that stays bounded under floods of distinct names.
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import {
  backOffThrottle,
  slidingWindowThrottle,
  type BackOffOptions,
  type SignInAttempt,
} from '../../../server/auth/throttle.ts';

const DEFAULTS: BackOffOptions = {
  perAccount: 10,
  perPair: 5,
  perAddress: 300,
  perDevice: 10,
  windowSeconds: 900,
  firstDelay: 1,
  maxDelay: 900,
  deviceSeconds: 30 * 86_400,
};

function world(opts: Partial<BackOffOptions> = {}) {
  let t = 1_000_000;
  const throttle = backOffThrottle({ ...DEFAULTS, ...opts }, { now: () => t, digest: (v) => `#${v}` });
  const attempt = (a: Partial<SignInAttempt> = {}): SignInAttempt => ({
    door: 'password',
    account: 'org\u0000emma',
    address: '198.51.100.1',
    ...a,
  });
  return {
    throttle,
    advance: (s: number) => void (t += s),
    /** One check that fails: 401, or 429 with its Retry-After. */
    fail(a: Partial<SignInAttempt> = {}): number | 'ok' {
      const ticket = throttle.begin(attempt(a));
      if (!ticket.ok) return ticket.retryAfter;
      ticket.failed();
      return 'ok';
    },
    /** One check with the right secret: 200, or 429 with its Retry-After. */
    succeed(a: Partial<SignInAttempt> = {}): number | 'ok' {
      const ticket = throttle.begin(attempt(a));
      if (!ticket.ok) return ticket.retryAfter;
      ticket.succeeded();
      return 'ok';
    },
  };
}

describe('the back-off', () => {
  test('one address: five failures, then a delay that doubles to the cap, the right password refused meanwhile', () => {
    const w = world();
    for (let i = 0; i < 5; i++) assert.equal(w.fail(), 'ok', `failure ${i + 1}`);
    assert.equal(w.fail(), 1, 'the pair waits 1 s after its fifth failure');
    assert.equal(w.succeed(), 1, 'the right password waits too');
    w.advance(1);
    assert.equal(w.fail(), 'ok');
    const delays: number[] = [];
    for (let i = 0; i < 14; i++) {
      const wait = w.fail();
      assert.equal(typeof wait, 'number');
      delays.push(wait as number);
      w.advance(wait as number);
      assert.equal(w.fail(), 'ok', 'once the delay is over, one more attempt');
    }
    assert.deepEqual(delays, [2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900, 900]);
    w.advance(900);
    assert.equal(w.succeed(), 'ok', 'the right password after the delay');
  });

  test('one address alone never closes the account to another address', () => {
    const w = world();
    for (let i = 0; i < 40; i++) {
      const wait = w.fail();
      if (wait !== 'ok') w.advance(wait);
    }
    assert.equal(w.succeed({ address: '203.0.113.9' }), 'ok');
  });

  test('rotating addresses: the account backs off after ten failures, whatever their addresses', () => {
    const w = world();
    for (let i = 0; i < 10; i++) assert.equal(w.fail({ address: `203.0.113.${i}` }), 'ok');
    assert.equal(w.fail({ address: '203.0.113.200' }), 1);
    assert.equal(w.succeed({ address: '192.0.2.1' }), 1, 'the right password from a new address waits');
    w.advance(1);
    assert.equal(w.fail({ address: '203.0.113.201' }), 'ok');
    assert.equal(w.fail({ address: '203.0.113.202' }), 2);
  });

  test('a quiet account forgets one failure per window', () => {
    const w = world();
    for (let i = 0; i < 10; i++) w.fail({ address: `203.0.113.${i}` });
    // The tenth failure's delay (1 s), then three windows: seven remembered, three more before the next delay.
    w.advance(1 + 900 * 3);
    for (let i = 0; i < 3; i++) assert.equal(w.fail({ address: `192.0.2.${i}` }), 'ok');
    assert.equal(w.fail({ address: '192.0.2.50' }), 1);
    w.advance(1 + 900 * 10);
    for (let i = 0; i < 10; i++) assert.equal(w.fail({ address: `198.18.0.${i}` }), 'ok', 'all forgotten');
  });

  test('each door has its own account budget: password failures do not shut the forgot-password link out', () => {
    const w = world();
    for (let i = 0; i < 10; i++) w.fail({ address: `203.0.113.${i}` });
    assert.equal(w.succeed({ address: '192.0.2.1' }), 1);
    assert.equal(w.succeed({ address: '192.0.2.1', door: 'forgot_password' }), 'ok');
  });

  test('a success clears its own pair, not the account nor the address', () => {
    const w = world();
    for (let i = 0; i < 4; i++) w.fail();
    assert.equal(w.succeed(), 'ok');
    for (let i = 0; i < 5; i++) assert.equal(w.fail(), 'ok', 'the pair starts again');
    // The account kept the four before: 4 + 5 = 9, one more from elsewhere, then it waits.
    assert.equal(w.fail({ address: '192.0.2.1' }), 'ok');
    assert.equal(w.fail({ address: '192.0.2.2' }), 1);
  });

  test('concurrent attempts get no more than sequential ones', () => {
    const w = world();
    const tickets = Array.from({ length: 20 }, () =>
      w.throttle.begin({ door: 'password', account: 'a', address: 'x' }),
    );
    assert.equal(tickets.filter((t) => t.ok).length, 5);
    for (const t of tickets) if (t.ok) t.failed();
    assert.equal(w.fail({ account: 'a', address: 'x' }), 1);
  });

  test('a check that neither failed nor succeeded (a busy server) counts for nothing', () => {
    const w = world();
    for (let i = 0; i < 20; i++) {
      const t = w.throttle.begin({ door: 'password', account: 'a', address: 'x' });
      assert.ok(t.ok);
      t.release();
    }
    assert.equal(w.fail({ account: 'a', address: 'x' }), 'ok');
  });
});

describe('the address budget', () => {
  test('spraying: 300 failures over as many accounts, then the address waits, whatever the account', () => {
    const w = world();
    for (let i = 0; i < 300; i++) assert.equal(w.fail({ account: `org\u0000spray${i}` }), 'ok');
    assert.equal(w.fail({ account: 'org\u0000spray-next' }), 1);
    assert.equal(w.succeed(), 1, "a real user's right password from that address waits");
    assert.equal(w.succeed({ address: '192.0.2.1' }), 'ok', 'from another address it does not');
  });

  test('forgets 300 failures per window', () => {
    const w = world();
    for (let i = 0; i < 300; i++) w.fail({ account: `org\u0000spray${i}` });
    // The 300th failure's delay (1 s), then half a window: 150 forgotten.
    w.advance(1 + 450);
    let allowed = 0;
    for (let i = 0; i < 400 && w.fail({ account: `org\u0000again${i}` }) === 'ok'; i++) allowed++;
    assert.equal(allowed, 150);
  });
});

describe('a known device', () => {
  test('signs in while others keep the account and its address backed off', () => {
    const w = world();
    const device = 'dev-emma-laptop-0001';
    assert.equal(w.succeed({ device }), 'ok', 'the first sign-in makes the device known');
    for (let i = 0; i < 12; i++) w.fail({ address: `203.0.113.${i}` });
    for (let i = 0; i < 300; i++) w.fail({ account: `org\u0000spray${i}` });
    assert.equal(typeof w.succeed(), 'number', 'from the same address without the device: waits');
    assert.equal(w.succeed({ device }), 'ok', 'with it: signs in');
  });

  test('a device id is known to the account it signed in to only, and for 30 days', () => {
    const w = world();
    const device = 'dev-emma-laptop-0001';
    w.succeed({ device });
    for (let i = 0; i < 10; i++) {
      w.fail({ address: `203.0.113.${i}` });
      w.fail({ address: `203.0.113.${i}`, account: 'org\u0000ivan' });
    }
    assert.equal(w.succeed({ device, account: 'org\u0000ivan' }), 1, "emma's device is nobody to ivan's account");
    w.advance(30 * 86_400 + 1);
    for (let i = 0; i < 10; i++) w.fail({ address: `198.18.0.${i}` });
    assert.equal(typeof w.succeed({ device }), 'number', 'forgotten after 30 days');
  });

  test('has its own budget: ten failures, then its own back-off', () => {
    const w = world();
    const device = 'dev-emma-laptop-0001';
    w.succeed({ device });
    for (let i = 0; i < 10; i++) assert.equal(w.fail({ device }), 'ok');
    assert.equal(w.fail({ device }), 1);
    assert.equal(w.succeed({ device: 'dev-someone-else-02' }), 'ok', 'a new device is counted apart');
  });
});

describe('memory', () => {
  test('300,000 distinct names hold at most the bound', () => {
    const w = world({ maxEntries: 10_000, perAddress: 1e9 });
    let most = 0;
    for (let i = 0; i < 300_000; i++) {
      w.fail({ account: `org\u0000name${i}`, address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });
      if (i % 1000 === 0) most = Math.max(most, w.throttle.size().budgets);
      if (i % 100 === 0) w.advance(1);
    }
    assert.ok(w.throttle.size().budgets <= 10_000, `${w.throttle.size().budgets} budgets`);
    assert.ok(most <= 10_000, `${most} budgets at most`);
  });

  test('a flood of new names does not wipe out an account that is backed off', () => {
    const w = world({ maxEntries: 10_000, perAddress: 1e9 });
    for (let i = 0; i < 12; i++) w.fail({ address: `203.0.113.${i}` });
    assert.equal(typeof w.succeed({ address: '192.0.2.1' }), 'number');
    for (let i = 0; i < 100_000; i++) w.fail({ account: `org\u0000flood${i}`, address: `10.0.${i >> 8}.${i & 255}` });
    assert.equal(typeof w.succeed({ address: '192.0.2.1' }), 'number', 'still backed off');
  });

  test('known devices are bounded too', () => {
    const w = world({ maxEntries: 1_000 });
    for (let i = 0; i < 50_000; i++) w.succeed({ account: `org\u0000u${i}`, device: `device-${i}-xxxxxxxxxx` });
    assert.ok(w.throttle.size().devices <= 1_000);
  });

  test('the rate limit of forgot_password and retrieve_ssn is bounded under distinct names', () => {
    const limit = slidingWindowThrottle(
      { windowSeconds: 900, perAccount: 10, perAddress: 1e9, maxEntries: 5_000 },
      () => 0,
    );
    for (let i = 0; i < 200_000; i++) limit.attempt(`forgot\u0000name${i}`, `10.0.${i >> 8}.${i & 255}`);
    // Still a limit: the eleventh call of one name in the window is refused.
    for (let i = 0; i < 10; i++) assert.equal(limit.attempt('forgot\u0000emma', 'x'), true);
    assert.equal(limit.attempt('forgot\u0000emma', 'x'), false);
  });
});

describe('the rate limit', () => {
  const both = (refusedCounts?: boolean) =>
    slidingWindowThrottle({ windowSeconds: 900, perAccount: 3, perAddress: 2, refusedCounts }, () => 0);

  test('by default a call refused by one budget still counts against the other (a guesser pays for each try)', () => {
    const limit = both();
    assert.equal(limit.attempt('company', 'sender-1'), true);
    assert.equal(limit.attempt('company', 'sender-1'), true);
    assert.equal(limit.attempt('company', 'sender-1'), false, "the sender's budget is spent");
    assert.equal(limit.attempt('company', 'sender-2'), false, "the refused call took the company's last");
  });

  test('with refusedCounts false a refused call counts against neither (an invitation refused is not sent)', () => {
    const limit = both(false);
    assert.equal(limit.attempt('company', 'sender-1'), true);
    assert.equal(limit.attempt('company', 'sender-1'), true);
    for (let i = 0; i < 5; i++) assert.equal(limit.attempt('company', 'sender-1'), false);
    assert.equal(limit.attempt('company', 'sender-2'), true, "the company's third call");
    assert.equal(limit.attempt('company', 'sender-3'), false, 'the company is at its three');
  });
});
