/**
 * What a person may not change looks it: on the payroll manager's view of an employee's I-9, the
 * employee's own Section 1 answers are read-only, and their text fields are greyed as the read-only
 * choices beside them are, unlike the manager's own Section 2 fields. An outside walk saw them white.
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

it("the employee's Section 1 text fields are greyed for the manager, as the read-only choices are", async () => {
  const sam = await w.apiLogin('sam');
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto(`/payroll/i9/edit/${sam.user}`);
  await page.locator('#root_alien_number').waitFor();
  const look = (selector: string) =>
    page.locator(selector).evaluate((e) => ({
      readOnly: (e as HTMLInputElement).readOnly || (e as HTMLInputElement).disabled,
      background: getComputedStyle(e).backgroundColor,
    }));
  const text = await look('#root_alien_number');
  const choice = await look('#root_alien_number_type');
  const own = await look('#root_additional_info');
  assert.ok(text.readOnly && choice.readOnly, "Section 1 is the employee's");
  assert.equal(own.readOnly, false, "Section 2's additional information is the manager's");
  assert.equal(text.background, choice.background, 'a read-only text field looks as a read-only choice does');
  assert.notEqual(text.background, own.background, 'and not as a field the manager fills in');
});
