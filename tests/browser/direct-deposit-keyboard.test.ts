/**
 * The direct deposit accounts with the keyboard, as an outside walk used them: Add account leaves
 * the amount of the account that was last for the person to give (100% there made the splits add up
 * to 200% on the next save) and hands the keyboard to the new account; and Tab never lands on a
 * control hidden behind the sticky header or the sticky Save bar. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { newEmployeePage, startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it('Add account clears the split of the account that was last and focuses the new one; Tab stays clear of the sticky bars', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await page.setViewportSize({ width: 1280, height: 640 });
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_employee_payment_information/edit/${emma.user}`);
  await page.getByRole('radio', { name: 'Direct Deposit' }).check();
  const amount = (i: number) => page.locator(`[id$="_${i}_amount"]`).first();
  await amount(0).waitFor();
  await page.waitForFunction(
    () => (document.querySelector('[id$="_0_amount"]') as HTMLInputElement | null)?.value === '100',
  );
  assert.equal(await amount(0).inputValue(), '100', 'the one account takes all the pay');
  const add = page.getByRole('button', { name: 'Add account' });
  await add.focus();
  await page.keyboard.press('Enter');
  assert.equal(await amount(0).inputValue(), '', 'the first account gives its own split now');
  assert.equal(await amount(1).inputValue(), '100', 'the new last account takes the rest');
  assert.match(
    (await page.evaluate(() => document.activeElement?.id)) ?? '',
    /_1_account_nickname$/,
    "the new account's first field has the keyboard",
  );
  // It says what the rest is; a percent typed is no amount of dollars once the split type changes.
  await amount(0).fill('30');
  await page.getByText('The rest: 70 % of the pay.').waitFor();
  await page.getByRole('radiogroup', { name: 'Account 1 split type' }).getByLabel('Flat Split').check();
  assert.equal(await amount(0).inputValue(), '', 'the 30 is not kept as $30');
  await page.getByText('What is left of the pay after the accounts above.').waitFor();
  await page.getByRole('radiogroup', { name: 'Account 1 split type' }).getByLabel('Percent Split').check();
  await page.getByRole('button', { name: 'Add account' }).click();

  // From the top of the form to its end, every control Tab reaches is in view, clear of both bars.
  await page.getByRole('radio', { name: 'Direct Deposit' }).focus();
  const hidden: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const bar = document.querySelector('.form__actions')?.getBoundingClientRect();
      const header = document.querySelector('.shell__header')?.getBoundingClientRect();
      if (!el || !bar || !header) return undefined;
      const r = el.getBoundingClientRect();
      const inBar = (document.querySelector('.form__actions') as HTMLElement).contains(el);
      const clear = inBar || (r.top >= header.bottom - 1 && r.bottom <= bar.top + 1);
      return {
        clear,
        what: `${el.tagName}#${el.id} ${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}`,
        inBar,
      };
    });
    if (!where) break;
    if (!where.clear) hidden.push(where.what);
    if (where.inBar) break;
  }
  assert.deepEqual(hidden, [], 'controls focused behind the header or the Save bar');
});

it("a blocked Save lists the split rule's errors with the fields' own, not one at a time", async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_employee_payment_information/edit/${emma.user}`);
  await page.getByRole('radio', { name: 'Direct Deposit' }).check();
  const field = (i: number, name: string) => page.locator(`[id$="_${i}_${name}"]`).first();
  await field(0, 'amount').waitFor();
  await page.getByRole('button', { name: 'Add account' }).click();
  await field(0, 'routing_number').fill('011000015');
  await field(0, 'account_number').fill('12345678');
  await field(0, 'amount').fill('101');
  await field(1, 'routing_number').fill('12');
  await field(1, 'account_number').fill('87654321');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const summary = page.locator('.form__summary');
  await summary.waitFor();
  const text = await summary.innerText();
  assert.match(text, /Routing number must be 9 digits\./);
  assert.match(text, /A Percent Split amount must be a whole number from 0 to 100\./);
  assert.match(text, /^2 fields need your attention/);
});

it('Paper Check and back to Direct Deposit brings back the account typed before, not an empty one', async () => {
  const { page, key } = await newEmployeePage(w, 'Dina Deposit');
  await page.goto(`/payroll/my_employee_payment_information/edit/${key}`);
  await page.getByRole('radio', { name: 'Direct Deposit' }).check();
  await page.getByLabel('Bank name').fill('Chase');
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByLabel('Account number').fill('123456789');
  await page.getByRole('radio', { name: 'Paper Check' }).check();
  await page.getByText('Paid by paper check: no direct deposit accounts.').waitFor();
  await page.getByRole('radio', { name: 'Direct Deposit' }).check();
  await page.waitForFunction(
    () => (document.querySelector('[id$="_0_routing_number"]') as HTMLInputElement | null)?.value === '021000021',
  );
  assert.equal(await page.getByLabel('Bank name').inputValue(), 'Chase');
  assert.equal(await page.getByLabel('Account number').inputValue(), '123456789');
});
