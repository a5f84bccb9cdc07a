/**
 * A modal keeps the keyboard (WAI-ARIA dialog pattern): Tab and Shift+Tab cycle through the
 * dialog's controls and never reach the page behind it, which `aria-modal` tells a screen reader is
 * gone. An outside walk had Tab leave the signature panel for the page's Save and the user menu.
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

/** Where focus is after each of `presses` of `key`: inside the open dialog (topmost) or not, and what. */
async function walk(page: Page, key: string, presses: number): Promise<{ inside: boolean; what: string }[]> {
  const seen = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(key);
    seen.push(
      await page.evaluate(() => {
        const dialogs = [...document.querySelectorAll('[aria-modal="true"]')];
        const top = dialogs.at(-1);
        const el = document.activeElement as HTMLElement | null;
        return {
          inside: !!top && !!el && top.contains(el),
          what: `${el?.tagName} ${el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 30) ?? ''}`,
        };
      }),
    );
  }
  return seen;
}

it('Tab and Shift+Tab stay in the signature panel and in the agreement opened from it', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  const emma = await w.apiLogin('emma');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  await page.getByText('Signature Required').click();
  const panel = page.getByRole('dialog').last();
  await panel.waitFor();
  for (const key of ['Tab', 'Shift+Tab']) {
    const escaped = (await walk(page, key, 12)).filter((f) => !f.inside);
    assert.deepEqual(escaped, [], `${key} left the signature panel`);
  }
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('dialog', { name: /Agreement for Electronic Forms and Signature/ }).waitFor();
  const inAgreement = await walk(page, 'Tab', 10);
  assert.deepEqual(
    inAgreement.filter((f) => !f.inside),
    [],
    'Tab left the agreement',
  );
  await page.getByRole('button', { name: 'I agree' }).click();
  // The agreement closed: the keyboard is back in the panel, and stays there.
  await page.getByLabel('Full Name').waitFor();
  assert.deepEqual(
    (await walk(page, 'Tab', 12)).filter((f) => !f.inside),
    [],
  );
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  // Closed: Tab moves on through the page again.
  const after = await walk(page, 'Tab', 2);
  assert.ok(
    after.every((f) => !f.inside),
    'no dialog left to hold the keyboard',
  );
});
