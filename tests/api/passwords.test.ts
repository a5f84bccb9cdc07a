/**
 * Password rules on the wire (engine/passwords.ts; docs/security.md): the most common passwords,
 * simple patterns and the account's own name or e-mail refused with a message naming the rule; a
 * company's own minimum; change_password asks for the current password, except once in a session
 * opened by a forgot-password key; a password change ends the account's single-use keys.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { outboxSize, readOutbox, waitForMail } from '../helpers/outbox.ts';

const COMMON = 'Password is one of the most common passwords';
const PATTERN = 'Password cannot be a simple sequence or repetition';
const PERSONAL = "Password cannot be based on the account's name or e-mail address";

let w: DemoWorld;
beforeAll(async () => {
  // A first delay of ten minutes: no back-off lapses while the tests run.
  // No session here is recently signed in: each change asks for the current password as a session
  // does 10 minutes after its sign-in (the window itself: ./password-change-recent-sign-in.test.ts).
  w = await demoWorld({ DFORM_THROTTLE_ACCOUNT: '5', DFORM_THROTTLE_DELAY: '600', DFORM_RECENT_SIGN_IN_SECONDS: '0' });
});
afterAll(async () => {
  await w.server.stop();
});

let n = 0;
/** A new account of the demo company with a password, signed in. */
async function account(name = 'Quinn Harlow', password = 'ember-lantern-4'): Promise<Session & { email: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${++n}.${Date.now()}@acme.example`;
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(w.admin),
    body: { email, display_name: name, status: 'active', permissions: [], is_employee: false },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as(w.admin),
    body: { user_id: u.body.key, password, password2: password },
  });
  assert.equal(p.status, 200, p.text);
  return { ...(await w.login(w.acmeOrg, email, password)), email };
}

const change = (s: Session, body: Record<string, unknown>) =>
  w.call('POST', '/auth/api/change_password', { ...as(s), body });
const setPassword = (userId: string, password: string) =>
  w.call('POST', '/auth/api/set_user_password', {
    ...as(w.admin),
    body: { user_id: userId, password, password2: password },
  });
const errorsOf = (r: { body: { errors?: { path: string; message: string }[] } }) =>
  (r.body.errors ?? []).map((e) => `${e.path}: ${e.message}`);

/** The single-use key of the last sign-in link mailed to `email`. */
async function mailedKey(email: string): Promise<{ userid: string; key: string }> {
  const mail = (await readOutbox(w.server.dataDir)).filter((m) => m.to === email).pop();
  assert.ok(mail, `a mail to ${email}`);
  const q = new URLSearchParams(/auto-login\?(\S+)/.exec(mail.text)![1]);
  return { userid: q.get('userid')!, key: q.get('key')! };
}
/** Asks forgot_password for `email` and answers the key of the link it sends after its answer. */
async function forgotKey(email: string): Promise<{ userid: string; key: string }> {
  const since = await outboxSize(w.server.dataDir);
  const r = await w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username: email } });
  assert.equal(r.status, 200, r.text);
  const mail = await waitForMail(w.server.dataDir, (m) => m.to === email, { since });
  const q = new URLSearchParams(/auto-login\?(\S+)/.exec(mail.text)![1]);
  return { userid: q.get('userid')!, key: q.get('key')! };
}
const keyLogin = (k: { userid: string; key: string }) =>
  w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { ...k, type: 'forgot_password' } });

describe('common, simple and personal passwords', () => {
  test('the most common passwords and simple patterns are refused, naming the rule', async () => {
    const s = await account();
    const cases: [string, string][] = [
      ['password', COMMON],
      ['Password1!', COMMON],
      ['iloveyou', COMMON],
      ['abcdef', PATTERN],
      ['qwertyuiop', PATTERN],
      ['zzzzzzzz', PATTERN],
    ];
    for (const [password, message] of cases) {
      const r = await change(s, { current_password: 'ember-lantern-4', password, password2: password });
      assert.equal(r.status, 400, password);
      assert.equal(r.body.message, 'Validation failed');
      assert.deepEqual(errorsOf(r), [`/password: ${message}`], password);
    }
    const set = await setPassword(s.user, 'password');
    assert.equal(set.status, 400);
    assert.deepEqual(errorsOf(set), [`/password: ${COMMON}`]);
  });

  test("the account's own name or e-mail address is refused, in its obvious variants", async () => {
    const s = await account('Nora Quill');
    for (const password of [s.email, 'NoraQuill', 'quill.nora!', 'Nora-Quill-2024', 'n0raquill']) {
      const r = await change(s, { current_password: 'ember-lantern-4', password, password2: password });
      assert.deepEqual(errorsOf(r), [`/password: ${PERSONAL}`], password);
    }
    const set = await setPassword(s.user, 'NoraQuill99');
    assert.deepEqual(errorsOf(set), [`/password: ${PERSONAL}`]);
    // A passphrase that merely holds the name is not based on it.
    const ok = await change(s, {
      current_password: 'ember-lantern-4',
      password: 'nora rows the grey canal',
      password2: 'nora rows the grey canal',
    });
    assert.equal(ok.status, 200, ok.text);
  });
});

describe("a company's minimum length", () => {
  const setMinimum = (value: unknown) =>
    w.call('PATCH', `/auth/api/data/organizations/${w.acmeOrg}`, {
      ...as(w.staff),
      body: { password_min_length: value },
    });

  test('raises the minimum, and the message names the number in force', async () => {
    const s = await account();
    try {
      assert.equal((await setMinimum(12)).status, 200);
      const view = await w.call('GET', '/auth/api/session', as(s));
      assert.equal(view.body.organization.data.password_min_length, 12);
      const short = await change(s, {
        current_password: 'ember-lantern-4',
        password: 'ember-fox-1',
        password2: 'ember-fox-1',
      });
      assert.deepEqual(errorsOf(short), ['/password: Password must be at least 12 characters']);
      assert.deepEqual(errorsOf(await setPassword(s.user, 'ember-fox-1')), [
        '/password: Password must be at least 12 characters',
      ]);
      const long = await change(s, {
        current_password: 'ember-lantern-4',
        password: 'ember-fox-12',
        password2: 'ember-fox-12',
      });
      assert.equal(long.status, 200, long.text);
    } finally {
      assert.equal((await setMinimum(6)).status, 200);
    }
  });

  test('cannot go below the spec minimum of 6', async () => {
    const r = await setMinimum(5);
    assert.equal(r.status, 400);
    assert.deepEqual(errorsOf(r), ['/password_min_length: The minimum password length cannot be below 6.']);
  });
});

describe('change_password and the current password', () => {
  test('is asked for and checked', async () => {
    const s = await account();
    const body = { password: 'cedar-otter-5', password2: 'cedar-otter-5' };
    const missing = await change(s, body);
    assert.equal(missing.status, 400);
    assert.deepEqual(errorsOf(missing), ['/current_password: Current password is required']);
    const wrong = await change(s, { ...body, current_password: 'not-my-password' });
    assert.deepEqual(errorsOf(wrong), ['/current_password: Current password is incorrect']);
    assert.equal((await change(s, { ...body, current_password: 'ember-lantern-4' })).status, 200);
    await w.login(w.acmeOrg, s.email, 'cedar-otter-5');
  });

  test('wrong current passwords count as failed sign-ins of the account', async () => {
    const s = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await change(s, { current_password: `guess-${i}`, password: 'cedar-otter-5', password2: 'cedar-otter-5' }))
          .status,
      );
    }
    assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429]);
    const login = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: s.email, key: 'ember-lantern-4' },
    });
    assert.equal(login.status, 429, 'the sign-in throttle counted them');
  });

  test('a session opened by a forgot-password key sets one password without it', async () => {
    const s = await account();
    const opened = await keyLogin(await forgotKey(s.email));
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.body.session.password_reset, true);
    const reset = { org: w.acmeOrg, token: opened.body.token as string, user: s.user };
    assert.equal((await change(reset, { password: 'cedar-otter-6', password2: 'cedar-otter-6' })).status, 200);
    const view = await w.call('GET', '/auth/api/session', as(reset));
    assert.equal(view.status, 200);
    assert.equal(view.body.password_reset, false);
    const again = await change(reset, { password: 'cedar-otter-7', password2: 'cedar-otter-7' });
    assert.deepEqual(errorsOf(again), ['/current_password: Current password is required']);
  });
});

describe("a password change, or an e-mail change, ends the account's single-use keys", () => {
  /** A new account holding both kinds of link: a forgot-password one and an invitation. */
  async function withBothLinks() {
    const s = await account();
    const forgot = await forgotKey(s.email);
    const invite = await w.call('POST', '/auth/api/resend_user_invite_email', {
      ...as(w.admin),
      body: { user_id: s.user },
    });
    assert.equal(invite.status, 200, invite.text);
    const invited = await mailedKey(s.email);
    assert.notEqual(invited.key, forgot.key);
    return { s, forgot, invited };
  }

  test('forgot-password and invitation keys stop working after change_password', async () => {
    const { s, forgot, invited } = await withBothLinks();
    const r = await change(s, {
      current_password: 'ember-lantern-4',
      password: 'cedar-otter-8',
      password2: 'cedar-otter-8',
    });
    assert.equal(r.status, 200, r.text);
    assert.equal((await keyLogin(forgot)).status, 401);
    assert.equal((await keyLogin(invited)).status, 401);
  });

  test('links sent to an e-mail the account no longer has stop working when it changes', async () => {
    const { s, forgot, invited } = await withBothLinks();
    // Another change (not the e-mail) spends nothing: the invitation still signs in.
    const noted = await w.call('PATCH', `/auth/api/data/users/${s.user}`, { ...as(w.admin), body: { notes: 'seen' } });
    assert.equal(noted.status, 200, noted.text);
    assert.equal((await keyLogin(invited)).status, 200);
    // The admin corrects a mistyped address: whoever reads the old mailbox holds no way in.
    const moved = await w.call('PATCH', `/auth/api/data/users/${s.user}`, {
      ...as(w.admin),
      body: { email: `moved.${s.email}` },
    });
    assert.equal(moved.status, 200, moved.text);
    assert.equal((await keyLogin(forgot)).status, 401);
  });

  test('a forgot-password key stops working after set_user_password', async () => {
    const s = await account();
    const forgot = await forgotKey(s.email);
    assert.equal((await setPassword(s.user, 'cedar-otter-9')).status, 200);
    assert.equal((await keyLogin(forgot)).status, 401);
  });
});

describe('the holder is told', () => {
  test('a password set by a user manager is e-mailed to the account holder; one they change themselves is not', async () => {
    const s = await account('Rhea Lindqvist');
    const mails = async () => (await readOutbox(w.server.dataDir)).filter((m) => m.to === s.email);
    // The first password, set when the account was made by the admin, was told too.
    const before = (await mails()).length;
    assert.equal(before, 1);
    assert.equal((await setPassword(s.user, 'cedar-otter-9')).status, 200);
    const told = await mails();
    assert.equal(told.length, 2);
    assert.equal(told[1].subject, 'Acme Demo: your password was set');
    assert.match(
      told[1].text,
      /^The password of your Acme Demo account was set by a user manager; any session of yours has ended\./,
    );
    assert.doesNotMatch(told[1].text + told[1].html, /cedar-otter-9/, 'the password itself is not mailed');
    // Changing one's own password is one's own doing: no mail.
    const own = await w.login(w.acmeOrg, s.email, 'cedar-otter-9');
    assert.equal(
      (await change(own, { current_password: 'cedar-otter-9', password: 'maple-heron-7', password2: 'maple-heron-7' }))
        .status,
      200,
    );
    assert.equal((await mails()).length, 2);
  });
});
