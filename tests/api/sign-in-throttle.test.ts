/**
 * The sign-in throttle from the outside (docs/sign-in-throttle.md): failures back off the account,
 * the (account, address) pair and the address, never locking anyone out for good; a device that
 * signed in to the account keeps a budget of its own. The server takes the client's address from
 * the socket alone, so the tests speak from many loopback addresses (tests/helpers/from-address.ts).
 * Behind a reverse proxy named in DFORM_TRUSTED_PROXIES, the client is the address the proxy
 * appended to X-Forwarded-For. The first delay is ten minutes here, so that no back-off lapses while a test runs; how delays
 * grow, cap and decay is tests/unit/server/throttle.test.ts, with a clock the test moves.
 *
 * And forgot_password answers alike, at once, for an account and a stranger: its work follows the
 * answer, whose content does not depend on it even when the work fails.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { mkdir, rename, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { clientFrom } from '../helpers/from-address.ts';
import { outboxSize, waitForMail } from '../helpers/outbox.ts';

let w: DemoWorld;
beforeAll(async () => {
  // 127.0.0.1 stands for a reverse proxy in front of the server; other loopback addresses are clients.
  w = await demoWorld({
    DFORM_THROTTLE_DELAY: '600',
    DFORM_THROTTLE_ADDRESS: '40',
    DFORM_TRUSTED_PROXIES: '127.0.0.1',
  });
});
afterAll(async () => {
  await w.server.stop();
});

const PASSWORD = 'harbor-quill-7';
let n = 0;
/** A new account of the demo company with PASSWORD. */
async function account(): Promise<string> {
  const email = `throttle.${++n}.${Date.now()}@acme.example`;
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(w.admin),
    body: { email, display_name: 'Tamsin Royle', status: 'active', permissions: [], is_employee: false },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as(w.admin),
    body: { user_id: u.body.key, password: PASSWORD, password2: PASSWORD },
  });
  assert.equal(p.status, 200, p.text);
  return email;
}

const newDevice = () => randomBytes(18).toString('base64url');

/** Signs in (or tries to) from `address`, with a device id when given. */
function login(address: string, userid: string, key: string, o: { device?: string; type?: string } = {}) {
  return clientFrom(w.server.url, address)('POST', '/auth/api/login', {
    org: w.acmeOrg,
    body: { userid, key, ...(o.type ? { type: o.type } : {}) },
    headers: o.device ? { 'x-device-id': o.device } : {},
  });
}

async function statuses(count: number, attempt: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await attempt(i)).status);
  return out;
}

describe('one address guessing one account', () => {
  test('after five failures that address waits, even with the right password; the known device and other addresses sign in', async () => {
    const email = await account();
    const device = newDevice();
    assert.equal((await login('127.0.0.21', email, PASSWORD, { device })).status, 200, 'the device becomes known');

    const guesses = await statuses(12, (i) => login('127.0.0.22', email, `wrong-guess-${i}`));
    assert.deepEqual(guesses, [...Array(5).fill(401), ...Array(7).fill(429)]);
    const right = await login('127.0.0.22', email, PASSWORD);
    assert.equal(right.status, 429, 'the right password waits too');
    assert.deepEqual(right.body, { message: 'Too many attempts' });
    const retryAfter = Number(right.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 600, `Retry-After ${right.headers.get('retry-after')}`);
    const forwarded = await clientFrom(w.server.url, '127.0.0.22')('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: email, key: PASSWORD },
      headers: { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '198.51.100.8' },
    });
    assert.equal(forwarded.status, 429, 'a forwarded-for header does not make another address');

    const fromDevice = await login('127.0.0.22', email, PASSWORD, { device });
    assert.equal(fromDevice.status, 200, `the user's known device, even from that address: ${fromDevice.text}`);
    const elsewhere = await login('127.0.0.23', email, PASSWORD);
    assert.equal(elsewhere.status, 200, `another address, on a device never seen: ${elsewhere.text}`);
  });

  test('a device id the account has not signed in with is no help, nor a malformed one', async () => {
    const email = await account();
    await statuses(6, (i) => login('127.0.0.24', email, `wrong-guess-${i}`));
    assert.equal((await login('127.0.0.24', email, PASSWORD, { device: newDevice() })).status, 429);
    assert.equal((await login('127.0.0.24', email, PASSWORD, { device: 'short' })).status, 429);
  });
});

