import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { textAtRest } from '../helpers/at-rest.ts';
import {
  as,
  employeeAccount,
  demoWorld,
  signedInEmployee,
  onboardingManager,
  sudoInto,
  type DemoWorld,
} from '../helpers/demo.ts';
import { SECTION2 } from '../helpers/i9-section2.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const EMP = '/payroll/api/data/employee';
const newEmployee = (over: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@acme.example',
  ssn: '123-45-6789',
  employment_type: 'REGULAR',
  ...over,
});

/** Creates an employee record for a fresh user key (user-keyed type) as the payroll manager. */
async function createEmployee(over: Record<string, unknown> = {}) {
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(w.admin),
    body: employeeAccount(),
  });
  assert.equal(u.status, 201, u.text);
  const user = u.body.key;
  const r = await w.call('POST', `${EMP}/`, { ...as(w.payroll), body: newEmployee({ _user_uuid: user, ...over }) });
  assert.equal(r.status, 201, r.text);
  return r.body;
}

describe('generic data API: records', () => {
  test('create answers 201 with key, data and meta; server-owned fields are the server’s', async () => {
    const rec = await createEmployee({ status: 'active', created_by: 'someone-else', sync_status: 'synced' });
    assert.match(rec.key, /^[0-9a-f-]{36}$/);
    assert.equal(rec.data.status, 'onboarding');
    assert.equal(rec.data.sync_status, 'pending');
    assert.equal(rec.data.created_by, w.payroll.user);
    assert.equal(rec.meta.version, 1);
    assert.equal(rec.meta.created_by, w.payroll.user);
    assert.ok(Number.isInteger(rec.meta.created_time));
  });

  test('the SSN is answered masked, stored encrypted, and a masked value saved back keeps it', async () => {
    const rec = await createEmployee({ ssn: '587-65-4321' });
    assert.equal(rec.data.ssn, 'xxx-xx-4321');
    const saved = await w.call('POST', `${EMP}/${rec.key}`, {
      ...as(w.payroll),
      body: { ...rec.data, job_title: 'Admiral' },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.data.ssn, 'xxx-xx-4321');
    const reveal = await w.call('POST', '/payroll/api/retrieve_ssn', {
      ...as(w.payroll),
      body: { data: { employee_id: rec.key, last_four: '4321' } },
    });
    assert.equal(reveal.status, 200);
    assert.deepEqual(reveal.body, { ssn: '587-65-4321' });
    const disk = await textAtRest(w.server);
    assert.ok(disk.includes(rec.key), 'the record is at rest');
    assert.ok(!disk.includes('587-65-4321'), 'the SSN is not at rest in clear');
  });

  test("retrieve_ssn names the employee by user key or by the payroll ID the account holds (the spec's employee_id)", async () => {
    const rec = await createEmployee({ ssn: '212-45-6789' });
    const account = await w.call('GET', `/auth/api/data/users/${rec.key}`, as(w.admin));
    const payrollId = account.body.data.employee_id as string;
    assert.ok(payrollId && !/^[0-9a-f-]{36}$/.test(payrollId), payrollId);
    const byId = await w.call('POST', '/payroll/api/retrieve_ssn', {
      ...as(w.payroll),
      body: { data: { employee_id: payrollId, last_four: '6789' } },
    });
    assert.equal(byId.status, 200, byId.text);
    assert.deepEqual(byId.body, { ssn: '212-45-6789' });
    const unknown = await w.call('POST', '/payroll/api/retrieve_ssn', {
      ...as(w.payroll),
      body: { data: { employee_id: 'NO-SUCH-ID', last_four: '6789' } },
    });
    assert.equal(unknown.status, 404, unknown.text);
  });

  test('retrieve_ssn is refused to an employee and audited for a manager', async () => {
    const rec = await createEmployee({ ssn: '111-22-3333' });
    const denied = await w.call('POST', '/payroll/api/retrieve_ssn', {
      ...as(w.emma),
      body: { data: { employee_id: rec.key, last_four: '3333' } },
    });
    assert.equal(denied.status, 403);
    const wrong = await w.call('POST', '/payroll/api/retrieve_ssn', {
      ...as(w.payroll),
      body: { data: { employee_id: rec.key, last_four: '0000' } },
    });
    assert.equal(wrong.status, 404);
    await w.call('POST', '/payroll/api/retrieve_ssn', {
      ...as(w.payroll),
      body: { data: { employee_id: rec.key, last_four: '3333' } },
    });
    const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }] },
    });
    assert.equal(audit.status, 200, audit.text);
    assert.ok(audit.body.items.some((a: any) => a.data.detail.key === rec.key));
    assert.ok(!JSON.stringify(audit.body).includes('111-22-3333'));
  });

  test('save replaces the data, update merges fields; both bump the version', async () => {
    const rec = await createEmployee({ job_title: 'Engineer', home_department: 'R&D' });
    const patched = await w.call('PATCH', `${EMP}/${rec.key}`, { ...as(w.payroll), body: { job_title: 'Lead' } });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.data.job_title, 'Lead');
    assert.equal(patched.body.data.home_department, 'R&D');
    assert.equal(patched.body.meta.version, 2);
    const saved = await w.call('POST', `${EMP}/${rec.key}`, {
      ...as(w.payroll),
      body: { first_name: 'Grace', last_name: 'Hopper', email: 'g@acme.example', ssn: 'xxx-xx-6789' },
    });
    assert.equal(saved.body.data.home_department, undefined);
    assert.equal(saved.body.meta.version, 3);
  });

  test('If-Match with a stale version answers 409 and changes nothing', async () => {
    const rec = await createEmployee();
    const ok = await w.call('PATCH', `${EMP}/${rec.key}`, {
      ...as(w.payroll),
      body: { job_title: 'A' },
      headers: { 'if-match': '1' },
    });
    assert.equal(ok.status, 200);
    const stale = await w.call('PATCH', `${EMP}/${rec.key}`, {
      ...as(w.payroll),
      body: { job_title: 'B' },
      headers: { 'if-match': '1' },
    });
    assert.equal(stale.status, 409);
    assert.match(stale.body.message, /Version conflict/);
    const now = await w.call('GET', `${EMP}/${rec.key}`, as(w.payroll));
    assert.equal(now.body.data.job_title, 'A');
    assert.equal(now.body.meta.version, 2);
  });

  test('delete answers 204, then the record is 404', async () => {
    const rec = await createEmployee();
    // Only the product-staff admin may delete employees.
    assert.equal((await w.call('DELETE', `${EMP}/${rec.key}`, as(w.payroll))).status, 403);
    const s = as(await sudoInto(w, w.staff, w.acmeOrg));
    assert.equal((await w.call('DELETE', `${EMP}/${rec.key}`, s)).status, 204);
    assert.equal((await w.call('GET', `${EMP}/${rec.key}`, s)).status, 404);
    assert.equal((await w.call('DELETE', `${EMP}/${rec.key}`, s)).status, 404);
  });
});

