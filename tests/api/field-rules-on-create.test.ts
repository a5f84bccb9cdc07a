/**
 * A field's rule of who may set it (x-edit) holds on create as on every save: an employee who
 * creates her own document request, PTO request or file cannot set what only a manager sets, and a
 * company administrator creating a group cannot lock it. The field keeps its default.
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

test("an employee's own document request carries no requester or due date she set", async () => {
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.emma),
    body: {
      employee_id: w.emma.user,
      display_name: 'Direct deposit voided check',
      status: 'requested',
      requested_by: w.payroll.user,
      due_by: 1_800_000_000,
    },
  });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.data.requested_by, undefined);
  assert.equal(r.body.data.due_by, undefined);
  assert.equal(r.body.data.display_name, 'Direct deposit voided check');
});

test("an employee's document takes its status from the upload, not from her: saying uploaded without a file changes nothing", async () => {
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.emma),
    body: {
      employee_id: w.emma.user,
      display_name: 'Lease',
      status: 'uploaded',
      filename: 'lease.pdf',
      file_key: 'k/1',
    },
  });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.data.status, 'requested');
  assert.equal(r.body.data.filename, undefined);
  assert.equal(r.body.data.file_key, undefined);
  const patched = await w.call('PATCH', `/hr/api/data/employee_documents/${r.body.key}`, {
    ...as(w.emma),
    body: { status: 'uploaded', display_name: 'Lease (signed)' },
  });
  assert.ok([200, 403].includes(patched.status), patched.text);
  const now = await w.call('GET', `/hr/api/data/employee_documents/${r.body.key}`, as(w.admin));
  assert.equal(now.body.data.status, 'requested');
  // HR may still set it.
  const hr = await w.call('PATCH', `/hr/api/data/employee_documents/${r.body.key}`, {
    ...as(w.admin),
    body: { status: 'uploaded' },
  });
  assert.equal(hr.status, 200, hr.text);
  assert.equal(hr.body.data.status, 'uploaded');
});

test('a PTO request is made as requested, without a decision', async () => {
  // The demo company uses the TIME module; Emma is in its Vacation plan.
  const plans = await w.call('POST', '/time/api/data/find/pto_plan', {
    ...as(w.emma),
    body: { criteria: [{ field: 'name', is: '=', value: 'Vacation' }] },
  });
  assert.equal(plans.body.total, 1, plans.text);
  const r = await w.call('POST', '/time/api/data/pto_request/', {
    ...as(w.emma),
    body: {
      user_id: w.emma.user,
      plan_id: plans.body.items[0].key,
      start_date: 1_800_000_000,
      end_date: 1_800_086_400,
      hours: 8,
      status: 'approved',
      decision_note: 'Approved by myself',
    },
  });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.data.status, 'requested');
  assert.equal(r.body.data.decision_note, undefined);
});

test('an employee cannot create a protected file record', async () => {
  const r = await w.call('POST', '/storage/api/data/files/', {
    ...as(w.emma),
    body: { owner_id: w.emma.user, filename: 'w2-2025.pdf', protected: true },
  });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.data.protected, false);
});

test("an employee's file records are her own: she cannot put one in a colleague's list", async () => {
  const colleague = await w.login(w.acmeOrg, 'payroll@acme.example', 'demo-payroll-pass');
  const planted = await w.call('POST', '/storage/api/data/files/', {
    ...as(w.emma),
    body: { owner_id: colleague.user, filename: 'planted.txt' },
  });
  assert.equal(planted.status, 403, planted.text);
  const theirs = await w.call('POST', '/storage/api/data/find/files', { ...as(colleague), body: { limit: 500 } });
  assert.ok(!theirs.body.items.some((r: { data: { filename: string } }) => r.data.filename === 'planted.txt'));
  // HR may file one for an employee.
  const filed = await w.call('POST', '/storage/api/data/files/', {
    ...as(w.admin),
    body: { owner_id: colleague.user, filename: 'filed-by-hr.txt' },
  });
  assert.equal(filed.status, 201, filed.text);
});

test('a company administrator creates a group but cannot lock it', async () => {
  const r = await w.call('POST', '/auth/api/data/groups/', {
    ...as(w.admin),
    body: { name: 'Night shift', description: 'd', permissions: [], users: [], notes: '', locked: true },
  });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.data.locked, false);
});
