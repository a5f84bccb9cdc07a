/**
 * User accounts beyond the generic rules (spec/001 sections 3 to 8): the locked employee fields,
 * field limits, the password mode's call, the invites and the superuser delete, each with its
 * access rules (403 without the permission, 404 for another company's user).
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { lastStoredWrite } from '../helpers/at-rest.ts';
import { readOutbox, waitForMail } from '../helpers/outbox.ts';

let w: DemoWorld;
let superuser: Session;
const USERS = '/auth/api/data/users';
const unique = () => crypto.randomUUID().slice(0, 8);
const account = (over: Record<string, unknown> = {}) => ({
  email: `u.${unique()}@acme.example`,
  display_name: 'Rita Tester',
  status: 'active',
  permissions: [],
  is_employee: false,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const r = await w.call('POST', `${USERS}/`, { ...as(w.admin), body: account(over) });
  assert.equal(r.status, 201, r.text);
  return r.body as { key: string; data: Record<string, unknown> };
}

const outbox = () => readOutbox(w.server.dataDir);

beforeAll(async () => {
  // No session here is recently signed in: one's own password asks for the current one, as a session
  // does 10 minutes after its sign-in (the window itself: ./password-change-recent-sign-in.test.ts).
  w = await demoWorld({ DFORM_RECENT_SIGN_IN_SECONDS: '0' });
  superuser = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

describe('account fields', () => {
  test('employee ID and is_employee are locked once the account exists', async () => {
    const u = await create({ is_employee: true, employee_id: '4242' });
    const changed = await w.call('PATCH', `${USERS}/${u.key}`, { ...as(w.admin), body: { employee_id: '4243' } });
    assert.equal(changed.status, 400);
    // Changed, it is not said to be deleted (the spec's message is for a removal, data.test.ts).
    assert.deepEqual(changed.body.errors, [
      { path: '/employee_id', message: 'Unable to save: Employee ID may not be changed on an existing account.' },
    ]);
    const flipped = await w.call('PATCH', `${USERS}/${u.key}`, { ...as(w.admin), body: { is_employee: false } });
    assert.equal(flipped.status, 400);
    assert.equal(flipped.body.errors[0].path, '/is_employee');
    const other = await w.call('PATCH', `${USERS}/${u.key}`, { ...as(w.admin), body: { display_name: 'Rita T.' } });
    assert.equal(other.status, 200, other.text);
    assert.equal(other.body.data.employee_id, '4242');
  });

  test("an employee ID is one account's in the company: a second account or a hire with it is refused, naming the field", async () => {
    const id = `EMP-${unique()}`;
    const first = await create({ is_employee: true, employee_id: id });
    const exists = 'An account with this employee ID already exists.';
    // Written another way, it is the same ID: case, spaces of any kind, invisible characters, fullwidth forms.
    const fullwidth = id.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    for (const taken of [
      id,
      id.toLowerCase(),
      ` ${id} `,
      `${id}\u00a0`,
      `\ufeff${id}\u200b`,
      `${id.slice(0, 2)}\u00ad${id.slice(2)}`,
      fullwidth,
    ]) {
      const again = await w.call('POST', `${USERS}/`, {
        ...as(w.admin),
        body: account({ is_employee: true, employee_id: taken }),
      });
      assert.equal(again.status, 409, `${JSON.stringify(taken)}: ${again.text}`);
      assert.deepEqual(again.body.errors, [{ path: '/employee_id', message: exists }]);
    }
    const hire = await w.call('POST', '/payroll/api/data/onboarding_user/', {
      ...as(w.payroll),
      body: { first_name: 'Dup', last_name: 'Licate', email: `dup.${unique()}@example.com`, employee_id: id },
    });
    assert.equal(hire.status, 409, hire.text);
    assert.deepEqual(hire.body.errors, [{ path: '/employee_id', message: exists }]);
    // A demo employee's ID is taken too.
    const emma = await w.call('GET', `${USERS}/${w.emma.user}`, as(w.admin));
    const demo = await w.call('POST', `${USERS}/`, {
      ...as(w.admin),
      body: account({ is_employee: true, employee_id: emma.body.data.employee_id }),
    });
    assert.equal(demo.status, 409, demo.text);
    // Deleted for good, the account leaves its ID free.
    const gone = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: first.key, confirm_name: first.data.display_name },
    });
    assert.equal(gone.status, 200, gone.text);
    await create({ is_employee: true, employee_id: id });
  });

  test('the limits of spec/001: display name 32, e-mail 128, staff ID 32, login hash 36, phone, 2FA method', async () => {
    const r = await w.call('POST', `${USERS}/`, {
      ...as(w.admin),
      body: account({
        display_name: 'x'.repeat(33),
        email: `${'a'.repeat(120)}@acme.example`,
        staff_id: 's'.repeat(33),
        login_hash: 'h'.repeat(37),
        phone: '(212) 555-1234',
        '2fa_method': 'pigeon',
      }),
    });
    assert.equal(r.status, 400);
    const paths = r.body.errors.map((e: { path: string }) => e.path).sort();
    assert.deepEqual(paths, ['/2fa_method', '/display_name', '/email', '/login_hash', '/phone', '/staff_id']);
    const ok = await create({ authenticator_key: 'ABCDEFGHIJ234', phone: '212-555-1234' });
    assert.equal(ok.data.authenticator_key, undefined, 'the key is a secret, never answered');
    const bad = await w.call('POST', `${USERS}/`, {
      ...as(w.admin),
      body: account({ authenticator_key: 'ABCDEFGHIJ891' }),
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors, [{ path: '/authenticator_key', message: 'Invalid Auth key provided' }]);
  });
});

describe('permissions', () => {
  test('a user manager grants only permissions they hold; the product-staff admin any; kept ones stay', async () => {
    const denied = await w.call('POST', `${USERS}/`, {
      ...as(w.admin),
      body: account({ permissions: ['AUTH:CanManageUsers', 'AUTH:CanLoginToOrganizations'] }),
    });
    assert.equal(denied.status, 400);
    assert.deepEqual(denied.body.errors, [
      { path: '/permissions', message: 'You may grant only permissions you hold.' },
    ]);
    const byAdmin = await w.call('POST', `${USERS}/`, {
      ...as(superuser),
      body: account({ permissions: ['AUTH:CanLoginToOrganizations'] }),
    });
    assert.equal(byAdmin.status, 201, byAdmin.text);
    // An account holding a permission the company admin lacks is not theirs to change at all.
    const edit = await w.call('PATCH', `${USERS}/${byAdmin.body.key}`, {
      ...as(w.admin),
      body: { permissions: ['AUTH:CanLoginToOrganizations', 'AUTH:CanManageUsers'] },
    });
    assert.equal(edit.status, 403, edit.text);
    // The product-staff admin may; then the company admin may grant what they hold to a lesser account.
    const lesser = await create({ permissions: ['PAYROLL:CanUseModule'] });
    const grant = await w.call('PATCH', `${USERS}/${lesser.key}`, {
      ...as(w.admin),
      body: { permissions: ['PAYROLL:CanUseModule', 'AUTH:CanManageUsers'] },
    });
    assert.equal(grant.status, 200, grant.text);
  });
});

/**
 * The escalation hole: a user manager who changes another account's e-mail and then asks
 * forgot_password (or sends an invite, or sets the password) signs in as that account.
 */
