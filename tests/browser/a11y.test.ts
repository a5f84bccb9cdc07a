/**
 * axe-core on every real screen, in Chromium against the real server (demo company): sign-in, the
 * list (wide and 390px), create (clean and with the field errors shown), edit, view, the inactive
 * layout and 'Page Not Found'. A serious or critical violation fails the test with the rule and the
 * elements named. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';

let w: World;
let emma = '';

beforeAll(async () => {
  w = await startWorld();
  emma = (await w.apiLogin('emma')).user;
});

afterAll(async () => {
  await w?.close();
});

async function assertAccessible(page: Page, where: string) {
  const found = blocking(await runAxe(page));
  assert.deepEqual(
    found.map((v) => v.id),
    [],
    describeViolations(where, found),
  );
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  it('sign-in page, empty and after a failed attempt', async () => {
    const { page } = await w.page();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await assertAccessible(page, 'login');
    await page.getByLabel('E-mail').fill('payroll@acme.example');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    await assertAccessible(page, 'login (failed)');
  });

  it('list screen', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee/list');
    await page.locator('.table-wrap[aria-busy="false"] tbody tr').first().waitFor();
    await assertAccessible(page, 'list');
  });

  it('list screen at 390px with the menu open', async () => {
    const { page } = await w.page({ mobile: true });
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee/list');
    await page.locator('.table-wrap[aria-busy="false"] tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Employees' }).waitFor();
    await assertAccessible(page, 'list (390px)');
  });

  it('create screen, clean and with the field errors shown', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee/create');
    await page.getByRole('heading', { name: 'New Employee' }).waitFor();
    await page.getByLabel('First name').waitFor();
    await assertAccessible(page, 'create');
    await page.getByLabel('SSN').fill('123');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Not saved: correct the fields listed at the top of the form.' })
      .waitFor();
    await page.locator('.field__error').first().waitFor();
    await assertAccessible(page, 'create (errors)');
  });

  it('edit screen', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/employee/edit/${emma}`);
    await page.getByRole('heading', { name: 'Edit employee' }).waitFor();
    await page.getByLabel('Job title').waitFor();
    await assertAccessible(page, 'edit');
  });

  it('edit screen with masked widgets (basic info: date of birth, phones)', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/basic_info/edit/${emma}`);
    await page.getByLabel('Date of birth').waitFor();
    await assertAccessible(page, 'edit basic_info');
  });

  it('view screen', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/employee/view/${emma}`);
    await page.getByRole('heading', { name: /^Employee: Emma/ }).waitFor();
    await page.locator('dl.details').first().waitFor();
    await assertAccessible(page, 'view');
  });

  it('inactive layout', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'ivan');
    await page.getByRole('heading', { name: 'Paystubs' }).waitFor();
    await assertAccessible(page, 'inactive paystubs');
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await assertAccessible(page, 'inactive change password');
  });

  it("'Page Not Found', signed in and signed out", async () => {
    const { page } = await w.page();
    await page.goto('/no/such/page/at/all');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await assertAccessible(page, 'not found (signed out)');
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee/edit/not-a-36-character-key');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await assertAccessible(page, 'not found (signed in)');
  });

  it('detects a violation when one is there (the check is live)', async () => {
    const { page } = await w.page();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.querySelector('main')!.append(img);
    });
    const found = blocking(await runAxe(page));
    assert.ok(
      found.some((v) => v.id === 'image-alt'),
      describeViolations('login + image without alt', found),
    );
  });
});
