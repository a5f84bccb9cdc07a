/**
 * Two-factor sign-in, refresh tokens, get_org_name and cross_site_login_only, as ../shared/API.md
 * ("v2 additions") words them: a real server for the calls across roles and companies, and the app
 * in-process on a clock the test moves for drift and expiry.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { codeAt, steadyNow } from '../helpers/totp.ts';
import { createApp } from '../../server/app.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { inProcessCaller, testServices } from '../helpers/in-process.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

const USERS = '/auth/api/data/users';
const PASSWORD = 'a long enough secret 42';
const unique = () => crypto.randomUUID().slice(0, 8);

let w: DemoWorld;

beforeAll(async () => {
  // Enough budget for the wrong codes these tests send on purpose (the throttle has its own tests).
  w = await demoWorld({ DFORM_THROTTLE_PAIR: '200', DFORM_THROTTLE_ACCOUNT: '400' });
});
afterAll(async () => {
  await w.server.stop();
});

interface Account {
  key: string;
  email: string;
}

async function newAccount(extra: Record<string, unknown> = {}): Promise<Account> {
  const email = `two.${unique()}@acme.example`;
  const r = await w.call('POST', `${USERS}/`, {
    ...as(w.admin),
    body: { email, display_name: 'Tess Two', status: 'active', permissions: [], is_employee: false, ...extra },
  });
  assert.equal(r.status, 201, r.text);
  const set = await w.call('POST', '/auth/api/set_user_password', {
    ...as(w.admin),
    body: { user_id: r.body.key, password: PASSWORD, password2: PASSWORD },
  });
  assert.equal(set.status, 200, set.text);
  return { key: r.body.key, email };
}

const login = (userid: string, key = PASSWORD) =>
  w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid, key } });

async function signIn(a: Account): Promise<Session & { refresh_id: string; refresh_token: string }> {
  const r = await login(a.email);
  assert.equal(r.status, 200, r.text);
  assert.ok(r.body.token, 'a session without a second factor');
  return {
    org: w.acmeOrg,
    token: r.body.token,
    user: a.key,
    refresh_id: r.body.refresh_id,
    refresh_token: r.body.refresh_token,
  };
}

const verify = (body: Record<string, unknown>, token?: string) =>
  w.call('POST', '/auth/api/verify_2fa', { org: w.acmeOrg, token, body });

/** An account with an authenticator proven, its key and recovery codes. */
async function withAuthenticator() {
  const a = await newAccount();
  const s = await signIn(a);
  const set = await w.call('POST', '/auth/api/set_2fa_options', { ...as(s), body: { '2fa_method': 'authenticator' } });
  assert.equal(set.status, 200, set.text);
  const key: string = set.body.authenticator_key;
  const ok = await verify({ code: codeAt(key, await steadyNow()) }, s.token);
  assert.equal(ok.status, 200, ok.text);
  return { ...a, session: s, totpKey: key, recovery: ok.body.recovery_codes as string[] };
}

async function challengeOf(a: Account): Promise<string> {
  const r = await login(a.email);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.two_factor_required, true);
  assert.equal(r.body.token, undefined, 'no session before the second factor');
  return r.body.challenge;
}

async function mailsTo(address: string) {
  return (await readOutbox(w.server.dataDir)).filter((m) => m.to === address);
}

