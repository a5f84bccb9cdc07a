/**
 * Groups and the other administration records through the API: grants within the editor's own
 * permissions, type forced, the Clock / PTO Employees helpers and removing a user from all groups
 * (spec/001 sections 5 to 7); employee term fields, employer defaults, employer contacts, approvals
 * and the organization preferences' normalisation.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld } from '../helpers/demo.ts';

const G = '/auth/api/data/groups';
let w: DemoWorld;

const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  (body.errors ?? []).map((e) => `${e.path} ${e.message}`);

async function groupNamed(name: string) {
  const r = await w.call('POST', `${G.replace('/groups', '/find/groups')}`, {
    ...as(w.admin),
    body: { criteria: [{ field: 'name', is: '=', value: name }] },
  });
  return r.body.items[0] as { key: string; data: Record<string, unknown>; meta: { version: number } } | undefined;
}

let staffInAcme: Awaited<ReturnType<typeof sudoInto>>;
beforeAll(async () => {
  w = await demoWorld();
  staffInAcme = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

describe('groups', () => {
  test('available permissions: all for the product-staff admin, the own ones for others', async () => {
    const staff = await w.call('GET', '/auth/api/get_available_permissions', as(w.staff));
    assert.ok(staff.body.includes('AUTH:CanManageOrganizations'));
    const admin = await w.call('GET', '/auth/api/get_available_permissions', as(w.admin));
    assert.ok(admin.body.includes('AUTH:CanManageGroups'));
    assert.ok(!admin.body.includes('AUTH:CanManageOrganizations'));
  });

  test('an editor may grant only permissions they hold, naming the field', async () => {
    const payroll = (await groupNamed('Payroll Managers'))!;
    const beyond = await w.call('POST', `${G}/${payroll.key}`, {
      ...as(w.admin),
      body: {
        ...payroll.data,
        permissions: [...(payroll.data.permissions as string[]), 'AUTH:CanManageOrganizations'],
      },
    });
    assert.equal(beyond.status, 400);
    assert.deepEqual(errorsOf(beyond.body), [
      '/permissions You may grant only permissions you hold; you do not hold AUTH:CanManageOrganizations.',
    ]);
    const own = await w.call('POST', `${G}/${payroll.key}`, {
      ...as(w.admin),
      body: { ...payroll.data, permissions: [...(payroll.data.permissions as string[]), 'AUTH:CanViewAuditLogs'] },
    });
    assert.equal(own.status, 200, own.text);
    assert.ok(own.body.data.permissions.includes('AUTH:CanViewAuditLogs'));
  });

  test('a group that holds permissions the editor lacks is not theirs to add users to; the product-staff admin may', async () => {
    const acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
    const made = await w.call('POST', `${G}/`, {
      ...as(acmeStaff),
      body: { name: 'Partners', permissions: ['AUTH:CanLoginToOrganizations'], users: [], type: 'team' },
    });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.data.type, 'group');
    const add = await w.call('PATCH', `${G}/${made.body.key}`, { ...as(w.admin), body: { users: [w.admin.user] } });
    assert.equal(add.status, 403, add.text);
    assert.equal(
      add.body.message,
      'You may not change or delete a group holding permissions you do not hold (AUTH:CanLoginToOrganizations).',
    );
    // Made by the product-staff admin, it is theirs to change.
    const byStaff = await w.call('PATCH', `${G}/${made.body.key}`, {
      ...as(acmeStaff),
      body: { users: [w.admin.user] },
    });
    assert.equal(byStaff.status, 200, byStaff.text);
  });

  test('a group manager may not take away what she could not grant: a group holding more than she does is not hers to change or delete', async () => {
    const gina = await signedInEmployee(w, 'Gina', ['AUTH:CanManageGroups']);
    const admins = (await groupNamed('Company Admins'))!;
    const payroll = (await groupNamed('Payroll Managers'))!;
    const refusal = /^You may not change or delete a group holding permissions you do not hold \(/;
    const out = await w.call('PATCH', `${G}/${admins.key}`, { ...as(gina), body: { users: [] } });
    assert.equal(out.status, 403, out.text);
    assert.match(out.body.message, refusal);
    const emptied = await w.call('PATCH', `${G}/${payroll.key}`, { ...as(gina), body: { permissions: [] } });
    assert.equal(emptied.status, 403, emptied.text);
    assert.match(emptied.body.message, /PAYROLL:CanManageUserPayrollData/);
    const renamed = await w.call('PATCH', `${G}/${payroll.key}`, { ...as(gina), body: { name: 'Renamed by Gina' } });
    assert.equal(renamed.status, 403, renamed.text);
    const gone = await w.call('DELETE', `${G}/${admins.key}`, as(gina));
    assert.equal(gone.status, 403, gone.text);
    assert.match(gone.body.message, refusal);
    const all = await w.call('POST', '/auth/api/remove_user_from_groups', {
      ...as(gina),
      body: { user_id: w.admin.user },
    });
    assert.equal(all.status, 403, all.text);
    assert.match(
      all.body.message,
      /^You may not change groups holding permissions you do not hold: .*'Company Admins'/,
    );
    // Nothing moved: the admin is still a company admin, the payroll manager still finds employees.
    assert.deepEqual((await groupNamed('Company Admins'))!.meta.version, admins.meta.version);
    assert.deepEqual((await groupNamed('Payroll Managers'))!.meta.version, payroll.meta.version);
    const find = await w.call('POST', '/payroll/api/data/find/employee', { ...as(w.payroll), body: { criteria: [] } });
    assert.equal(find.status, 200, find.text);
    // A group within her own permissions is hers to change and delete.
    const own = await w.call('POST', `${G}/`, {
      ...as(gina),
      body: { name: 'Group editors', permissions: ['AUTH:CanManageGroups'], users: [w.emma.user] },
    });
    assert.equal(own.status, 201, own.text);
    const emptiedOwn = await w.call('PATCH', `${G}/${own.body.key}`, { ...as(gina), body: { users: [] } });
    assert.equal(emptiedOwn.status, 200, emptiedOwn.text);
    assert.equal((await w.call('DELETE', `${G}/${own.body.key}`, as(gina))).status, 204);
    // The company admin, holding all the payroll managers hold, still may.
    const byAdmin = await w.call('PATCH', `${G}/${payroll.key}`, {
      ...as(w.admin),
      body: { permissions: payroll.data.permissions, users: payroll.data.users },
    });
    assert.equal(byAdmin.status, 200, byAdmin.text);
  });

  test('type is always group', async () => {
    const r = await w.call('POST', `${G}/`, {
      ...as(w.admin),
      body: { name: 'Night shift', permissions: [], users: [], type: 'team' },
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.data.type, 'group');
    const saved = await w.call('PATCH', `${G}/${r.body.key}`, { ...as(w.admin), body: { type: 'team' } });
    assert.equal(saved.body.data.type, 'group');
  });

  test("a group lists users of its own company only: another company's user key is refused, naming the item", async () => {
    // A user of the root organization is not a user of Acme.
    const r = await w.call('POST', `${G}/`, {
      ...as(w.admin),
      body: { name: 'Mixed', permissions: [], users: [w.emma.user, w.staff.user] },
    });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(errorsOf(r.body), ['/users/1 Must be a user of this company']);
    const unknown = await w.call('POST', `${G}/`, {
      ...as(staffInAcme),
      body: { name: 'Mixed', permissions: [], users: [crypto.randomUUID()] },
    });
    assert.deepEqual(
      errorsOf(unknown.body),
      ['/users/0 Must be a user of this company'],
      'the product-staff admin too',
    );
    const ok = await w.call('POST', `${G}/`, {
      ...as(w.admin),
      body: { name: 'Mixed', permissions: [], users: [w.emma.user] },
    });
    assert.equal(ok.status, 201, ok.text);
  });

  test("a group's team members and manager are users of its company: never the group itself, another company's user or a made-up key", async () => {
    const made = await w.call('POST', `${G}/`, {
      ...as(w.admin),
      body: { name: 'Team of itself', permissions: [], users: [] },
    });
    assert.equal(made.status, 201, made.text);
    const key = made.body.key as string;
    const itself = await w.call('PATCH', `${G}/${key}`, {
      ...as(w.admin),
      body: { members: [w.emma.user, key], manager: key },
    });
    assert.equal(itself.status, 400, itself.text);
    assert.deepEqual(errorsOf(itself.body), [
      '/members/1 Must be a user of this company',
      '/manager Must be a user of this company',
    ]);
    const strangers = await w.call('PATCH', `${G}/${key}`, {
      ...as(staffInAcme),
      body: { members: [w.staff.user, crypto.randomUUID()], manager: w.staff.user },
    });
    assert.deepEqual(
      errorsOf(strangers.body),
      [
        '/members/0 Must be a user of this company',
        '/members/1 Must be a user of this company',
        '/manager Must be a user of this company',
      ],
      'the product-staff admin too',
    );
    const stored = await w.call('GET', `${G}/${key}`, as(w.admin));
    assert.equal(stored.body.data.members, undefined, 'nothing kept');
    assert.equal(stored.body.data.manager, undefined, 'nothing kept');
    const ok = await w.call('PATCH', `${G}/${key}`, {
      ...as(w.admin),
      body: { members: [w.emma.user], manager: w.admin.user },
    });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body.data.members, [w.emma.user]);
    assert.equal(ok.body.data.manager, w.admin.user);
  });

  test('without AUTH:CanManageGroups a group is read-only', async () => {
    const g = (await groupNamed('Employees'))!;
    const read = await w.call('GET', `${G}/${g.key}`, as(w.payroll));
    assert.equal(read.status, 200);
    const write = await w.call('PATCH', `${G}/${g.key}`, { ...as(w.payroll), body: { notes: 'x' } });
    assert.equal(write.status, 403);
    const helper = await w.call('POST', '/auth/api/add_clock_employees', {
      ...as(w.payroll),
      body: { user_id: w.emma.user },
    });
    assert.equal(helper.status, 403);
  });
});

describe('group helpers', () => {
  test('Clock Employees is created, then extended, with TIME:CanUseModule and TIME:CanUseClock', async () => {
    const first = await w.call('POST', '/auth/api/add_clock_employees', {
      ...as(w.admin),
      body: { user_id: w.emma.user },
    });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.body.data.name, 'Clock Employees');
    assert.deepEqual(first.body.data.permissions, ['TIME:CanUseModule', 'TIME:CanUseClock']);
    assert.deepEqual(first.body.data.users, [w.emma.user]);
    const second = await w.call('POST', '/auth/api/add_clock_employees', {
      ...as(w.admin),
      body: { user_id: w.ivan.user },
    });
    assert.equal(second.status, 200, second.text);
    assert.equal(second.body.key, first.body.key);
    assert.deepEqual(second.body.data.users, [w.emma.user, w.ivan.user]);
  });

  test('PTO Employees holds TIME:CanUsePTO and TIME:CanUseModule; an existing group gains them', async () => {
    const made = await w.call('POST', `${G}/`, {
      ...as(w.admin),
      body: { name: 'PTO Employees', permissions: ['TIME:CanUsePTO'], users: [] },
    });
    assert.equal(made.status, 201, made.text);
    const r = await w.call('POST', '/auth/api/add_pto_employees', { ...as(w.admin), body: { user_id: w.emma.user } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.key, made.body.key);
    assert.deepEqual(r.body.data.permissions, ['TIME:CanUsePTO', 'TIME:CanUseModule']);
    assert.deepEqual(r.body.data.users, [w.emma.user]);
  });

  test('a helper needs a user of the company', async () => {
    const r = await w.call('POST', '/auth/api/add_pto_employees', {
      ...as(w.admin),
      body: { user_id: '00000000-0000-4000-8000-000000000000' },
    });
    assert.equal(r.status, 400);
    assert.deepEqual(errorsOf(r.body), ['/user_id Must be the key of a user of this company']);
  });

  test('removing a user from all groups', async () => {
    const r = await w.call('POST', '/auth/api/remove_user_from_groups', {
      ...as(w.admin),
      body: { user_id: w.emma.user },
    });
    assert.equal(r.status, 200, r.text);
    assert.ok(r.body.groups.length >= 3, r.text);
    const left = await w.call('POST', '/auth/api/data/find/groups', {
      ...as(w.admin),
      body: { criteria: [{ field: 'users', is: 'contains', value: w.emma.user }] },
    });
    assert.equal(left.body.total, 0);
    const session = await w.call('GET', '/auth/api/session', as(w.emma));
    assert.deepEqual(session.body.permissions, {});
  });
});

describe('employee, employer, contacts, approvals and preferences', () => {
  test('an employee save drops null term_date and term_reason and keeps the status', async () => {
    const E = `/payroll/api/data/employee/${w.emma.user}`;
    const before = await w.call('GET', E, as(w.payroll));
    const r = await w.call('POST', E, {
      ...as(w.payroll),
      body: { ...before.body.data, term_date: null, term_reason: null, status: 'deleted' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal('term_date' in r.body.data, false);
    assert.equal('term_reason' in r.body.data, false);
    assert.equal(r.body.data.status, 'active');
  });

  test('a new employer is active with direct deposit available', async () => {
    const acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
    const r = await w.call('POST', '/payroll/api/data/employer/', { ...as(acmeStaff), body: { name: 'Acme Demo' } });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.data.status, 'active');
    assert.equal(r.body.data.direct_deposit_available, 'yes');
  });

  test('employer contacts and approvals are kept by payroll managers', async () => {
    const c = await w.call('POST', '/payroll/api/data/employer_contacts/', {
      ...as(w.payroll),
      body: { name: 'Pat Payroll', type: 'Payroll', email: 'Pat@Acme.example', phone_number: '555 123 4567' },
    });
    assert.equal(c.status, 201, c.text);
    assert.equal(c.body.data.email, 'pat@acme.example');
    assert.equal(c.body.data.phone_number, '5551234567');
    const bad = await w.call('POST', '/payroll/api/data/employer_contacts/', {
      ...as(w.payroll),
      body: { name: 'Short', phone_number: '555' },
    });
    assert.deepEqual(errorsOf(bad.body), ['/phone_number Phone numbers must have 10 digits.']);
    const seen = await w.call('POST', '/payroll/api/data/find/employer_contacts', { ...as(w.ivan), body: {} });
    assert.equal(seen.status, 200);
    const a = await w.call('POST', '/payroll/api/data/approvals/', {
      ...as(w.payroll),
      body: { employee: w.emma.user, approvals_needed: ['w4'], approval_type: 'admin', confirmation_code: '12' },
    });
    assert.equal(a.status, 400);
    assert.equal(errorsOf(a.body)[0]?.startsWith('/confirmation_code '), true, a.text);
  });

  test('an employee confirms her own approval as the employee, never as an administrator', async () => {
    // approval_type says who approved (spec/000 section 3: employee or admin); the employee may
    // record her own confirmation, and an "admin" approval she makes herself is approving herself.
    const ann = await signedInEmployee(w, 'ann');
    const own = (approval_type: string) =>
      w.call('POST', '/payroll/api/data/approvals/', {
        ...as(ann),
        body: { employee: ann.user, approvals_needed: ['w4'], approval_type, confirmation_code: '1234' },
      });
    const self = await own('admin');
    assert.equal(self.status, 400, self.text);
    assert.deepEqual(errorsOf(self.body), ['/approval_type An administrator approves your records, not you.']);
    const mine = await own('employee');
    assert.equal(mine.status, 201, mine.text);
    const byAdmin = await w.call('POST', '/payroll/api/data/approvals/', {
      ...as(w.payroll),
      body: { employee: ann.user, approvals_needed: ['w4'], approval_type: 'admin' },
    });
    assert.equal(byAdmin.status, 201, byAdmin.text);
  });

  test('preferences: colours stored as hex without #, the website as its host', async () => {
    const found = await w.call('POST', '/auth/api/data/find/organization_preferences', { ...as(w.admin), body: {} });
    const prefs = found.body.items[0];
    const r = await w.call('POST', `/auth/api/data/organization_preferences/${prefs.key}`, {
      ...as(w.admin),
      body: {
        ...prefs.data,
        attributes: { ...prefs.data.attributes, colorPrimary: '#AABBCC', website: 'https://www.Acme.example/' },
      },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.attributes.colorPrimary, 'aabbcc');
    assert.equal(r.body.data.attributes.website, 'www.acme.example');
    const bad = await w.call('PATCH', `/auth/api/data/organization_preferences/${prefs.key}`, {
      ...as(w.admin),
      body: { attributes: { colorAccent: '#12345' } },
    });
    assert.deepEqual(errorsOf(bad.body), ["/attributes/colorAccent Colours are 6 hex digits without '#'."]);
    const resolved = await w.call('GET', '/auth/api/resolve_org?hostname=acmedemo.dform.app');
    assert.equal(resolved.body.branding.colorPrimary, 'aabbcc');
  });

  test("preferences: a company has one record a module; a second branding record is refused and the company's branding stays", async () => {
    const found = await w.call('POST', '/auth/api/data/find/organization_preferences', { ...as(w.admin), body: {} });
    assert.equal(found.body.total, 1);
    const before = (await w.call('GET', '/auth/api/resolve_org?hostname=acmedemo.dform.app')).body.branding;
    for (let i = 0; i < 4; i++) {
      const r = await w.call('POST', '/auth/api/data/organization_preferences/', {
        ...as(w.admin),
        body: {
          ...(i % 2 ? {} : { module: 'auth' }),
          attributes: { business_name: `Rogue ${i}`, colorPrimary: '111111' },
        },
      });
      assert.equal(r.status, 409, r.text);
      assert.equal(r.body.message, 'The company has its preferences already; change them at Organization preferences.');
    }
    const after = await w.call('POST', '/auth/api/data/find/organization_preferences', { ...as(w.admin), body: {} });
    assert.equal(after.body.total, 1, 'nothing stored');
    const payroll = await w.call('POST', '/auth/api/data/organization_preferences/', {
      ...as(w.admin),
      body: { module: 'payroll', attributes: { business_name: 'Payroll side', colorPrimary: '222222' } },
    });
    assert.equal(payroll.status, 201, `another module's: ${payroll.text}`);
    const resolved = await w.call('GET', '/auth/api/resolve_org?hostname=acmedemo.dform.app');
    assert.deepEqual(resolved.body.branding, before);
  });
});
