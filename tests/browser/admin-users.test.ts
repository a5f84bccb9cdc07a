/**
 * Hires and user accounts in a real browser against the real server (demo company): inviting a
 * hire (Invite, the success, the duplicate alert), and the user form (the employee-ID message and
 * locks, the password mode, Save & Reload, the Audit Log page, the invites, the superuser delete).
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { newEmployeePage, startWorld, type World } from './browser.ts';
import { productStaffAdminKey } from '../../engine/access.ts';
import { HIRE_CANCELLED, HIRE_OPENED, HIRE_STEPS } from '../../forms/screens/payroll/HireActions.tsx';
import { STAFF_ACCOUNT_LOCKED } from '../../forms/screens/auth/users.ts';
import { INVITE_FAILED } from '../../forms/screens/auth/UserActions.tsx';

let w: World;
let admin: { token: string; user: string };
const unique = () => crypto.randomUUID().slice(0, 8);

beforeAll(async () => {
  w = await startWorld();
  admin = await w.apiLogin('admin');
});
afterAll(async () => {
  await w?.close();
});

async function newAccount(over: Record<string, unknown> = {}) {
  const r = await w.call('POST', '/auth/api/data/users/', {
    org: w.org,
    token: admin.token,
    body: {
      email: `b.${unique()}@acme.example`,
      display_name: `Bea ${unique().slice(0, 4)}`,
      status: 'active',
      permissions: [],
      is_employee: false,
      ...over,
    },
  });
  assert.equal(r.status, 201, r.text);
  return r.body as { key: string; data: { email: string; display_name: string } };
}

/** axe-core: no serious or critical violation on the screen as it stands. */
async function assertAccessible(page: Page, where: string) {
  const violations = blocking(await runAxe(page));
  assert.equal(violations.length, 0, describeViolations(where, violations));
}

const notice = (page: Page, text: string) => page.locator('.notices').getByText(text, { exact: true }).waitFor();

