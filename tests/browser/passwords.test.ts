/**
 * The password screens and the idle sign-out in a real browser against the real server (demo
 * company, local run): the change-password page asks for the current password and says the rules
 * of engine/passwords.ts before sending, except after a forgot-password link; a session of a user
 * who manages payroll data, left idle for DFORM_IDLE_SECONDS, is signed out. Needs
 * `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { outboxSize, waitForMail } from '../helpers/outbox.ts';
import { client, startServer, type TestServer } from '../helpers/server.ts';
import { clientFrom } from '../helpers/from-address.ts';
import { launchChromium } from './browser.ts';

/** Idle seconds of the server: short, so that a test can wait it out. */
const IDLE = 3;

let server: TestServer;
let browser: Browser;
let site: string;
let call: ReturnType<typeof client>;
let org: string;

beforeAll(async () => {
  server = await startServer({
    demo: true,
    // A first throttle delay of ten minutes, so that none lapses while a test runs.
    env: {
      DFORM_PRODUCT_DOMAIN: '',
      DFORM_PUBLIC_URL: '',
      DFORM_IDLE_SECONDS: String(IDLE),
      DFORM_THROTTLE_DELAY: '600',
    },
  });
  site = `http://acmedemo.localhost:${new URL(server.url).port}`;
  browser = await launchChromium();
  call = client(server.url);
  org = (await call('GET', '/auth/api/resolve_org?hostname=acmedemo.localhost')).body.organization_id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: site, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

let n = 0;
/** A new account of the demo company who manages no one (no idle timeout), with a password. */
async function account(password: string): Promise<{ key: string; email: string }> {
  // Signed in afresh: the company admin's session ends after the short idle time.
  const admin = (
    await call('POST', '/auth/api/login', { org, body: { userid: 'admin@acme.example', key: 'demo-admin-pass' } })
  ).body.token;
  const email = `rowan.${++n}.${Date.now()}@acme.example`;
  const u = await call('POST', '/auth/api/data/users/', {
    org,
    token: admin,
    body: { email, display_name: 'Rowan Reed', status: 'active', permissions: [], is_employee: false },
  });
  assert.equal(u.status, 201, u.text);
  const p = await call('POST', '/auth/api/set_user_password', {
    org,
    token: admin,
    body: { user_id: u.body.key, password, password2: password },
  });
  assert.equal(p.status, 200, p.text);
  return { key: u.body.key, email };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

async function fill(page: Page, fields: { current?: string; password: string; password2?: string }) {
  if (fields.current !== undefined)
    await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(fields.current);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(fields.password);
  await page
    .getByRole('textbox', { name: 'Retype the new password', exact: true })
    .fill(fields.password2 ?? fields.password);
  await page.getByRole('button', { name: 'Change password' }).click();
}

describe('the change-password page', () => {
  it('asks for the current password and says the rules before sending', async () => {
    const u = await account('willow-anchor-3');
    const page = await newPage();
    await signIn(page, u.email, 'willow-anchor-3');
    await page.goto('/password-change');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await fill(page, { password: 'slate-meadow-4' });
    await page.getByText('Current password is required').waitFor();
    const focused = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);
    assert.equal(await focused(), 'current_password', 'the keyboard is on the field that says why');
    await fill(page, { current: 'willow-anchor-3', password: 'password' });
    await page.getByText('Password is one of the most common passwords').waitFor();
    assert.equal(await focused(), 'password');
    await fill(page, { current: 'willow-anchor-3', password: 'RowanReed' });
    await page.getByText("Password cannot be based on the account's name or e-mail address").waitFor();
    await fill(page, { current: 'not-my-password', password: 'slate-meadow-4' });
    await page.getByText('Current password is incorrect').waitFor();
    await fill(page, { current: 'willow-anchor-3', password: 'slate-meadow-4' });
    await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
    // The form is gone: the keyboard is on the way on, not on the page's body.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Continue');
    const login = await call('POST', '/auth/api/login', { org, body: { userid: u.email, key: 'slate-meadow-4' } });
    assert.equal(login.status, 200);
    await page.context().close();
  });

  it('after a forgot-password link, sets a password without the current one, once', async () => {
    const u = await account('willow-anchor-5');
    const since = await outboxSize(server.dataDir);
    const sent = await call('POST', '/auth/api/forgot_password', { org, body: { username: u.email } });
    assert.equal(sent.status, 200);
    const mail = await waitForMail(server.dataDir, (m) => m.to === u.email, { since });
    const page = await newPage();
    await page.goto(/(http\S+)/.exec(mail.text)![1]);
    await page.waitForURL((p) => p.pathname === '/password-change');
    // Nothing to change: the person chooses a password (an invitation's link lands here too).
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await page.getByRole('textbox', { name: 'New password', exact: true }).waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Current password', exact: true }).count(), 0);
    await fill(page, { password: 'slate-meadow-6' });
    await page.getByRole('status').filter({ hasText: 'Your password has been changed.' }).waitFor();
    // The session is one like any other now: the next change asks for the current password.
    await page.waitForFunction(() => !JSON.parse(localStorage.getItem('dform.session') ?? '{}').password_reset);
    await page.goto('/password-change');
    await page.getByRole('textbox', { name: 'Current password', exact: true }).waitFor();
    await page.context().close();
  });
});

describe('the idle sign-out', () => {
  it(`signs out a payroll manager's session left alone for ${IDLE} s`, async () => {
    const page = await newPage();
    await signIn(page, 'payroll@acme.example', 'demo-payroll-pass');
    // Nothing typed or clicked from here on: the page goes to the sign-in form by itself.
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    await page.getByText(`You were signed out after ${IDLE} seconds without activity.`).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('dform.auth_token')), null);
    await page.context().close();
  });
});

