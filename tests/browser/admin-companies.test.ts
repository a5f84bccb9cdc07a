/**
 * Company and group administration in a real browser against the real server (needs
 * `npm run build:web`): the product-staff admin creates a company through both company-ID questions,
 * sees its derived hostname and logs in to it in a new window on the company's own host; the demo
 * company's admin edits a group within their own permissions, uses the Clock Employees helper,
 * creates a group through the generic create screen (its creator shown by name) and saves a brand
 * colour typed with '#'. The server is a local run, so each company's site is visited at its own
 * hostname under localhost (http://acmedemo.localhost:<port>), which Chromium reaches with no set-up,
 * and the app resolves its company from the hostname as on the real site.
 */
import { readablePrimary } from '../../renderers/layouts/branding.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { DEMO_HOST, launchChromium, USERS } from './browser.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, startServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let browser: Browser;
let call: ReturnType<typeof client>;
const contexts: BrowserContext[] = [];
let acme: { org: string; token: string };
let staff: { org: string; token: string };

/** A page on a company's own site (`host`), else on the product's (the server's own address). */
async function newPage(host?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: host ? `http://${host}:${new URL(server.url).port}` : server.url,
    viewport: { width: 1280, height: 900 },
  });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** No serious or critical axe-core violation on the page as it is. */
async function accessible(page: Page, where: string) {
  const bad = blocking(await runAxe(page));
  assert.equal(bad.length, 0, describeViolations(where, bad));
}

async function login(org: string, userid: string, key: string) {
  const r = await call('POST', '/auth/api/login', { org, body: { userid, key } });
  assert.equal(r.status, 200, r.text);
  return { org, token: r.body.token as string };
}

async function groupNamed(name: string) {
  const r = await call('POST', '/auth/api/data/find/groups', {
    ...acme,
    body: { criteria: [{ field: 'name', is: '=', value: name }] },
  });
  return r.body.items[0] as { key: string; data: { users: string[]; permissions: string[] } } | undefined;
}

