/**
 * A sign-in checks the password it was given against the account as read at its start; when the
 * account changes before the sign-in's commit (a password change, a block, an administrator's new
 * password), the session must not open on what was true before: a password change ends every
 * session, the one being opened at that moment too (API.md "Logout, logout_all and a password
 * change end refresh tokens too"). In process, so that the change lands deterministically between
 * the password check and the commit; both stores.
 */
import assert from 'node:assert/strict';
import { afterEach, test } from 'vitest';
import { createApp } from '../../server/app.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import { SYSTEM } from '../../server/services.ts';
import type { WriteOp } from '../../server/storage/types.ts';
import { inProcessCaller, testServices } from '../helpers/in-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

const NEW = 'another long enough secret 43';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** The product organization in process; `meanwhile` runs once, before the next commit opening a session or a challenge. */
async function world() {
  const t = await testServices({ prefix: 'dform-signin-changed-' });
  closers.push(() => t.storage.close());
  const boot = await bootstrap(t.services);
  const call = inProcessCaller(createApp(t.services), boot.orgId);
  const store = t.services.storage;
  const commit = store.commit.bind(store);
  let meanwhile: (() => Promise<void>) | undefined;
  const opensSignIn = (op: WriteOp) =>
    op.op === 'put' &&
    op.expectVersion === 0 &&
    (op.record.collection === SYSTEM.sessions || op.record.collection === SYSTEM.twoFactorChallenges);
  let after: (() => Promise<void>) | undefined;
  store.commit = async (ops) => {
    const run = meanwhile;
    if (run && ops.some(opensSignIn)) {
      meanwhile = undefined;
      await run();
    }
    const result = await commit(ops);
    const next = after;
    if (next && ops.some(opensSignIn)) {
      after = undefined;
      await next();
    }
    return result;
  };
  const login = (key = ADMIN_PASSWORD) => call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key } });
  const first = await login();
  assert.equal(first.status, 200, first.text);
  return {
    call,
    login,
    sent: t.transport.sent,
    token: first.body.token as string,
    user: first.body.session.user.key as string,
    set(run: () => Promise<void>) {
      meanwhile = run;
    },
    /** Runs `run` once, right after the next commit opening a session or a challenge. */
    afterwards(run: () => Promise<void>) {
      after = run;
    },
  };
}

test('a password changed between the sign-in’s password check and its commit: no session opens with the old password', async () => {
  const w = await world();
  w.set(async () => {
    const changed = await w.call('POST', '/auth/api/change_password', {
      token: w.token,
      body: { current_password: ADMIN_PASSWORD, password: NEW, password2: NEW },
    });
    assert.equal(changed.status, 200, changed.text);
  });
  const raced = await w.login(ADMIN_PASSWORD);
  if (raced.status === 200) {
    const session = await w.call('GET', '/auth/api/session', { token: raced.body.token });
    assert.equal(session.status, 401, 'the session the old password opened outlives the password change');
  }
  assert.equal(raced.status, 401, raced.text);
  assert.equal((await w.login(NEW)).status, 200, 'the new password signs in');
});

test('an account changed in another way meanwhile (its name): the sign-in still opens, on the account as it is now', async () => {
  const w = await world();
  w.set(async () => {
    const renamed = await w.call('PATCH', `/auth/api/data/users/${w.user}`, {
      token: w.token,
      body: { display_name: 'Renamed Meanwhile' },
    });
    assert.equal(renamed.status, 200, renamed.text);
  });
  const raced = await w.login(ADMIN_PASSWORD);
  assert.equal(raced.status, 200, raced.text);
  assert.equal(raced.body.session.user.display_name, 'Renamed Meanwhile');
  assert.equal((await w.call('GET', '/auth/api/session', { token: raced.body.token })).status, 200);
});