describe('the sign-in page and the throttle', () => {
  it("signs its user in on a browser that signed in before while others' guesses keep the account backed off", async () => {
    const u = await account('willow-anchor-8');
    const first = await newPage();
    await signIn(first, u.email, 'willow-anchor-8');
    const device = await first.evaluate(() => localStorage.getItem('dform.device'));
    assert.match(device ?? '', /^[A-Za-z0-9_-]{24}$/, 'the browser keeps a device id');
    // Signed out, the device id kept: the session is dropped on a page of the site the app does not
    // run on, as the app's next navigation would store it again.
    const context = first.context();
    await first.close();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto('/healthz');
    await page.evaluate(() =>
      ['dform.auth_token', 'dform.session', 'dform.refresh'].forEach((k) => localStorage.removeItem(k)),
    );

    // Guesses from twelve addresses: the account backs off for everyone else.
    for (let i = 0; i < 12; i++) {
      await clientFrom(server.url, `127.0.4.${10 + i}`)('POST', '/auth/api/login', {
        org,
        body: { userid: u.email, key: `wrong-guess-${i}` },
      });
    }
    const right = await call('POST', '/auth/api/login', { org, body: { userid: u.email, key: 'willow-anchor-8' } });
    assert.equal(right.status, 429, 'the right password without the device waits');

    await signIn(page, u.email, 'willow-anchor-8');
    assert.equal(await page.evaluate(() => localStorage.getItem('dform.device')), device, 'the same id, kept');
    await page.context().close();

    const elsewhere = await newPage();
    await elsewhere.goto('/login');
    await elsewhere.getByLabel('E-mail').fill(u.email);
    await elsewhere.getByLabel('Password').fill('willow-anchor-8');
    await elsewhere.getByRole('button', { name: 'Sign in' }).click();
    await elsewhere.getByText('Too many attempts').waitFor();
    assert.equal(new URL(elsewhere.url()).pathname, '/login', 'a browser never signed in here waits');
    await elsewhere.context().close();
  });
});