/** A single-use key into the demo company as its product-staff admin (sudo_login from the product staff). */
async function sudoKey(): Promise<{ userid: string; key: string }> {
  const root = (await w.call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
  const staff = await w.call('POST', '/auth/api/login', {
    org: root,
    body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
  });
  const sudo = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.org}`, {
    org: root,
    token: staff.body.token,
    body: { organization_id: w.org },
  });
  assert.equal(sudo.status, 200, sudo.text);
  return { userid: sudo.body.identifier, key: sudo.body.single_use_key };
}

/** Signs the browser in as the demo company's product-staff admin, as the auto-login link does. */
async function signInAsProductStaff(page: Page) {
  const { userid, key } = await sudoKey();
  await page.goto(`/auto-login?${new URLSearchParams({ userid, key, type: 'sudo_login' })}`);
  await page.waitForURL((u) => u.pathname === '/home');
}

describe('inviting a hire', () => {
  it('the payroll manager invites a hire with Invite, then a duplicate e-mail is refused in an alert', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/onboarding_user/create');
    await page.getByRole('heading', { name: 'New hire' }).waitFor();
    for (const section of ['Applicant Details', 'Position Details', 'Hiring Details', 'Onboarding Contact']) {
      await page.getByText(section, { exact: true }).first().waitFor();
    }
    const invite = page.getByRole('button', { name: 'Invite' });
    await invite.waitFor();
    await assertAccessible(page, 'new hire');
    assert.equal(
      await page.locator('#root_status option:checked').textContent(),
      'Created',
      'a new hire starts as created, shown by its label',
    );
    assert.ok(await page.locator('#root_status').isDisabled(), 'status is read-only');
    const email = `Hank.${unique()}@Example.com`;
    await page.locator('#root_first_name').fill('Hank');
    await page.locator('#root_last_name').fill('Hire');
    await page.locator('#root_email').fill(email);
    await page.locator('#root_onboarding_contact_name').fill('Paul Payroll');
    await page.locator('#root_onboarding_contact_email').fill('payroll@acme.example');
    await invite.click();
    await notice(page, `Invitation sent to ${email.toLowerCase()}.`);
    await page.waitForURL(/\/payroll\/onboarding_user\/edit\//);
    // Made invited, in the one commit that queues the invitation (version 1).
    await page.locator('.record__meta').getByText('Version 1').waitFor();
    assert.equal(await page.locator('#root_status option:checked').textContent(), 'Invited');
    assert.ok(await page.locator('#root_status').isDisabled(), 'status is read-only');
    await page.getByText('History', { exact: true }).first().waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 1, 'an existing hire saves with Save');

    await page.goto('/payroll/onboarding_user/create');
    await page.locator('#root_first_name').fill('Emma');
    await page.locator('#root_last_name').fill('Again');
    await page.locator('#root_email').fill('emma@acme.example');
    await page.locator('#root_onboarding_contact_name').fill('Paul Payroll');
    await page.locator('#root_onboarding_contact_email').fill('payroll@acme.example');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByRole('alert').filter({ hasText: 'An account with this email already exists.' }).waitFor();
    assert.match(new URL(page.url()).pathname, /\/payroll\/onboarding_user\/create$/);
    assert.equal(await page.locator('#root_first_name').inputValue(), 'Emma', 'the form is kept');
  });
});

describe('a name of only spaces', () => {
  it('is stopped in the browser as a missing name, and no hire is made', async () => {
    const { page } = await w.page();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/data/onboarding_user')) posts.push(r.url());
    });
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/onboarding_user/create');
    await page.locator('#root_first_name').fill('   ');
    await page.locator('#root_last_name').fill('\u00a0');
    await page.locator('#root_email').fill(`blank.${unique()}@example.com`);
    await page.locator('#root_onboarding_contact_name').fill('Paul Payroll');
    await page.locator('#root_onboarding_contact_email').fill('payroll@acme.example');
    await page.getByRole('button', { name: 'Invite' }).click();
    const summary = page.locator('.form__summary');
    await summary.waitFor();
    const items = await summary.locator('li').allInnerTexts();
    assert.ok(
      items.some((t) => t.includes('First name is required.')),
      JSON.stringify(items),
    );
    assert.ok(
      items.some((t) => t.includes('Last name is required.')),
      JSON.stringify(items),
    );
    assert.deepEqual(posts, [], 'nothing was sent');
    assert.equal(await page.locator('#root_first_name').inputValue(), '   ', 'what was typed is kept');
  });
});

describe('calling a hiring off', () => {
  it('Cancel hire, asked for, blocks the account its invitation made; Open hire again reopens it', async () => {
    const payroll = await w.apiLogin('payroll');
    const admin = await w.apiLogin('admin');
    const made = await w.call('POST', '/payroll/api/data/onboarding_user/', {
      org: w.org,
      token: payroll.token,
      body: { first_name: 'Cora', last_name: 'Called-Off', email: `cora.${unique()}@example.com` },
    });
    assert.equal(made.status, 201, made.text);
    const accountStatus = async () =>
      (await w.call('GET', `/auth/api/data/users/${made.body.key}`, { org: w.org, token: admin.token })).body.data
        .status;
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/onboarding_user/edit/${made.body.key}`);
    await page.getByRole('button', { name: 'Cancel hire' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel hire' });
    await dialog.getByText(/Cancel Cora Called-Off\?/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel hire' }).click();
    await notice(page, HIRE_CANCELLED);
    await page.getByRole('button', { name: 'Open hire again' }).waitFor();
    assert.equal(await page.locator('#root_status option:checked').textContent(), 'Cancelled');
    assert.equal(await accountStatus(), 'blocked');
    await page.getByRole('button', { name: 'Open hire again' }).click();
    await notice(page, HIRE_OPENED);
    assert.equal(await accountStatus(), 'active');
    // The hire's history is the server's: its events are shown, with no list buttons to change them.
    const history = page.locator('#root_activity_log');
    await history.locator('input[value="invited"]').first().waitFor();
    assert.equal(await history.getByRole('button').count(), 0);
  });
});

