/**
 * Pages the guard opens or refuses, as each user meets them in a real browser against the real
 * server (demo company; needs `npm run build:web` first): /auto-login without a key is the sign-in
 * form and with one still signs in at once; a user who manages onboarding only is sent from other
 * payroll pages to the hires with the spec's alert; the journey admin settings pages open for the
 * product-staff admin, who saves settings there, and refuse everyone else with 'Not authorized.'.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

const ONBOARDING_ONLY =
  'Access denied: "Can Manage Onboarding" limits access in the payroll module to onboarding-related pages only.';

let w: World;
let admin: { token: string; user: string };
let emma: { token: string; user: string };
const onboarder = { email: 'olga.onboarder@acme.example', password: 'onboard-pass-1' };

beforeAll(async () => {
  w = await startWorld();
  admin = await w.apiLogin('admin');
  emma = await w.apiLogin('emma');
  // A user of the demo company who manages onboarding and nothing else of payroll, through a group.
  const as = { org: w.org, token: admin.token };
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as,
    body: {
      email: onboarder.email,
      display_name: 'Olga Onboarder',
      status: 'active',
      permissions: [],
      is_employee: false,
    },
  });
  assert.equal(u.status, 201, u.text);
  const g = await w.call('POST', '/auth/api/data/groups/', {
    ...as,
    body: {
      name: 'Onboarders',
      description: 'Invite hires',
      permissions: ['PAYROLL:CanUseModule', 'PAYROLL:CanManageOnboarding'],
      users: [u.body.key],
      notes: '',
    },
  });
  assert.equal(g.status, 201, g.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as,
    body: { user_id: u.body.key, password: onboarder.password, password2: onboarder.password },
  });
  assert.equal(p.status, 200, p.text);
});

afterAll(async () => {
  await w?.close();
});

/** A single-use key into the demo company as its product-staff admin (sudo_login from the product staff). */
async function sudoKey(): Promise<{ userid: string; key: string }> {
  const root = (await w.call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
  const staff = await w.call('POST', '/auth/api/login', {
    org: root,
    body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
  });
  assert.equal(staff.status, 200, staff.text);
  const sudo = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.org}`, {
    org: root,
    token: staff.body.token,
    body: { organization_id: w.org },
  });
  assert.equal(sudo.status, 200, sudo.text);
  return { userid: sudo.body.identifier, key: sudo.body.single_use_key };
}

const autoLogin = (k: { userid: string; key: string }) =>
  `/auto-login?${new URLSearchParams({ userid: k.userid, key: k.key, type: 'sudo_login' })}`;

async function signInAsProductStaff(page: Page) {
  await page.goto(autoLogin(await sudoKey()));
  await page.waitForURL((u) => u.pathname === '/home');
}

async function signInAsOnboarder(page: Page) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(onboarder.email);
  await page.getByLabel('Password').fill(onboarder.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => u.pathname === '/home');
}

const alert = (page: Page, text: string) =>
  page.locator('.notices').getByRole('alert').filter({ hasText: text }).waitFor();

describe('/auto-login', () => {
  it('without a key is the sign-in form, which signs in', async () => {
    const { page } = await w.page();
    await page.goto('/auto-login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    assert.equal(await page.getByText('This sign-in link is incomplete.').count(), 0);
    await page.getByLabel('E-mail').fill('emma@acme.example');
    await page.getByLabel('Password').fill('demo-employee-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    await page.getByRole('heading', { name: 'Welcome, Emma Employee' }).waitFor();
  });

  it('with a single-use key signs in at once, and the key does not work twice', async () => {
    const key = await sudoKey();
    const first = (await w.page()).page;
    await first.goto(autoLogin(key));
    await first.waitForURL((u) => u.pathname === '/home');
    await first.getByRole('heading', { name: 'Welcome, Product staff admin' }).waitFor();

    const again = (await w.page()).page;
    await again.goto(autoLogin(key));
    await again.getByRole('heading', { level: 1, name: 'This link did not sign you in' }).waitFor();
    await again.getByRole('alert').filter({ hasText: 'This sign-in link was used already or has expired.' }).waitFor();
    assert.equal(new URL(again.url()).pathname, '/auto-login');
    await again.getByRole('link', { name: 'Sign in with your password' }).waitFor();
  });
});

describe('a user who manages onboarding only', () => {
  for (const path of ['/payroll/employee', '/payroll/employee/list', '/payroll/w4/list']) {
    it(`is sent from ${path} to the hires with the alert`, async () => {
      const { page } = await w.page();
      await signInAsOnboarder(page);
      await page.goto(path);
      await alert(page, ONBOARDING_ONLY);
      await page.waitForURL((u) => u.pathname === '/payroll/onboarding_user/list');
      await page.getByRole('heading', { level: 1, name: 'Hires' }).waitFor();
      const shown = await page.locator('.notices [role=alert] .notice__text').allInnerTexts();
      assert.deepEqual(shown, [ONBOARDING_ONLY]);
    });
  }

  it("is sent from a hire's W-4 to the hires, and opens the hire's I-9 and the hires", async () => {
    const { page } = await w.page();
    await signInAsOnboarder(page);
    await page.goto(`/payroll/w4/view/${emma.user}`);
    await alert(page, ONBOARDING_ONLY);
    await page.waitForURL((u) => u.pathname === '/payroll/onboarding_user/list');

    await page.goto(`/payroll/i9/edit/${emma.user}`);
    await page.getByRole('heading', { level: 1, name: /i-9/i }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/payroll/i9/edit/${emma.user}`);
    await page.goto('/payroll/onboarding_user/create');
    await page.getByRole('heading', { level: 1, name: 'New hire' }).waitFor();
  });

  it('finds only the onboarding pages under Payroll in the menu', async () => {
    const { page } = await w.page();
    await signInAsOnboarder(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The work queues first; the generic lists under "All records".
    await nav.getByRole('link', { name: 'New hires' }).waitFor();
    await nav.getByText('All records').click();
    await nav.getByRole('link', { name: 'Hires', exact: true }).waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Employees', exact: true }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'W-4s', exact: true }).count(), 0);
    await nav.getByRole('link', { name: 'I-9s', exact: true }).waitFor();
  });
});