describe('a user manager and accounts holding more than they do', () => {
  let manager: Session;
  let managerKey: string;
  beforeAll(async () => {
    const m = await create({ permissions: ['AUTH:CanManageUsers'], display_name: 'Mona Manager' });
    managerKey = m.key;
    const set = await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.admin),
      body: { user_id: m.key, password: 'manager-pass', password2: 'manager-pass' },
    });
    assert.equal(set.status, 200, set.text);
    manager = await w.login(w.acmeOrg, String(m.data.email), 'manager-pass');
  });

  test('may not change the e-mail (or any field) of an account holding a permission they lack: 403, nothing kept', async () => {
    const target = await w.call('GET', `${USERS}/${w.payroll.user}`, as(w.admin));
    const patch = await w.call('PATCH', `${USERS}/${w.payroll.user}`, {
      ...as(manager),
      body: { email: 'attacker@evil.example' },
    });
    assert.equal(patch.status, 403, patch.text);
    assert.equal(patch.body.message, 'Not authorized.');
    const save = await w.call('POST', `${USERS}/${w.payroll.user}`, {
      ...as(manager),
      body: { ...target.body.data, display_name: 'Renamed' },
    });
    assert.equal(save.status, 403, save.text);
    const after = await w.call('GET', `${USERS}/${w.payroll.user}`, as(w.admin));
    assert.equal(after.body.data.email, 'payroll@acme.example');
    assert.equal(after.body.meta.version, target.body.meta.version);
    // forgot_password for the address the attacker wanted sends nothing. Messages go after the
    // answers, in order: once the account's own has come, the attacker's request was done with.
    const since = (await outbox()).length;
    await w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username: 'attacker@evil.example' } });
    await w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username: 'payroll@acme.example' } });
    await waitForMail(w.server.dataDir, (m) => m.to === 'payroll@acme.example', { since });
    assert.equal((await outbox()).filter((m) => m.to === 'attacker@evil.example').length, 0);
  });

  test("may not invite or reset such an account, nor the product-staff admin's", async () => {
    for (const call of ['resend_user_invite_email', 'get_cross_site_invite', 'set_user_password']) {
      const before = (await outbox()).length;
      for (const user_id of [w.payroll.user, superuser.user]) {
        const r = await w.call('POST', `/auth/api/${call}`, {
          ...as(manager),
          body: { user_id, password: 'taken-over', password2: 'taken-over' },
        });
        assert.equal(r.status, 403, `${call} ${user_id}: ${r.text}`);
        assert.equal(r.body.message, 'Not authorized.');
      }
      assert.equal((await outbox()).length, before, `${call}: nothing sent`);
    }
  });

  test("may not edit the product-staff admin's account, though it holds no permission of its own", async () => {
    const r = await w.call('PATCH', `${USERS}/${superuser.user}`, {
      ...as(manager),
      body: { email: 'attacker@evil.example' },
    });
    assert.equal(r.status, 403, r.text);
    const byCompanyAdmin = await w.call('PATCH', `${USERS}/${superuser.user}`, {
      ...as(w.admin),
      body: { notes: 'mine now' },
    });
    assert.equal(byCompanyAdmin.status, 403, byCompanyAdmin.text);
  });

  test('may edit, invite and reset accounts holding only what they hold (and their own); the product-staff admin any', async () => {
    const lesser = await create({ permissions: ['AUTH:CanManageUsers'] });
    const edit = await w.call('PATCH', `${USERS}/${lesser.key}`, { ...as(manager), body: { display_name: 'Les Ser' } });
    assert.equal(edit.status, 200, edit.text);
    const invite = await w.call('POST', '/auth/api/resend_user_invite_email', {
      ...as(manager),
      body: { user_id: lesser.key },
    });
    assert.equal(invite.status, 200, invite.text);
    const own = await w.call('PATCH', `${USERS}/${managerKey}`, { ...as(manager), body: { notes: 'me' } });
    assert.equal(own.status, 200, own.text);
    const byStaff = await w.call('PATCH', `${USERS}/${w.payroll.user}`, {
      ...as(superuser),
      body: { notes: 'checked by product staff' },
    });
    assert.equal(byStaff.status, 200, byStaff.text);
  });

  test('a permission gained through a group counts: the account becomes closed to the manager', async () => {
    const u = await create();
    assert.equal((await w.call('PATCH', `${USERS}/${u.key}`, { ...as(manager), body: { notes: 'open' } })).status, 200);
    const group = await w.call('POST', '/auth/api/data/groups/', {
      ...as(w.admin),
      body: {
        name: `Viewers ${unique()}`,
        description: '',
        permissions: ['AUTH:CanViewAuditLogs'],
        users: [u.key],
        notes: '',
      },
    });
    assert.equal(group.status, 201, group.text);
    assert.equal(
      (await w.call('PATCH', `${USERS}/${u.key}`, { ...as(manager), body: { notes: 'closed' } })).status,
      403,
    );
  });
});

