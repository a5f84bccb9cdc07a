/**
 * What a person typed is not lost when the sign-in ends under the form (an outside walk lost a new
 * emergency contact this way): ended from elsewhere, the Save answers 401 and goes to the sign-in
 * page; signed in again, the same form holds what was typed, saved then as any edit. Signed out
 * from another tab the same. Signing out on purpose lets it go.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';
import { AUSTIN, fillBasicInfo } from './basic-info.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w.close();
});

let n = 0;
/** A new employee of the demo company (so the demo's own stay as they are): e-mail, key, password. */
async function employee(): Promise<{ email: string; key: string; password: string }> {
  const admin = await w.apiLogin('admin');
  const email = `drafty.${++n}.${Date.now()}@acme.example`;
  const made = await w.call('POST', '/auth/api/data/users/', {
    org: w.org,
    token: admin.token,
    body: {
      email,
      display_name: 'Dana Drafty',
      employee_id: `D-${n}-${Date.now()}`,
      status: 'active',
      permissions: ['PAYROLL:CanUseModule'],
      is_employee: true,
    },
  });
  assert.equal(made.status, 201, made.text);
  const password = 'drafty-pass-1';
  await setPassword(made.body.key, password);
  return { email, key: made.body.key, password };
}
/** The admin sets the employee's password: her other sessions end (docs/security.md). */
async function setPassword(key: string, password: string) {
  const admin = await w.apiLogin('admin');
  const r = await w.call('POST', '/auth/api/set_user_password', {
    org: w.org,
    token: admin.token,
    body: { user_id: key, password, password2: password },
  });
  assert.equal(r.status, 200, r.text);
}
async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const PHONE = '(512) 555-0123';

it('a sign-in ended elsewhere: the Save goes to sign in, and the form comes back with what was typed', async () => {
  const dana = await employee();
  const { page } = await w.page();
  await page.goto('/login');
  await signIn(page, dana.email, dana.password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto(`/payroll/my_basic_info/edit/${dana.key}`);
  await fillBasicInfo(page, AUSTIN);
  // Her sign-in ends from elsewhere: she changes her password on another device, which ends every
  // other session.
  const elsewhere = await w.call('POST', '/auth/api/login', {
    org: w.org,
    body: { userid: dana.email, key: dana.password },
  });
  assert.equal(elsewhere.status, 200, elsewhere.text);
  const changed = await w.call('POST', '/auth/api/change_password', {
    org: w.org,
    token: elsewhere.body.token,
    body: { password: 'drafty-pass-2', password2: 'drafty-pass-2' },
  });
  assert.equal(changed.status, 200, changed.text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  await signIn(page, dana.email, 'drafty-pass-2');
  await page.waitForURL((u) => u.pathname === `/payroll/my_basic_info/edit/${dana.key}`);
  await page.getByText(/^What you typed before your sign-in ended is back/).waitFor();
  assert.equal(await page.getByLabel('Phone', { exact: true }).inputValue(), PHONE);
  await page.getByText('Unsaved changes').first().waitFor();
  // Saved now, it is hers; nothing is kept in the tab any more.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).first().waitFor();
  const stored = await w.call('POST', '/auth/api/login', {
    org: w.org,
    body: { userid: dana.email, key: 'drafty-pass-2' },
  });
  const basic = await w.call('GET', `/payroll/api/data/my_basic_info/${dana.key}`, {
    org: w.org,
    token: stored.body.token,
  });
  assert.equal(basic.body.data.phone, '5125550123', basic.text);
  assert.equal(await page.evaluate(() => sessionStorage.length), 0);
});

it('signed out from another tab: signed in again, the form holds what was typed; signing out on purpose lets it go', async () => {
  const dana = await employee();
  const { context, page } = await w.page();
  await page.goto('/login');
  await signIn(page, dana.email, dana.password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  const address = `/payroll/my_basic_info/edit/${dana.key}`;
  await page.goto(address);
  await fillBasicInfo(page, AUSTIN);
  const other = await context.newPage();
  await other.goto('/logout');
  await page.waitForURL((u) => u.pathname === '/login');
  await signIn(page, dana.email, dana.password);
  await page.waitForURL((u) => u.pathname === address);
  assert.equal(await page.getByLabel('Phone', { exact: true }).inputValue(), PHONE);
  // She signs out herself, leaving the change unsaved on purpose: it is not kept.
  page.once('dialog', (d) => void d.accept());
  await page.goto('/logout');
  await page.waitForURL((u) => u.pathname === '/login');
  await signIn(page, dana.email, dana.password);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto(address);
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
  assert.equal(await page.getByLabel('Phone', { exact: true }).inputValue(), '');
  assert.equal(await page.getByText(/before your sign-in ended/).count(), 0);
});