test('a password changed while the second factor is asked for: the challenge ends with the sessions', async () => {
  const w = await world();
  const lastCode = () => /\b(\d{6})\b/.exec(w.sent.at(-1)!.text)![1];
  const set = await w.call('POST', '/auth/api/set_2fa_options', { token: w.token, body: { '2fa_method': 'email' } });
  assert.equal(set.status, 200, set.text);
  const asked = await w.login(ADMIN_PASSWORD);
  assert.equal(asked.body.two_factor_required, true, asked.text);
  const code = lastCode();
  const changed = await w.call('POST', '/auth/api/change_password', {
    token: w.token,
    body: { current_password: ADMIN_PASSWORD, password: NEW, password2: NEW },
  });
  assert.equal(changed.status, 200, changed.text);
  const late = await w.call('POST', '/auth/api/verify_2fa', { body: { challenge: asked.body.challenge, code } });
  assert.equal(late.status, 401, `the old password's challenge still opened a session: ${late.text}`);
});

test('an account blocked right after its sign-in committed, before the answer: the session it opened ends with the block', async () => {
  const w = await world();
  const email = `late.${crypto.randomUUID().slice(0, 8)}@dform.test`;
  const made = await w.call('POST', '/auth/api/data/users/', {
    token: w.token,
    body: { email, display_name: 'Late Block', status: 'active', permissions: [], is_employee: false },
  });
  assert.equal(made.status, 201, made.text);
  const PASSWORD = 'a long enough secret 42';
  const set = await w.call('POST', '/auth/api/set_user_password', {
    token: w.token,
    body: { user_id: made.body.key, password: PASSWORD, password2: PASSWORD },
  });
  assert.equal(set.status, 200, set.text);
  w.afterwards(async () => {
    const blocked = await w.call('PATCH', `/auth/api/data/users/${made.body.key}`, {
      token: w.token,
      body: { status: 'blocked' },
    });
    assert.equal(blocked.status, 200, blocked.text);
  });
  const signedIn = await w.call('POST', '/auth/api/login', { body: { userid: email, key: PASSWORD } });
  assert.equal(signedIn.status, 200, signedIn.text);
  const session = await w.call('GET', '/auth/api/session', { token: signedIn.body.token });
  assert.equal(session.status, 401, `a blocked account's session still answered: ${session.text.slice(0, 200)}`);
});

test('a permission taken from an account right after its sign-in committed, before the answer: its next request is refused', async () => {
  const w = await world();
  const email = `perm.${crypto.randomUUID().slice(0, 8)}@dform.test`;
  // Another account keeps managing users (the last one's permission is not taken).
  const keeper = await w.call('POST', '/auth/api/data/users/', {
    token: w.token,
    body: {
      email: `keeper.${crypto.randomUUID().slice(0, 8)}@dform.test`,
      display_name: 'Keeper',
      status: 'active',
      permissions: ['AUTH:CanManageUsers'],
      is_employee: false,
    },
  });
  assert.equal(keeper.status, 201, keeper.text);
  const made = await w.call('POST', '/auth/api/data/users/', {
    token: w.token,
    body: {
      email,
      display_name: 'Perm Late',
      status: 'active',
      permissions: ['AUTH:CanManageUsers'],
      is_employee: false,
    },
  });
  assert.equal(made.status, 201, made.text);
  const PASSWORD = 'a long enough secret 42';
  const set = await w.call('POST', '/auth/api/set_user_password', {
    token: w.token,
    body: { user_id: made.body.key, password: PASSWORD, password2: PASSWORD },
  });
  assert.equal(set.status, 200, set.text);
  let taken: { status: number; text: string } | undefined;
  w.afterwards(async () => {
    taken = await w.call('PATCH', `/auth/api/data/users/${made.body.key}`, {
      token: w.token,
      body: { permissions: [] },
    });
  });
  const signedIn = await w.call('POST', '/auth/api/login', { body: { userid: email, key: PASSWORD } });
  assert.equal(taken?.status, 200, taken?.text);
  assert.equal(signedIn.status, 200, signedIn.text);
  const list = await w.call('POST', '/auth/api/data/find/users', {
    token: signedIn.body.token,
    body: { criteria: [] },
  });
  assert.equal(list.status, 403, `the permission taken still served: ${list.status}`);
});
