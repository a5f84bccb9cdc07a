/**
 * A group of radio buttons is named by its field, as a screen reader announces it on entering the
 * group: the I-9's citizenship status and the W-4's filing status, on the employee's own forms.
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it("the I-9's status and the W-4's filing status are radio groups named by their fields", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  const emma = await w.apiLogin('emma');
  await page.goto(`/payroll/my_i9/edit/${emma.user}`);
  const status = page.getByRole('radiogroup', { name: 'Citizenship/immigration status' });
  await status.waitFor();
  assert.equal(await status.getByRole('radio').count(), 4);
  await status.getByRole('radio', { name: '1. A citizen of the United States' }).check();

  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  const filing = page.getByRole('radiogroup', { name: 'Step 1(c) Filing status' });
  await filing.waitFor();
  await filing.getByRole('radio', { name: 'Head of household' }).check();
  assert.equal(await filing.getByRole('radio', { checked: true }).count(), 1);
});
