/**
 * A company keeps at least one active account that manages users (AUTH:CanManageUsers, its own or
 * through a group): a write that would take the last one away is refused, naming the field, and
 * nothing changes (server/auth/user-managers.ts). In the demo company Alice is that account, both
 * through her own permissions and through the group Company Admins.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld } from '../helpers/demo.ts';

const U = '/auth/api/data/users';
const G = '/auth/api/data/groups';
const LAST =
  "This is the company's last active account that manages users (AUTH:CanManageUsers): give the permission to another active account first.";
let w: DemoWorld;

const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  (body.errors ?? []).map((e) => `${e.path} ${e.message}`);

async function adminsGroup() {
  const r = await w.call('POST', '/auth/api/data/find/groups', {
    ...as(w.admin),
    body: { criteria: [{ field: 'name', is: '=', value: 'Company Admins' }] },
  });
  return r.body.items[0] as { key: string; data: { users: string[]; permissions: string[] } };
}

async function stillManages() {
  const r = await w.call('POST', '/auth/api/data/find/users', { ...as(w.admin), body: { criteria: [] } });
  assert.equal(r.status, 200, `Alice still manages users: ${r.text}`);
}

beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

describe("the company's last user manager", () => {
  test('may leave a group while her own permissions keep her a user manager', async () => {
    const g = await adminsGroup();
    const r = await w.call('PATCH', `${G}/${g.key}`, { ...as(w.admin), body: { users: [] } });
    assert.equal(r.status, 200, r.text);
    const back = await w.call('PATCH', `${G}/${g.key}`, { ...as(w.admin), body: { users: [w.admin.user] } });
    assert.equal(back.status, 200, back.text);
  });

  test('is not made inactive, blocked or locked, nor loses AUTH:CanManageUsers while no one else has it', async () => {
    const g = await adminsGroup();
    const perms = (await w.call('GET', `${U}/${w.admin.user}`, as(w.admin))).body.data.permissions as string[];
    // Her own permission goes: the group still makes her a user manager.
    const own = await w.call('PATCH', `${U}/${w.admin.user}`, {
      ...as(w.admin),
      body: { permissions: perms.filter((p) => p !== 'AUTH:CanManageUsers') },
    });
    assert.equal(own.status, 200, own.text);

    for (const [body, path] of [
      [{ status: 'inactive' }, '/status'],
      [{ status: 'blocked' }, '/status'],
      [{ locked: true }, '/locked'],
    ] as const) {
      const r = await w.call('PATCH', `${U}/${w.admin.user}`, { ...as(w.admin), body });
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      assert.deepEqual(errorsOf(r.body), [`${path} ${LAST}`]);
    }
    const leave = await w.call('PATCH', `${G}/${g.key}`, { ...as(w.admin), body: { users: [] } });
    assert.equal(leave.status, 400, leave.text);
    assert.deepEqual(errorsOf(leave.body), [`/users ${LAST}`]);
    const strip = await w.call('PATCH', `${G}/${g.key}`, {
      ...as(w.admin),
      body: { permissions: g.data.permissions.filter((p) => p !== 'AUTH:CanManageUsers') },
    });
    assert.equal(strip.status, 400, strip.text);
    assert.deepEqual(errorsOf(strip.body), [`/permissions ${LAST}`]);
    const del = await w.call('DELETE', `${G}/${g.key}`, as(w.admin));
    assert.equal(del.status, 409, del.text);
    assert.equal(del.body.message, LAST);

    const staff = await sudoInto(w, w.staff, w.acmeOrg);
    const byStaff = await w.call('PATCH', `${U}/${w.admin.user}`, { ...as(staff), body: { status: 'inactive' } });
    assert.equal(byStaff.status, 400, `product staff too: ${byStaff.text}`);

    // Nothing changed.
    const me = await w.call('GET', `${U}/${w.admin.user}`, as(w.admin));
    assert.equal(me.body.data.status, 'active');
    assert.equal(me.body.data.locked, false);
    const after = await adminsGroup();
    assert.deepEqual(after.data, g.data);
    await stillManages();
  });

  test('once another active account manages users, she may step down', async () => {
    const paul = await w.call('GET', `${U}/${w.payroll.user}`, as(w.admin));
    const give = await w.call('PATCH', `${U}/${w.payroll.user}`, {
      ...as(w.admin),
      body: { permissions: [...(paul.body.data.permissions as string[]), 'AUTH:CanManageUsers'] },
    });
    assert.equal(give.status, 200, give.text);
    const g = await adminsGroup();
    const leave = await w.call('PATCH', `${G}/${g.key}`, { ...as(w.admin), body: { users: [] } });
    assert.equal(leave.status, 200, leave.text);
    // Now Paul is the last one: he is kept in turn.
    const paulOut = await w.call('PATCH', `${U}/${w.payroll.user}`, { ...as(w.payroll), body: { status: 'inactive' } });
    assert.equal(paulOut.status, 400, paulOut.text);
    assert.deepEqual(errorsOf(paulOut.body), [`/status ${LAST}`]);
  });
});