describe('rotating addresses', () => {
  test('the account backs off after ten failures, whatever their addresses; its user signs in on the known device', async () => {
    const email = await account();
    const device = newDevice();
    assert.equal((await login('127.0.0.31', email, PASSWORD, { device })).status, 200);

    const guesses = await statuses(12, (i) => login(`127.0.1.${10 + i}`, email, `wrong-guess-${i}`));
    assert.deepEqual(guesses, [...Array(10).fill(401), 429, 429]);
    assert.equal((await login('127.0.1.60', email, PASSWORD)).status, 429, 'a new address waits too');
    const fromDevice = await login('127.0.1.60', email, PASSWORD, { device });
    assert.equal(fromDevice.status, 200, fromDevice.text);
  });

  test('the forgot-password link is a door of its own: it still opens while the password backs off', async () => {
    const email = await account();
    await statuses(12, (i) => login(`127.0.2.${10 + i}`, email, `wrong-guess-${i}`));
    assert.equal((await login('127.0.2.60', email, PASSWORD)).status, 429);
    const since = await outboxSize(w.server.dataDir);
    const asked = await clientFrom(w.server.url, '127.0.2.60')('POST', '/auth/api/forgot_password', {
      org: w.acmeOrg,
      body: { username: email },
    });
    assert.equal(asked.status, 200);
    const mail = await waitForMail(w.server.dataDir, (m) => m.to === email, { since });
    const link = new URLSearchParams(/auto-login\?(\S+)/.exec(mail.text)![1]);
    const opened = await login('127.0.2.60', link.get('userid')!, link.get('key')!, { type: 'forgot_password' });
    assert.equal(opened.status, 200, opened.text);
  });
});

describe('spraying from one address', () => {
  test("after 40 failures over many accounts the address waits, whatever the account; a user's known device there still signs in", async () => {
    const email = await account();
    const device = newDevice();
    assert.equal((await login('127.0.0.71', email, PASSWORD, { device })).status, 200);

    const sprayed = await statuses(45, (i) => login('127.0.0.70', `spray${i}@acme.example`, 'Winter2024!'));
    assert.deepEqual(sprayed, [...Array(40).fill(401), ...Array(5).fill(429)]);
    assert.equal((await login('127.0.0.70', email, PASSWORD)).status, 429, 'a right password from there waits');
    assert.equal((await login('127.0.0.70', email, PASSWORD, { device })).status, 200, 'but not on its known device');
    assert.equal((await login('127.0.0.72', email, PASSWORD)).status, 200, 'nor from another address');
  });
});

describe('behind a trusted reverse proxy', () => {
  const viaProxy = (forwardedFor: string, userid: string, key: string) =>
    w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid, key },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  test('each client the proxy names has its own pair; what a client wrote left of it is not believed', async () => {
    const email = await account();
    const guesses = await statuses(6, (i) => viaProxy('198.51.100.10', email, `wrong-guess-${i}`));
    assert.deepEqual(guesses, [401, 401, 401, 401, 401, 429]);
    const spoofed = await viaProxy('198.51.100.11, 198.51.100.10', email, PASSWORD);
    assert.equal(spoofed.status, 429, 'the client is the hop the proxy appended');
    const other = await viaProxy('198.51.100.11', email, PASSWORD);
    assert.equal(other.status, 200, `another client behind the same proxy: ${other.text}`);
  });

  test('rotating the forwarded address does not help against one account', async () => {
    const email = await account();
    const guesses = await statuses(11, (i) => viaProxy(`198.51.100.${100 + i}`, email, `wrong-guess-${i}`));
    assert.deepEqual(guesses, [...Array(10).fill(401), 429]);
    assert.equal((await viaProxy('198.51.100.200', email, PASSWORD)).status, 429);
  });
});

describe("change_password's current password", () => {
  test('wrong ones back off like failed sign-ins; the known device still changes the password', async () => {
    const email = await account();
    const device = newDevice();
    const onDevice = await login('127.0.0.90', email, PASSWORD, { device });
    assert.equal(onDevice.status, 200);
    const stolen = await login('127.0.0.91', email, PASSWORD);
    assert.equal(stolen.status, 200);
    const change = (address: string, token: string, current: string, headers: Record<string, string> = {}) =>
      clientFrom(w.server.url, address)('POST', '/auth/api/change_password', {
        org: w.acmeOrg,
        token,
        headers,
        body: { current_password: current, password: 'lantern-fjord-8', password2: 'lantern-fjord-8' },
      });
    const guesses = await statuses(6, (i) => change('127.0.0.91', stolen.body.token, `wrong-guess-${i}`));
    assert.deepEqual(guesses, [400, 400, 400, 400, 400, 429]);
    assert.equal((await login('127.0.0.91', email, PASSWORD)).status, 429, 'the sign-in waits too');
    const mine = await change('127.0.0.90', onDevice.body.token, PASSWORD, { 'x-device-id': device });
    assert.equal(mine.status, 200, mine.text);
  });
});