describe('generic data API: validation', () => {
  test('each broken rule is one error with its path and the spec’s message', async () => {
    const r = await w.call('POST', `${EMP}/`, {
      ...as(w.payroll),
      body: { first_name: 'x'.repeat(129), email: 'not-an-email', ssn: '12-345-678', employment_type: 'TEMP' },
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.message, 'Validation failed');
    const by = Object.fromEntries(r.body.errors.map((e: any) => [e.path, e.message]));
    assert.equal(by['/ssn'], 'SSN must be 11 characters: 3-2-4 digits (x allowed in the first five).');
    assert.equal(by['/first_name'], 'Names may have at most 128 characters.');
    assert.equal(by['/last_name'], 'Last name is required.');
    assert.ok(by['/email']);
    assert.ok(by['/employment_type']);
  });

  test('basic_info: phones, date of birth, ZIP and state follow spec/000 section 5', async () => {
    const r = await w.call('POST', `/payroll/api/data/my_basic_info/`, {
      ...as(w.emma),
      body: {
        phone: '555-1234',
        dob: '1990-13-45',
        legal_address: { address1: '1 Main St', city: 'Springfield', state: 'XX', postal_code: '123' },
      },
    });
    assert.equal(r.status, 400, r.text);
    const messages = r.body.errors.map((e: any) => `${e.path} ${e.message}`);
    assert.ok(messages.includes('/phone Phone numbers must have 10 digits.'), messages.join('\n'));
    assert.ok(
      messages.some((m: string) => m.startsWith('/dob ') && m.endsWith('Please enter a valid date.')),
      messages.join('\n'),
    );
    assert.ok(
      messages.some((m: string) => m.startsWith('/legal_address/postal_code ')),
      messages.join('\n'),
    );
    assert.ok(
      messages.some((m: string) => m.startsWith('/legal_address/state ')),
      messages.join('\n'),
    );
    // Saved empty, the personal details would count as done on the checklist with no address at all.
    const empty = await w.call('POST', `/payroll/api/data/my_basic_info/`, { ...as(w.emma), body: {} });
    assert.equal(empty.status, 400, empty.text);
    assert.deepEqual(empty.body.errors, [
      { path: '/legal_address', message: 'Enter your legal address: street, city, state and ZIP code.' },
    ]);
    // A street of spaces and an empty city are no address (spec/000 section 5: both required).
    const blank = await w.call('POST', `/payroll/api/data/my_basic_info/`, {
      ...as(w.emma),
      body: { legal_address: { address1: '   ', city: '', state: 'TX', postal_code: '78701' } },
    });
    assert.equal(blank.status, 400, blank.text);
    assert.deepEqual(blank.body.errors, [
      { path: '/legal_address/address1', message: 'Address is required.' },
      { path: '/legal_address/city', message: 'City is required.' },
    ]);
    const ok = await w.call('POST', `/payroll/api/data/my_basic_info/`, {
      ...as(w.emma),
      body: {
        phone: '5555551234',
        dob: '1990-01-31',
        legal_address: { address1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' },
      },
    });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.key, w.emma.user);
  });

  test('a date past the year 9999 or before 1970 is refused in words, not as a count of seconds', async () => {
    for (const [hire_date, message] of [
      [253402300800, 'Must be a date before the year 10000.'],
      [-1, 'Must be a date from 1970 on.'],
    ] as const) {
      const r = await w.call('POST', `${EMP}/`, { ...as(w.payroll), body: newEmployee({ hire_date }) });
      assert.equal(r.status, 400, r.text);
      assert.deepEqual(
        r.body.errors.filter((e: { path: string }) => e.path === '/hire_date'),
        [{ path: '/hire_date', message }],
      );
    }
  });

  test('wrong JSON types are a 400, never a 500', async () => {
    for (const body of [[], 'text', 42, null, { first_name: 12, last_name: {}, email: [] }]) {
      const r = await w.call('POST', `${EMP}/`, { ...as(w.payroll), body });
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.ok(r.body.message);
    }
  });
});

describe('generic data API: find and meta', () => {
  test('find filters with every operator, sorts, pages and totals', async () => {
    const tag = `T${Date.now()}`;
    for (const [i, dept] of ['Ops', 'Ops', 'Sales', 'Ops', 'HR'].entries()) {
      await createEmployee({
        last_name: `${tag}-${i}`,
        home_department: dept,
        job_title: `${tag} role`,
        hire_date: 1000 + i,
      });
    }
    const find = (body: object) => w.call('POST', '/payroll/api/data/find/employee', { ...as(w.payroll), body });
    const like = { field: 'job_title', is: 'like', value: tag.toLowerCase() };
    const r1 = await find({
      criteria: [like, { field: 'home_department', is: '=', value: 'Ops' }],
      sort: [{ field: 'last_name', dir: 'desc' }],
      limit: 2,
    });
    assert.equal(r1.status, 200);
    assert.equal(r1.body.total, 3);
    assert.deepEqual(
      r1.body.items.map((i: any) => i.data.last_name),
      [`${tag}-3`, `${tag}-1`],
    );
    const r2 = await find({ criteria: [like], sort: [{ field: 'hire_date', dir: 'asc' }], limit: 2, offset: 2 });
    assert.deepEqual(
      r2.body.items.map((i: any) => i.data.hire_date),
      [1002, 1003],
    );
    const counts = async (c: object) => (await find({ criteria: [like, c] })).body.total;
    assert.equal(await counts({ field: 'home_department', is: '!=', value: 'Ops' }), 2);
    assert.equal(await counts({ field: 'hire_date', is: '<', value: 1002 }), 2);
    assert.equal(await counts({ field: 'hire_date', is: '<=', value: 1002 }), 3);
    assert.equal(await counts({ field: 'hire_date', is: '>', value: 1002 }), 2);
    assert.equal(await counts({ field: 'hire_date', is: '>=', value: 1002 }), 3);
    assert.equal(await counts({ field: 'home_department', is: 'in', value: ['HR', 'Sales'] }), 2);
  });

  test('find refuses unknown and sensitive fields and bad limits with 400', async () => {
    const find = (body: object) => w.call('POST', '/payroll/api/data/find/employee', { ...as(w.payroll), body });
    const unknown = await find({ criteria: [{ field: 'password', is: '=', value: 'x' }] });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.message, /unknown field 'password'/);
    const sensitive = await find({ criteria: [{ field: 'ssn', is: '=', value: '123-45-6789' }] });
    assert.equal(sensitive.status, 400);
    assert.match(sensitive.body.message, /cannot be searched/);
    assert.equal((await find({ limit: 501 })).status, 400);
    // An offset past any company's size reads nothing; one past exact numbers (PostgreSQL's OFFSET
    // is a bigint: 2^63 had answered 500 there) is refused on every store alike.
    const far = await find({ offset: Number.MAX_SAFE_INTEGER, limit: 1 });
    assert.equal(far.status, 200, far.text);
    assert.deepEqual(far.body.items, []);
    for (const offset of [2 ** 63, 9223372036854775808, 1e300]) {
      const r = await find({ offset, limit: 1 });
      assert.equal(r.status, 400, `${offset}: ${r.text}`);
      assert.equal(r.body.message, 'offset must be a whole number from 0 to 9007199254740991');
    }
    const sorted = await find({ sort: [{ field: 'nope', dir: 'asc' }] });
    assert.equal(sorted.status, 400, sorted.text);
    assert.equal(sorted.body.message, "sort[0]: unknown field 'nope' in sort");
    const mine = await w.call('POST', '/auth/api/data/find/groups', { ...as(w.emma), body: { offset: 2 ** 63 } });
    assert.equal(mine.status, 400, mine.text);
    assert.equal((await find({ criteria: [{ field: 'last_name', is: 'regex', value: '.*' }] })).status, 400);
    // A range needs a number or a string (docs/criteria.md): a 400 naming the criterion, not a 500.
    for (const value of [true, null]) {
      const range = await find({ criteria: [{ field: 'hire_date', is: '<', value }] });
      assert.equal(range.status, 400, JSON.stringify(value));
      assert.match(range.body.message, /^criteria\[0\]: operator < on hire_date needs a number or a string$/);
    }
  });

  test('meta answers the schema, UI hints, list hints and what the caller can do', async () => {
    const r = await w.call('GET', '/payroll/api/data/meta/employee', as(w.payroll));
    assert.equal(r.status, 200);
    assert.equal(r.body.title, 'Employee');
    assert.equal(r.body.plural, 'Employees');
    assert.equal(r.body.schema.properties.ssn.$ref, '#/definitions/ssn');
    assert.equal(r.body.schema.definitions.ssn['x-sensitive'], 'ssn');
    assert.ok(r.body.list.columns.includes('last_name'));
    assert.deepEqual(r.body.can, { list: true, read: true, create: true, edit: true, delete: false });
    const emma = await w.call('GET', '/payroll/api/data/meta/employee', as(w.emma));
    assert.deepEqual(emma.body.can, { list: false, read: true, create: false, edit: false, delete: false });
  });

  test('I-9 Section 2 is in the meta of managers only (spec/001 section 6)', async () => {
    const SECTION_2 = 'Section 2. Employer Review and Verification';
    const titles = (m: { body: { sections: { title: string }[] } }) => m.body.sections.map((x) => x.title);
    const own = await w.call('GET', '/payroll/api/data/meta/my_i9', as(w.emma));
    assert.equal(own.status, 200, own.text);
    assert.ok(titles(own).includes('Section 1. Employee Information and Attestation'));
    assert.ok(!titles(own).includes(SECTION_2), 'no Section 2 for the employee');
    const listed = (own.body.sections as { fields: string[] }[]).flatMap((x) => x.fields);
    for (const f of ['documentation', 'employer_signature', 'first_day']) {
      assert.ok((own.body.hidden as string[]).includes(f), `${f} hidden from the employee`);
      assert.ok(!listed.includes(f), `${f} in no section of the employee's`);
    }
    assert.ok(!JSON.stringify(own.body.sections).includes('x-visible'), 'the rule itself is not answered');
    const manager = await w.call('GET', '/payroll/api/data/meta/i9', as(w.payroll));
    assert.ok(titles(manager).includes(SECTION_2));
    assert.ok(manager.body.schema.properties.employer_signature);
  });
});

