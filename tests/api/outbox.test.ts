/**
 * The outbox (API.md "v2 additions", docs/postgresql.md): every message the server sends goes out
 * once, to DATA_DIR/outbox.jsonl; a write that does not commit sends nothing; while the transport
 * fails the messages wait in the store sealed (no address, subject, link or code in clear) and go out
 * once it works again, except a hire's invitation, whose failure is recorded on the hire instead.
 * Delivery timings are shortened through DFORM_OUTBOX_* so that the sender's passes fall in the test.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { textAtRest } from '../helpers/at-rest.ts';
import { DEMO_NAME } from '../../server/demo.ts';
import { readOutbox, waitForMail, type SentMail } from '../helpers/outbox.ts';

let w: DemoWorld;
const USERS = '/auth/api/data/users';
const HIRES = '/payroll/api/data/onboarding_user';
/** Longer than a claim (1 s) plus a few of the sender's passes (every 200 ms). */
const SENDER_SETTLES_MS = 2_500;

beforeAll(async () => {
  w = await demoWorld({
    DFORM_OUTBOX_CLAIM_SECONDS: '1',
    DFORM_OUTBOX_LEASE_SECONDS: '2',
    DFORM_OUTBOX_RETRY_SECONDS: '1',
    DFORM_OUTBOX_INTERVAL_MS: '200',
    // Several invitations to one account, each a message of its own (the wait between two is tests/api/invitation-limits.test.ts's).
    DFORM_RESEND_SECONDS: '0',
  });
});
afterAll(async () => {
  await w.server.stop();
});

const unique = () => crypto.randomUUID().slice(0, 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const to = async (address: string): Promise<SentMail[]> =>
  (await readOutbox(w.server.dataDir)).filter((m) => m.to === address);

async function account(): Promise<{ key: string; email: string }> {
  const email = `out.${unique()}@acme.example`;
  const r = await w.call('POST', `${USERS}/`, {
    ...as(w.admin),
    body: { email, display_name: 'Olive Outbox', status: 'active', permissions: [], is_employee: false },
  });
  assert.equal(r.status, 201, r.text);
  return { key: r.body.key, email };
}

const hire = () => ({
  first_name: 'Hana',
  last_name: 'Hire',
  email: `hire.${unique()}@example.com`,
  state: 'NY',
  pay_type: 'Hourly',
  rate: 21.5,
});

/** The outbox file replaced by a folder: the transport's append fails until `restore`. */
async function breakTransport(): Promise<() => Promise<void>> {
  const file = path.join(w.server.dataDir, 'outbox.jsonl');
  await rename(file, `${file}.kept`).catch(() => {});
  await mkdir(file);
  return async () => {
    await rm(file, { recursive: true, force: true });
    await rename(`${file}.kept`, file).catch(() => {});
  };
}

describe('each message goes out once', () => {
  test('an invitation, a cross-site code, a forgotten password and a hire: one message each, none sent again by the sender', async () => {
    const u = await account();
    const invited = await w.call('POST', '/auth/api/resend_user_invite_email', {
      ...as(w.admin),
      body: { user_id: u.key },
    });
    assert.equal(invited.status, 200, invited.text);
    // Sent before the answer: in the file already.
    assert.equal((await to(u.email)).length, 1);
    const code = await w.call('POST', '/auth/api/get_cross_site_invite', { ...as(w.admin), body: { user_id: u.key } });
    assert.equal(code.status, 200, code.text);
    const asked = await w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username: u.email } });
    assert.equal(asked.status, 200, asked.text);
    await waitForMail(w.server.dataDir, (m) => m.to === u.email && m.subject.startsWith('Sign in to'));
    const h = hire();
    const made = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: h });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.data.status, 'invited', 'not marked as failed');
    await sleep(SENDER_SETTLES_MS);
    const subjects = (await to(u.email)).map((m) => m.subject).sort();
    assert.deepEqual(subjects, [
      `${DEMO_NAME}: your account invitation`,
      `${DEMO_NAME}: your sign-in code`,
      `Sign in to ${DEMO_NAME}`,
    ]);
    assert.equal((await to(h.email)).length, 1);
  });
});

describe('a write that does not commit sends nothing', () => {
  test('racing retries of one hire with one Idempotency-Key: one hire, one invitation', async () => {
    const h = hire();
    const headers = { 'idempotency-key': `hire-${unique()}` };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: h, headers })),
    );
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(6).fill(201),
      answers.map((a) => a.text).join('\n'),
    );
    assert.equal(new Set(answers.map((a) => a.body.key)).size, 1, 'one hire');
    await sleep(SENDER_SETTLES_MS);
    assert.equal((await to(h.email)).length, 1, 'the retries that lost their commit queued nothing');
  });

  test('an invitation refused (a blocked account) sends nothing', async () => {
    const u = await account();
    const blocked = await w.call('PATCH', `${USERS}/${u.key}`, { ...as(w.admin), body: { status: 'blocked' } });
    assert.equal(blocked.status, 200, blocked.text);
    const r = await w.call('POST', '/auth/api/resend_user_invite_email', { ...as(w.admin), body: { user_id: u.key } });
    assert.equal(r.status, 409, r.text);
    await sleep(SENDER_SETTLES_MS);
    assert.deepEqual(await to(u.email), []);
  });
});

describe('a transport that fails', () => {
  test('the messages wait sealed in the store and go out once it works again; a hire records its failure instead', async () => {
    const u = await account();
    const h = hire();
    const restore = await breakTransport();
    let restored = false;
    try {
      const invited = await w.call('POST', '/auth/api/resend_user_invite_email', {
        ...as(w.admin),
        body: { user_id: u.key },
      });
      assert.equal(invited.status, 200, `the answer does not depend on the transport: ${invited.text}`);
      const code = await w.call('POST', '/auth/api/get_cross_site_invite', {
        ...as(w.admin),
        body: { user_id: u.key },
      });
      assert.equal(code.status, 200, code.text);
      const made = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: h });
      assert.equal(made.status, 201, made.text);
      assert.equal(made.body.data.status, 'error');

      const stored = await textAtRest(w.server);
      assert.ok(stored.includes('system/outbox'), 'the waiting messages are in the store');
      for (const plain of ['your account invitation', 'your sign-in code', 'auto-login', 'within 7 days']) {
        assert.ok(!stored.includes(plain), `"${plain}" is not at rest in clear`);
      }
      await restore();
      restored = true;
      const invitation = await waitForMail(
        w.server.dataDir,
        (m) => m.subject.endsWith('your account invitation') && m.to === u.email,
        {
          waitMs: 20_000,
        },
      );
      assert.match(invitation.text, /auto-login\?/);
      await waitForMail(w.server.dataDir, (m) => m.to === u.email && m.subject.endsWith('your sign-in code'), {
        waitMs: 20_000,
      });
      await sleep(SENDER_SETTLES_MS);
      assert.equal((await to(u.email)).length, 2, 'each once');
      assert.deepEqual(await to(h.email), [], 'the failed invitation of a hire is not sent behind its record');
    } finally {
      if (!restored) await restore();
    }
  });
});