describe("the employer's steps of a hire", () => {
  it('Send for approval names what to fill in first, then what the hire has yet to do', async () => {
    const payroll = await w.apiLogin('payroll');
    const email = `stella.${unique()}@example.com`;
    const made = await w.call('POST', '/payroll/api/data/onboarding_user/', {
      org: w.org,
      token: payroll.token,
      body: { first_name: 'Stella', last_name: 'Steps', email },
    });
    assert.equal(made.status, 201, made.text);
    const hireUrl = `/payroll/api/data/onboarding_user/${made.body.key}`;
    // The hire signs in and saves Section 1 of her I-9: the server moves her hire to started.
    const pass = await w.call('POST', '/auth/api/set_user_password', {
      org: w.org,
      token: admin.token,
      body: { user_id: made.body.key, password: 'stella-pass-1', password2: 'stella-pass-1' },
    });
    assert.equal(pass.status, 200, pass.text);
    const stella = await w.call('POST', '/auth/api/login', {
      org: w.org,
      body: { userid: email, key: 'stella-pass-1' },
    });
    assert.equal(stella.status, 200, stella.text);
    const i9 = await w.call('POST', `/payroll/api/data/my_i9/${made.body.key}`, {
      org: w.org,
      token: stella.body.token,
      body: {
        work_auth_status: 'Citizen of the United States',
        employee_signature: { name: 'Stella Steps', font: 'font1', timestamp: 1 },
      },
    });
    assert.equal(i9.status, 200, i9.text);
    const hire = await w.call('GET', hireUrl, { org: w.org, token: payroll.token });
    assert.equal(hire.body.data.status, 'started');
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/onboarding_user/edit/${made.body.key}`);
    await page.getByRole('button', { name: HIRE_STEPS.started.label }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Send for approval: fill in .*Department.*Hire date.* first\./ })
      .waitFor();
    // What is typed on screen and not saved yet goes with the step: Department and Job title are
    // no longer asked for.
    await page.getByLabel('Department', { exact: true }).fill('Finance');
    await page.getByLabel('Job title', { exact: true }).fill('Analyst');
    await page.getByRole('button', { name: HIRE_STEPS.started.label }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Send for approval: fill in .*Hire date.* first\./, hasNotText: /Department|Job title/ })
      .waitFor();
    const filled = await w.call('PATCH', hireUrl, {
      org: w.org,
      token: payroll.token,
      body: {
        department: 'Finance',
        division: 'East',
        employment_type: 'REGULAR',
        hire_date: 1_767_225_600,
        invited_by: payroll.user,
        pay_frequency: 'Bi-Weekly',
        phone: '2125551234',
        ssn: '123-45-6789',
        time_status: 'Full-Time',
        title: 'Analyst',
        state: 'NY',
        pay_type: 'Hourly',
        rate: 21.5,
      },
    });
    assert.equal(filled.status, 200, filled.text);
    await page.reload();
    await page.getByRole('button', { name: HIRE_STEPS.started.label }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Send for approval: the hire's onboarding is not done\. Still to do: Personal details; / })
      .waitFor();
    const kept = await w.call('GET', hireUrl, { org: w.org, token: payroll.token });
    assert.equal(kept.body.data.status, 'started');
  });

  it('Sam: Send for approval and Approve (not offered to an onboarding-only manager) move him on; Mark complete waits for I-9 Section 2', async () => {
    const payroll = await w.apiLogin('payroll');
    const sam = await w.apiLogin('sam');
    const hireUrl = `/payroll/api/data/onboarding_user/${sam.user}`;
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/onboarding_user/edit/${sam.user}`);
    await page.getByRole('button', { name: HIRE_STEPS.started.label }).click();
    await notice(page, HIRE_STEPS.started.done);
    // One who manages onboarding only is offered no Approve: approving is for those who manage payroll data.
    const email = `olga.${unique()}@acme.example`;
    const olga = await newAccount({ email, display_name: 'Olga Onboarder' });
    const group = await w.call('POST', '/auth/api/data/groups/', {
      org: w.org,
      token: admin.token,
      body: {
        name: `Onboarders ${email}`,
        description: 'Invite hires',
        permissions: ['PAYROLL:CanUseModule', 'PAYROLL:CanManageOnboarding'],
        users: [olga.key],
        notes: '',
      },
    });
    assert.equal(group.status, 201, group.text);
    const pass = await w.call('POST', '/auth/api/set_user_password', {
      org: w.org,
      token: admin.token,
      body: { user_id: olga.key, password: 'onboard-pass-1', password2: 'onboard-pass-1' },
    });
    assert.equal(pass.status, 200, pass.text);
    const onboarder = (await w.page()).page;
    await onboarder.goto('/login');
    await onboarder.getByLabel('E-mail').fill(email);
    await onboarder.getByLabel('Password').fill('onboard-pass-1');
    await onboarder.getByRole('button', { name: 'Sign in' }).click();
    await onboarder.waitForURL((u) => !u.pathname.startsWith('/login'));
    await onboarder.goto(`/payroll/onboarding_user/edit/${sam.user}`);
    await onboarder.getByRole('button', { name: 'Cancel hire' }).waitFor();
    assert.equal(await onboarder.getByRole('button', { name: HIRE_STEPS.pending_approval.label }).count(), 0);
    await page.reload();
    await page.getByRole('button', { name: HIRE_STEPS.pending_approval.label }).click();
    await notice(page, HIRE_STEPS.pending_approval.done);
    await page.getByRole('button', { name: HIRE_STEPS.approved.label }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "Mark complete: the hire's onboarding is not done. Still to do: Form I-9, Section 2." })
      .waitFor();
    const section2 = await w.call('PATCH', `/payroll/api/data/i9/${sam.user}`, {
      org: w.org,
      token: payroll.token,
      body: {
        documentation: [{ document_type: 'us_passport', list: 'A', title: 'U.S. Passport', issuing_authority: 'DOS' }],
        first_day: 1_767_225_600,
        employer_or_representative: 'Paula Payroll',
        employer_address: { address1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701' },
        employer_signature: { name: 'Paula Payroll', font: 'font1', timestamp: 1 },
      },
    });
    assert.equal(section2.status, 200, section2.text);
    await page.reload();
    await page.getByRole('button', { name: HIRE_STEPS.approved.label }).click();
    await notice(page, HIRE_STEPS.approved.done);
    const stored = await w.call('GET', hireUrl, { org: w.org, token: payroll.token });
    assert.equal(stored.body.data.status, 'complete');
    // The screen reloads the hire after the notice: then it offers no Cancel hire.
    await page.getByRole('button', { name: 'Cancel hire' }).waitFor({ state: 'detached' });
  });
});