describe('access, my_ variants and tenancy', () => {
  test('an employee cannot list employees, reads only their own record through my_employee', async () => {
    assert.equal((await w.call('POST', '/payroll/api/data/find/employee', { ...as(w.emma), body: {} })).status, 403);
    const own = await w.call('GET', `/payroll/api/data/my_employee/${w.emma.user}`, as(w.emma));
    assert.equal(own.status, 200, own.text);
    assert.equal(own.body.data.first_name, 'Emma');
    assert.equal(own.body.data.ssn, 'xxx-xx-6789');
    assert.equal((await w.call('GET', `/payroll/api/data/my_employee/${w.payroll.user}`, as(w.emma))).status, 404);
    const other = await createEmployee();
    // Another's record of her own company: 403 Not authorized. (API.md), whether or not it exists.
    const others = await w.call('GET', `${EMP}/${other.key}`, as(w.emma));
    assert.deepEqual([others.status, others.body.message], [403, 'Not authorized.']);
    for (const type of ['basic_info', 'i9', 'w4']) {
      const r = await w.call('GET', `/payroll/api/data/${type}/${w.ivan.user}`, as(w.emma));
      assert.deepEqual([r.status, r.body.message], [403, 'Not authorized.'], `ivan's ${type}`);
      const put = await w.call('PATCH', `/payroll/api/data/${type}/${w.ivan.user}`, { ...as(w.emma), body: {} });
      assert.equal(put.status, 403, `a write to ivan's ${type}`);
    }
    assert.equal((await w.call('GET', `${EMP}/${crypto.randomUUID()}`, as(w.emma))).status, 404, 'no such record');
    assert.equal(
      (await w.call('PATCH', `${EMP}/${w.emma.user}`, { ...as(w.emma), body: { job_title: 'CEO' } })).status,
      403,
    );
  });

  test('another company’s record does not exist for any verb', async () => {
    const rec = await createEmployee();
    // The product organization's admin holds every permission, but not over Acme's records.
    const s = as(w.staff);
    assert.equal((await w.call('GET', `${EMP}/${rec.key}`, s)).status, 404);
    assert.equal((await w.call('POST', `${EMP}/${rec.key}`, { ...s, body: newEmployee() })).status, 404);
    assert.equal((await w.call('PATCH', `${EMP}/${rec.key}`, { ...s, body: { job_title: 'x' } })).status, 404);
    assert.equal((await w.call('DELETE', `${EMP}/${rec.key}`, s)).status, 404);
    const found = await w.call('POST', '/payroll/api/data/find/employee', { ...s, body: {} });
    assert.ok(!found.body.items.some((i: any) => i.data.first_name === 'Emma'));
    const acme = await w.call('GET', `${EMP}/${rec.key}`, as(w.payroll));
    assert.equal(acme.status, 200);
    assert.equal(acme.body.meta.version, 1, 'the other company’s calls changed nothing');
  });

  test('audit_log records every write and cannot be written by any client', async () => {
    const rec = await createEmployee({ job_title: 'Auditor' });
    const r = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: { criteria: [{ field: 'action_type', is: '=', value: 'create' }], limit: 500 },
    });
    const entry = r.body.items.find((i: any) => i.data.detail.key === rec.key && i.data.detail.type === 'employee');
    assert.ok(entry, 'an audit record for the create');
    assert.equal(entry.data.logged_in_user, w.payroll.user);
    assert.ok(entry.data.detail.fields.includes('ssn'));
    assert.ok(!JSON.stringify(entry).includes('123-45-6789'));
    for (const [method, p] of [
      ['POST', '/auth/api/data/audit_log/'],
      ['POST', `/auth/api/data/audit_log/${entry.key}`],
      ['PATCH', `/auth/api/data/audit_log/${entry.key}`],
      ['DELETE', `/auth/api/data/audit_log/${entry.key}`],
    ]) {
      const res = await w.call(method, p, { ...as(w.admin), body: method === 'DELETE' ? undefined : { message: 'x' } });
      assert.equal(res.status, 403, `${method} ${p}`);
    }
    assert.equal((await w.call('POST', '/auth/api/data/find/audit_log', { ...as(w.emma), body: {} })).status, 403);
  });

  test('unknown types and modules, and a type in the wrong module, are 404', async () => {
    for (const p of [
      '/payroll/api/data/nope/x',
      '/payroll/api/data/groups/' + w.emma.user,
      '/nomodule/api/data/employee/x',
    ]) {
      const r = await w.call('GET', p, as(w.payroll));
      assert.equal(r.status, 404, p);
      assert.deepEqual(r.body, { message: 'Not found' });
    }
  });
});

