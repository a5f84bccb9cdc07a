/**
 * A button pressed straight from a field whose error shows on leaving it: the press lands. The
 * error drawn on the field's blur used to push the button down between the press and the release,
 * so the click fell beside it and the first "Add a contact" added nothing (an outside check, on a
 * phone). Tried with a mouse at 1280px and with a finger on a touch phone. Needs `npm run build:web`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';

let w: World;
let emma: string;

beforeAll(async () => {
  w = await startWorld();
  emma = (await w.apiLogin('emma')).user;
});
afterAll(async () => {
  await w?.close();
});

async function contactsPage(touch: boolean): Promise<Page> {
  const { page } = await w.page({ mobile: touch, touch });
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_emergency_contacts/edit/${emma}`);
  await page.locator('#root_contacts_0_contact_first_name').fill('Rosa');
  await page.locator('#root_contacts_0_contact_last_name').fill('Employee');
  await page.locator('#root_contacts_0_relationship').fill('Sister');
  // Nine digits: leaving the field shows "Phone numbers must have 10 digits." above the button.
  await page.locator('#root_contacts_0_phone_number').pressSequentially('415555123');
  return page;
}

describe('a button pressed as the field above it shows its error', () => {
  for (const touch of [false, true]) {
    it(`adds the contact on the first ${touch ? 'tap on a touch phone' : 'mouse click at 1280px'}`, async () => {
      const page = await contactsPage(touch);
      const add = page.getByRole('button', { name: 'Add a contact' });
      if (touch) await add.tap();
      else await add.click();
      await page.locator('#root_contacts_1_contact_first_name').waitFor();
      // The field left still says what is wrong with it, once the keyboard is elsewhere.
      await page.locator('#root_contacts_1_contact_first_name').focus();
      await page.locator('.field__error', { hasText: 'Phone numbers must have 10 digits.' }).waitFor();
      assert.equal(await page.locator('#root_contacts_0_phone_number').inputValue(), '(415) 555-123');
    });
  }
});
