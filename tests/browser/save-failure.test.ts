/**
 * A save that fails, on a phone and on a desktop: the notice saying so never covers the form's
 * Save bar, and the keyboard lands on the list of what went wrong, whose items lead to their
 * fields; a save that succeeds still says "Saved.". Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';

let w: World;
const NOT_SAVED = 'Not saved: correct the fields listed at the top of the form.';

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A page of this width, signed in. */
async function pageAt(width: number, who: 'admin' | 'payroll'): Promise<Page> {
  const { page } = await w.page();
  await page.setViewportSize({ width, height: width < 600 ? 740 : 900 });
  await w.signIn(page, who);
  return page;
}

/**
 * The failure notice is shown and covers no part of the Save bar (nor Save itself, which a tap
 * at its middle reaches); the keyboard is on the error summary.
 */
async function assertFailureLaidOut(page: Page, where: string) {
  const notice = page.locator('.notices').getByRole('alert').filter({ hasText: NOT_SAVED });
  await notice.waitFor();
  const summary = page.locator('.form__summary');
  await summary.waitFor();
  const bar = page.locator('.form__actions');
  const save = bar.getByRole('button', { name: 'Save', exact: true });
  // Give any scrolling the failure started time to settle before measuring.
  await page.waitForTimeout(300);
  const [n, b, s] = [await notice.boundingBox(), await bar.boundingBox(), await save.boundingBox()];
  assert.ok(n && b && s, where);
  assert.ok(!overlaps(n, b), `${where}: the notice ${JSON.stringify(n)} covers the Save bar ${JSON.stringify(b)}`);
  const atSave = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? '',
    [s.x + s.width / 2, s.y + s.height / 2],
  );
  assert.equal(atSave, 'Save', `${where}: a tap on Save reaches it`);
  await page.waitForFunction(() => !!document.activeElement?.closest('.form__summary'));
  assert.ok(
    await summary.evaluate((el) => el.contains(document.activeElement)),
    `${where}: the keyboard is on the error summary`,
  );
}

describe('a failed save', () => {
  for (const width of [375, 1280]) {
    it(`refused by the form's own checks at ${width}px: the notice leaves the Save bar free, the keyboard goes to the summary`, async () => {
      const page = await pageAt(width, 'payroll');
      await page.goto('/payroll/employee/create');
      await page.getByRole('heading', { name: 'New Employee' }).waitFor();
      await page.getByLabel('First name').fill('Nora');
      const save = page.getByRole('button', { name: 'Save', exact: true });
      // Save is disabled until the form's checks have loaded (a slow machine shows it so for a while),
      // and a disabled button takes no focus: wait for it as a person would, then press it by key.
      await save.click({ trial: true });
      await save.focus();
      assert.ok(await save.evaluate((b) => b === document.activeElement), 'the keyboard is on Save');
      await page.keyboard.press('Enter');
      await assertFailureLaidOut(page, `${width}px, the form's checks`);
      // Each listed error leads to its field.
      const link = page.locator('.form__summary a').filter({ hasText: 'Last name' });
      await page.keyboard.press('Tab');
      assert.equal(await link.evaluate((a) => a === document.activeElement), true, 'Tab goes to the first error');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.id === 'root_last_name');
    });

    it(`refused by the server (400) at ${width}px: the same, then a save that succeeds says "Saved."`, async () => {
      const page = await pageAt(width, 'admin');
      await page.goto('/auth/users/create');
      await page.locator('#root_display_name').fill('Nell Narrow');
      await page.locator('#root_email').fill(`nell.${width}.${Date.now()}@acme.example`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page
        .locator('#root_employee_id__error')
        .getByText(/No Employee ID provided/)
        .waitFor();
      await assertFailureLaidOut(page, `${width}px, the server's answer`);
      const link = page.locator('.form__summary a').first();
      await link.click();
      await page.waitForFunction(() => document.activeElement?.id === 'root_employee_id');
      await page.locator('#root_employee_id').fill(String(60000 + width));
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/auth\/users\/edit\//);
      await page.locator('.notices').getByText('Saved.', { exact: true }).waitFor();
    });
  }
});