describe('the authenticator key', () => {
  test('is never answered, and a save from the form (which never had it) keeps it', async () => {
    const u = await create({ authenticator_key: 'ABCDEFGHIJ234' });
    assert.equal(u.data.authenticator_key, undefined);
    const saved = await w.call('POST', `${USERS}/${u.key}`, {
      ...as(w.admin),
      body: { ...u.data, display_name: 'Kept Key' },
    });
    assert.equal(saved.status, 200, saved.text);
    // The stored record (encrypted) is the only place the key shows: read it as stored.
    const write = await lastStoredWrite(w.server, u.key, 'Kept Key');
    assert.ok(write, 'the save is stored');
    assert.match(write, /"authenticator_key":"[^"]+"/);
    assert.ok(!write.includes('ABCDEFGHIJ234'), 'stored encrypted');
  });
});

describe('set_user_password (the password mode)', () => {
  test("sets an argon2id hash the user signs in with, ends the user's sessions, and is audited", async () => {
    const u = await create();
    const set = (password: unknown, password2: unknown, who: Session = w.admin) =>
      w.call('POST', '/auth/api/set_user_password', { ...as(who), body: { user_id: u.key, password, password2 } });
    assert.equal((await set('first-pass', 'first-pass')).status, 200);
    const s1 = await w.login(w.acmeOrg, String(u.data.email), 'first-pass');
    const r = await set('second-pass', 'second-pass');
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { message: 'Password set.' });
    assert.equal((await w.call('GET', '/auth/api/session', as(s1))).status, 401, 'the old session ended');
    await w.login(w.acmeOrg, String(u.data.email), 'second-pass');
    const read = await w.call('GET', `${USERS}/${u.key}`, as(w.admin));
    assert.equal(read.body.data.secret, undefined);
    const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: {
        criteria: [
          { field: 'affected_user', is: '=', value: u.key },
          { field: 'action_type', is: '=', value: 'password' },
        ],
      },
    });
    assert.equal(audit.body.total, 2);
  });

  test("the spec's three password messages", async () => {
    const u = await create();
    const set = (password: string, password2: string) =>
      w.call('POST', '/auth/api/set_user_password', { ...as(w.admin), body: { user_id: u.key, password, password2 } });
    const short = await set('abc', 'abc');
    assert.deepEqual(short.body.errors, [{ path: '/password', message: 'Password must be at least 6 characters' }]);
    const digits = await set('1234567', '1234567');
    assert.deepEqual(digits.body.errors, [{ path: '/password', message: 'Password cannot be all numbers' }]);
    const differ = await set('quiet-harbor', 'quiet-harbour');
    assert.deepEqual(differ.body.errors, [{ path: '/password2', message: 'Passwords do not match' }]);
  });

  test('403 without AUTH:CanManageUsers, for an account holding more than the caller, 404 for another company', async () => {
    const u = await create();
    const body = { user_id: u.key, password: 'taken-over-7', password2: 'taken-over-7' };
    assert.equal((await w.call('POST', '/auth/api/set_user_password', { ...as(w.payroll), body })).status, 403);
    assert.equal((await w.call('POST', '/auth/api/set_user_password', { ...as(w.emma), body })).status, 403);
    // A user manager without payroll rights may not take over the payroll manager's account.
    const manager = await create({ permissions: ['AUTH:CanManageUsers'] });
    await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.admin),
      body: { user_id: manager.key, password: 'manager-pass', password2: 'manager-pass' },
    });
    const m = await w.login(w.acmeOrg, String(manager.data.email), 'manager-pass');
    const takeover = await w.call('POST', '/auth/api/set_user_password', {
      ...as(m),
      body: { ...body, user_id: w.payroll.user },
    });
    assert.equal(takeover.status, 403);
    assert.equal((await w.call('POST', '/auth/api/set_user_password', { ...as(m), body })).status, 200);
    const foreign = await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.admin),
      body: { ...body, user_id: w.staff.user },
    });
    assert.equal(foreign.status, 404);
    const malformed = await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.admin),
      body: { ...body, user_id: 'abc' },
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.errors[0].path, '/user_id');
  });

  test('the data API never stores a password hash as sent', async () => {
    const u = await create();
    const r = await w.call('PATCH', `${USERS}/${u.key}`, { ...as(w.admin), body: { secret: 'plain-text-secret' } });
    assert.equal(r.status, 200, r.text);
    const login = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: u.data.email, key: 'plain-text-secret' },
    });
    assert.equal(login.status, 401);
  });
});