describe('the second factor', () => {
  test('wrong codes back off the account; a new device id with each password step buys no more guesses', async () => {
    const email = await account();
    const from = clientFrom(w.server.url, '127.0.0.95');
    const first = await login('127.0.0.95', email, PASSWORD);
    assert.equal(first.status, 200, first.text);
    const set = await from('POST', '/auth/api/set_2fa_options', {
      org: w.acmeOrg,
      token: first.body.token,
      body: { '2fa_method': 'authenticator' },
    });
    assert.equal(set.status, 200, set.text);
    const code = () =>
      TOTP.generate({
        secret: Secret.fromBase32(set.body.authenticator_key),
        algorithm: 'SHA1',
        digits: 6,
        period: 30,
      });
    const proven = await from('POST', '/auth/api/verify_2fa', {
      org: w.acmeOrg,
      token: first.body.token,
      body: { code: code() },
    });
    assert.equal(proven.status, 200, proven.text);

    // The password is known to whoever guesses: each round signs in with it on a new device id, then
    // guesses codes until that challenge ends.
    const verify = (device: string, challenge: string, guess: string) =>
      from('POST', '/auth/api/verify_2fa', {
        org: w.acmeOrg,
        headers: { 'x-device-id': device },
        body: { challenge, code: guess },
      });
    const answers: number[] = [];
    for (let round = 0; round < 3; round++) {
      const device = newDevice();
      const step = await login('127.0.0.95', email, PASSWORD, { device });
      assert.equal(step.status, 200, step.text);
      assert.equal(step.body.two_factor_required, true);
      for (let i = 0; i < 5; i++)
        answers.push((await verify(device, step.body.challenge, `${900000 + round * 10 + i}`)).status);
    }
    assert.deepEqual(answers.slice(0, 5), [401, 401, 401, 401, 401]);
    assert.ok(
      answers.slice(5).every((status) => status === 429),
      `after five wrong codes the guesser waits: ${answers}`,
    );
    const device = newDevice();
    const last = await login('127.0.0.95', email, PASSWORD, { device });
    assert.equal((await verify(device, last.body.challenge, code())).status, 429, 'the right code too, while it waits');
  });
});

describe('forgot_password', () => {
  const ask = (username: string) => w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username } });
  /** An answer as a client sees it, but for its date. */
  const seen = (r: { status: number; text: string; headers: Headers }) => ({
    status: r.status,
    text: r.text,
    headers: [...r.headers].filter(([k]) => k !== 'date'),
  });

  test('answers an account and a stranger alike, and the message follows the answer', async () => {
    const email = await account();
    const since = await outboxSize(w.server.dataDir);
    const known = await ask(email);
    const unknown = await ask(`nobody.${Date.now()}@acme.example`);
    assert.equal(known.status, 200);
    assert.deepEqual(seen(known), seen(unknown));
    const mail = await waitForMail(w.server.dataDir, (m) => m.to === email, { since });
    assert.match(mail.text, /auto-login\?userid=/);
    assert.equal((await waitForMail(w.server.dataDir, () => true, { since })).to, email, 'nothing for the stranger');
  });

  test('its requests are limited per name, however the name is spaced or cased, alike for an account and a stranger', async () => {
    const email = await account();
    const stranger = `nobody.${Date.now()}@acme.example`;
    const from = clientFrom(w.server.url, '127.0.0.95');
    const askFrom = (username: string) =>
      from('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username } });
    for (const name of [email, stranger]) {
      assert.deepEqual(await statuses(10, () => askFrom(name)), Array(10).fill(200));
      for (const spelled of [` ${name}`, `${name.toUpperCase()}  `]) {
        const r = await askFrom(spelled);
        assert.equal(r.status, 429, JSON.stringify(spelled));
        assert.deepEqual(r.body, { message: 'Too many attempts' });
      }
    }
  });

  test('a transport that fails changes nothing in the answer: logged without the address, kept for a retry', async () => {
    const email = await account();
    // Jobs run in order: once this message is in, none queued before is left to run. (Another
    // account's: one person is sent one link a minute.)
    const drained = await account();
    const since = await outboxSize(w.server.dataDir);
    await ask(drained);
    await waitForMail(w.server.dataDir, (m) => m.to === drained, { since });
    const outbox = path.join(w.server.dataDir, 'outbox.jsonl');
    await rename(outbox, `${outbox}.kept`);
    await mkdir(outbox);
    try {
      const known = await ask(email);
      const unknown = await ask(`nobody.${Date.now()}@acme.example`);
      assert.deepEqual(seen(known), seen(unknown));
      assert.equal(known.status, 200);
      for (let i = 0; i < 500 && !w.server.output().includes('outbox: a message could not be sent'); i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const logged = w.server
        .output()
        .split('\n')
        .filter((l) => l.includes('outbox: a message could not be sent'));
      assert.equal(logged.length, 1, w.server.output());
      assert.ok(!logged[0].includes(email), 'the log names the message, not its address');
      assert.equal((await w.call('GET', '/healthz')).status, 200);
    } finally {
      await rmdir(outbox);
      await rename(`${outbox}.kept`, outbox);
    }
  });
});
