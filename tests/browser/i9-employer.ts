/**
 * The employer's part of I-9 Section 2 besides documents and signature, typed as a manager types it:
 * the first day of employment and the employer's business address (both asked at signing).
 */
import type { Page } from 'playwright-core';

export const EMPLOYER_ADDRESS = { address1: '1 Main St', city: 'Sacramento', state: 'CA', postal_code: '95814' };

/** `firstDay` as the date input takes it: YYYY-MM-DD. */
export async function fillEmployerPart(page: Page, firstDay: string): Promise<void> {
  await page.getByLabel('First Day of Employment').fill(firstDay);
  await page.locator('#root_employer_address_address1').fill(EMPLOYER_ADDRESS.address1);
  await page.locator('#root_employer_address_city').fill(EMPLOYER_ADDRESS.city);
  await page.locator('#root_employer_address_state').selectOption({ label: 'California' });
  await page.locator('#root_employer_address_postal_code').fill(EMPLOYER_ADDRESS.postal_code);
}