describe('invites', () => {
  test('resend_user_invite_email sends a single-use sign-in key that works once', async () => {
    const u = await create();
    const r = await w.call('POST', '/auth/api/resend_user_invite_email', { ...as(w.admin), body: { user_id: u.key } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { message: 'User invite email resent.' });
    const mail = (await outbox()).filter((m) => m.to === u.data.email);
    assert.equal(mail.length, 1);
    const link = /(https:\/\/acmedemo\.dform\.app\/auto-login\?\S+)/.exec(mail[0].text)![1];
    const q = new URL(link).searchParams;
    assert.equal(q.get('userid'), u.key);
    const login = (key: string) =>
      w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid: u.key, key, type: q.get('type') } });
    assert.equal((await login(q.get('key')!)).status, 200);
    assert.equal((await login(q.get('key')!)).status, 401, 'the key works once');
  });

  test('get_cross_site_invite sends a sign-in code and answers the address', async () => {
    const u = await create({ cross_site_login_only: true });
    const r = await w.call('POST', '/auth/api/get_cross_site_invite', { ...as(w.admin), body: { user_id: u.key } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { message: `User invite code sent to ${u.data.email}.`, email: u.data.email });
    const mail = (await outbox()).filter((m) => m.to === u.data.email);
    assert.equal(mail.length, 1);
    const code = /sign-in code for Acme Demo is (\S+)/.exec(mail[0].text)![1];
    const login = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: u.data.email, key: code, type: 'forgot_password' },
    });
    assert.equal(login.status, 200, login.text);
  });

  test('403 without AUTH:CanManageUsers, 404 for another company, 409 for a blocked account', async () => {
    const u = await create();
    for (const call of ['resend_user_invite_email', 'get_cross_site_invite']) {
      const before = (await outbox()).length;
      const denied = await w.call('POST', `/auth/api/${call}`, { ...as(w.payroll), body: { user_id: u.key } });
      assert.equal(denied.status, 403, call);
      const foreign = await w.call('POST', `/auth/api/${call}`, { ...as(w.admin), body: { user_id: w.staff.user } });
      assert.equal(foreign.status, 404, call);
      assert.equal((await outbox()).length, before, `${call}: nothing sent`);
    }
    const blocked = await create({ status: 'blocked' });
    const r = await w.call('POST', '/auth/api/resend_user_invite_email', {
      ...as(w.admin),
      body: { user_id: blocked.key },
    });
    assert.equal(r.status, 409);
  });
});

