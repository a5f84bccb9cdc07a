/**
 * What an employee pastes into a masked field is read whole: a phone copied with its country code
 * ("+1 (512) 555-0100", 17 characters) is the whole number, not what fits in the 14 characters the
 * mask shows. Needs `npm run build:web` first.
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

/** Pastes `text` into the field `#id` through the clipboard, as Ctrl+V does. */
async function paste(page: Page, id: string, text: string): Promise<string> {
  const input = page.locator(`#${id}`);
  await input.fill('');
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await input.focus();
  await page.keyboard.press('Control+V');
  return input.inputValue();
}

it('a phone pasted with its country code, spaces or dots keeps all ten digits', async () => {
  const { context, page } = await w.page();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_basic_info/edit/${emma.user}`);
  for (const typed of ['+1 (512) 555-0100', '+1 512-555-0100', '1 (512) 555-0100', ' 512 . 555 . 0100 ']) {
    assert.equal(await paste(page, 'root_phone', typed), '(512) 555-0100', typed);
  }
  assert.equal(await paste(page, 'root_dob', ' 04 / 15 / 1990 '), '04/15/1990');
});

it('an A-Number, USCIS number or I-94 number typed as printed on the card, with hyphens or spaces, is kept as its letters and digits', async () => {
  const { page } = await w.page({ mobile: true });
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_i9/edit/${emma.user}`);
  await page.getByLabel('4. An alien authorized to work').check();
  const alien = page.locator('#root_alien_number');
  await alien.fill('A-123 456 789');
  assert.equal(await alien.inputValue(), 'A123456789');
  await alien.fill('123-456-789');
  assert.equal(await alien.inputValue(), '123456789');
  const i94 = page.locator('#root_i94_admission_number');
  await i94.fill('1234 5678 90A');
  assert.equal(await i94.inputValue(), '1234567890A');
  // One of the numbers is given (the rule of status 4): the A-Number stays.
  await i94.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Refused for the missing signature only: the numbers pass their rule.
  await page.locator('.form__summary').waitFor();
  const summary = await page.locator('.form__summary').innerText();
  assert.doesNotMatch(summary, /USCIS or A-Number:|I-94 Admission Number:/, summary);
  assert.match(summary, /Signature of Employee/);
});
