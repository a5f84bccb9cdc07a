/**
 * A record of a company that names a user (a hire's inviter and manager, an employee's managers and
 * hirer, a stored file's owner) names a user of that company: another company's user, or a key of
 * no one, is refused at the field with "Must be a user of this company." (x-ref), as a group's
 * users, a PTO approver and an assignment's people already were. Keys stored before are not looked
 * up again (a user deleted since blocks no other change).
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

const REF = 'Must be a user of this company.';
const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  (body.errors ?? []).map((e) => `${e.path} ${e.message}`);

test("a hire's inviter and direct manager are users of the company", async () => {
  const stranger = w.staff.user; // a user of the product's own organization, not of Acme
  const nobody = crypto.randomUUID();
  const hire = (extra: Record<string, unknown>, tag: string) =>
    w.call('POST', '/payroll/api/data/onboarding_user/', {
      ...as(w.payroll),
      body: { first_name: 'Rita', last_name: 'Ref', email: `rita.${tag}.${Date.now()}@acme.example`, ...extra },
    });
  const refused = await hire({ invited_by: stranger, direct_manager: nobody }, 'a');
  assert.equal(refused.status, 400, refused.text);
  assert.deepEqual(errorsOf(refused.body), [`/direct_manager ${REF}`, `/invited_by ${REF}`]);
  const made = await hire({ direct_manager: w.payroll.user }, 'b');
  assert.equal(made.status, 201, made.text);
  const moved = await w.call('PATCH', `/payroll/api/data/onboarding_user/${made.body.key}`, {
    ...as(w.payroll),
    body: { direct_manager: stranger },
  });
  assert.deepEqual(errorsOf(moved.body), [`/direct_manager ${REF}`]);
});

test("an employee's direct managers and hirer are users of the company, each refused at its place", async () => {
  const E = `/payroll/api/data/employee/${w.emma.user}`;
  const refused = await w.call('PATCH', E, {
    ...as(w.payroll),
    body: { direct_managers: [w.admin.user, w.staff.user, crypto.randomUUID()], hired_by: crypto.randomUUID() },
  });
  assert.equal(refused.status, 400, refused.text);
  assert.deepEqual(errorsOf(refused.body), [
    `/direct_managers/1 ${REF}`,
    `/direct_managers/2 ${REF}`,
    `/hired_by ${REF}`,
  ]);
  const ok = await w.call('PATCH', E, {
    ...as(w.payroll),
    body: { direct_managers: [w.admin.user], hired_by: w.payroll.user },
  });
  assert.equal(ok.status, 200, ok.text);
  assert.deepEqual(ok.body.data.direct_managers, [w.admin.user]);
});

test("a stored file's owner is a user of the company", async () => {
  const refused = await w.call('POST', '/storage/api/data/files/', {
    ...as(w.admin),
    body: { owner_id: w.staff.user, module: 'hr', notes: 'Not ours' },
  });
  assert.equal(refused.status, 400, refused.text);
  assert.deepEqual(errorsOf(refused.body), [`/owner_id ${REF}`]);
});
