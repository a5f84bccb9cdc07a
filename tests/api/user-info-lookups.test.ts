/**
 * get_userinfo's lookups by e-mail and by permission (spec/001 section 7: "user_ids, emails or
 * permissions | list of {key, data}"): for those who may list the company's accounts, since both
 * list its people; refused to anyone else, whose lookups by key stay open.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const info = (who: Parameters<typeof as>[0], body: unknown) =>
  w.call('POST', '/auth/api/get_userinfo', { ...as(who), body });

test('by e-mail: the accounts with those addresses, as accounts keep them (trimmed, lower-cased)', async () => {
  const r = await info(w.admin, { emails: [' EMMA@acme.example', 'nobody@acme.example'] });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.body, [{ key: w.emma.user, data: { display_name: 'Emma Employee', email: 'emma@acme.example' } }]);
});

test('by permission: whoever holds one of them, themselves or through a group, by name', async () => {
  const r = await info(w.admin, { permissions: ['PAYROLL:CanManageUserPayrollData'] });
  assert.equal(r.status, 200, r.text);
  const keys = r.body.map((u: { key: string }) => u.key);
  assert.ok(keys.includes(w.payroll.user), 'the payroll manager, through Payroll Managers');
  assert.ok(keys.includes(w.admin.user), 'the company admin');
  assert.ok(!keys.includes(w.emma.user), 'not Emma');
  const names = r.body.map((u: { data: { display_name: string } }) => u.data.display_name);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b, 'en')),
  );
});

test("an employee, who may not list the company's accounts, is refused both; her lookup by keys stays open", async () => {
  assert.equal((await info(w.emma, { emails: ['admin@acme.example'] })).status, 403);
  assert.equal((await info(w.emma, { permissions: ['AUTH:CanManageUsers'] })).status, 403);
  const byKey = await info(w.emma, { user_ids: [w.admin.user] });
  assert.equal(byKey.status, 200, byKey.text);
  assert.deepEqual(byKey.body, [{ key: w.admin.user, data: { display_name: 'Alice Admin' } }]);
});

test('one lookup a call, of known permissions and real lists, each refusal naming its place', async () => {
  const both = await info(w.admin, { user_ids: [w.emma.user], emails: ['emma@acme.example'] });
  assert.equal(both.status, 400, both.text);
  assert.equal(both.body.errors[0].path, '/emails');
  const unknown = await info(w.admin, { permissions: ['PAYROLL:CanManageUserPayrollData', 'AUTH:CanRuleTheWorld'] });
  assert.equal(unknown.status, 400, unknown.text);
  assert.equal(unknown.body.errors[0].path, '/permissions/1');
  const none = await info(w.admin, { emails: [] });
  assert.equal(none.status, 400, none.text);
  assert.equal(none.body.errors[0].path, '/emails');
  const many = await info(w.admin, { emails: Array.from({ length: 101 }, (_, i) => `p${i}@acme.example`) });
  assert.equal(many.status, 400, many.text);
});