describe('user account rules (spec/001 section 5)', () => {
  const user = (over: Record<string, unknown>) => ({
    email: `u${crypto.randomUUID().slice(0, 8)}@acme.example`,
    display_name: 'Rule Tester',
    status: 'active',
    permissions: [],
    ...over,
  });

  test('an employee account needs an employee ID, which cannot be removed or changed later', async () => {
    const none = await w.call('POST', '/auth/api/data/users/', { ...as(w.admin), body: user({ is_employee: true }) });
    assert.equal(none.status, 400);
    assert.deepEqual(none.body.errors, [
      {
        path: '/employee_id',
        message: 'Unable to create account: No Employee ID provided. Is this supposed to be an employee?',
      },
    ]);
    const ok = await w.call('POST', '/auth/api/data/users/', {
      ...as(w.admin),
      body: user({ is_employee: true, employee_id: '777' }),
    });
    assert.equal(ok.status, 201, ok.text);
    const { employee_id: _dropped, ...withoutId } = ok.body.data;
    const removed = await w.call('POST', `/auth/api/data/users/${ok.body.key}`, { ...as(w.admin), body: withoutId });
    assert.equal(removed.status, 400);
    assert.equal(
      removed.body.errors[0].message,
      'Unable to save: Employee ID may not be deleted from an existing account.',
    );
  });

  test('e-mails are lower-cased and unique in the company; the password hash is never answered or set', async () => {
    const body = user({ email: 'Mixed.Case@ACME.example', is_employee: false, secret: 'injected-hash' });
    const created = await w.call('POST', '/auth/api/data/users/', { ...as(w.admin), body });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.data.email, 'mixed.case@acme.example');
    assert.equal(created.body.data.secret, undefined);
    const dup = await w.call('POST', '/auth/api/data/users/', {
      ...as(w.admin),
      body: { ...body, email: 'mixed.case@acme.example' },
    });
    assert.equal(dup.status, 409, 'a second account with that e-mail is a conflict (API.md)');
    assert.equal(dup.body.message, 'An account with this email already exists.');
    assert.deepEqual(dup.body.errors, [{ path: '/email', message: 'An account with this email already exists.' }]);
    // Changing another account's e-mail to one in use is the same conflict.
    const other = await w.call('POST', '/auth/api/data/users/', { ...as(w.admin), body: user({ is_employee: false }) });
    assert.equal(other.status, 201, other.text);
    const taken = await w.call('PATCH', `/auth/api/data/users/${other.body.key}`, {
      ...as(w.admin),
      body: { email: 'MIXED.case@acme.example' },
    });
    assert.equal(taken.status, 409, taken.text);
    assert.equal(taken.body.message, 'An account with this email already exists.');
    const login = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: 'mixed.case@acme.example', key: 'injected-hash' },
    });
    assert.equal(login.status, 401);
  });

  test('an authenticator key must be 13 characters of A-Z and 2-7', async () => {
    const r = await w.call('POST', '/auth/api/data/users/', {
      ...as(w.admin),
      body: user({ authenticator_key: 'abc' }),
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.errors[0].message, 'Invalid Auth key provided');
  });
});

