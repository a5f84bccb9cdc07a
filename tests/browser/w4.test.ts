/**
 * Form W-4 in the browser as an employee uses it: a new W-4 is on the edition in effect (the 2026
 * form in November 2026), Step 3's counts fill 3(a), 3(b) and the total at $2,200 per child, fixed
 * and extra withholding exclude each other with the spec's message, and an exempt W-4 with Step 4
 * answers shows the schema's message. Older editions and moves: tests/api/w4-edition-dates.test.ts.
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';

let w: World;
let emma: { token: string; user: string };

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
});
afterAll(async () => {
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

it('fills Step 3 from the counts on the 2026 form, refuses fixed and extra together, and an exempt W-4 with Step 4', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  await page.getByRole('link', { name: 'Form W-4 (PDF, IRS)' }).waitFor();
  // The edition is shown as text, never typed.
  await page.getByText('Form W-4 (2026 edition)', { exact: true }).waitFor();
  assert.equal(await page.getByRole('textbox', { name: /edition/i }).count(), 0, 'no text box for the edition');
  assert.equal(await page.getByLabel('Form edition').count(), 0);
  await page.getByLabel('Single or Married filing separately').check();
  await page.getByLabel('Qualifying children under age 17', { exact: true }).fill('2');
  await page.getByLabel('Other dependents', { exact: true }).fill('1');
  const value = (id: string) =>
    page.evaluate((i) => (document.getElementById(i) as HTMLInputElement | null)?.value.replace(/\D/g, ''), id);
  await page.waitForFunction(
    () => (document.getElementById('root_dependent_amount') as HTMLInputElement)?.value.replace(/\D/g, '') === '4900',
  );
  assert.equal(await value('root_dependents_under_17_amount'), '4400', '3(a): 2 x $2,200');
  assert.equal(await value('root_other_dependents_amount'), '500', '3(b): 1 x $500');

  await page.getByLabel('Fixed federal withholding (per pay period)').fill('100');
  const extra = page.getByLabel('Step 4(c) Extra withholding (per pay period)');
  await extra.fill('20');
  await extra.blur();
  const both = 'You cannot enter both fixed and extra withholding at the same time.';
  await page.getByText(both).first().waitFor();
  await page.getByLabel('Fixed federal withholding (per pay period)').fill('');
  await extra.blur();
  await page.getByText(both).waitFor({ state: 'detached' });

  await signTyped(page, 'Emma Employee');
  // Exempt with Step 3 and 4 answered: the schema's rule, in the browser as on the server.
  await page.getByLabel('Exempt from federal withholding').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByText('Exempt from withholding: leave Steps 2 to 4 empty (an exempt employee completes only Steps 1 and 5).')
    .first()
    .waitFor();
  await page.getByLabel('Exempt from federal withholding').uncheck();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Saved (the W-4 signed earlier in this file: its notice also says the signature went).
  await page
    .getByText(/^Saved\./)
    .first()
    .waitFor();
  const saved = await w.call('GET', `/payroll/api/data/my_w4/${emma.user}`, { org: w.org, token: emma.token });
  assert.equal(saved.body.data.w4_year, '2026');
  assert.deepEqual(
    [
      saved.body.data.dependents_under_17_amount,
      saved.body.data.other_dependents_amount,
      saved.body.data.dependent_amount,
    ],
    [4400, 500, 4900],
  );
  assert.equal(saved.body.data.federal_withholding_extra, 20);
});

it('an amount typed with cents shows as typed and is refused as not whole, never stored a hundred times larger', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  const extra = page.getByLabel('Step 4(c) Extra withholding (per pay period)');
  await extra.fill('');
  await extra.pressSequentially('50.50');
  assert.equal(await extra.inputValue(), '50.50', 'the point stays where it was typed');
  await extra.blur();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Withholding amounts are whole dollars.').first().waitFor();
  const stored = await w.call('GET', `/payroll/api/data/my_w4/${emma.user}`, { org: w.org, token: emma.token });
  assert.notEqual(stored.body.data?.federal_withholding_extra, 5050);
  // Whole dollars with no cents are whole: 75.00 is 75.
  await extra.fill('');
  await extra.pressSequentially('75.00');
  await extra.blur();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Saved (the W-4 signed earlier in this file: its notice also says the signature went).
  await page
    .getByText(/^Saved\./)
    .first()
    .waitFor();
  const saved = await w.call('GET', `/payroll/api/data/my_w4/${emma.user}`, { org: w.org, token: emma.token });
  assert.equal(saved.body.data.federal_withholding_extra, 75);
});

it('a minus sign typed before an amount stays, and the amount is refused, never saved as a positive claim', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  const income = page.getByLabel('Step 4(a) Other income (not from jobs)');
  await income.fill('');
  await income.pressSequentially('-500');
  assert.equal(await income.inputValue(), '-500', 'the sign stays where it was typed');
  await income.blur();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Amounts must be 0 or more.').first().waitFor();
  const stored = await w.call('GET', `/payroll/api/data/my_w4/${emma.user}`, { org: w.org, token: emma.token });
  assert.notEqual(stored.body.data?.income_not_from_jobs, 500);
});

it("the exemption's checkbox label reads on one line beside its box, its description above", async () => {
  const { page } = await w.page();
  await page.setViewportSize({ width: 1280, height: 900 });
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  const box = page.getByRole('checkbox', { name: /Exempt/ });
  await box.waitFor();
  const label = await box.evaluate((e) => {
    const r = (e.closest('label') as HTMLElement).getBoundingClientRect();
    return { width: r.width, height: r.height };
  });
  assert.ok(label.height < 40, `the label wraps to ${label.height}px (${label.width}px wide)`);
});

it("a payroll manager's New W-4 finds the employee among the employees and opens that employee's W-4", async () => {
  const sam = await w.apiLogin('sam');
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto('/payroll/w4/create');
  // She may not list accounts (docs/directory.md): the picker searches the employees she manages.
  const search = page.getByRole('combobox', { name: /^Employee.*search users/ });
  await search.fill('sam');
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /Sam Section/ })
    .waitFor();
  await search.press('Enter');
  // Sam's W-4 exists and is his to answer: the screen goes on at it, its steps not hers to change.
  await page.waitForURL(`**/payroll/w4/edit/${sam.user}`);
  await page
    .getByRole('heading', { name: /Sam Section/ })
    .first()
    .waitFor();
  assert.equal(await page.getByLabel('Single or Married filing separately').isDisabled(), true);
});