async function lastCode(address: string): Promise<string> {
  const until = Date.now() + 5000;
  for (;;) {
    const m = (await mailsTo(address)).pop();
    const code = m && /\b(\d{6})\b/.exec(m.text)?.[1];
    if (code) return code;
    if (Date.now() > until) throw new Error(`no code sent to ${address}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('authenticator (TOTP)', () => {
  test('set up: the key answered once, proven by a code before it counts; never answered by the data API', async () => {
    const a = await newAccount();
    const s = await signIn(a);
    const set = await w.call('POST', '/auth/api/set_2fa_options', {
      ...as(s),
      body: { '2fa_method': 'authenticator' },
    });
    assert.equal(set.status, 200, set.text);
    assert.match(set.body.authenticator_key, /^[A-Z2-7]{13}$/);
    const uri = new URL(set.body.otpauth_uri);
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.searchParams.get('secret'), set.body.authenticator_key);
    assert.equal(uri.searchParams.get('algorithm'), 'SHA1');
    assert.equal(uri.searchParams.get('digits'), '6');
    assert.equal(uri.searchParams.get('period'), '30');
    // Not active yet: the password alone still signs in.
    assert.ok((await login(a.email)).body.token);
    // retrieve_2fa_key: the owner, once, while it is set up.
    const other = await w.call('POST', '/auth/api/retrieve_2fa_key', { ...as(s), body: { user_id: w.emma.user } });
    assert.equal(other.status, 403);
    const again = await w.call('POST', '/auth/api/retrieve_2fa_key', { ...as(s), body: { user_id: a.key } });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.authenticator_key, set.body.authenticator_key);
    const third = await w.call('POST', '/auth/api/retrieve_2fa_key', { ...as(s), body: { user_id: a.key } });
    assert.equal(third.status, 409);
    const wrong = await verify(
      { code: '000000' === codeAt(set.body.authenticator_key, Date.now()) ? '111111' : '000000' },
      s.token,
    );
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.message, 'Invalid code');
    const ok = await verify({ code: codeAt(set.body.authenticator_key, await steadyNow()) }, s.token);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body['2fa_method'], 'authenticator');
    assert.equal(ok.body.recovery_codes.length, 10);
    assert.equal(new Set(ok.body.recovery_codes).size, 10);
    const never = await w.call('POST', '/auth/api/retrieve_2fa_key', { ...as(s), body: { user_id: a.key } });
    assert.equal(never.status, 409, 'never again once proven');
    const read = await w.call('GET', `${USERS}/${a.key}`, as(w.admin));
    assert.equal(read.body.data['2fa_method'], 'authenticator');
    assert.equal(read.body.data.authenticator_key, undefined, 'the key is never answered');
    assert.ok(!JSON.stringify(read.body).includes(set.body.authenticator_key));
  });

  test('sign-in in two steps; one step of drift either way; a code is accepted once', async () => {
    const a = await withAuthenticator();
    const now = await steadyNow();
    const c1 = await challengeOf(a);
    assert.equal(
      (await verify({ challenge: c1, code: codeAt(a.totpKey, now + 60_000) })).status,
      401,
      'two steps ahead',
    );
    const ok = await verify({ challenge: c1, code: codeAt(a.totpKey, now + 30_000) });
    assert.equal(ok.status, 200, `one step ahead: ${ok.text}`);
    assert.ok(ok.body.token && ok.body.refresh_id && ok.body.refresh_token);
    assert.equal(ok.body.session.user.key, a.key);
    assert.equal((await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token: ok.body.token })).status, 200);
    const c2 = await challengeOf(a);
    const replay = await verify({ challenge: c2, code: codeAt(a.totpKey, now + 30_000) });
    assert.equal(replay.status, 401, 'the same code again');
    assert.equal((await verify({ challenge: c2, code: codeAt(a.totpKey, now) })).status, 401, 'an older step');
    // A challenge is for its organization only, and answers nothing to a made-up one.
    assert.equal((await verify({ challenge: `${crypto.randomUUID()}.made-up`, code: '123456' })).status, 401);
  });

  test('recovery codes: each works once, in place of the code', async () => {
    const a = await withAuthenticator();
    const c1 = await challengeOf(a);
    const ok = await verify({ challenge: c1, code: a.recovery[3].toLowerCase() });
    assert.equal(ok.status, 200, ok.text);
    const c2 = await challengeOf(a);
    assert.equal((await verify({ challenge: c2, code: a.recovery[3] })).status, 401, 'spent');
    assert.equal((await verify({ challenge: c2, code: a.recovery[4] })).status, 200);
  });

  test('turned off by its holder: the password alone signs in again, and the holder is told', async () => {
    const a = await withAuthenticator();
    const off = await w.call('POST', '/auth/api/set_2fa_options', { ...as(a.session), body: { '2fa_method': 'none' } });
    assert.equal(off.status, 200, off.text);
    assert.match((await mailsTo(a.email)).pop()?.subject ?? '', /two-factor sign-in turned off/);
    const r = await login(a.email);
    assert.ok(r.body.token, 'a session at once');
    const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: {
        criteria: [
          { field: 'affected_user', is: '=', value: a.key },
          { field: 'action_type', is: '=', value: 'two_factor' },
        ],
      },
    });
    assert.deepEqual(audit.body.items.map((i: any) => i.data.detail.outcome).sort(), [
      'turned off',
      'turned on (authenticator)',
    ]);
  });

  test('5 wrong codes end the challenge; the right one then fails too', async () => {
    const a = await withAuthenticator();
    const c = await challengeOf(a);
    for (let i = 0; i < 5; i++) {
      const r = await verify({ challenge: c, code: `${900000 + i}` });
      assert.equal(r.status, 401, r.text);
    }
    assert.equal((await verify({ challenge: c, code: a.recovery[0] })).status, 401, 'the challenge is over');
    assert.equal((await verify({ challenge: await challengeOf(a), code: a.recovery[0] })).status, 200);
  });

  test('wrong codes sent at once get no more looks than one after another: 10 at once end the challenge', async () => {
    const a = await withAuthenticator();
    const c = await challengeOf(a);
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => verify({ challenge: c, code: `${900000 + i}` })),
    );
    assert.deepEqual(
      burst.map((r) => r.status),
      Array(10).fill(401),
    );
    assert.equal((await verify({ challenge: c, code: a.recovery[0] })).status, 401, 'the challenge is over');
  });

  test('bad input: a clear 400 naming the field', async () => {
    const noCode = await verify({ challenge: 'x' });
    assert.equal(noCode.status, 400);
    assert.equal(noCode.body.errors[0].path, '/code');
    const s = await signIn(await newAccount());
    const bad = await w.call('POST', '/auth/api/set_2fa_options', { ...as(s), body: { '2fa_method': 'pigeon' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].path, '/2fa_method');
    const nothing = await verify({ code: '123456' }, s.token);
    assert.equal(nothing.status, 409, 'no setup waiting in this session');
    const unauth = await w.call('POST', '/auth/api/set_2fa_options', {
      org: w.acmeOrg,
      body: { '2fa_method': 'email' },
    });
    assert.equal(unauth.status, 401);
  });
});

describe('codes by e-mail and text message', () => {
  test('e-mail: on at once (API.md), told by e-mail, with recovery codes; then each sign-in sends a code: 6 digits, once; resend at most once a minute', async () => {
    const a = await newAccount();
    const s = await signIn(a);
    const set = await w.call('POST', '/auth/api/set_2fa_options', { ...as(s), body: { '2fa_method': 'email' } });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body['2fa_method'], 'email');
    assert.equal(set.body.recovery_codes.length, 10);
    assert.equal((await w.call('GET', '/auth/api/session', as(s))).body.two_factor_method, 'email');
    const told = (await mailsTo(a.email)).pop();
    assert.match(told?.subject ?? '', /two-factor sign-in turned on/);
    assert.doesNotMatch(told?.text ?? '', /\b\d{6}\b/, 'a notice, not a code');
    const sentBefore = (await mailsTo(a.email)).length;
    const r = await login(a.email);
    assert.equal(r.body.method, 'email');
    assert.equal(r.body.two_factor_required, true);
    const code = await lastCode(a.email);
    assert.equal((await mailsTo(a.email)).length, sentBefore + 1, 'sent at once');
    const resend = await w.call('POST', '/auth/api/trigger_2fa', {
      org: w.acmeOrg,
      body: { challenge: r.body.challenge },
    });
    assert.equal(resend.status, 429, 'not twice within a minute');
    assert.ok(Number(resend.headers.get('retry-after')) > 0);
    const ok = await verify({ challenge: r.body.challenge, code });
    assert.equal(ok.status, 200, ok.text);
    const c2 = await login(a.email);
    await lastCode(a.email);
    assert.equal(
      (await verify({ challenge: c2.body.challenge, code })).status,
      401,
      'a code works once, for its challenge',
    );
  });

  test('text: needs a phone of 10 digits; the notice and the codes go through the SMS transport to the outbox', async () => {
    const none = await newAccount();
    const s0 = await signIn(none);
    const refused = await w.call('POST', '/auth/api/set_2fa_options', { ...as(s0), body: { '2fa_method': 'text' } });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.errors[0].path, '/2fa_method');
    const phone = `212-555-${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const a = await newAccount({ phone });
    const s = await signIn(a);
    assert.equal(
      (await w.call('POST', '/auth/api/set_2fa_options', { ...as(s), body: { '2fa_method': 'text' } })).status,
      200,
    );
    const notice = (await mailsTo(`sms:${phone}`)).pop();
    assert.ok(notice, 'the text message is in the outbox');
    assert.equal(notice.subject, 'Text message');
    assert.match(notice.text, /Two-factor sign-in for your .* account is on/);
    const r = await login(a.email);
    assert.equal(r.body.method, 'text');
    const sms = (await mailsTo(`sms:${phone}`)).pop();
    const code = /\b(\d{6})\b/.exec(sms!.text)![1];
    assert.equal((await verify({ challenge: r.body.challenge, code })).status, 200);
  });
});

