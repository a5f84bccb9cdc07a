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