describe('superuser delete', () => {
  test('removes the user across every record type in one call, audited, and frees the e-mail', async () => {
    // Dora came as a hire: the invitation made her account, keyed as the hire, with her e-mail.
    const email = `dora.${crypto.randomUUID().slice(0, 8)}@acme.example`;
    const hire = await w.call('POST', '/payroll/api/data/onboarding_user/', {
      ...as(w.payroll),
      body: { first_name: 'Doomed', last_name: 'Dora', email, employee_id: '9911' },
    });
    assert.equal(hire.status, 201, hire.text);
    const u = (await w.call('GET', `${USERS}/${hire.body.key}`, as(w.admin))).body as {
      key: string;
      data: Record<string, unknown>;
    };
    assert.equal(u.data.display_name, 'Doomed Dora');
    const made: string[] = [];
    const put = async (type: string, body: Record<string, unknown>, by: Session = w.payroll) => {
      const r = await w.call('POST', `/payroll/api/data/${type}/`, {
        ...as(by),
        body: { _user_uuid: u.key, ...body },
      });
      assert.equal(r.status, 201, `${type}: ${r.text}`);
      made.push(type);
    };
    await put('employee', { first_name: 'Dora', last_name: 'Doomed', email, employment_type: 'REGULAR' });
    await put('basic_info', {
      legal_address: { address1: '1 Elm St', city: 'Denver', state: 'CO', postal_code: '80202' },
    });
    await put('w4', {});
    // A state certificate's answers are its owner's (x-attests); product staff may write them.
    await put('state_w4', { state: 'CO' }, superuser);
    await put('emergency_contacts', {
      contacts: [
        { contact_first_name: 'Dan', contact_last_name: 'Doomed', relationship: 'Brother', phone_number: '2125550000' },
      ],
    });
    const group = await w.call('POST', '/auth/api/data/groups/', {
      ...as(w.admin),
      body: { name: 'Dora group', description: '', permissions: [], users: [u.key, w.emma.user], notes: '' },
    });
    assert.equal(group.status, 201, group.text);
    await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.admin),
      body: { user_id: u.key, password: 'dora-pass', password2: 'dora-pass' },
    });
    const dora = await w.login(w.acmeOrg, email, 'dora-pass');

    const wrong = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: u.key, confirm_name: 'Doomed Dor' },
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.errors, [
      { path: '/confirm_name', message: 'ERROR: Incorrect name entered. User NOT deleted.' },
    ]);
    assert.equal((await w.call('GET', `${USERS}/${u.key}`, as(w.admin))).status, 200, 'nothing deleted');

    const r = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: u.key, confirm_name: 'Doomed Dora' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.message, 'Success: User Deleted');
    assert.equal(r.body.removed.length, made.length + 2, 'the payroll records, the hire and the account');
    assert.equal((await w.call('GET', `${USERS}/${u.key}`, as(w.admin))).status, 404);
    for (const type of made) {
      assert.equal((await w.call('GET', `/payroll/api/data/${type}/${u.key}`, as(w.payroll))).status, 404, type);
    }
    assert.equal(
      (await w.call('GET', `/payroll/api/data/onboarding_user/${hire.body.key}`, as(w.payroll))).status,
      404,
      'the hire with her e-mail',
    );
    assert.equal((await w.call('GET', '/auth/api/session', as(dora))).status, 401, 'her session ended');
    const g = await w.call('GET', `/auth/api/data/groups/${group.body.key}`, as(w.admin));
    assert.deepEqual(g.body.data.users, [w.emma.user]);
    const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: {
        criteria: [
          { field: 'affected_user', is: '=', value: u.key },
          { field: 'action_type', is: '=', value: 'delete' },
        ],
      },
    });
    assert.equal(audit.body.total, made.length + 2);
    // The e-mail is free again.
    await create({ email });
  });

  test('only the product-staff admin; 404 for another company; a 36-character key; never the admin itself', async () => {
    const u = await create({ display_name: 'Safe Sam' });
    const body = { user_id: u.key, confirm_name: 'Safe Sam' };
    assert.equal((await w.call('POST', '/auth/api/delete_user', { ...as(w.admin), body })).status, 403);
    assert.equal((await w.call('POST', '/auth/api/delete_user', { ...as(w.payroll), body })).status, 403);
    const foreign = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: w.staff.user, confirm_name: 'Product staff admin' },
    });
    assert.equal(foreign.status, 404);
    const short = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: u.key.slice(0, 35), confirm_name: 'Safe Sam' },
    });
    assert.equal(short.status, 400);
    const self = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: superuser.user, confirm_name: 'Product staff admin' },
    });
    assert.equal(self.status, 409);
    assert.equal((await w.call('GET', `${USERS}/${u.key}`, as(w.admin))).status, 200);
  });

  test("deletes the user's employee and confidential documents and the bytes of their files, keeping bytes another still holds", async () => {
    const u = await create({ display_name: 'Filed Fiona', is_employee: true, employee_id: '9912' });
    const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
    const shared = pdf(`held by two users ${unique()}`);
    const own = pdf(`only hers ${unique()}`);
    const documentOf = async (employee: string) => {
      const r = await w.call('POST', '/hr/api/data/employee_documents/', {
        ...as(w.admin),
        body: { employee_id: employee, display_name: 'Driver license', status: 'requested' },
      });
      assert.equal(r.status, 201, r.text);
      return `/hr/api/files/employee_documents/${r.body.key}/file`;
    };
    const upload = async (p: string, bytes: Buffer) => {
      const r = await w.call('PUT', p, {
        ...as(w.admin),
        headers: { 'content-type': 'application/pdf', 'x-file-name': 'scan.pdf' },
        rawBody: new Blob([new Uint8Array(bytes)]),
      });
      assert.equal(r.status, 200, r.text);
    };
    const blobsOnDisk = async () => {
      const base = path.join(w.server.dataDir, 'files', w.acmeOrg);
      const out: string[] = [];
      for (const sub of await readdir(base).catch(() => [] as string[]))
        out.push(...(await readdir(path.join(base, sub))));
      return out.sort();
    };
    const emmas = await documentOf(w.emma.user);
    await upload(emmas, shared);
    const before = await blobsOnDisk();
    const hers = [await documentOf(u.key), await documentOf(u.key), await documentOf(u.key)];
    await upload(hers[0], own);
    await upload(hers[1], own);
    await upload(hers[2], shared);
    // A confidential document about her (HR's, not hers to see) goes with her too.
    const confidential = await w.call('POST', '/hr/api/data/confidential_employee_documents/', {
      ...as(w.admin),
      body: { employee_id: u.key, display_name: 'Background check', filename: 'bg.pdf', status: 'requested' },
    });
    assert.equal(confidential.status, 201, confidential.text);
    hers.push(`/hr/api/files/confidential_employee_documents/${confidential.body.key}/file`);
    await upload(hers[3], pdf(`about her ${unique()}`));
    // Each encrypted upload is a blob of its own: her three documents' and the confidential one.
    assert.equal((await blobsOnDisk()).length, before.length + 4, 'her files are on disk');

    const r = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: u.key, confirm_name: 'Filed Fiona' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.removed.filter((x: string) => x.startsWith('hr/employee_documents/')).length, 3);
    assert.deepEqual(
      r.body.removed.filter((x: string) => x.startsWith('hr/confidential_employee_documents/')),
      [`hr/confidential_employee_documents/${confidential.body.key}`],
    );
    assert.deepEqual(await blobsOnDisk(), before, 'only the bytes Emma still holds are left');
    for (const p of hers) {
      const record = p.replace('/files/', '/data/').replace(/\/file$/, '');
      assert.equal((await w.call('GET', record, as(w.admin))).status, 404, record);
      assert.equal((await w.call('GET', p, as(w.admin))).status, 404, p);
    }
    const kept = await fetch(`${w.server.url}${emmas}`, {
      headers: { 'organization-id': w.acmeOrg, auth_token: w.emma.token },
    });
    assert.equal(kept.status, 200);
    assert.deepEqual(Buffer.from(await kept.arrayBuffer()), shared);
  });
});