describe('refresh tokens', () => {
  const refresh = (refresh_id: string, refresh_token: string) =>
    w.call('POST', '/auth/api/refresh_auth_token', { org: w.acmeOrg, body: { refresh_id, refresh_token } });

  test('rotate: each works once; a spent one used again ends the whole family', async () => {
    const a = await newAccount();
    const s = await signIn(a);
    const r1 = await refresh(s.refresh_id, s.refresh_token);
    assert.equal(r1.status, 200, r1.text);
    assert.ok(r1.body.token && r1.body.exp && r1.body.refresh_id && r1.body.refresh_token);
    assert.notEqual(r1.body.refresh_token, s.refresh_token);
    const fresh = { org: w.acmeOrg, token: r1.body.token };
    assert.equal((await w.call('GET', '/auth/api/session', fresh)).status, 200);
    // The spent token again: 401, and the family (the session it renewed, the next token) ends.
    assert.equal((await refresh(s.refresh_id, s.refresh_token)).status, 401);
    assert.equal((await w.call('GET', '/auth/api/session', fresh)).status, 401, 'the renewed session ended');
    assert.equal((await refresh(r1.body.refresh_id, r1.body.refresh_token)).status, 401, 'the next token ended');
    // The session the family began with ends too: whoever holds its token cannot start a new family.
    const first = { org: w.acmeOrg, token: s.token };
    assert.equal((await w.call('GET', '/auth/api/session', first)).status, 401, 'the first session ended');
    const revived = await w.call('POST', '/auth/api/get_refresh_token', { ...first, body: {} });
    assert.equal(revived.status, 401, revived.text);
    assert.equal((await refresh(r1.body.refresh_id, 'guess')).status, 401);
    const bad = await w.call('POST', '/auth/api/refresh_auth_token', { org: w.acmeOrg, body: { refresh_id: 5 } });
    assert.equal(bad.status, 400);
  });

  test('a session a refresh renewed starts no new family in its last seconds', async () => {
    const a = await newAccount();
    const s = await signIn(a);
    assert.equal((await refresh(s.refresh_id, s.refresh_token)).status, 200);
    // Its token still answers for a few seconds (requests under way), but a new family from it
    // would renew a session the rotation already replaced.
    const first = { org: w.acmeOrg, token: s.token };
    assert.equal((await w.call('GET', '/auth/api/session', first)).status, 200);
    const again = await w.call('POST', '/auth/api/get_refresh_token', { ...first, body: {} });
    assert.equal(again.status, 401, again.text);
  });

  test('logout, logout_all and a password change end them; get_refresh_token answers a new one', async () => {
    const a = await newAccount();
    const s1 = await signIn(a);
    assert.equal((await w.call('POST', '/auth/api/logout', as(s1))).status, 204);
    assert.equal((await refresh(s1.refresh_id, s1.refresh_token)).status, 401, 'after logout');

    const s2 = await signIn(a);
    const s3 = await signIn(a);
    assert.equal((await w.call('POST', '/auth/api/logout_all', { ...as(s2), body: {} })).status, 204);
    assert.equal((await refresh(s3.refresh_id, s3.refresh_token)).status, 401, 'after logout_all');

    const s4 = await signIn(a);
    const s5 = await signIn(a);
    const changed = await w.call('POST', '/auth/api/change_password', {
      ...as(s4),
      body: { current_password: PASSWORD, password: 'another long secret 43', password2: 'another long secret 43' },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(
      (await refresh(s5.refresh_id, s5.refresh_token)).status,
      401,
      "another session's, after a password change",
    );
    assert.equal((await refresh(s4.refresh_id, s4.refresh_token)).status, 401, 'its own too');
    const got = await w.call('POST', '/auth/api/get_refresh_token', { ...as(s4), body: { refresh_id: s4.refresh_id } });
    assert.equal(got.status, 200, got.text);
    assert.equal((await refresh(got.body.refresh_id, got.body.refresh_token)).status, 200);
    assert.equal((await w.call('POST', '/auth/api/get_refresh_token', { org: w.acmeOrg, body: {} })).status, 401);
  });

  test('a deleted user: their refresh tokens end', async () => {
    const a = await newAccount();
    const s = await signIn(a);
    const staffSudo = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.acmeOrg}`, {
      ...as(w.staff),
      body: { organization_id: w.acmeOrg },
    });
    const sudo = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: staffSudo.body.identifier, key: staffSudo.body.single_use_key, type: 'sudo_login' },
    });
    const del = await w.call('POST', '/auth/api/delete_user', {
      org: w.acmeOrg,
      token: sudo.body.token,
      body: { user_id: a.key, confirm_name: 'Tess Two' },
    });
    assert.equal(del.status, 200, del.text);
    assert.equal((await refresh(s.refresh_id, s.refresh_token)).status, 401);
  });

  test('a lock or a block ends the account’s sessions and refresh tokens: undoing it revives none', async () => {
    const a = await newAccount();
    for (const change of [{ locked: true }, { status: 'blocked' }]) {
      const s = await signIn(a);
      const r = await w.call('PATCH', `${USERS}/${a.key}`, { ...as(w.admin), body: change });
      assert.equal(r.status, 200, r.text);
      const undo = await w.call('PATCH', `${USERS}/${a.key}`, {
        ...as(w.admin),
        body: { locked: false, status: 'active' },
      });
      assert.equal(undo.status, 200, undo.text);
      const why = JSON.stringify(change);
      assert.equal((await w.call('GET', '/auth/api/session', as(s))).status, 401, `the session, after ${why}`);
      assert.equal((await refresh(s.refresh_id, s.refresh_token)).status, 401, `the refresh token, after ${why}`);
      // The account signs in again once it may.
      const again = await signIn(a);
      assert.equal((await w.call('GET', '/auth/api/session', as(again))).status, 200);
    }
    // Other edits of the account end nothing.
    const s = await signIn(a);
    const renamed = await w.call('PATCH', `${USERS}/${a.key}`, {
      ...as(w.admin),
      body: { display_name: 'Tess Renamed' },
    });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal((await w.call('GET', '/auth/api/session', as(s))).status, 200);
    assert.equal((await refresh(s.refresh_id, s.refresh_token)).status, 200);
  });

  test("a sudo session and its refresh tokens end with the staff member's own sessions: logout_all, a password change, a lock", async () => {
    // A second staff member of the root organization, who may enter companies.
    const email = `staff.${unique()}@dform.test`;
    const made = await w.call('POST', `${USERS}/`, {
      ...as(w.staff),
      body: {
        email,
        display_name: 'Sid Staff',
        status: 'active',
        permissions: ['AUTH:CanLoginToOrganizations'],
        is_employee: false,
      },
    });
    assert.equal(made.status, 201, made.text);
    let password = PASSWORD;
    const setPassword = await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.staff),
      body: { user_id: made.body.key, password, password2: password },
    });
    assert.equal(setPassword.status, 200, setPassword.text);
    const staffSession = async () => w.login(w.rootOrg, email, password);
    const sudoKey = async (from: Session) => {
      const r = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.acmeOrg}`, {
        ...as(from),
        body: { organization_id: w.acmeOrg },
      });
      assert.equal(r.status, 200, r.text);
      return { userid: r.body.identifier, key: r.body.single_use_key, type: 'sudo_login' };
    };
    const enter = async (from: Session) => {
      const r = await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: await sudoKey(from) });
      assert.equal(r.status, 200, r.text);
      return {
        org: w.acmeOrg,
        token: r.body.token,
        refresh_id: r.body.refresh_id,
        refresh_token: r.body.refresh_token,
      };
    };
    const ended = async (sudo: Awaited<ReturnType<typeof enter>>, why: string) => {
      assert.equal(
        (await w.call('GET', '/auth/api/session', as({ ...sudo, user: '' }))).status,
        401,
        `session, ${why}`,
      );
      assert.equal((await refresh(sudo.refresh_id, sudo.refresh_token)).status, 401, `refresh, ${why}`);
    };

    // logout_all in the root organization ends the sessions the staff member opened in companies.
    let own = await staffSession();
    let sudo = await enter(own);
    assert.equal((await w.call('GET', '/auth/api/session', as({ ...sudo, user: '' }))).status, 200);
    const pending = await sudoKey(own);
    assert.equal((await w.call('POST', '/auth/api/logout_all', { ...as(own), body: {} })).status, 204);
    await ended(sudo, 'after the staff member logged out everywhere');
    const late = await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: pending });
    assert.equal(late.status, 401, `a sudo key asked for before logout_all: ${late.text}`);

    // A password change of the staff member.
    own = await staffSession();
    sudo = await enter(own);
    const next = 'another long secret 44';
    const changed = await w.call('POST', '/auth/api/change_password', {
      ...as(own),
      body: { current_password: password, password: next, password2: next },
    });
    assert.equal(changed.status, 200, changed.text);
    password = next;
    await ended(sudo, "after the staff member's password change");

    // A lock of the staff member's account.
    own = await staffSession();
    sudo = await enter(own);
    const locked = await w.call('PATCH', `${USERS}/${made.body.key}`, { ...as(w.staff), body: { locked: true } });
    assert.equal(locked.status, 200, locked.text);
    await ended(sudo, "after the staff member's account was locked");

    // Another staff member's sudo session is untouched.
    const other = await enter(w.staff);
    assert.equal((await w.call('GET', '/auth/api/session', as({ ...other, user: '' }))).status, 200);
    assert.equal((await refresh(other.refresh_id, other.refresh_token)).status, 200);
  });
});

