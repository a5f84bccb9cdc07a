/**
 * Onboarding end to end in the browser (issue 5's "resolved when"): Emma completes basic info
 * (California), emergency contacts, payment information, I-9 Section 1, W-4, W-9 and her state form
 * (the DE 4), signing each that has a signature; the payroll manager completes her I-9 Section 2
 * with the document helper; then every record read back through the API holds what was entered and
 * the signatures. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { fillBasicInfo } from './basic-info.ts';
import { startWorld, type World } from './browser.ts';
import { EMPLOYER_ADDRESS, fillEmployerPart } from './i9-employer.ts';

let w: World;

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByText('Saved.', { exact: true })
    .waitFor()
    .catch(async () => {
      const shown = await page.locator('.field__error, [role=alert], .notification').allInnerTexts();
      throw new Error(`not saved: ${JSON.stringify(shown)}`);
    });
  await page.getByText('Saved.', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
}

async function sign(page: Page, item: Locator, name: string) {
  await item.click();
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Submit' }).waitFor({ state: 'detached' });
}

async function open(page: Page, path: string, heading: RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

it('an employee completes and signs every onboarding form, the payroll manager completes Section 2, and the API reads them back', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  const me = emma.user;

  // Basic info: California.
  await open(page, `/payroll/my_basic_info/edit/${me}`, /basic information/i);
  await fillBasicInfo(page, {
    phone: '4155550123',
    address1: '500 Market Street',
    city: 'San Francisco',
    state: 'California',
    postalCode: '94105',
  });
  await save(page);

  // Emergency contacts.
  await open(page, `/payroll/my_emergency_contacts/edit/${me}`, /emergency contacts/i);
  await page.locator('#root_contacts_0_contact_first_name').fill('Rosa');
  await page.locator('#root_contacts_0_contact_last_name').fill('Employee');
  await page.locator('#root_contacts_0_relationship').fill('Sister');
  await page.locator('#root_contacts_0_phone_number').pressSequentially('4155550199');
  await save(page);

  // Payment information: two accounts.
  await open(page, `/payroll/my_employee_payment_information/edit/${me}`, /payment information/i);
  await page.getByRole('radio', { name: 'Direct Deposit' }).check();
  await page.getByRole('button', { name: 'Add account' }).click();
  const acct = (i: number, f: string) => page.locator(`#root_direct_deposit_accounts_${i}_${f}`);
  await acct(0, 'routing_number').fill('011000015');
  await acct(0, 'account_number').fill('11112222');
  await acct(0, 'amount').fill('40');
  await acct(1, 'routing_number').fill('021000021');
  await acct(1, 'account_number').fill('33334444');
  await save(page);

  // I-9 Section 1.
  await open(page, `/payroll/my_i9/edit/${me}`, /i-9/i);
  await page.getByLabel('3. A lawful permanent resident').check();
  await page.locator('#root_alien_number_type').selectOption('USCIS Number');
  await page.locator('#root_alien_number').fill('987654321');
  await sign(page, page.getByText('Signature Required').first(), 'Emma Employee');
  await save(page);

  // W-4.
  await open(page, `/payroll/my_w4/edit/${me}`, /w-4/i);
  await page.getByLabel('Single or Married filing separately').check();
  await page.getByLabel('Qualifying children under age 17', { exact: true }).fill('1');
  await page.waitForFunction(
    () => (document.getElementById('root_dependent_amount') as HTMLInputElement)?.value.replace(/\D/g, '') === '2200',
  );
  await sign(page, page.getByText('Signature Required'), 'Emma Employee');
  await save(page);

  // W-9.
  await open(page, `/payroll/my_w9/edit/${me}`, /w-9/i);
  await page.getByLabel('1 Name of entity/individual').fill('Emma Employee');
  await page.getByRole('radio', { name: 'Individual/sole proprietor', exact: true }).check();
  await page.getByRole('radio', { name: 'Social security number', exact: true }).check();
  await page.locator('#root_tin').fill('123-45-6789');
  await page.getByLabel('5 Address (number, street, and apt. or suite no.)').fill('500 Market Street');
  await page.getByLabel('6 City, state, and ZIP code').fill('San Francisco, CA 94105');
  await sign(page, page.getByText('Signature Required'), 'Emma Employee');
  await save(page);

  // The state form, California's DE 4 through basic info's state.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'State withholding certificate' })
    .click();
  await page.getByRole('heading', { name: "DE 4 Employee's Withholding Allowance Certificate" }).waitFor();
  await page.getByLabel('Single', { exact: true }).check();
  await page.getByLabel('1a Regular withholding allowances (Worksheet A)').fill('1');
  await sign(page, page.getByText('Signature Required'), 'Emma Employee');
  await save(page);

  // The payroll manager completes Section 2 with the document helper.
  const manager = (await w.page()).page;
  await w.signIn(manager, 'payroll');
  await open(manager, `/payroll/i9/edit/${me}`, /i-9/i);
  await manager.getByLabel('Add a document').selectOption('form_i_551_green_card');
  await manager.getByText('Compliance Almost Achieved').waitFor();
  await manager.locator('#root_documentation_0_title').fill('Permanent Resident Card');
  await manager.locator('#root_documentation_0_issuing_authority').fill('USCIS');
  await manager.locator('#root_documentation_0_document_number').fill('SRC1234567890');
  await manager.getByText('Compliance Achieved!').waitFor();
  await manager
    .getByLabel('Last Name, First Name and Title of Employer or Authorized Representative')
    .fill('Payroll, Paula, Manager');
  await fillEmployerPart(manager, '2025-03-10');
  // The employee's signature is hers: shown signed, not a box the manager could sign again.
  assert.equal(await manager.locator('#root_employee_signature').evaluate((el) => el.tagName), 'DIV');
  // Saving someone else's I-9 without signing Section 2 is refused at the employer's signature.
  await manager.getByRole('button', { name: 'Save', exact: true }).click();
  await manager.getByText('The employer or authorized representative must sign Section 2.').first().waitFor();
  await sign(manager, manager.getByText('Signature Required'), 'Paula Payroll');
  await save(manager);

  // Everything read back through the API.
  const payroll = await w.apiLogin('payroll');
  const get = async (type: string, token = emma.token) => {
    const r = await w.call('GET', `/payroll/api/data/${type}/${me}`, { org: w.org, token });
    assert.equal(r.status, 200, `${type}: ${r.text}`);
    return r.body.data as Record<string, any>;
  };
  const basic = await get('my_basic_info');
  assert.equal(basic.dob, '1988-07-04');
  assert.equal(basic.phone, '4155550123');
  assert.equal(basic.legal_address.state, 'CA');
  assert.deepEqual(basic.mailing_address, basic.legal_address, 'the toggle left off copies the legal address');

  const contacts = await get('my_emergency_contacts');
  assert.deepEqual(contacts.contacts, [
    { contact_first_name: 'Rosa', contact_last_name: 'Employee', relationship: 'Sister', phone_number: '4155550199' },
  ]);

  const pay = await get('my_employee_payment_information');
  assert.equal(pay.desired_payment_method, 'Direct Deposit');
  assert.deepEqual(
    pay.direct_deposit_accounts.map((a: any) => [a.routing_number, a.split_type, a.amount]),
    [
      ['011000015', 'Percent Split', 40],
      ['021000021', 'Percent Split', 100],
    ],
  );
  assert.match(pay.direct_deposit_accounts[0].account_number, /^x+2222$/);

  const w4 = await get('my_w4');
  assert.equal(w4.filing_status, 'Single');
  assert.equal(w4.dependent_amount, 2200, 'one child at the 2026 credit');
  assert.equal(w4.employee_signature.name, 'Emma Employee');

  const w9 = await get('my_w9');
  assert.equal(w9.name, 'Emma Employee');
  assert.equal(w9.city_state_zip, 'San Francisco, CA 94105');
  assert.equal(w9.signature.name, 'Emma Employee');

  const state = await get('my_state_w4');
  assert.equal(state.state, 'CA');
  assert.equal(state.regular_allowances, 1);
  assert.equal(state.employee_signature.name, 'Emma Employee');

  const i9 = await get('i9', payroll.token);
  assert.equal(i9.work_auth_status, 'Lawful Permanent Resident');
  assert.equal(i9.alien_number_type, 'USCIS Number');
  assert.equal(i9.alien_number, 'xxxxx4321', 'answered masked');
  assert.equal(i9.employee_signature.name, 'Emma Employee');
  assert.equal(i9.employer_signature.name, 'Paula Payroll');
  assert.equal(i9.employer_or_representative, 'Payroll, Paula, Manager');
  assert.equal(i9.first_day, Date.UTC(2025, 2, 10) / 1000);
  assert.deepEqual(i9.employer_address, EMPLOYER_ADDRESS);
  assert.equal(i9.orgname, 'Acme Demo', "the business name is the organization's");
  assert.deepEqual(
    i9.documentation.map((d: any) => [d.document_type, d.list, d.title, d.issuing_authority, d.document_number]),
    [['form_i_551_green_card', 'A', 'Permanent Resident Card', 'USCIS', 'xxxxxxxxx7890']],
  );
  for (const s of [
    w4.employee_signature,
    w9.signature,
    state.employee_signature,
    i9.employee_signature,
    i9.employer_signature,
  ]) {
    assert.equal(typeof s.timestamp, 'number');
    assert.ok(Math.abs(s.timestamp - Date.now() / 1000) < 600);
  }
});