beforeAll(async () => {
  server = await startServer({ demo: true });
  call = client(server.url);
  browser = await launchChromium();
  const root = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
  const acmeOrg = (await call('GET', `/auth/api/resolve_org?hostname=${DEMO_HOST}`)).body.organization_id;
  staff = await login(root, ADMIN_EMAIL, ADMIN_PASSWORD);
  acme = await login(acmeOrg, USERS.admin.email, USERS.admin.password);
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('the product-staff admin creates a company and logs in to it', () => {
  it('asks about the company ID, derives the hostname and opens the company signed in', async () => {
    const { context, page } = await newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/auth/organizations/create');
    await page.getByLabel('Company name').fill('Globex Holdings Ltd.');
    assert.equal(await page.getByLabel('Hostname').inputValue(), 'globexholdi.localhost');
    await page.getByLabel('Administrator e-mail').fill('Boss@Globex.example');
    await accessible(page, 'new company');

    // Without an ID: the confirm; cancelling keeps the form unsaved.
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page
      .getByRole('dialog', { name: 'No company ID' })
      .filter({ hasText: 'You are creating a company without providing an ID. Are you sure?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    assert.match(new URL(page.url()).pathname, /\/create$/);

    // With an ID: re-typed wrong, the save stops with the spec's message.
    await page.getByLabel('Company ID').fill('4242');
    await page.getByRole('button', { name: 'Save' }).click();
    let prompt = page.getByRole('dialog', { name: 'Confirm the company ID' });
    await prompt.getByLabel('Company ID').fill('4243');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Error: IDs do not match.').waitFor();
    assert.match(new URL(page.url()).pathname, /\/create$/);

    await page.getByRole('button', { name: 'Save' }).click();
    prompt = page.getByRole('dialog', { name: 'Confirm the company ID' });
    await prompt.getByLabel('Company ID').fill('4242');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/auth\/organizations\/(edit|view)\/[0-9a-f-]{36}$/);
    const key = page.url().split('/').pop()!;
    const saved = await call('GET', `/auth/api/data/organizations/${key}`, staff);
    assert.equal(saved.body.data.company_id, '4242');
    assert.equal(saved.body.data.hostname, 'globexholdi.localhost');
    assert.equal(saved.body.data.admin_email, 'boss@globex.example');

    // Saved: the ID is read-only, the status is a switch.
    await page.getByRole('button', { name: 'Log in to company' }).waitFor();
    if (new URL(page.url()).pathname.includes('/edit/')) {
      assert.equal(await page.getByLabel('Company ID').isEditable(), false);
      assert.equal(await page.getByRole('switch').isChecked(), true);
    }

    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Log in to company' }).click();
    const site = await opened;
    await site.waitForURL((u) => u.hostname === 'globexholdi.localhost' && !u.pathname.startsWith('/auto-login'), {
      timeout: 15_000,
    });
    const session = await site.evaluate(() => JSON.stringify(localStorage));
    assert.match(session, new RegExp(key), 'the new window holds a session of the new company');
    await site
      .getByRole('button', { name: /Product staff admin/ })
      .or(site.getByText('Product staff admin'))
      .first()
      .waitFor();
  });
});

describe('Log in to company where it cannot be entered', () => {
  it('Log in to company says it is inactive, and opens no window', async () => {
    const made = await call('POST', '/auth/api/data/organizations/', {
      ...staff,
      body: {
        name: 'Dozing Dairies',
        company_id: '7070',
        admin_email: 'owner@dozing.example',
        active_modules: ['payroll'],
      },
    });
    assert.equal(made.status, 201, made.text);
    const off = await call('PATCH', `/auth/api/data/organizations/${made.body.key}`, {
      ...staff,
      body: { status: 'inactive' },
    });
    assert.equal(off.status, 200, off.text);
    const { context, page } = await newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`/auth/organizations/edit/${made.body.key}`);
    const pages = context.pages().length;
    await page.getByRole('button', { name: 'Log in to company' }).click();
    await page.getByText('This company is inactive: make it active to log in to it.').waitFor();
    await page.waitForTimeout(300);
    assert.equal(context.pages().length, pages, 'the window opened for the company is closed again');
  });

  it('the own organization offers no Log in to company: one enters only the companies below it', async () => {
    const { page } = await newPage();
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`/auth/organizations/edit/${staff.org}`);
    await page.getByRole('link', { name: 'Company settings' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Log in to company' }).count(), 0);
  });
});

describe('a company manager (AUTH:CanManageOrganizations, not product staff)', () => {
  it('creates a company through the form: the derived hostname it sends is accepted', async () => {
    const sudo = await call('POST', `/auth/api/sudo_login?organization_id=${acme.org}`, {
      ...staff,
      body: { organization_id: acme.org },
    });
    assert.equal(sudo.status, 200, sudo.text);
    const inAcme = await call('POST', '/auth/api/login', {
      org: acme.org,
      body: { userid: sudo.body.identifier, key: sudo.body.single_use_key, type: 'sudo_login' },
    });
    assert.equal(inAcme.status, 200, inAcme.text);
    const me = (await call('GET', '/auth/api/session', acme)).body.user.key as string;
    const g = await call('POST', '/auth/api/data/groups/', {
      org: acme.org,
      token: inAcme.body.token,
      body: { name: 'Company managers', permissions: ['AUTH:CanManageOrganizations'], users: [me] },
    });
    assert.equal(g.status, 201, g.text);

    const { page } = await newPage(DEMO_HOST);
    await signIn(page, USERS.admin.email, USERS.admin.password);
    await page.goto('/auth/organizations/create');
    await page.getByLabel('Company name').fill('Formy Co');
    await page.getByLabel('Administrator e-mail').fill('boss@formy.example');
    await page.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'No company ID' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: /Create/ }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/create'));
    const made = await call('POST', '/auth/api/data/find/organizations', {
      ...acme,
      body: { criteria: [{ field: 'name', is: '=', value: 'Formy Co' }] },
    });
    assert.equal(made.body.total, 1, made.text);
    assert.equal(made.body.items[0].data.hostname, 'formyco.localhost');
    // The demo admin holds the permission no longer: the tests below offer only their own.
    const gone = await call('DELETE', `/auth/api/data/groups/${g.body.key}`, {
      org: acme.org,
      token: inAcme.body.token,
    });
    assert.equal(gone.status, 204, gone.text);
  });
});

describe('the demo company admin manages groups and preferences', () => {
  it('offers only their own permissions, saves a grant and a user, and uses the Clock Employees helper', async () => {
    const { page } = await newPage(DEMO_HOST);
    await signIn(page, USERS.admin.email, USERS.admin.password);
    const group = (await groupNamed('Payroll Managers'))!;
    await page.goto(`/auth/groups/edit/${group.key}`);
    await page.getByRole('checkbox', { name: 'AUTH:CanViewAuditLogs' }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'AUTH:CanManageOrganizations' }).count(), 0);
    assert.equal(await page.getByRole('checkbox', { name: 'AUTH:CanLoginToOrganizations' }).count(), 0);
    await page.getByRole('checkbox', { name: 'AUTH:CanViewAuditLogs' }).check();

    await page.getByRole('combobox', { name: 'Users: search users' }).fill('emma');
    await page.getByRole('button', { name: /Emma Employee/ }).click();
    await page.getByRole('button', { name: 'Remove Emma Employee' }).waitFor();
    await accessible(page, 'group edit with the user picker');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.', { exact: true }).first().waitFor();
    const after = (await groupNamed('Payroll Managers'))!;
    assert.ok(after.data.permissions.includes('AUTH:CanViewAuditLogs'));
    const emma = await login(acme.org, USERS.emma.email, USERS.emma.password);
    const emmaSession = await call('GET', '/auth/api/session', emma);
    assert.ok(after.data.users.includes(emmaSession.body.user.key));

    await page.getByRole('button', { name: 'Group helpers' }).click();
    const helpers = page.getByRole('region', { name: 'Group helpers' });
    await helpers.getByRole('searchbox', { name: 'Find a user for the group helpers' }).fill('ivan');
    await helpers.getByRole('button', { name: /Ivan Inactive/ }).click();
    await helpers.getByRole('button', { name: 'Add to Clock Employees' }).click();
    await page.getByText('Ivan Inactive added to Clock Employees.').waitFor();
    await accessible(page, 'group helpers');
    const clock = (await groupNamed('Clock Employees'))!;
    assert.deepEqual(clock.data.permissions, ['TIME:CanUseModule', 'TIME:CanUseClock']);
    assert.equal(clock.data.users.length, 1);
  });

  it('creates a group through the generic create screen, and sees who created it by name', async () => {
    const { page } = await newPage(DEMO_HOST);
    await signIn(page, USERS.admin.email, USERS.admin.password);
    await page.goto('/auth/groups/list');
    await page.getByRole('link', { name: 'New group' }).click();
    await page.waitForURL((u) => u.pathname === '/auth/groups/create');
    await page.getByRole('heading', { name: 'New group' }).waitFor();
    await page.getByRole('checkbox', { name: 'TIME:CanUseClock' }).waitFor();
    assert.equal(await page.getByRole('checkbox', { name: 'AUTH:CanManageOrganizations' }).count(), 0);
    await accessible(page, 'group create');
    const name = `Night Shift ${crypto.randomUUID().slice(0, 6)}`;
    await page.getByLabel('Name*').fill(name);
    await page.getByRole('checkbox', { name: 'TIME:CanUseClock' }).check();
    await page.getByRole('combobox', { name: 'Users: search users' }).fill('emma');
    await page.getByRole('button', { name: /Emma Employee/ }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/auth\/groups\/edit\/[0-9a-f-]{36}$/);
    const made = (await groupNamed(name))!;
    assert.deepEqual(made.data.permissions, ['TIME:CanUseClock']);
    assert.equal(made.data.users.length, 1);
    // "Created by" names the admin, not their user key.
    await page.locator('#root_created_by').getByText('Alice Admin', { exact: true }).waitFor();
    await page.goto('/auth/groups/list');
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('cell', { name: 'Alice Admin' }).waitFor();
    await row.getByRole('cell', { name: 'Emma Employee' }).waitFor();
  });

  it('saves a brand colour typed with # as hex without it, and applies it', async () => {
    const { page } = await newPage(DEMO_HOST);
    await signIn(page, USERS.admin.email, USERS.admin.password);
    await page.goto('/organization_preferences');
    await page.waitForURL(/\/auth\/organization_preferences\/edit\//);
    const colour = page.getByLabel('Primary colour', { exact: true });
    await colour.fill('#AABBCC');
    assert.equal(await colour.inputValue(), 'AABBCC');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Preferences saved. The new branding is applied.').waitFor();
    const prefs = await call('POST', '/auth/api/data/find/organization_preferences', { ...acme, body: {} });
    assert.equal(prefs.body.items[0].data.attributes.colorPrimary, 'aabbcc');
    // Applied as a shade of it that the header's white text and the headings read at 4.5:1.
    const shade = `#${readablePrimary('aabbcc')}`;
    assert.notEqual(shade, '#aabbcc');
    await page.waitForFunction(
      (want) => document.documentElement.style.getPropertyValue('--color-primary') === want,
      shade,
    );
    await accessible(page, 'preferences in a light brand colour');
  });

  it('saves a website typed or pasted as a full address as its host and path, and clears it', async () => {
    const { page } = await newPage(DEMO_HOST);
    await signIn(page, USERS.admin.email, USERS.admin.password);
    await page.goto('/organization_preferences');
    await page.waitForURL(/\/auth\/organization_preferences\/edit\//);
    const website = page.getByLabel('Website', { exact: true });
    await website.fill('HTTPS://www.Acme-Widgets.example/About/');
    assert.equal(await website.inputValue(), 'www.acme-widgets.example/about/');
    await accessible(page, 'preferences with a website');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Preferences saved. The new branding is applied.').waitFor();
    const stored = async () =>
      (await call('POST', '/auth/api/data/find/organization_preferences', { ...acme, body: {} })).body.items[0].data
        .attributes.website;
    assert.equal(await stored(), 'www.acme-widgets.example/about');
    await page.reload();
    await page.getByLabel('Website', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Preferences saved. The new branding is applied.').waitFor();
    assert.equal(await stored(), undefined);
  });
});
