/**
 * The company's directory is not every employee's to read: groups (with their users, team members
 * and permissions) are listed and read by those who manage users or groups; anyone else reads only
 * the groups that list them, without their users, team members or notes (schemas/auth/groups.json:
 * x-owner users, x-read). get_userinfo names the people of the caller's records, with their e-mail
 * only where the caller may read the account (auth/users x-access read).
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';

const G = '/auth/api/data/groups';
const FIND = '/auth/api/data/find/groups';
let w: DemoWorld;
let other: Session;
const keyOf = new Map<string, string>();

beforeAll(async () => {
  w = await demoWorld();
  other = await sudoInto(w, w.staff, await createCompany(w, 'Other Directory Co', 'otherdir.dform.app'));
  const all = await w.call('POST', FIND, { ...as(w.admin), body: { limit: 100 } });
  for (const g of all.body.items) keyOf.set(g.data.name, g.key);
});
afterAll(async () => {
  await w?.server.stop();
});

const names = (items: { data: { name: string } }[]) => items.map((i) => i.data.name).sort();

describe('groups', () => {
  test('an employee lists and reads only the groups that list her, without users, team members or notes', async () => {
    const found = await w.call('POST', FIND, { ...as(w.emma), body: { limit: 100 } });
    assert.equal(found.status, 200, found.text);
    assert.deepEqual(names(found.body.items), ['Employees']);
    assert.equal(found.body.total, 1);
    const [employees] = found.body.items;
    for (const hidden of ['users', 'members', 'notes']) assert.ok(!(hidden in employees.data), hidden);
    assert.ok(employees.data.permissions.includes('PAYROLL:CanUseModule'));
    const read = await w.call('GET', `${G}/${keyOf.get('Employees')}`, as(w.emma));
    assert.equal(read.status, 200, read.text);
    assert.ok(!('users' in read.body.data));
    // A group that does not list her is not hers to read; who its users are cannot be asked either.
    assert.equal((await w.call('GET', `${G}/${keyOf.get('Company Admins')}`, as(w.emma))).status, 403);
    const probe = await w.call('POST', FIND, {
      ...as(w.emma),
      body: { criteria: [{ field: 'users', is: 'contains', value: w.admin.user }] },
    });
    assert.equal(probe.status, 400, probe.text);
  });

  test('a payroll manager sees his own two groups; the company admin (AUTH:CanManageGroups) every group with its users', async () => {
    const payroll = await w.call('POST', FIND, { ...as(w.payroll), body: { limit: 100 } });
    assert.equal(payroll.status, 200, payroll.text);
    assert.deepEqual(names(payroll.body.items), ['Employees', 'Payroll Managers']);
    for (const g of payroll.body.items) assert.ok(!('users' in g.data));
    const admin = await w.call('POST', FIND, { ...as(w.admin), body: { limit: 100 } });
    assert.deepEqual(names(admin.body.items), ['Company Admins', 'Employees', 'Payroll Managers']);
    const employees = admin.body.items.find((g: { data: { name: string } }) => g.data.name === 'Employees');
    assert.ok(employees.data.users.includes(w.emma.user));
    const read = await w.call('GET', `${G}/${keyOf.get('Company Admins')}`, as(w.admin));
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data.users, [w.admin.user]);
  });

  test("another company's admin finds none of the company's groups and reads none (404)", async () => {
    const found = await w.call('POST', FIND, { ...as(other), body: { limit: 100 } });
    assert.equal(found.status, 200, found.text);
    assert.ok(!found.body.items.some((g: { key: string }) => [...keyOf.values()].includes(g.key)));
    assert.equal((await w.call('GET', `${G}/${keyOf.get('Employees')}`, as(other))).status, 404);
  });
});

describe('get_userinfo', () => {
  const ask = (who: Session, ids: string[]) =>
    w.call('POST', '/auth/api/get_userinfo', { ...as(who), body: { user_ids: ids } });

  test('an employee gets display names, and an e-mail only for her own account', async () => {
    const r = await ask(w.emma, [w.admin.user, w.payroll.user, w.emma.user]);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, [
      { key: w.admin.user, data: { display_name: 'Alice Admin' } },
      { key: w.payroll.user, data: { display_name: 'Paul Payroll' } },
      { key: w.emma.user, data: { display_name: 'Emma Employee', email: 'emma@acme.example' } },
    ]);
  });

  test('a payroll manager without AUTH:CanManageUsers gets names only; the company admin gets e-mails too', async () => {
    const manager = await ask(w.payroll, [w.emma.user]);
    assert.deepEqual(manager.body, [{ key: w.emma.user, data: { display_name: 'Emma Employee' } }]);
    const admin = await ask(w.admin, [w.emma.user]);
    assert.deepEqual(admin.body, [
      { key: w.emma.user, data: { display_name: 'Emma Employee', email: 'emma@acme.example' } },
    ]);
  });

  test("another company learns nothing of the company's accounts", async () => {
    const r = await ask(other, [w.emma.user, w.admin.user]);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, []);
  });
});
