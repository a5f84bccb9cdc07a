/**
 * A newcomer's first hour, in plain Chromium (no host mapping, no request rerouting) against the
 * real server started as `npm start -- --demo` with nothing configured: every address the start
 * prints opens, and every demo user printed signs in there; the product's own sign-in page at
 * 127.0.0.1 takes a company's user to their company's site by its address or name, without ever
 * listing companies; the link a forgot-password or invitation e-mail carries opens the company's
 * site signed in. Needs `npm run build:web` first.
 */
import { LINK_SPENT } from '../../renderers/pages/LoginPage.tsx';
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DEMO_USERS } from '../../server/demo.ts';
import { readOutbox, waitForMail } from '../helpers/outbox.ts';
import { client, startServer, type TestServer } from '../helpers/server.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { launchChromium } from './browser.ts';

let server: TestServer;
let browser: Browser;
let port: string;

interface PrintedUser {
  email: string;
  password: string;
  url: string;
}

/** The demo users as the start printed them: an e-mail, `password` and the password, the address to open. */
function printedUsers(output: string): PrintedUser[] {
  return [...output.matchAll(/^dform: +.+? +(\S+@\S+) +password (\S+) +(\S+)$/gm)].map((m) => ({
    email: m[1],
    password: m[2],
    url: m[3],
  }));
}

const nameOf = (email: string) => DEMO_USERS.find((u) => u.email === email)!.display_name;

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** Signed in: the user's name is on the page and the session kept is of their company. */
async function signedInAs(page: Page, name: string, hostname: string) {
  await page.getByText(name, { exact: true }).first().waitFor();
  assert.equal(new URL(page.url()).hostname, hostname);
}

beforeAll(async () => {
  // A newcomer's start: no product domain, no public URL, the default interface (127.0.0.1).
  server = await startServer({ demo: true, env: { DFORM_PRODUCT_DOMAIN: '', DFORM_PUBLIC_URL: '' } });
  port = new URL(server.url).port;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the demo as `npm start -- --demo` prints it', () => {
  it('prints, beside each demo user, an address on the demo company under localhost with the real port', () => {
    const users = printedUsers(server.output());
    assert.equal(users.length, DEMO_USERS.length, server.output());
    for (const u of users) assert.equal(u.url, `http://acmedemo.localhost:${port}/login`);
  });

  it('signs in every printed user at the printed address', async () => {
    const users = printedUsers(server.output());
    assert.equal(users.length, DEMO_USERS.length, server.output());
    for (const u of users) {
      const page = await newPage();
      await page.goto(u.url);
      await signIn(page, u.email, u.password);
      await signedInAs(page, nameOf(u.email), 'acmedemo.localhost');
      await page.context().close();
    }
  });
});