describe('electronic signatures (I-9)', () => {
  test('the server stamps the time and evidence; only the owner may sign as the employee', async () => {
    const body = {
      work_auth_status: 'Citizen of the United States',
      employee_signature: { name: 'Emma Employee', font: 'font2', timestamp: 1, userAgent: 'test-browser' },
    };
    const before = Math.floor(Date.now() / 1000);
    const r = await w.call('POST', '/payroll/api/data/my_i9/', { ...as(w.emma), body });
    assert.equal(r.status, 201, r.text);
    const sig = r.body.data.employee_signature;
    assert.equal(sig.name, 'Emma Employee');
    assert.ok(sig.timestamp >= before, 'the timestamp is the server clock, not the one sent');
    assert.equal(sig.evidence.signed_by, w.emma.user);
    assert.equal(sig.evidence.version, 1);
    assert.ok(sig.evidence.address);
    // Saved again unchanged: the stored signature (time and evidence) stays.
    const again = await w.call('POST', `/payroll/api/data/my_i9/${w.emma.user}`, { ...as(w.emma), body: r.body.data });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(again.body.data.employee_signature, sig);
    // A manager cannot replace the employee's signature (signing Section 2, as a manager must).
    const forged = await w.call('PATCH', `/payroll/api/data/i9/${w.emma.user}`, {
      ...as(w.payroll),
      body: {
        ...SECTION2,
        employee_signature: { name: 'Someone Else', font: 'font1', timestamp: 2 },
        employer_signature: { name: 'Paula Payroll', font: 'font1', timestamp: 2 },
      },
    });
    assert.equal(forged.status, 200, forged.text);
    assert.deepEqual(forged.body.data.employee_signature, sig);
  });
});

