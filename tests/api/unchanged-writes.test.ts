/**
 * A write that changes nothing (docs/write-lifecycle.md "A write that changes nothing"), against a
 * real server: a save or update whose data, once the server has transformed it and ignored what the
 * caller may not set, is what is stored answers 200 with the record as stored: same version, no
 * audit entry, no signature voided. A stale If-Match still answers 409; a real change still counts.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, employeeAccount, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const EMP = '/payroll/api/data/employee';

/** The audit entries of one record (writes and reveals): their message names its key. */
async function auditOf(key: string): Promise<number> {
  const r = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'message', is: 'like', value: key }], limit: 500 },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items.filter((e: { data: { detail: { key: string } } }) => e.data.detail.key === key).length;
}

/** A new account and its employee record, written by the payroll manager. */
async function newEmployee(): Promise<string> {
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(w.admin),
    body: employeeAccount(),
  });
  assert.equal(u.status, 201, u.text);
  const r = await w.call('POST', `${EMP}/`, {
    ...as(w.payroll),
    body: {
      _user_uuid: u.body.key,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@acme.example',
      ssn: '123-45-6789',
      employment_type: 'REGULAR',
    },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

/**
 * Each write answers 200 with the record as it was read, and leaves it so: the same version and
 * data, and no audit entry.
 */
async function assertUnchanged(
  who: Session,
  p: string,
  writes: { method: 'PATCH' | 'POST'; body: Record<string, unknown>; headers?: Record<string, string> }[],
) {
  const read = await w.call('GET', p, as(who));
  assert.equal(read.status, 200, read.text);
  const audited = await auditOf(read.body.key);
  for (const { method, body, headers } of writes) {
    const r = await w.call(method, p, { ...as(who), body, headers });
    const what = `${method} ${JSON.stringify(body)}`;
    assert.equal(r.status, 200, `${what}: ${r.text}`);
    assert.equal(r.body.meta.version, read.body.meta.version, `${what}: the version`);
    assert.deepEqual(r.body, read.body, `${what}: the record answered`);
  }
  const after = await w.call('GET', p, as(who));
  assert.deepEqual(after.body, read.body, 'the record stored');
  assert.equal(await auditOf(read.body.key), audited, 'no audit entry');
  return read.body;
}

describe('a write that changes nothing', () => {
  test('an empty update, the record saved back as read, and fields the server ignores change nothing', async () => {
    const key = await newEmployee();
    const p = `${EMP}/${key}`;
    const read = (await w.call('GET', p, as(w.payroll))).body;
    await assertUnchanged(w.payroll, p, [
      { method: 'PATCH', body: {} },
      { method: 'PATCH', body: {} },
      // The data as read: the SSN masked, which means "keep the stored one".
      { method: 'POST', body: read.data },
      { method: 'PATCH', body: { ssn: read.data.ssn, first_name: 'Grace' } },
      // Server-owned fields are ignored.
      { method: 'PATCH', body: { created_by: w.emma.user, _user_uuid: w.emma.user } },
      { method: 'PATCH', body: {}, headers: { 'if-match': String(read.meta.version) } },
    ]);
  });

  test('an object sent back with its fields in another order holds the same values', async () => {
    const p = `/payroll/api/data/basic_info/${w.emma.user}`;
    let info = await w.call('GET', p, as(w.payroll));
    if (info.status === 404) {
      const address = { address1: '1 Main St', city: 'Denver', state: 'CO', postal_code: '80202' };
      info = await w.call('POST', p, { ...as(w.payroll), body: { legal_address: address } });
    }
    assert.ok(info.status === 200 || info.status === 201, info.text);
    const address = info.body.data.legal_address as Record<string, unknown>;
    const reversed = Object.fromEntries(Object.entries(address).reverse());
    assert.notEqual(JSON.stringify(reversed), JSON.stringify(address));
    await assertUnchanged(w.payroll, p, [{ method: 'PATCH', body: { legal_address: reversed } }]);
  });

  test('a stale If-Match is still a conflict, and a real change still writes once', async () => {
    const key = await newEmployee();
    const p = `${EMP}/${key}`;
    const v1 = (await w.call('GET', p, as(w.payroll))).body.meta.version;
    const audited = await auditOf(key);
    const changed = await w.call('PATCH', p, { ...as(w.payroll), body: { job_title: 'Lead' } });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.meta.version, v1 + 1);
    assert.equal(await auditOf(key), audited + 1, 'the change is audited');

    const stale = await w.call('PATCH', p, { ...as(w.payroll), body: {}, headers: { 'if-match': String(v1) } });
    assert.equal(stale.status, 409, stale.text);
    assert.match(stale.body.message, /Version conflict/);
    const again = await w.call('PATCH', p, { ...as(w.payroll), body: { job_title: 'Lead' } });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.meta.version, v1 + 1, 'the same change again changes nothing');
    assert.equal(await auditOf(key), audited + 1);
  });

  test('a signed form: a field its employee may not set is ignored, the signature kept, nothing written', async () => {
    const signed = { name: 'Emma Employee', font: 'font1', timestamp: 1741000000 };
    const w4 = await w.call('POST', '/payroll/api/data/my_w4/', {
      ...as(w.emma),
      body: { w4_year: '2025', filing_status: 'Single', employee_signature: signed },
    });
    assert.equal(w4.status, 201, w4.text);
    const i9 = await w.call('POST', '/payroll/api/data/my_i9/', {
      ...as(w.emma),
      body: { work_auth_status: 'Citizen of the United States', employee_signature: signed },
    });
    assert.equal(i9.status, 201, i9.text);

    const w4Now = await assertUnchanged(w.emma, `/payroll/api/data/my_w4/${w.emma.user}`, [
      { method: 'PATCH', body: {} },
      // Only the payroll managers set the unemployment state: ignored, as the schema's x-edit says.
      { method: 'PATCH', body: { unemployment_state: 'CA' } },
      { method: 'PATCH', body: { employee_signature: w4.body.data.employee_signature } },
    ]);
    assert.deepEqual(w4Now.data.employee_signature, w4.body.data.employee_signature, 'the signature kept');
    assert.equal(w4Now.data.signature_history, undefined, 'and none voided');
    // The manager's empty update of her signed W-4 changes nothing either.
    await assertUnchanged(w.payroll, `/payroll/api/data/w4/${w.emma.user}`, [{ method: 'PATCH', body: {} }]);
    const i9Now = await assertUnchanged(w.emma, `/payroll/api/data/my_i9/${w.emma.user}`, [
      { method: 'PATCH', body: {} },
      { method: 'PATCH', body: { work_auth_status: 'Citizen of the United States' } },
    ]);
    assert.equal(i9Now.data.signature_history, undefined);
  });
});