describe('reset_2fa_key', () => {
  const reset = (who: Session, body: Record<string, unknown>) =>
    w.call('POST', '/auth/api/reset_2fa_key', { ...as(who), body });

  test('a user manager resets an account they may act on: method none, audited; the given key is the one to prove', async () => {
    const a = await withAuthenticator();
    const r = await reset(w.admin, { user_id: a.key, authenticator_key: 'JBSWY3DPEHPK3' });
    assert.equal(r.status, 200, r.text);
    const notice = (await mailsTo(a.email)).pop();
    assert.match(notice?.subject ?? '', /two-factor sign-in reset/, 'the holder is told');
    const s = await signIn(a);
    const set = await w.call('POST', '/auth/api/set_2fa_options', {
      ...as(s),
      body: { '2fa_method': 'authenticator' },
    });
    assert.equal(set.body.authenticator_key, 'JBSWY3DPEHPK3');
    const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: {
        criteria: [
          { field: 'affected_user', is: '=', value: a.key },
          { field: 'action_type', is: '=', value: 'two_factor' },
        ],
      },
    });
    assert.equal(audit.status, 200, audit.text);
    assert.ok(
      audit.body.items.some((i: any) => i.data.logged_in_user === w.admin.user && /reset/.test(i.data.message)),
    );
    assert.ok(!JSON.stringify(audit.body).includes('JBSWY3DPEHPK3'), 'the key is not in the audit log');
  });

  test("the data API turns no method on and changes no key: that would skip the holder's proof", async () => {
    const a = await newAccount();
    const patch = (body: Record<string, unknown>) => w.call('PATCH', `${USERS}/${a.key}`, { ...as(w.admin), body });
    const METHOD =
      "Two-factor sign-in is turned on by the account's holder, who proves it with a code; a user manager resets it with reset_2fa_key.";
    const byKey = await patch({ '2fa_method': 'authenticator', authenticator_key: 'CCCCCCCCCCCCC' });
    assert.equal(byKey.status, 400, byKey.text);
    assert.deepEqual(byKey.body.errors, [
      { path: '/2fa_method', message: METHOD },
      {
        path: '/authenticator_key',
        message:
          'An authenticator key is changed with reset_2fa_key, which turns two-factor sign-in off until its holder proves the new key.',
      },
    ]);
    const byText = await patch({ '2fa_method': 'text', phone: '5555550100' });
    assert.deepEqual(byText.body.errors, [{ path: '/2fa_method', message: METHOD }]);
    const made = await w.call('POST', `${USERS}/`, {
      ...as(w.admin),
      body: {
        email: `two.${unique()}@acme.example`,
        display_name: 'Tom Two',
        status: 'active',
        permissions: [],
        is_employee: false,
        '2fa_method': 'email',
      },
    });
    assert.deepEqual(made.body.errors, [{ path: '/2fa_method', message: METHOD }]);
    // Nothing changed: the password alone still signs in.
    const s = await signIn(a);
    assert.ok(s.token);
    // A save of the account as read, its method unchanged, is fine.
    const read = await w.call('GET', `${USERS}/${a.key}`, as(w.admin));
    const same = await w.call('POST', `${USERS}/${a.key}`, { ...as(w.admin), body: read.body.data });
    assert.equal(same.status, 200, same.text);
  });

  test('across roles and companies: employee and payroll manager 403, a stronger account 403, another company 404, bad key 400', async () => {
    const a = await withAuthenticator();
    assert.equal((await reset(w.emma, { user_id: a.key })).status, 403);
    assert.equal((await reset(w.payroll, { user_id: a.key })).status, 403);
    // An account holding a permission the company admin lacks is not theirs to act on.
    const stronger = await w.call('POST', `${USERS}/`, {
      org: w.acmeOrg,
      token: (await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: await sudoKey() })).body.token,
      body: {
        email: `strong.${unique()}@acme.example`,
        display_name: 'Sam Strong',
        status: 'active',
        permissions: ['AUTH:CanLoginToOrganizations'],
        is_employee: false,
      },
    });
    assert.equal(stronger.status, 201, stronger.text);
    assert.equal((await reset(w.admin, { user_id: stronger.body.key })).status, 403);
    // The root organization's staff account, asked from the company: not an account there.
    assert.equal((await reset(w.admin, { user_id: w.staff.user })).status, 404);
    const bad = await reset(w.admin, { user_id: a.key, authenticator_key: 'abc' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors, [{ path: '/authenticator_key', message: 'Invalid Auth key provided' }]);
    assert.equal((await reset(w.admin, { user_id: 'nope' })).status, 400);
    // Still two-factor: nothing was reset by the refused calls.
    assert.equal((await login(a.email)).body.two_factor_required, true);
  });

  async function sudoKey() {
    const r = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.acmeOrg}`, {
      ...as(w.staff),
      body: { organization_id: w.acmeOrg },
    });
    return { userid: r.body.identifier, key: r.body.single_use_key, type: 'sudo_login' };
  }
});

describe('a company that requires two-factor sign-in of managers', () => {
  const setting = (on: boolean) =>
    w.call('PATCH', `/auth/api/data/organizations/${w.acmeOrg}`, {
      ...as(w.staff),
      body: { require_2fa_for_managers: on },
    });

  test('a manager without a method may only set one up; an employee is not asked', async () => {
    const manager = await newAccount({ permissions: ['AUTH:CanManageUsers'] });
    const employee = await newAccount();
    assert.equal((await setting(true)).status, 200);
    try {
      const s = await signIn(manager);
      const view = await w.call('GET', '/auth/api/session', as(s));
      assert.equal(view.body.two_factor_setup_required, true);
      const blocked = await w.call('GET', `${USERS}/${employee.key}`, as(s));
      assert.equal(blocked.status, 403);
      assert.equal(blocked.body.message, 'Two-factor sign-in must be set up first.');
      const off = await w.call('POST', '/auth/api/set_2fa_options', { ...as(s), body: { '2fa_method': 'none' } });
      assert.equal(off.status, 400);
      const set = await w.call('POST', '/auth/api/set_2fa_options', {
        ...as(s),
        body: { '2fa_method': 'authenticator' },
      });
      assert.equal(
        (await verify({ code: codeAt(set.body.authenticator_key, await steadyNow()) }, s.token)).status,
        200,
      );
      assert.equal((await w.call('GET', `${USERS}/${employee.key}`, as(s))).status, 200, 'set up: the session works');
      const e = await signIn(employee);
      assert.equal((await w.call('GET', '/auth/api/session', as(e))).body.two_factor_setup_required, false);
    } finally {
      assert.equal((await setting(false)).status, 200);
    }
  });
});

describe('cross_site_login_only and get_org_name', () => {
  test('a partner account cannot sign in by password, only through the cross-site invite', async () => {
    const a = await newAccount({ cross_site_login_only: true });
    const r = await login(a.email);
    assert.equal(r.status, 401, 'the right password is refused');
    assert.equal(r.body.message, 'Invalid credentials');
    const before = (await mailsTo(a.email)).length;
    const invite = await w.call('POST', '/auth/api/get_cross_site_invite', {
      ...as(w.admin),
      body: { user_id: a.key },
    });
    assert.equal(invite.status, 200, invite.text);
    const mail = (await mailsTo(a.email)).slice(before).pop()!;
    const key = /code for .* is (\S+) \(valid/.exec(mail.text)![1];
    const ok = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: a.key, key, type: 'forgot_password' },
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.session.password_reset, false, 'a partner session sets no password');
    // forgot_password sends such an account nothing.
    const count = (await mailsTo(a.email)).length;
    await w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username: a.email } });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await mailsTo(a.email)).length, count);
  });

  test('get_org_name: no sign-in needed; 404 for an unknown one, 400 for a malformed one', async () => {
    const ok = await w.call('POST', '/auth/api/get_org_name', { body: { organization_id: w.acmeOrg } });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(Object.keys(ok.body), ['name']);
    assert.ok(ok.body.name.length > 0);
    assert.equal(
      (await w.call('POST', '/auth/api/get_org_name', { body: { organization_id: crypto.randomUUID() } })).status,
      404,
    );
    const bad = await w.call('POST', '/auth/api/get_org_name', { body: { organization_id: 'x' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].path, '/organization_id');
  });
});

/** The product organization served in process on the test's clock, and a caller of it. */
async function productOrgInProcess(now: () => number, prefix: string) {
  const t = await testServices({ now, prefix });
  const boot = await bootstrap(t.services);
  return { t, call: inProcessCaller(createApp(t.services), boot.orgId) };
}

describe('on a clock the test moves', () => {
  test('drift, replay and a challenge past its 5 minutes', async () => {
    let clock = 1_900_000_005; // 5 s into a 30 s step
    const { t, call } = await productOrgInProcess(() => clock, 'dform-2fa-');
    const first = await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
    const token = first.body.token;
    const set = await call('POST', '/auth/api/set_2fa_options', { token, body: { '2fa_method': 'authenticator' } });
    const key = set.body.authenticator_key;
    const at = (secondsFromNow: number) => codeAt(key, (clock + secondsFromNow) * 1000);
    assert.equal((await call('POST', '/auth/api/verify_2fa', { token, body: { code: at(-60) } })).status, 401);
    assert.equal((await call('POST', '/auth/api/verify_2fa', { token, body: { code: at(0) } })).status, 200);
    const challenge = async () =>
      (await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } })).body.challenge;
    clock += 120; // four steps on
    const v = async (code: string, c?: string) =>
      (await call('POST', '/auth/api/verify_2fa', { body: { challenge: c ?? (await challenge()), code } })).status;
    assert.equal(await v(at(-60)), 401, 'two steps behind');
    assert.equal(await v(at(60)), 401, 'two steps ahead');
    assert.equal(await v(at(-30)), 200, 'one step behind');
    assert.equal(await v(at(-30)), 401, 'the same code again');
    assert.equal(await v(at(0)), 200, 'this step');
    assert.equal(await v(at(30)), 200, 'one step ahead');
    assert.equal(await v(at(30)), 401, 'replayed');
    const late = await challenge();
    clock += 301;
    assert.equal(await v(at(0), late), 401, 'the challenge is over after 5 minutes');
    assert.equal(await v(at(0)), 200, 'a new one works');
    await t.storage.close();
  });

  test('two requests for a new code at once, a minute on: one code sent, the other told to wait (429)', async () => {
    let clock = 1_900_000_005;
    const { t, call } = await productOrgInProcess(() => clock, 'dform-2fa-resend-');
    const token = (await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } })).body
      .token;
    const set = await call('POST', '/auth/api/set_2fa_options', { token, body: { '2fa_method': 'email' } });
    assert.equal(set.status, 200, set.text);
    const lastCode = () => /\b(\d{6})\b/.exec(t.transport.sent.at(-1)!.text)![1];

    const asked = await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
    assert.equal(asked.body.two_factor_required, true, asked.text);
    const challenge = asked.body.challenge;
    clock += 61;
    const sentBefore = t.transport.sent.length;
    const signIn = await Promise.all([1, 2].map(() => call('POST', '/auth/api/trigger_2fa', { body: { challenge } })));
    assert.deepEqual(signIn.map((r) => r.status).sort(), [200, 429], signIn.map((r) => r.text).join('\n'));
    assert.ok(signIn.find((r) => r.status === 429)!.headers.get('retry-after'), 'a 429 says how long to wait');
    assert.equal(t.transport.sent.length, sentBefore + 1, 'one code sent');
    const done = await call('POST', '/auth/api/verify_2fa', { body: { challenge, code: lastCode() } });
    assert.equal(done.status, 200, done.text);
    await t.storage.close();
  });

  test("an administrator's edit of the account while its second factor is proven: 409, nothing used up, and trying again works", async () => {
    const clock = 1_900_000_005;
    const { t, call } = await productOrgInProcess(() => clock, 'dform-2fa-race-');
    const token = (await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } })).body
      .token;
    const set = await call('POST', '/auth/api/set_2fa_options', { token, body: { '2fa_method': 'authenticator' } });
    assert.equal(set.status, 200, set.text);
    // The edit lands between the proof's read of the account and its commit.
    const store = t.services.storage;
    const commit = store.commit.bind(store);
    let editFirst = true;
    store.commit = async (ops) => {
      const put = ops.find((op) => op.op === 'put' && op.record.collection === 'auth/users');
      if (editFirst && put?.op === 'put') {
        editFirst = false;
        const user = (await store.get('auth/users', put.record.org, put.record.key))!;
        await commit([
          {
            op: 'put',
            expectVersion: user.meta.version,
            record: {
              ...user,
              data: { ...user.data, display_name: 'Renamed Meanwhile' },
              meta: { ...user.meta, version: user.meta.version + 1 },
            },
          },
        ]);
      }
      return commit(ops);
    };
    const code = codeAt(set.body.authenticator_key, clock * 1000);
    const raced = await call('POST', '/auth/api/verify_2fa', { token, body: { code } });
    assert.equal(raced.status, 409, raced.text);
    assert.match(raced.body.message, /account changed meanwhile/);
    const again = await call('POST', '/auth/api/verify_2fa', { token, body: { code } });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body['2fa_method'], 'authenticator');
    const me = await call('GET', '/auth/api/session', { token });
    assert.equal(me.status, 200, me.text);
    const user = (await store.get('auth/users', me.body.organization_id, me.body.user.key))!;
    assert.equal(user.data.display_name, 'Renamed Meanwhile');
    assert.equal(user.data['2fa_method'], 'authenticator');
    await store.close();
  });
});
