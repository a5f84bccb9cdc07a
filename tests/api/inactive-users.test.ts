/**
 * An inactive user (status inactive: a former employee, a manager who left) is sent to the inactive
 * layout, their paystubs and a password change (spec/000 sections 2 and 4). The server holds them to
 * it: while inactive they keep only the modules' CanUseModule and personal reports of their
 * permissions, and they change no record, their own included; active again, they have it all back.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { as, demoWorld, signedInEmployee, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
let mona: Session;
const INACTIVE = 'This account is inactive: it may see its paystubs and change its password only.';

beforeAll(async () => {
  w = await demoWorld();
  mona = await signedInEmployee(w, 'Mona', ['PAYROLL:CanManageUserPayrollData', 'HR:CanUseModule']);
});
afterAll(() => w.server.stop());

const setStatus = async (who: Session, status: string) => {
  const r = await w.call('PATCH', `/auth/api/data/users/${who.user}`, { ...as(w.admin), body: { status } });
  assert.equal(r.status, 200, r.text);
};
const employees = (who: Session) =>
  w.call('POST', '/payroll/api/data/find/employee', { ...as(who), body: { limit: 5 } });
const permissionsOf = async (who: Session) => {
  const r = await w.call('GET', '/auth/api/session', as(who));
  assert.equal(r.status, 200, r.text);
  return Object.entries(r.body.permissions as Record<string, string[]>)
    .flatMap(([module, list]) => list.map((p) => `${module}:${p}`))
    .sort();
};

test('a manager made inactive keeps their session but none of the management, and gets it back once active', async () => {
  assert.equal((await employees(mona)).status, 200);
  await setStatus(mona, 'inactive');
  // The session she holds, as a new sign-in, serves the inactive layout only.
  assert.deepEqual(await permissionsOf(mona), ['HR:CanUseModule', 'PAYROLL:CanUseModule']);
  assert.equal((await employees(mona)).status, 403);
  const ssn = await w.call('POST', '/payroll/api/retrieve_ssn', {
    ...as(mona),
    body: { data: { employee_id: w.emma.user, last_four: '6789' } },
  });
  assert.equal(ssn.status, 403, ssn.text);
  const again = await w.login(
    w.acmeOrg,
    (await w.call('GET', '/auth/api/session', as(mona))).body.user.email,
    'employee-pass-1',
  );
  assert.equal((await employees(again)).status, 403);

  await setStatus(mona, 'active');
  assert.ok((await permissionsOf(mona)).includes('PAYROLL:CanManageUserPayrollData'));
  assert.equal((await employees(mona)).status, 200);
});

test('an inactive user changes no record, their own included, and may still change their password', async () => {
  const own = {
    phone: '5555551234',
    dob: '1980-01-31',
    legal_address: { address1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' },
  };
  const before = await w.call('GET', `/payroll/api/data/my_basic_info/${w.ivan.user}`, as(w.ivan));
  const write = await w.call('POST', '/payroll/api/data/my_basic_info/', { ...as(w.ivan), body: own });
  assert.equal(write.status, 403, write.text);
  assert.equal(write.body.message, INACTIVE);
  const after = await w.call('GET', `/payroll/api/data/my_basic_info/${w.ivan.user}`, as(w.ivan));
  assert.deepEqual([after.status, after.body], [before.status, before.body], 'nothing stored');
  const deposit = await w.call('POST', '/payroll/api/data/my_employee_payment_information/', {
    ...as(w.ivan),
    body: { desired_payment_method: 'Paper Check' },
  });
  assert.equal(deposit.status, 403, deposit.text);
  const password = await w.call('POST', '/auth/api/change_password', {
    ...as(w.ivan),
    body: {
      current_password: 'demo-inactive-pass',
      password: 'Inactive-But-Mine-42',
      password2: 'Inactive-But-Mine-42',
    },
  });
  assert.equal(password.status, 200, password.text);
});
