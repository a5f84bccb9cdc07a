/**
 * One state withholding certificate per state (docs/state-certificates.md): an employee who works in
 * Oregon and lives in California gives the Oregon certificate and may give California's too. Each is
 * its own record (keyed by the employee and the state), addressed by the employee's user key with the
 * state: each signed, printed and voided on its own; the checklist asks for the one due; another
 * employee and another company reach neither.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { pdfText, squash } from '../printable/pdf-tools.ts';
import { SAMPLE_STATE_W4 } from '../../bench/printable-samples.ts';
import { certificateKey } from '../../engine/withholding-states.ts';

let w: DemoWorld;
let emma: string;
let keys: { OR: string; CA: string };
beforeAll(async () => {
  w = await demoWorld();
  emma = w.emma.user;
});
afterAll(async () => {
  await w.server.stop();
});

let signings = 0;
const sign = (name: string) => ({ name, font: 'font2', timestamp: 1_700_000_000 + ++signings });

async function call(who: Session, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) {
  return w.call(method, `/payroll/api/data/${path}`, { ...as(who), ...(body ? { body } : {}) });
}

async function pdf(who: Session, form: string, key = emma) {
  const res = await fetch(`${w.server.url}/payroll/api/forms/${form}/${key}`, {
    headers: { 'organization-id': who.org, auth_token: who.token },
  });
  return {
    status: res.status,
    text: res.status === 200 ? squash(await pdfText(Buffer.from(await res.arrayBuffer()))) : '',
  };
}

const ok = (r: { status: number; text: string }) => assert.ok([200, 201].includes(r.status), r.text);

test('an employee working in Oregon and living in California holds both certificates, each its own record', async () => {
  ok(await call(w.payroll, 'PATCH', `employee/${emma}`, { work_state: 'OR' }));
  ok(
    await call(w.emma, 'POST', `my_basic_info/${emma}`, {
      legal_address: { address1: '1 Bay Street', city: 'Oakland', state: 'CA', postal_code: '94607' },
    }),
  );
  const or = await call(w.emma, 'POST', `my_state_w4/${emma}`, {
    ...SAMPLE_STATE_W4.oregon,
    state: 'OR',
    total_allowances: 2,
    employee_signature: sign('Emma R. Employee'),
  });
  ok(or);
  const ca = await call(w.emma, 'POST', `my_state_w4/${emma}`, {
    ...SAMPLE_STATE_W4.california,
    state: 'CA',
    employee_signature: sign('Emma R. Employee'),
  });
  ok(ca);
  keys = { OR: or.body.key, CA: ca.body.key };
  assert.notEqual(keys.OR, keys.CA, 'two records');
  assert.equal(or.body.data.state, 'OR');
  assert.equal(ca.body.data.state, 'CA');
  assert.equal(
    ca.body.data.total_allowances,
    SAMPLE_STATE_W4.california.total_allowances,
    'Oregon untouched by California',
  );

  // The user key reads the certificate due: the work state's.
  const due = await call(w.emma, 'GET', `my_state_w4/${emma}`);
  assert.equal(due.status, 200, due.text);
  assert.equal(due.body.key, keys.OR);
  assert.equal(due.body.data.total_allowances, 2);
  const mine = await call(w.emma, 'POST', 'find/my_state_w4', { criteria: [] });
  assert.deepEqual(mine.body.items.map((i: any) => i.data.state).sort(), ['CA', 'OR']);
  // Her own certificate by its key, through the type (my_ takes only her user key).
  assert.equal((await call(w.emma, 'GET', `state_w4/${keys.CA}`)).body.data.state, 'CA');
  assert.equal((await call(w.emma, 'GET', `my_state_w4/${keys.CA}`)).status, 404);

  // A third state is neither due nor where she lives.
  const az = await call(w.emma, 'POST', `my_state_w4/${emma}`, { state: 'AZ', state_status: '0 Percent' });
  assert.equal(az.status, 400, az.text);
  assert.deepEqual(az.body.errors, [
    { path: '/state', message: 'Your state withholding certificate is for Oregon, the state you work in.' },
  ]);
  // A certificate is of one state for good.
  const moved = await call(w.emma, 'PATCH', `state_w4/${keys.CA}`, { state: 'OR' });
  assert.equal(moved.status, 400, moved.text);
  assert.deepEqual(moved.body.errors, [
    { path: '/state', message: "A certificate's state cannot change: give the other state's certificate." },
  ]);
  // A second Oregon certificate cannot be made beside the first.
  const twice = await call(w.payroll, 'POST', 'state_w4/', { _user_uuid: emma, state: 'OR', total_allowances: 1 });
  assert.equal(twice.status, 409, twice.text);
});

test("a certificate not written yet is written at its own key (the screen's address for the home state's)", async () => {
  const dana = await signedInEmployee(w, 'Dora');
  ok(
    await call(w.payroll, 'PATCH', `employee/${dana.user}`, {
      first_name: 'Dora',
      last_name: 'Doe',
      email: 'dora.doe@acme.example',
      work_state: 'OR',
    }),
  );
  ok(
    await call(dana, 'POST', `my_basic_info/${dana.user}`, {
      legal_address: { address1: '3 Oak Lane', city: 'Eureka', state: 'CA', postal_code: '95501' },
    }),
  );
  const caKey = certificateKey(dana.user, 'CA');
  assert.equal((await call(dana, 'GET', `state_w4/${caKey}`)).status, 404, 'not written yet');
  // A colleague cannot write it for her, naming her: it does not exist for him.
  const colleague = await signedInEmployee(w, 'Cora');
  const theirs = await call(colleague, 'POST', `state_w4/${caKey}`, { _user_uuid: dana.user, state: 'CA' });
  assert.equal(theirs.status, 404, theirs.text);
  // Nor is it her key for another state.
  const wrong = await call(dana, 'POST', `state_w4/${caKey}`, { state: 'OR', state_status: 'Single' });
  assert.equal(wrong.status, 404, wrong.text);
  const made = await call(dana, 'POST', `state_w4/${caKey}`, { ...SAMPLE_STATE_W4.california, state: 'CA' });
  assert.equal(made.status, 200, made.text);
  assert.equal(made.body.key, caKey);
  assert.equal(made.body.data._user_uuid, dana.user);
  const mine = await call(dana, 'POST', 'find/my_state_w4', { criteria: [] });
  assert.deepEqual(
    mine.body.items.map((i: any) => i.key),
    [caKey],
  );
});

test('the payroll manager sees both; a colleague and another company reach neither', async () => {
  const list = await call(w.payroll, 'POST', 'find/state_w4', {
    criteria: [{ field: '_user_uuid', is: '=', value: emma }],
  });
  assert.equal(list.status, 200, list.text);
  assert.deepEqual(list.body.items.map((i: any) => i.key).sort(), [keys.CA, keys.OR].sort());
  assert.equal((await call(w.payroll, 'GET', `state_w4/${emma}`)).body.key, keys.OR);
  assert.equal((await call(w.payroll, 'GET', `state_w4/${keys.CA}`)).body.data.state, 'CA');

  const colleague = await signedInEmployee(w, 'Colin');
  // At her user key: 403, written or not (as every form keyed by the user).
  assert.equal((await call(colleague, 'GET', `state_w4/${emma}`)).status, 403);
  assert.equal((await call(colleague, 'PATCH', `state_w4/${emma}`, { total_allowances: 7 })).status, 403);
  // At a certificate's own key (derived from her key and a state): 404, as for one she does not hold,
  // so the answer does not tell which certificates she has.
  const notHeld = certificateKey(emma, 'NY');
  for (const key of [keys.OR, keys.CA, notHeld]) {
    assert.equal((await call(colleague, 'GET', `state_w4/${key}`)).status, 404, key);
    const body = { total_allowances: 7, state: key === notHeld ? 'NY' : undefined, _user_uuid: emma };
    assert.equal((await call(colleague, 'PATCH', `state_w4/${key}`, body)).status, 404, key);
    assert.equal((await call(colleague, 'DELETE', `state_w4/${key}`)).status, 403, 'no one but staff deletes');
  }
  for (const key of [emma, keys.OR, keys.CA]) {
    assert.equal((await call(colleague, 'GET', `my_state_w4/${key}`)).status, 404, key);
  }
  const theirs = await call(colleague, 'POST', 'find/state_w4', { criteria: [] });
  assert.equal(theirs.status, 403, theirs.text);
  assert.equal((await pdf(colleague, 'california')).status, 403);

  // Another company (product staff's own organization) does not have them at all.
  for (const key of [emma, keys.OR, keys.CA]) {
    assert.equal((await call(w.staff, 'GET', `state_w4/${key}`)).status, 404, key);
    assert.equal((await call(w.staff, 'PATCH', `state_w4/${key}`, { total_allowances: 7 })).status, 404, key);
  }
  assert.equal((await pdf(w.staff, 'oregon')).status, 404);
});

test("each certificate prints as its state's form, and the viewer offers both", async () => {
  const oregon = await pdf(w.emma, 'oregon');
  assert.equal(oregon.status, 200);
  assert.ok(oregon.text.includes('OR-W-4'), 'the Oregon form');
  const california = await pdf(w.payroll, 'california');
  assert.equal(california.status, 200);
  assert.ok(california.text.includes('DE 4'), 'the California form');
  assert.ok(!california.text.includes('OR-W-4'));
  assert.equal((await pdf(w.emma, 'alabama')).status, 404, 'no Alabama certificate');
  const forms = await w.call('GET', `/payroll/api/forms/${emma}`, as(w.emma));
  assert.equal(forms.status, 200, forms.text);
  const states = forms.body.forms.filter((f: any) => f.kind === 'state').map((f: any) => f.form);
  assert.deepEqual(states.sort(), ['california', 'oregon']);
});

test('a change to one certificate voids its own signature only; the checklist follows the one due', async () => {
  const step = async () => {
    const r = await w.call('GET', '/payroll/api/onboarding_checklist', as(w.emma));
    assert.equal(r.status, 200, r.text);
    return r.body.items.find((i: any) => i.type === 'state_w4');
  };
  assert.equal((await step()).state, 'signed');

  const changed = await call(w.emma, 'PATCH', `my_state_w4/${emma}`, { state: 'OR', total_allowances: 3 });
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.key, keys.OR);
  assert.equal(changed.body.data.employee_signature, undefined, 'Oregon signature voided');
  assert.deepEqual(changed.body.data.signature_history.at(-1).voided.fields, ['total_allowances']);
  const california = await call(w.emma, 'GET', `state_w4/${keys.CA}`);
  assert.equal(california.body.data.employee_signature?.name, 'Emma R. Employee', 'California still signed');
  assert.equal(california.body.data.signature_history, undefined);
  assert.equal((await step()).state, 'needs_signing_again', 'the Oregon certificate is the one due');
  assert.ok(!(await pdf(w.emma, 'oregon')).text.includes('Emma R. Employee'), 'Oregon prints unsigned');
  assert.ok((await pdf(w.emma, 'california')).text.includes('Emma R. Employee'), 'California prints signed');

  // A manager may change neither (the employee's own part); the refusal names the field.
  const manager = await call(w.payroll, 'PATCH', `state_w4/${keys.CA}`, { total_allowances: 9 });
  assert.equal(manager.status, 400, manager.text);
  assert.equal(manager.body.errors[0].path, '/total_allowances');

  // The audit log names each certificate by its own key, for Emma; the voiding only Oregon's.
  const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'affected_user', is: '=', value: emma }], limit: 500 },
  });
  assert.equal(audit.status, 200, audit.text);
  const entries = audit.body.items.map((i: any) => i.data).filter((a: any) => a.detail.type === 'state_w4');
  assert.ok(
    entries.some((a: any) => a.detail.key === keys.CA && a.detail.signed?.includes('employee_signature')),
    JSON.stringify(entries.map((a: any) => a.detail)),
  );
  const voiding = entries.filter((a: any) => a.detail.voided);
  assert.equal(voiding.length, 1, JSON.stringify(voiding));
  assert.equal(voiding[0].detail.key, keys.OR);
});

test('deleting one certificate leaves the other; deleting the user removes every certificate', async () => {
  // Only product staff deletes a certificate (x-access delete @admin).
  assert.equal((await call(w.emma, 'DELETE', `state_w4/${keys.CA}`)).status, 403);
  assert.equal((await call(w.admin, 'DELETE', `state_w4/${keys.CA}`)).status, 403);
  const staff = await sudoInto(w, w.staff, w.acmeOrg);
  const removed = await call(staff, 'DELETE', `state_w4/${keys.CA}`);
  assert.equal(removed.status, 204, removed.text);
  assert.equal((await call(w.payroll, 'GET', `state_w4/${keys.CA}`)).status, 404);
  assert.equal((await call(w.payroll, 'GET', `state_w4/${emma}`)).body.key, keys.OR);

  // A user holding two certificates, deleted with everything that is theirs.
  const dana = await signedInEmployee(w, 'Dana');
  ok(
    await call(w.payroll, 'PATCH', `employee/${dana.user}`, {
      first_name: 'Dana',
      last_name: 'Doe',
      email: 'dana.doe@acme.example',
      work_state: 'OR',
    }),
  );
  ok(
    await call(dana, 'POST', `my_basic_info/${dana.user}`, {
      legal_address: { address1: '2 Pine Road', city: 'Fresno', state: 'CA', postal_code: '93650' },
    }),
  );
  ok(
    await call(dana, 'POST', `my_state_w4/${dana.user}`, { state: 'OR', state_status: 'Single', total_allowances: 1 }),
  );
  ok(await call(dana, 'POST', `my_state_w4/${dana.user}`, { ...SAMPLE_STATE_W4.california, state: 'CA' }));
  const held = () =>
    call(w.payroll, 'POST', 'find/state_w4', { criteria: [{ field: '_user_uuid', is: '=', value: dana.user }] });
  assert.equal((await held()).body.total, 2);
  const gone = await w.call('POST', '/auth/api/delete_user', {
    ...as(staff),
    body: { user_id: dana.user, confirm_name: 'Dana' },
  });
  assert.equal(gone.status, 200, gone.text);
  assert.equal((await held()).body.total, 0);
});
