/**
 * Form W-4 in the browser as an employee uses it: Step 3's counts fill the amount, fixed and extra
 * withholding exclude each other with the spec's message, then the company moves to the 2026
 * edition and the saved 2020 W-4 turns read-only with an Edit action onto the 2026 form ($2,200 per
 * child in Step 3(a)). Needs `npm run build:web` first.
 */
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';

let w: World;
let emma: { token: string; user: string };

before(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
});
after(async () => {
  await w?.close();
});

async function signTyped(page: Page, name: string) {
  await page.getByText('Signature Required').click();
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText(name).first().waitFor();
}

it('fills Step 3 from the counts, refuses fixed and extra withholding together, and follows the company edition', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  await page.getByRole('link', { name: 'Form W-4 (PDF, IRS)' }).waitFor();
  await page.getByLabel('Single or Married filing separately').check();
  await page.getByLabel('Qualifying children under age 17', { exact: true }).fill('2');
  await page.getByLabel('Other dependents', { exact: true }).fill('1');
  const total = page.getByLabel('Step 3 Claim dependent and other credits (total)');
  await page.waitForFunction(
    () => (document.getElementById('root_dependent_amount') as HTMLInputElement)?.value.replace(/\D/g, '') === '4500',
  );
  // The 2020 form has no Step 3(a) and 3(b).
  assert.equal(await page.getByLabel('Step 3(a) Qualifying children under age 17 (amount)').count(), 0);

  await page.getByLabel('Fixed federal withholding (per pay period)').fill('100');
  const extra = page.getByLabel('Step 4(c) Extra withholding (per pay period)');
  await extra.fill('20');
  await extra.blur();
  const both = 'You cannot enter both fixed and extra withholding at the same time.';
  await page.getByText(both).first().waitFor();
  await extra.fill('');
  await extra.blur();
  await page.getByText(both).waitFor({ state: 'detached' });
  await signTyped(page, 'Emma Employee');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).first().waitFor();
  assert.equal((await total.inputValue()).replace(/\D/g, ''), '4500');

  // The payroll manager moves the company onto the 2026 edition.
  const payroll = await w.apiLogin('payroll');
  const edition = await w.call('POST', '/payroll/api/data/employer_info/', {
    org: w.org,
    token: payroll.token,
    body: { type: 'w4_edition', value: ['2026'] },
  });
  assert.equal(edition.status, 201, edition.text);

  await page.reload();
  await page
    .getByText('This Form W-4 was completed on the 2020 form and is read-only. Edit moves it onto the 2026 form')
    .waitFor();
  assert.equal(await page.getByLabel('Qualifying children under age 17', { exact: true }).isEditable(), false);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const step3a = page.getByLabel('Step 3(a) Qualifying children under age 17 (amount)');
  await step3a.waitFor();
  await page.getByLabel('Qualifying children under age 17', { exact: true }).fill('1');
  await page.waitForFunction(
    () =>
      (document.getElementById('root_dependents_under_17_amount') as HTMLInputElement)?.value.replace(/\D/g, '') ===
      '2200',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).first().waitFor();
  const saved = await w.call('GET', `/payroll/api/data/my_w4/${emma.user}`, { org: w.org, token: emma.token });
  assert.equal(saved.body.data.w4_year, '2026');
  assert.equal(saved.body.data.dependents_under_17_amount, 2200);
  assert.equal(saved.body.data.other_dependents_amount, 0);
  assert.equal(saved.body.data.dependent_amount, 2200);
});
