/**
 * A forgot-password link goes to a person at most once per DFORM_RESEND_SECONDS, however the name
 * is written: the sign-in throttle counts names (an e-mail in any case, the user key), so a
 * stranger alternating them could otherwise have a link sent for each name's budget, one mailbox
 * filled with live sign-in links. The answer stays the same whether or not a link went.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { outboxSize, readOutbox, waitForMail } from '../helpers/outbox.ts';

const RESEND_SECONDS = 2;
let w: DemoWorld;

beforeAll(async () => {
  // The sign-in throttle's budgets made wide: what is under test holds whatever they are.
  w = await demoWorld({
    DFORM_RESEND_SECONDS: String(RESEND_SECONDS),
    DFORM_THROTTLE_PAIR: '100',
    DFORM_THROTTLE_ACCOUNT: '100',
  });
});
afterAll(async () => {
  await w.server.stop();
});

const forgot = (username: string) =>
  w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username } });

/** Links sent to `email` after the outbox held `since` messages. */
const linksTo = async (email: string, since: number) =>
  (await readOutbox(w.server.dataDir)).slice(since).filter((m) => m.to === email);

/**
 * Waits until every forgot_password asked so far has done its work: the work runs in order after
 * the answers (server/http/after-answer.ts), so the link of a later request to another person
 * comes after it.
 */
async function settled(since: number): Promise<void> {
  assert.equal((await forgot('payroll@acme.example')).status, 200);
  await waitForMail(w.server.dataDir, (m) => m.to === 'payroll@acme.example', { since });
}

describe('forgot-password links', () => {
  test('twenty requests at once by e-mail, upper-case e-mail and user key send one link; the next after the wait', async () => {
    const since = await outboxSize(w.server.dataDir);
    const names = ['emma@acme.example', ' EMMA@Acme.Example ', w.emma.user];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => forgot(names[i % names.length])));
    for (const a of answers) {
      assert.equal(a.status, 200, a.text);
      assert.deepEqual(a.body, { message: 'If the account exists, a sign-in link has been sent.' });
    }
    await settled(since);
    const sent = await linksTo('emma@acme.example', since);
    assert.equal(sent.length, 1, `links sent: ${sent.length}`);

    // The one link sent signs in.
    const link = new URLSearchParams(sent[0].text.match(/auto-login\?(\S+)/)![1]);
    const login = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: link.get('userid'), key: link.get('key'), type: 'forgot_password' },
    });
    assert.equal(login.status, 200, login.text);

    await new Promise((r) => setTimeout(r, RESEND_SECONDS * 1000 + 100));
    const later = await outboxSize(w.server.dataDir);
    assert.equal((await forgot(w.emma.user)).status, 200);
    await waitForMail(w.server.dataDir, (m) => m.to === 'emma@acme.example', { since: later });
  });

  test("one person's links do not hold back another's", async () => {
    const since = await outboxSize(w.server.dataDir);
    assert.equal((await forgot('carla@acme.example')).status, 200);
    assert.equal((await forgot('sam@acme.example')).status, 200);
    await settled(since);
    assert.equal((await linksTo('carla@acme.example', since)).length, 1);
    assert.equal((await linksTo('sam@acme.example', since)).length, 1);
  });
});