describe("the product's sign-in page (127.0.0.1)", () => {
  const go = async (page: Page, typed: string) => {
    await page.getByLabel('Company', { exact: true }).fill(typed);
    await page.getByRole('button', { name: "Go to the company's sign-in" }).click();
  };

  it("takes a company's user to their company's sign-in page by its short name, address or name", async () => {
    for (const typed of ['acmedemo', `http://ACMEDEMO.localhost:${port}/login`, 'Acme Demo']) {
      const page = await newPage();
      await page.goto(`${server.url}/login`);
      await go(page, typed);
      await page.waitForURL(`http://acmedemo.localhost:${port}/login`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      if (typed === 'acmedemo') {
        await signIn(page, 'emma@acme.example', 'demo-employee-pass');
        await signedInAs(page, 'Emma Employee', 'acmedemo.localhost');
      }
      await page.context().close();
    }
  });

  it('lists no company, and an address of no company (or another site) stays on the page with a message', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Company', { exact: true }).waitFor();
    const text = await page.locator('body').innerText();
    assert.doesNotMatch(text, /acme/i, 'no company named to an anonymous visitor');
    assert.equal(await page.locator('a[href*="localhost"], option, datalist').count(), 0);
    const bad = blocking(await runAxe(page));
    assert.equal(bad.length, 0, describeViolations("the product's sign-in page", bad));
    for (const typed of ['globex', 'evil.example.com']) {
      await go(page, typed);
      await page.getByRole('alert').filter({ hasText: 'No company has that address.' }).waitFor();
      assert.equal(new URL(page.url()).host, new URL(server.url).host);
    }
  });

  it('still signs in the product staff', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/login`);
    await signIn(page, 'staff@dform.test', 'correct horse battery');
    await signedInAs(page, 'Product staff admin', '127.0.0.1');
    await page.context().close();
  });
});

describe('e-mailed links', () => {
  it("a forgot-password link opens the company's site signed in", async () => {
    const page = await newPage();
    await page.goto(`http://acmedemo.localhost:${port}/password-forgot`);
    await page.getByLabel('E-mail').fill('payroll@acme.example');
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').filter({ hasText: 'sign-in link' }).waitFor();
    // The message goes out right after the answer (server/http/after-answer.ts), not before it.
    const sent = await waitForMail(server.dataDir, (m) => m.to === 'payroll@acme.example');
    assert.equal((await readOutbox(server.dataDir)).filter((m) => m.to === 'payroll@acme.example').length, 1);
    const link = /(http\S+)/.exec(sent.text)![1];
    assert.match(link, new RegExp(`^http://acmedemo\\.localhost:${port}/auto-login\\?`));

    const opened = await newPage();
    await opened.goto(link);
    await opened.waitForURL((u) => u.pathname === '/password-change');
    await opened.goto(`http://acmedemo.localhost:${port}/login`);
    await signedInAs(opened, 'Paul Payroll', 'acmedemo.localhost');
  });

  it("an invitation's link opens the company's site signed in as the invited user", async () => {
    const call = client(server.url);
    const org = (await call('GET', '/auth/api/resolve_org?hostname=acmedemo.localhost')).body.organization_id;
    const admin = await call('POST', '/auth/api/login', {
      org,
      body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
    });
    const email = `nina.${crypto.randomUUID().slice(0, 8)}@acme.example`;
    const user = await call('POST', '/auth/api/data/users/', {
      org,
      token: admin.body.token,
      body: { email, display_name: 'Nina Newcomer', status: 'active', permissions: [], is_employee: false },
    });
    assert.equal(user.status, 201, user.text);
    const sent = await call('POST', '/auth/api/resend_user_invite_email', {
      org,
      token: admin.body.token,
      body: { user_id: user.body.key },
    });
    assert.equal(sent.status, 200, sent.text);
    const mail = await waitForMail(server.dataDir, (m) => m.to === email);
    const link = /(http\S+)/.exec(mail.text)![1];

    const page = await newPage();
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/password-change');
    await page.goto(`http://acmedemo.localhost:${port}/login`);
    await signedInAs(page, 'Nina Newcomer', 'acmedemo.localhost');
  });

  it("a new hire's invitation opens the company's site signed in, asks for a password, then the onboarding", async () => {
    const call = client(server.url);
    const org = (await call('GET', '/auth/api/resolve_org?hostname=acmedemo.localhost')).body.organization_id;
    const payroll = await call('POST', '/auth/api/login', {
      org,
      body: { userid: 'payroll@acme.example', key: 'demo-payroll-pass' },
    });
    const email = `nell.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const hire = await call('POST', '/payroll/api/data/onboarding_user/', {
      org,
      token: payroll.body.token,
      body: { first_name: 'Nell', last_name: 'Newhire', email },
    });
    assert.equal(hire.status, 201, hire.text);
    const mail = await waitForMail(server.dataDir, (m) => m.to === email);
    const link = /(http\S+\/auto-login\S+)/.exec(mail.text)![1];

    const page = await newPage();
    await page.goto(link);
    await page.waitForURL((u) => u.pathname === '/password-change');
    await page.getByLabel(/^New password/).fill('nell-chooses-7');
    await page.getByLabel(/^Retype the new password/).fill('nell-chooses-7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password has been changed.').waitFor();
    const signedIn = await call('POST', '/auth/api/login', { org, body: { userid: email, key: 'nell-chooses-7' } });
    assert.equal(signedIn.status, 200, `the chosen password signs in: ${signedIn.text}`);
    // The way on from the page, which has no menu.
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('link', { name: /start onboarding/i }).waitFor();
    // The link again, in the browser it signed in: still signed in, home.
    await page.goto(link);
    await page.getByRole('link', { name: /start onboarding/i }).waitFor();
    // Elsewhere it is spent, and says how to get a new one; the sign-in form starts clean.
    const other = await newPage();
    await other.goto(link);
    await other.getByRole('heading', { name: 'This link did not sign you in' }).waitFor();
    await other.getByText(LINK_SPENT).waitFor();
    await other.getByRole('link', { name: 'Sign in with your password' }).click();
    await other.waitForURL((u) => u.pathname === '/login');
    // The URL changes before the sign-in form replaces the link's page (and its alert) on screen.
    await other.getByRole('button', { name: 'Sign in' }).waitFor();
    assert.equal(await other.getByRole('alert').count(), 0, 'no error carried to the form');
  });
});
