/**
 * Edges a client meets when it renews, signs out and retries (../shared/API.md "Sign-in", "v2
 * additions: Two-factor sign-in and refresh tokens", docs/api-notes.md on Idempotency-Key and
 * docs/criteria.md on find options): what the server says must be what it does.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const signIn = async () => {
  const r = await w.call('POST', '/auth/api/login', {
    org: w.acmeOrg,
    body: { userid: 'payroll@acme.example', key: 'demo-payroll-pass' },
  });
  assert.equal(r.status, 200, r.text);
  return r.body as { token: string; exp: number; refresh_id: string; refresh_token: string };
};
const refresh = (pair: { refresh_id: string; refresh_token: string }) =>
  w.call('POST', '/auth/api/refresh_auth_token', {
    org: w.acmeOrg,
    body: { refresh_id: pair.refresh_id, refresh_token: pair.refresh_token },
  });
const works = async (token: string) =>
  (await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token })).status === 200;

describe('a token a refresh replaced', () => {
  test('GET /auth/api/session reports the end it really has: its last 30 seconds, not the original exp', async () => {
    const first = await signIn();
    const before = await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token: first.token });
    assert.equal(before.body.exp, first.exp);
    const renewed = await refresh(first);
    assert.equal(renewed.status, 200);
    const now = Math.floor(Date.now() / 1000);
    const after = await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token: first.token });
    assert.equal(after.status, 200, 'the replaced token still answers for its last seconds');
    assert.ok(after.body.exp <= now + 31, `exp ${after.body.exp} is within 30 s of now (${now})`);
    assert.ok(after.body.exp >= now, 'and not already past');
    // The renewed token reports its own end.
    const current = await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token: renewed.body.token });
    assert.equal(current.body.exp, renewed.body.exp);
  });
});

describe('logout racing a refresh of the same session', () => {
  test('the logout wins whatever order the two land in: no token of the session works after', async () => {
    let refreshedBeforeLogout = 0;
    for (let round = 0; round < 30; round++) {
      const first = await signIn();
      // Half the rounds start the refresh first, half the logout first.
      const logout = () => w.call('POST', '/auth/api/logout', { org: w.acmeOrg, token: first.token });
      const [out, renewed] =
        round % 2 === 0
          ? await Promise.all([logout(), refresh(first)])
          : await Promise.all([refresh(first), logout()]).then(([r, o]) => [o, r] as const);
      assert.equal(out.status, 204, `round ${round}: logout answered ${out.status} ${out.text}`);
      assert.ok([200, 401].includes(renewed.status), `round ${round}: refresh answered ${renewed.status}`);
      assert.equal(await works(first.token), false, `round ${round}: the token signed out`);
      if (renewed.status === 200) {
        refreshedBeforeLogout++;
        assert.equal(
          await works(renewed.body.token),
          false,
          `round ${round}: the renewed token of a session signed out`,
        );
        const again = await refresh(renewed.body);
        assert.equal(again.status, 401, `round ${round}: its refresh token renews nothing`);
      }
    }
    // Both outcomes of the race are seen (or the test would not test the race).
    assert.ok(refreshedBeforeLogout > 0, 'some refresh answered 200 before the logout');
  });
});

describe('a create retried with its Idempotency-Key after the record it made was deleted', () => {
  test('answers 410 saying the record was deleted, makes nothing, and never a 404', async () => {
    const headers = { 'idempotency-key': `gone-${crypto.randomUUID()}` };
    const body = { name: `Retried group ${crypto.randomUUID().slice(0, 8)}`, permissions: [], users: [] };
    const made = await w.call('POST', '/auth/api/data/groups/', { ...as(w.admin), headers, body });
    assert.equal(made.status, 201, made.text);
    const replay = await w.call('POST', '/auth/api/data/groups/', { ...as(w.admin), headers, body });
    assert.deepEqual([replay.status, replay.body.key], [201, made.body.key], 'a retry answers the first record');
    const del = await w.call('DELETE', `/auth/api/data/groups/${made.body.key}`, as(w.admin));
    assert.equal(del.status, 204, del.text);
    const late = await w.call('POST', '/auth/api/data/groups/', { ...as(w.admin), headers, body });
    assert.deepEqual(
      [late.status, late.body],
      [
        410,
        { message: 'The record this Idempotency-Key made has been deleted since; use a new key to create another' },
      ],
    );
    const found = await w.call('POST', '/auth/api/data/find/groups', {
      ...as(w.admin),
      body: { criteria: [{ field: 'name', is: '=', value: body.name }] },
    });
    assert.equal(found.body.total, 0, 'the retry made nothing');
    // A new key creates again.
    const fresh = await w.call('POST', '/auth/api/data/groups/', {
      ...as(w.admin),
      headers: { 'idempotency-key': `new-${crypto.randomUUID()}` },
      body,
    });
    assert.equal(fresh.status, 201, fresh.text);
  });
});

describe('find options sent as null', () => {
  const find = (body: unknown) => w.call('POST', '/auth/api/data/find/groups', { ...as(w.admin), body });

  test('null for limit, offset, sort or criteria is the option not given', async () => {
    const plain = await find({});
    assert.equal(plain.status, 200, plain.text);
    for (const option of ['limit', 'offset', 'sort', 'criteria']) {
      const r = await find({ [option]: null });
      assert.equal(r.status, 200, `${option}: null answered ${r.status} ${r.text}`);
      assert.deepEqual(r.body, plain.body, `${option}: null answers as without it`);
    }
    const all = await find({ criteria: null, sort: null, limit: null, offset: null });
    assert.deepEqual(all.body, plain.body);
  });

  test('a sort key with dir null sorts ascending, as one without dir', async () => {
    const asc = await find({ sort: [{ field: 'name' }] });
    const nul = await find({ sort: [{ field: 'name', dir: null }] });
    assert.equal(nul.status, 200, nul.text);
    assert.deepEqual(nul.body, asc.body);
  });

  test('other values are still refused, naming the option and its rule', async () => {
    for (const [body, message] of [
      [{ limit: 0 }, 'limit must be a whole number from 1 to 500'],
      [{ limit: '10' }, 'limit must be a whole number from 1 to 500'],
      [{ offset: -1 }, 'offset must be a whole number from 0 to 9007199254740991'],
      [{ sort: {} }, 'sort must be a list of at most 5 items'],
      [{ criteria: {} }, 'criteria must be a list of at most 20 items'],
      [{ sort: [{ field: 'name', dir: 'up' }] }, 'sort[0]: dir must be asc or desc'],
    ] as const) {
      const r = await find(body);
      assert.deepEqual([r.status, r.body.message], [400, message], JSON.stringify(body));
    }
  });
});