describe('Form I-9 Sections (spec/001 sections 2, 5 and 6)', () => {
  const I9 = '/payroll/api/data/i9';
  const MY_I9 = '/payroll/api/data/my_i9';
  const signature = (name: string) => ({ name, font: 'font1', timestamp: 1 });
  const section2 = {
    documentation: [{ document_type: 'us_passport', list: 'A', title: 'U.S. Passport', issuing_authority: 'DOS' }],
    additional_info: 'Filled in by the employee',
    first_day: 1767225600,
    employer_or_representative: 'Employee, Emma',
    orgname: 'Not Acme',
    employer_signature: signature('Emma Employee'),
  };

  test('an employee sets no Section 2 field of her own I-9, from its first save on', async () => {
    // Her I-9 from scratch: a new employee (an I-9 is kept for years, never deleted to start again).
    const emma = await signedInEmployee(w, 'Emma');
    const first = await w.call('POST', `${MY_I9}/${emma.user}`, {
      ...as(emma),
      body: {
        work_auth_status: 'Citizen of the United States',
        employee_signature: signature('Emma Employee'),
        ...section2,
      },
    });
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.data.employee_signature.name, 'Emma Employee');
    for (const f of Object.keys(section2)) assert.equal(f in first.body.data, false, `${f} is not hers to set`);

    // The manager completes Section 2; her later saves change none of it.
    const managed = await w.call('PATCH', `${I9}/${emma.user}`, {
      ...as(w.payroll),
      body: {
        ...SECTION2,
        documentation: [
          {
            document_type: 'form_i_551_green_card',
            list: 'A',
            title: 'Permanent Resident Card',
            issuing_authority: 'USCIS',
          },
        ],
        employer_or_representative: 'Payroll, Paula, Manager',
        employer_signature: signature('Paula Payroll'),
      },
    });
    assert.equal(managed.status, 200, managed.text);
    const later = await w.call('POST', `${MY_I9}/${emma.user}`, {
      ...as(emma),
      body: { ...managed.body.data, previous_last_names: ['Stone'], ...section2 },
    });
    assert.equal(later.status, 200, later.text);
    assert.deepEqual(later.body.data.previous_last_names, ['Stone']);
    // Section 2 is not answered to her (x-read): the manager's read shows it kept.
    const kept = await w.call('GET', `${I9}/${emma.user}`, as(w.payroll));
    for (const f of ['documentation', 'employer_or_representative']) {
      assert.equal(f in later.body.data, false, `${f} is not answered to her`);
      assert.deepEqual(kept.body.data[f], managed.body.data[f], `${f} stays the manager's`);
    }
    // Her change to Section 1 voids both signatures (issue: a signature binds what was signed).
    assert.deepEqual(
      later.body.data.signature_history.map((h: any) => [h.field, h.signature.name]),
      [
        ['employee_signature', 'Emma Employee'],
        ['employer_signature', 'Paula Payroll'],
      ],
    );
    for (const f of ['additional_info', 'first_day', 'orgname']) assert.equal(f in later.body.data, false, f);
  });

  test("a manager saving someone else's I-9 signs Section 2 and never the employee's part; her own I-9 is hers", async () => {
    const emma = await signedInEmployee(w, 'Emma');
    const section1 = {
      work_auth_status: 'Citizen of the United States',
      employee_signature: signature('Emma Employee'),
    };
    // Nor can a manager start it: an I-9 is made by its employee, signing Section 1.
    const started = await w.call('POST', `${I9}/`, {
      ...as(w.payroll),
      body: { ...section1, _user_uuid: emma.user, employer_signature: signature('Paula Payroll') },
    });
    assert.equal(started.status, 403, started.text);
    assert.equal((await w.call('POST', `${MY_I9}/${emma.user}`, { ...as(emma), body: section1 })).status, 200);
    const notSigned = await w.call('PATCH', `${I9}/${emma.user}`, {
      ...as(w.payroll),
      body: { employer_or_representative: 'Payroll, Paula, Manager', employer_signature: { font: 'font1' } },
    });
    assert.equal(notSigned.status, 400, notSigned.text);
    // Everything the signature needs is said at once, not after a second try.
    assert.deepEqual(notSigned.body.errors, [
      { path: '/employer_signature', message: 'The employer or authorized representative must sign Section 2.' },
      {
        path: '/documentation',
        message: 'Examine one document from List A, or one document from List B and one from List C.',
      },
      { path: '/first_day', message: "Enter the employee's first day of employment." },
      { path: '/employer_address/address1', message: "Enter the employer's street address." },
      { path: '/employer_address/city', message: "Enter the employer's city or town." },
      { path: '/employer_address/state', message: "Choose the employer's state." },
      { path: '/employer_address/postal_code', message: "Enter the employer's ZIP code." },
    ]);
    assert.equal(
      'employer_or_representative' in (await w.call('GET', `${I9}/${emma.user}`, as(w.payroll))).body.data,
      false,
    );
    const signed = await w.call('PATCH', `${I9}/${emma.user}`, {
      ...as(w.payroll),
      body: {
        ...SECTION2,
        employer_or_representative: 'Payroll, Paula, Manager',
        employer_signature: signature('Paula Payroll'),
      },
    });
    assert.equal(signed.status, 200, signed.text);

    // Her own I-9 is hers: Section 1 and her signature are enough.
    const own = await w.call('POST', `${MY_I9}/${w.payroll.user}`, {
      ...as(w.payroll),
      body: { ...section1, employee_signature: signature('Paula Payroll') },
    });

    assert.equal(own.status, 200, own.text);
  });

  test("an onboarding manager completes Section 2 of someone else's I-9 but not of their own", async () => {
    const olga = await onboardingManager(w);
    const section1 = {
      work_auth_status: 'Citizen of the United States',
      employee_signature: signature('Olga Onboarder'),
    };
    const own = await w.call('POST', `${MY_I9}/${olga.user}`, {
      ...as(olga),
      body: { ...section1, employer_or_representative: 'Onboarder, Olga', employer_signature: signature('Olga') },
    });
    assert.equal(own.status, 200, own.text);
    assert.equal('employer_or_representative' in own.body.data, false, 'not hers to set on her own I-9');
    assert.equal('employer_signature' in own.body.data, false);

    const emma = await signedInEmployee(w, 'Emma');
    assert.equal(
      (
        await w.call('POST', `${MY_I9}/${emma.user}`, {
          ...as(emma),
          body: { ...section1, employee_signature: signature('Emma Employee') },
        })
      ).status,
      200,
    );
    const others = await w.call('PATCH', `${I9}/${emma.user}`, {
      ...as(olga),
      body: {
        ...SECTION2,
        employer_or_representative: 'Onboarder, Olga',
        employer_signature: signature('Olga Onboarder'),
      },
    });
    assert.equal(others.status, 200, others.text);
    assert.equal(others.body.data.employer_or_representative, 'Onboarder, Olga');
  });
});
