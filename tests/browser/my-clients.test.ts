/**
 * My clients in Chromium (spec/000 section 4: a user holding AUTH:CanUseCrossSiteLogin lands there
 * after signing in): a partner of the demo company sees the client company their administrator
 * linked, sends themselves a sign-in code and reads where it went; a refused send says why with the
 * keyboard on the message; a partner with no links reads what a partner account is and who sets it
 * up. Checked at 375 px and with axe-core. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { LOCAL_DOMAIN } from '../../server/config.ts';
import { createCompany } from '../helpers/hardening.ts';
import { sudoInto, type Session } from '../helpers/demo.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { startWorld, type World } from './browser.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';

const CLIENT = 'Client Co';
const CLIENT_HOST = `clientco.${LOCAL_DOMAIN}`;
const NOT_SET_UP = "This client account is not set up for your sign-in: ask the client company's administrator.";
const PASSWORD = 'partner-pass-1';

let w: World;
/** Product staff inside the demo company (P) and inside the client company (C). */
let partnerStaff: Session;
let clientAdmin: Session;
let clientOrg: string;

beforeAll(async () => {
  w = await startWorld();
  const root = await w.call('GET', '/auth/api/resolve_org?hostname=localhost');
  const rootOrg = root.body.organization_id as string;
  const login = await w.call('POST', '/auth/api/login', {
    org: rootOrg,
    body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
  });
  assert.equal(login.status, 200, login.text);
  const staff = { org: rootOrg, token: login.body.token, user: login.body.session.user.key };
  clientOrg = await createCompany({ call: w.call, rootOrg, staff }, CLIENT, CLIENT_HOST);
  clientAdmin = await sudoInto(w, staff, clientOrg);
  partnerStaff = await sudoInto(w, staff, w.org);
});
afterAll(async () => {
  await w?.close();
});

/** A partner of the demo company with a password, answered with its key and e-mail. */
async function partner(): Promise<{ key: string; email: string }> {
  const email = `pat.${crypto.randomUUID().slice(0, 8)}@partner.example`;
  const as = { org: w.org, token: partnerStaff.token };
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as,
    body: {
      email,
      display_name: 'Pat Partner',
      status: 'active',
      permissions: ['AUTH:CanUseCrossSiteLogin'],
      is_employee: false,
    },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as,
    body: { user_id: u.body.key, password: PASSWORD, password2: PASSWORD },
  });
  assert.equal(p.status, 200, p.text);
  return { key: u.body.key, email };
}

/** An account of the client company; a partner account with `email` unless `crossSiteOnly` is false. */
async function clientAccount(email: string, crossSiteOnly = true): Promise<string> {
  const r = await w.call('POST', '/auth/api/data/users/', {
    org: clientOrg,
    token: clientAdmin.token,
    body: {
      email,
      display_name: 'Pat at Client Co',
      status: 'active',
      permissions: [],
      is_employee: false,
      cross_site_login_only: crossSiteOnly,
    },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

/** The demo company's administrator links the partner to a client account. */
async function link(userId: string, orgUserId: string, orgName: string) {
  const admin = await w.apiLogin('admin');
  const r = await w.call('POST', '/auth/api/data/cross_org_accounts/', {
    org: w.org,
    token: admin.token,
    body: { org_id: clientOrg, org_name: orgName, org_hostname: CLIENT_HOST, user_id: userId, org_user_id: orgUserId },
  });
  assert.equal(r.status, 201, r.text);
}

async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

async function assertAccessible(page: Page, where: string) {
  const found = blocking(await runAxe(page));
  assert.deepEqual(
    found.map((v) => v.id),
    [],
    describeViolations(where, found),
  );
}

/** Whether the page scrolls sideways: nothing may be wider than the window. */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

it('a partner lands on My clients, sends a sign-in code and reads where it went, at 375 px', async () => {
  const pat = await partner();
  await link(pat.key, await clientAccount(pat.email), CLIENT);
  // Linked to an account of the client that is no partner account: the client refuses it.
  await link(
    pat.key,
    await clientAccount(`other.${crypto.randomUUID().slice(0, 8)}@client.example`, false),
    'Other Client',
  );

  const context = await w.browser.newContext({ baseURL: w.site, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  try {
    await signInAs(page, pat.email);
    await page.waitForURL((u) => u.pathname === '/myclients');
    await page.getByRole('heading', { level: 1, name: 'My clients' }).waitFor();
    const item = page.getByRole('listitem', { name: CLIENT });
    await item.getByText(CLIENT_HOST).waitFor();
    assert.equal(await overflows(page), false, 'nothing wider than 375 px');
    await assertAccessible(page, 'My clients');

    const before = (await readOutbox(w.server.dataDir)).length;
    await item.getByRole('button', { name: `Send me a sign-in code for ${CLIENT}` }).click();
    const sent = item.getByRole('status');
    await sent.getByText(`A sign-in code for ${CLIENT} was sent to ${pat.email}.`).waitFor();
    assert.equal(await sent.evaluate((el) => el === document.activeElement), true, 'the keyboard is on the message');
    const mail = (await readOutbox(w.server.dataDir)).slice(before);
    assert.deepEqual(
      mail.map((m) => [m.to, m.subject]),
      [[pat.email, `${CLIENT}: your sign-in code`]],
    );

    const other = page.getByRole('listitem', { name: 'Other Client' });
    await other.getByRole('button', { name: 'Send me a sign-in code for Other Client' }).click();
    const refused = other.getByRole('alert');
    await refused.getByText(NOT_SET_UP).waitFor();
    assert.equal(await refused.evaluate((el) => el === document.activeElement), true, 'the keyboard is on the error');
    assert.equal(await overflows(page), false, 'the messages fit too');
    await assertAccessible(page, 'My clients after the sends');
    await w.screenshot(page, 'my-clients');
  } finally {
    await context.close();
  }
});

it('a partner with no client companies reads what a partner account is and who sets it up', async () => {
  const pat = await partner();
  const { page } = await w.page();
  await signInAs(page, pat.email);
  await page.waitForURL((u) => u.pathname === '/myclients');
  await page.getByRole('heading', { level: 2, name: 'No client companies yet' }).waitFor();
  await page.getByText(/A partner account lets you sign in to a client company's site/).waitFor();
  await page.getByText(`(${pat.email})`, { exact: false }).waitFor();
  assert.equal(await page.getByRole('button', { name: /Send me a sign-in code/ }).count(), 0);
  // The menu offers the page to partners.
  assert.ok((await page.getByRole('link', { name: 'My clients' }).count()) > 0, 'a menu link');
  await assertAccessible(page, 'My clients, empty');
});

it('someone who is no partner is not let in', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/myclients');
  await page.waitForURL((u) => u.pathname !== '/myclients');
  assert.equal(await page.getByRole('heading', { level: 1, name: 'My clients' }).count(), 0);
});
