/**
 * Fills an employee's Basic Information form (date of birth, phone, legal address) as a person
 * types it, for the browser tests that walk onboarding. The caller saves.
 */
import type { Page } from 'playwright-core';

export interface BasicInfo {
  phone: string;
  address1: string;
  city: string;
  state: string;
  postalCode: string;
}

export const AUSTIN: BasicInfo = {
  phone: '5125550123',
  address1: '100 Congress Ave',
  city: 'Austin',
  state: 'Texas',
  postalCode: '78701',
};

export async function fillBasicInfo(page: Page, info: BasicInfo): Promise<void> {
  await page.getByLabel('Date of birth').pressSequentially('07041988');
  await page.getByLabel('Phone', { exact: true }).pressSequentially(info.phone);
  await page.locator('#root_legal_address_address1').fill(info.address1);
  await page.locator('#root_legal_address_city').fill(info.city);
  await page.locator('#root_legal_address_state').selectOption({ label: info.state });
  await page.locator('#root_legal_address_postal_code').fill(info.postalCode);
}