describe('get_userinfo (names for user keys)', () => {
  test("answers display names (e-mails only to who may read the account), only of the caller's organization", async () => {
    const missing = crypto.randomUUID();
    const r = await w.call('POST', '/auth/api/get_userinfo', {
      ...as(w.emma),
      body: { user_ids: [w.admin.user, w.payroll.user.toUpperCase(), w.staff.user, missing, w.admin.user] },
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, [
      { key: w.admin.user, data: { display_name: 'Alice Admin' } },
      { key: w.payroll.user, data: { display_name: 'Paul Payroll' } },
    ]);
    assert.equal(r.headers.get('cache-control'), 'no-store');
    // The product staff, in the root organization, learn nothing of the demo company's accounts.
    const foreign = await w.call('POST', '/auth/api/get_userinfo', {
      ...as(w.staff),
      body: { user_ids: [w.admin.user] },
    });
    assert.deepEqual(foreign.body, []);
  });

  test('401 without a session; 400 for a missing, empty, too long or malformed list', async () => {
    const anonymous = await w.call('POST', '/auth/api/get_userinfo', {
      org: w.acmeOrg,
      body: { user_ids: [w.admin.user] },
    });
    assert.equal(anonymous.status, 401);
    const bodies = [
      {},
      { user_ids: [] },
      { user_ids: w.admin.user },
      { user_ids: Array.from({ length: 101 }, () => crypto.randomUUID()) },
      { user_ids: [w.admin.user, 'abc'] },
    ];
    for (const body of bodies) {
      const r = await w.call('POST', '/auth/api/get_userinfo', { ...as(w.emma), body });
      assert.equal(r.status, 400, JSON.stringify(body).slice(0, 80));
    }
  });
});

describe('set_user_password on one’s own account', () => {
  test('asks for the current password, as change_password does: a stolen session cannot take the account', async () => {
    const uma = await signedInEmployee(w, 'Uma', ['AUTH:CanManageUsers']);
    const set = (body: Record<string, unknown>) =>
      w.call('POST', '/auth/api/set_user_password', {
        ...as(uma),
        body: { user_id: uma.user, password: 'Taken-Over-Pass-91', password2: 'Taken-Over-Pass-91', ...body },
      });
    const without = await set({});
    assert.equal(without.status, 400, without.text);
    assert.deepEqual(without.body.errors, [{ path: '/current_password', message: 'Current password is required' }]);
    const wrong = await set({ current_password: 'not-it' });
    assert.deepEqual(wrong.body.errors, [{ path: '/current_password', message: 'Current password is incorrect' }]);
    assert.equal(
      (await w.call('POST', '/auth/api/login', { org: w.acmeOrg, body: { userid: uma.user, key: 'employee-pass-1' } }))
        .status,
      200,
      'unchanged',
    );
    const right = await set({ current_password: 'employee-pass-1' });
    assert.equal(right.status, 200, right.text);
    // Another's account is set as before, without the current password.
    const other = await signedInEmployee(w, 'Otto');
    const theirs = await w.call('POST', '/auth/api/set_user_password', {
      ...as(uma),
      body: { user_id: other.user, password: 'Set-By-Uma-Pass-73', password2: 'Set-By-Uma-Pass-73' },
    });
    assert.equal(theirs.status, 200, theirs.text);
  });
});