describe('the user form', () => {
  it('refuses an employee without an employee ID, then locks the ID and is_employee once saved', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto('/auth/users/create');
    await page.locator('#root_display_name').fill('Newt Employee');
    await page.locator('#root_email').fill(`newt.${unique()}@acme.example`);
    assert.ok(await page.locator('#root_is_employee').isChecked(), 'is_employee defaults to on');
    await page.getByRole('button', { name: 'Save' }).click();
    // The server's message shows at the Employee ID field.
    await page
      .locator('#root_employee_id__error')
      .getByText('Unable to create account: No Employee ID provided. Is this supposed to be an employee?')
      .waitFor();
    assert.match(new URL(page.url()).pathname, /\/auth\/users\/create$/);
    await page.locator('#root_employee_id').fill('55501');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/auth\/users\/edit\//);
    // The URL changes as the navigation starts; the saved record's version line shows once the
    // edit screen has replaced the create form.
    await page.locator('.record__meta').getByText('Version 1').waitFor();
    assert.equal(await page.locator('#root_employee_id').isEditable(), false, 'employee ID read-only once saved');
    assert.equal(await page.locator('#root_is_employee').isEditable(), false, 'is_employee read-only once saved');
  });

  it('password mode: the three messages, then the password is set and works', async () => {
    const u = await newAccount();
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/auth/users/edit/${u.key}`);
    await page.getByRole('button', { name: 'Set password' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await assertAccessible(page, 'user form in password mode');
    const set = async (a: string, b: string) => {
      await dialog.locator('input[name="password"]').fill(a);
      await dialog.locator('input[name="password2"]').fill(b);
      await dialog.getByRole('button', { name: 'Set password' }).click();
    };
    await set('abc', 'abc');
    await dialog.getByText('Password must be at least 6 characters').waitFor();
    await set('1234567', '1234567');
    await dialog.getByText('Password cannot be all numbers').waitFor();
    await set('abcdefg', 'abcdefh');
    await dialog.getByText('Passwords do not match').waitFor();
    await set('bea-new-pass', 'bea-new-pass');
    await notice(page, `Password set for ${u.data.display_name}.`);
    await dialog.waitFor({ state: 'detached' });
    const login = await w.call('POST', '/auth/api/login', {
      org: w.org,
      body: { userid: u.data.email, key: 'bea-new-pass' },
    });
    assert.equal(login.status, 200, login.text);
  });

  it("on one's own record, 'Set password' opens the change of password, which asks for the current one", async () => {
    const admin = await w.apiLogin('admin');
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/auth/users/edit/${admin.user}`);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL((u) => u.pathname === '/change-password');
    await page.getByLabel('Current password').waitFor();
  });

  it("the company's product-staff account is shown, not offered for change: the server refuses every change of it", async () => {
    const admin = await w.apiLogin('admin');
    const staffKey = productStaffAdminKey(w.org);
    const refused = await w.call('PATCH', `/auth/api/data/users/${staffKey}`, {
      org: w.org,
      token: admin.token,
      body: { display_name: 'Renamed' },
    });
    assert.equal(refused.status, 403, refused.text);
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    for (const at of ['view', 'edit']) {
      await page.goto(`/auth/users/${at}/${staffKey}`);
      await page.getByText(STAFF_ACCOUNT_LOCKED).waitFor();
      await page.getByText('Product staff admin').first().waitFor();
      for (const offered of ['Save', 'Edit', 'Set password', 'Reset two-factor', 'Delete'])
        assert.equal(await page.getByRole('button', { name: offered, exact: true }).count(), 0, `${at}: ${offered}`);
      assert.equal(await page.getByRole('link', { name: 'Edit', exact: true }).count(), 0, `${at}: the Edit link`);
    }
  });

  it("the admin finds the company's administration in her menu; a payroll manager, who runs none of it, does not", async () => {
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Users', 'Groups and permissions', 'Audit log', 'Company branding'])
      await menu.getByRole('link', { name: label, exact: true }).waitFor();
    await menu.getByRole('link', { name: 'Groups and permissions' }).click();
    await page.waitForURL('**/auth/groups/list');
    const { page: payroll } = await w.page();
    await w.signIn(payroll, 'payroll');
    const theirs = payroll.getByRole('navigation', { name: 'Main' });
    await theirs.getByRole('link', { name: 'New hires' }).waitFor();
    assert.equal(await theirs.getByRole('link', { name: 'Users', exact: true }).count(), 0);
  });

  it('a group holding permissions a group manager lacks is shown to her read-only, with the reason; one within hers is hers to edit', async () => {
    const admin = await w.apiLogin('admin');
    const find = async (name: string) =>
      (
        await w.call('POST', '/auth/api/data/find/groups', {
          org: w.org,
          token: admin.token,
          body: { criteria: [{ field: 'name', is: '=', value: name }] },
        })
      ).body.items[0].key as string;
    const payroll = await find('Payroll Managers');
    const { page } = await newEmployeePage(w, 'Gina Groups', ['AUTH:CanManageGroups']);
    for (const at of ['view', 'edit']) {
      await page.goto(`/auth/groups/${at}/${payroll}`);
      await page
        .getByText(/^This group holds permissions you do not hold \(.*PAYROLL:CanManageUserPayrollData/)
        .waitFor();
      for (const offered of ['Save', 'Edit', 'Delete'])
        assert.equal(await page.getByRole('button', { name: offered, exact: true }).count(), 0, `${at}: ${offered}`);
      assert.equal(await page.getByRole('link', { name: 'Edit', exact: true }).count(), 0, `${at}: the Edit link`);
    }
    await page.goto('/auth/groups/create');
    await page.getByLabel(/^Name/).fill('Night readers');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/auth/groups/edit/**');
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    assert.equal(await page.getByText(/^This group holds permissions you do not hold/).count(), 0);
  });

  it("cross_site_login_only: the save reads 'Save & Reload', the other actions go, and the page reloads", async () => {
    const u = await newAccount();
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/auth/users/edit/${u.key}`);
    await page.getByRole('button', { name: 'Set password' }).waitFor();
    await page.getByLabel('Cross-site login only').check();
    const save = page.getByRole('button', { name: 'Save & Reload' });
    await save.waitFor();
    for (const name of ['Set password', 'Audit Log', 'Send invite']) {
      assert.equal(await page.getByRole('button', { name }).count(), 0, `${name} hidden`);
    }
    await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
    await Promise.all([page.waitForEvent('load'), save.click()]);
    await page.getByLabel('Cross-site login only').waitFor();
    assert.equal(
      await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
      undefined,
      'the page was loaded again',
    );
    assert.ok(await page.getByLabel('Cross-site login only').isChecked());
    const stored = await w.call('GET', `/auth/api/data/users/${u.key}`, { org: w.org, token: admin.token });
    assert.equal(stored.body.data.cross_site_login_only, true);
  });

  it("Audit Log opens the user's audit records, newest first; refused without AUTH:CanViewAuditLogs", async () => {
    const u = await newAccount();
    // The updates come a second after the create, so "newest first" has one right answer.
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < 22; i++) {
      const r = await w.call('PATCH', `/auth/api/data/users/${u.key}`, {
        org: w.org,
        token: admin.token,
        body: { notes: `note ${i}` },
      });
      assert.equal(r.status, 200, r.text);
    }
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/auth/users/edit/${u.key}`);
    await page.getByRole('button', { name: 'Audit Log' }).click();
    await page.waitForURL((url) => url.pathname === `/auth/new_user/${u.key}/audit_log`);
    assert.equal(new URL(page.url()).searchParams.get('name'), u.data.display_name);
    await page.getByRole('heading', { name: `Audit log: ${u.data.display_name}` }).waitFor();
    await page.getByText('1–20 of 23').waitFor();
    await assertAccessible(page, 'audit log');
    const actions = await page.locator('tbody tr td:nth-child(2)').allTextContents();
    assert.equal(actions.length, 20);
    assert.ok(
      actions.every((a) => a === 'update'),
      'the newest (updates) first',
    );
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('21–23 of 23').waitFor();
    await page.locator('.table-wrap[aria-busy="false"]').waitFor();
    await page.locator('tbody tr').nth(2).waitFor();
    assert.equal(await page.locator('tbody tr').count(), 3);
    assert.equal((await page.locator('tbody tr td:nth-child(2)').allTextContents()).at(-1), 'create');

    const other = await w.page();
    await w.signIn(other.page, 'payroll');
    await other.page.goto(`/auth/new_user/${u.key}/audit_log?name=x`);
    await other.page.getByRole('alert').filter({ hasText: 'Not authorized.' }).waitFor();
  });

  it("the company's audit log tells when each entry happened, to the minute, as the user's own audit page does", async () => {
    const u = await newAccount();
    const r = await w.call('PATCH', `/auth/api/data/users/${u.key}`, {
      org: w.org,
      token: admin.token,
      body: { notes: 'when was this?' },
    });
    assert.equal(r.status, 200, r.text);
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto('/auth/audit_log/list');
    const row = page.locator('tbody tr', { hasText: `update auth/users ${u.key} (notes)` });
    await row.waitFor();
    const dateTime = /^\d\d\/\d\d\/\d{4}, \d{1,2}:\d\d (AM|PM)$/;
    const time = (await row.locator('td').first().textContent())?.trim() ?? '';
    assert.match(time, dateTime);
    await page.goto(`/auth/new_user/${u.key}/audit_log?name=x`);
    const own = page.locator('tbody tr', { hasText: `update auth/users ${u.key} (notes)` });
    await own.waitFor();
    assert.equal((await own.locator('td').first().textContent())?.trim(), time, 'the same moment on both pages');
  });

  it('at 375 px the user and group forms fit the screen: the longest permission wraps instead of widening the page', async () => {
    const context = await w.browser.newContext({ baseURL: w.site, viewport: { width: 375, height: 812 } });
    try {
      const page = await context.newPage();
      await w.signIn(page, 'admin');
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await page.goto(`/auth/users/edit/${(await w.apiLogin('payroll')).user}`);
      await page.getByRole('checkbox', { name: 'AUTH:CanManageOrganizationPreferences' }).waitFor();
      assert.equal(await overflow(), 0, 'the user form');
      await page.goto('/auth/groups/create');
      await page.getByRole('checkbox', { name: 'AUTH:CanManageOrganizationPreferences' }).waitFor();
      assert.equal(await overflow(), 0, 'the group form');
    } finally {
      await context.close();
    }
  });

  it('send invite and cross-site invite show their messages, and the error with its reason when the call fails', async () => {
    const u = await newAccount();
    const v = await newAccount();
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/auth/users/edit/${u.key}`);
    await page.getByRole('button', { name: 'Send invite' }).click();
    await notice(page, 'User invite email resent.');
    // One invitation a minute to a person (DFORM_RESEND_SECONDS): the refusal says why.
    await page.getByRole('button', { name: 'Send cross-site invite' }).click();
    const tooSoon = page.getByRole('alert').filter({
      hasText: 'An invitation went to this account less than a minute ago: wait before sending another.',
    });
    await tooSoon.waitFor();
    // The reason alone: "try again or contact your administrator" would contradict it.
    assert.ok(!(await tooSoon.innerText()).includes(INVITE_FAILED));
    await page.goto(`/auth/users/edit/${v.key}`);
    await page.getByRole('button', { name: 'Send cross-site invite' }).click();
    await notice(page, `User invite code sent to ${v.data.email}.`);
    const blocked = await w.call('PATCH', `/auth/api/data/users/${u.key}`, {
      org: w.org,
      token: admin.token,
      body: { status: 'blocked' },
    });
    assert.equal(blocked.status, 200, blocked.text);
    await page.goto(`/auth/users/edit/${u.key}`);
    await page.getByRole('button', { name: 'Send invite' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This account is blocked or locked; unblock it before inviting.' })
      .waitFor();
  });

  it('the product-staff admin deletes a user: wrong name refused, right name deleted, a failed call reported', async () => {
    const u = await newAccount();
    const { page } = await w.page();
    await signInAsProductStaff(page);
    await page.goto(`/auth/users/edit/${u.key}`);
    const dialog = page.getByRole('dialog');
    const start = async (name: string) => {
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('button', { name: 'Delete' }).click();
    };
    await start('Somebody Else');
    await page.getByRole('alert').filter({ hasText: 'ERROR: Incorrect name entered. User NOT deleted.' }).waitFor();
    const still = await w.call('GET', `/auth/api/data/users/${u.key}`, { org: w.org, token: admin.token });
    assert.equal(still.status, 200);
    await start(u.data.display_name);
    await notice(page, 'Success: User Deleted');
    await page.waitForURL((url) => url.pathname === '/auth/users/list');
    const gone = await w.call('GET', `/auth/api/data/users/${u.key}`, { org: w.org, token: admin.token });
    assert.equal(gone.status, 404);

    // Someone else deleted the user meanwhile: the call fails and says so.
    const v = await newAccount();
    await page.goto(`/auth/users/edit/${v.key}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).waitFor();
    const { userid, key } = await sudoKey();
    const other = await w.call('POST', '/auth/api/login', { org: w.org, body: { userid, key, type: 'sudo_login' } });
    const token = other.body.token as string;
    const r = await w.call('POST', '/auth/api/delete_user', {
      org: w.org,
      token,
      body: { user_id: v.key, confirm_name: v.data.display_name },
    });
    assert.equal(r.status, 200, r.text);
    await start(v.data.display_name);
    await page.getByRole('alert').filter({ hasText: 'ERROR: Failed to delete user' }).waitFor();
  });

  it('a delete the server refuses for a rule says the rule: pay statements payroll must keep', async () => {
    const u = await newAccount({ is_employee: true, employee_id: `PS-${unique().slice(0, 6)}` });
    const { userid, key } = await sudoKey();
    const staff = await w.call('POST', '/auth/api/login', { org: w.org, body: { userid, key, type: 'sudo_login' } });
    const paid = Math.floor(Date.now() / 1000) - 30 * 86_400;
    const stub = await w.call('POST', '/payroll/api/data/paystubs/', {
      org: w.org,
      token: staff.body.token,
      body: {
        employee_id: u.key,
        statement_number: 'KEEP-1',
        pay_date: paid,
        period_start: paid - 14 * 86_400,
        period_end: paid - 2 * 86_400,
        earnings: [{ description: 'Regular', hours: 80, rate: 25, current: 2000, ytd: 2000 }],
        gross_pay: 2000,
        total_taxes: 0,
        total_deductions: 0,
        net_pay: 2000,
      },
    });
    assert.equal(stub.status, 201, stub.text);
    const { page } = await w.page();
    await signInAsProductStaff(page);
    await page.goto(`/auth/users/edit/${u.key}`);
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByLabel('Name').fill(u.data.display_name);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "ERROR: Failed to delete user: The user's pay statements must be kept" })
      .waitFor();
    const still = await w.call('GET', `/auth/api/data/users/${u.key}`, { org: w.org, token: admin.token });
    assert.equal(still.status, 200, 'not deleted');
  });

  it("offers only the editor's own permissions; one the account holds that the editor lacks is checked and locked", async () => {
    const u = await newAccount({ permissions: ['TIME:CanUseClock'] });
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/auth/users/edit/${u.key}`);
    const held = page.getByRole('checkbox', { name: 'AUTH:CanViewAuditLogs' });
    await held.waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'AUTH:CanLoginToOrganizations' }).count(), 0);
    assert.equal(await page.getByRole('checkbox', { name: 'AUTH:CanManageOrganizations' }).count(), 0);
    assert.ok(await page.getByRole('checkbox', { name: 'TIME:CanUseClock' }).isChecked());
    await held.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Saved.');
    const saved = await w.call('GET', `/auth/api/data/users/${u.key}`, { org: w.org, token: admin.token });
    assert.deepEqual(saved.body.data.permissions, ['AUTH:CanViewAuditLogs', 'TIME:CanUseClock']);
    // Each permission reads as what it allows, its code beside it; the account's page lists the words.
    assert.equal(
      await held.evaluate((box) => box.closest('label')!.textContent),
      'View the audit log AUTH:CanViewAuditLogs',
    );
    await page.goto(`/auth/users/view/${u.key}`);
    await page.getByText('View the audit log, Use the time clock', { exact: true }).waitFor();

    // The product-staff admin grants a permission the company admin lacks: it shows checked and
    // disabled to the company admin, and the account is no longer theirs to change.
    const { userid, key } = await sudoKey();
    const sudo = await w.call('POST', '/auth/api/login', { org: w.org, body: { userid, key, type: 'sudo_login' } });
    const grant = await w.call('PATCH', `/auth/api/data/users/${u.key}`, {
      org: w.org,
      token: sudo.body.token,
      body: { permissions: ['AUTH:CanViewAuditLogs', 'AUTH:CanLoginToOrganizations'] },
    });
    assert.equal(grant.status, 200, grant.text);
    await page.goto(`/auth/users/edit/${u.key}`);
    const locked = page.getByRole('checkbox', { name: 'AUTH:CanLoginToOrganizations' });
    await locked.waitFor();
    assert.ok(await locked.isChecked());
    assert.ok(await locked.isDisabled());
    await assertAccessible(page, 'user form with a locked permission');
    await page.locator('#root_notes').fill('trying anyway');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Not authorized.' }).first().waitFor();
    const kept = await w.call('GET', `/auth/api/data/users/${u.key}`, { org: w.org, token: admin.token });
    assert.equal(kept.body.data.notes, undefined);
  });

  it('a company admin sees the user actions but no Delete', async () => {
    const u = await newAccount();
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/auth/users/edit/${u.key}`);
    await page.getByRole('button', { name: 'Set password' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Delete', exact: true }).count(), 0);
  });
});