describe("the spec's other names of pages", () => {
  it("open the screen each names, with the record's key, and refuse what its rules refuse", async () => {
    const { page } = await w.page();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('admin@acme.example');
    await page.getByLabel('Password').fill('demo-admin-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/home');
    for (const [from, to, heading] of [
      ['/payroll/new_onboarding_users', '/payroll/onboarding_user/list', 'Hires'],
      ['/auth/new_teams', '/auth/groups/list', 'Groups'],
      [`/auth/new_user/${emma.user}`, `/auth/users/edit/${emma.user}`, /Edit User/i],
      ['/laborlawposters', '/hr/global_docs/list', 'Labor law posters'],
    ] as const) {
      await page.goto(from);
      await page.waitForURL((u) => u.pathname === to);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    // The company admin manages no organizations: the other name of their list refuses as the list does.
    await page.goto('/auth/new_organizations');
    await page.waitForURL((u) => u.pathname === '/home');
  });
});

describe('the journey admin settings pages', () => {
  const PAGES = [
    // The module as people read it (defs.json's moduleName names).
    ['/journey_admin/notification_settings', 'Communications', 'notification_settings'],
    ['/journey_admin/clock_settings', 'Time', 'clock_settings'],
    ['/journey_admin/pto_settings', 'Time', 'pto_settings'],
    ['/journey_admin/style_settings', 'Administration', 'style_settings'],
  ] as const;

  it("open for the product-staff admin on the company's settings of their module, which they save", async () => {
    const { page } = await w.page();
    await signInAsProductStaff(page);
    for (const [path, module, name] of PAGES) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname.startsWith('/auth/organization_settings/edit/'));
      await page.getByRole('heading', { level: 1, name: 'Edit organization settings' }).waitFor();
      assert.equal(await page.getByLabel('Settings name').inputValue(), name, path);
      assert.equal(await page.getByLabel('Module').locator('option:checked').innerText(), module, path);
    }

    // The clock settings, saved and opened again through their page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clock settings' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/auth/organization_settings/edit/'));
    const key = new URL(page.url()).pathname.split('/').pop()!;
    const settings = page.getByLabel(/^Settings( \*)?$/);
    await settings.fill('{ "rounding_minutes": 15, "allow_mobile_punch": true }');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();

    const stored = await w.call('GET', `/auth/api/data/organization_settings/${key}`, {
      org: w.org,
      token: admin.token,
    });
    assert.equal(stored.status, 200, stored.text);
    assert.deepEqual(stored.body.data.attributes, { rounding_minutes: 15, allow_mobile_punch: true });
    assert.equal(stored.body.data.name, 'clock_settings');
    assert.equal(stored.body.data.org_id, w.org);

    await page.goto('/journey_admin/clock_settings');
    await page.waitForURL((u) => u.pathname === `/auth/organization_settings/edit/${key}`);
    assert.deepEqual(JSON.parse(await page.getByLabel(/^Settings( \*)?$/).inputValue()), {
      rounding_minutes: 15,
      allow_mobile_punch: true,
    });
  });

  for (const who of ['emma', 'admin'] as const) {
    it(`refuse ${who === 'emma' ? 'an employee' : 'the company admin'} with 'Not authorized.'`, async () => {
      const { page } = await w.page();
      await w.signIn(page, who);
      for (const [path] of PAGES) {
        await page.goto(path);
        await alert(page, 'Not authorized.');
        await page.waitForURL((u) => u.pathname === '/home');
        assert.equal(await page.getByRole('heading', { name: 'Page Not Found' }).count(), 0);
      }
      const nav = page.getByRole('navigation', { name: 'Main' });
      assert.equal(await nav.getByRole('link', { name: 'Clock settings' }).count(), 0);
    });
  }
});
