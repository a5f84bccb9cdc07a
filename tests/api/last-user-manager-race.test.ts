/**
 * Two user managers who take the permission from each other at the same moment: each write alone
 * leaves the other, so each passes the check (server/auth/user-managers.ts); both together would
 * leave the company with none. The commit holds the check's reading (the records of the accounts
 * left managing users, at the versions read), so the second write is run again over the first and
 * refused. Requests are sent together, in-process, on either store (tests/helpers/clock-app.ts).
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { clockApp, type ClockApp } from '../helpers/clock-app.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

const U = '/auth/api/data/users';
const MANAGE = 'AUTH:CanManageUsers';
const PASSWORD = 'harbor-violet-7';
let app: ClockApp;
let n = 0;

beforeAll(async () => {
  app = await clockApp();
});
afterAll(async () => {
  await app.close();
});

async function signIn(userid: string, key: string): Promise<string> {
  const r = await app.call('POST', '/auth/api/login', { body: { userid, key } });
  assert.equal(r.status, 200, r.text);
  return r.body.token;
}

/** A new account managing users, signed in. */
async function manager(staff: string): Promise<{ key: string; token: string }> {
  const email = `manager.${++n}.${Date.now()}@example.com`;
  const u = await app.call('POST', `${U}/`, {
    token: staff,
    body: { email, display_name: `Manager ${n}`, status: 'active', permissions: [MANAGE], is_employee: false },
  });
  assert.equal(u.status, 201, u.text);
  const p = await app.call('POST', '/auth/api/set_user_password', {
    token: staff,
    body: { user_id: u.body.key, password: PASSWORD, password2: PASSWORD },
  });
  assert.equal(p.status, 200, p.text);
  return { key: u.body.key, token: await signIn(email, PASSWORD) };
}

/** The active accounts of the organization holding AUTH:CanManageUsers of their own. */
async function managers(token: string): Promise<string[]> {
  const r = await app.call('POST', '/auth/api/data/find/users', {
    token,
    body: { criteria: [{ field: 'permissions', is: 'contains', value: MANAGE }], limit: 500 },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items
    .filter((u: { data: { status: string } }) => u.data.status === 'active')
    .map((u: { key: string }) => u.key);
}

describe('two user managers demoting each other at once', () => {
  test('one write wins, the other is refused, and the company keeps a user manager (10 rounds)', async () => {
    const staff = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    let survivor: { key: string; token: string } | undefined;
    for (let round = 1; round <= 10; round++) {
      const x = await manager(staff);
      const y = await manager(staff);
      // The last round's survivor steps down (two others manage users now): X and Y are the only ones.
      if (survivor) {
        const down = await app.call('PATCH', `${U}/${survivor.key}`, {
          token: survivor.token,
          body: { permissions: [] },
        });
        assert.equal(down.status, 200, down.text);
      }
      assert.deepEqual(new Set(await managers(staff)), new Set([x.key, y.key]), `round ${round}: two managers`);
      const [a, b] = await Promise.all([
        app.call('PATCH', `${U}/${y.key}`, { token: x.token, body: { permissions: [] } }),
        app.call('PATCH', `${U}/${x.key}`, { token: y.token, body: { permissions: [] } }),
      ]);
      const statuses = [a.status, b.status].sort();
      // The loser's write, run again over the winner's, is refused either for leaving no user manager
      // (400) or, where the winner's change already reached the loser's session, because the loser no
      // longer manages users (403): nothing of it is written either way.
      assert.equal(statuses[0], 200, `round ${round}: ${a.text} / ${b.text}`);
      assert.ok([400, 403].includes(statuses[1]), `round ${round}: ${a.text} / ${b.text}`);
      const left = await managers(staff);
      assert.equal(left.length, 1, `round ${round}: one user manager left`);
      survivor = left[0] === x.key ? x : y;
      assert.equal(a.status === 200 ? x : y, survivor, `round ${round}: the winner is the one left`);
    }
  });

  test("product staff's delete of the last user manager is refused; of one of two, done", async () => {
    const staff = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const [last] = await managers(staff);
    assert.ok(last, 'the race left one user manager');
    const refused = await app.call('DELETE', `${U}/${last}`, { token: staff });
    assert.equal(refused.status, 409, refused.text);
    assert.match(refused.body.message, /last active account that manages users/);
    assert.equal((await app.call('GET', `${U}/${last}`, { token: staff })).status, 200, 'still there');
    const another = await manager(staff);
    const done = await app.call('DELETE', `${U}/${last}`, { token: staff });
    assert.equal(done.status, 204, done.text);
    assert.deepEqual(await managers(staff), [another.key]);
  });
});
