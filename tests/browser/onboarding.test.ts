/**
 * The onboarding forms in the browser as their users try them (issue 5): the employee's my_* screens
 * (basic info and its mailing-address toggle, emergency contacts, split deposits, I-9 Section 1 with
 * the signature card, W-9 with its explanation panels), I-9 Section 2 by the payroll manager with the
 * document helper, and the state W-4's read-only view drawn from its definition. Each test checks
 * the spec's exact messages on screen and the record read back through the API. One World for the
 * file. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';
import { EMPLOYER_ADDRESS, fillEmployerPart } from './i9-employer.ts';

let w: World;
let emma: { token: string; user: string };
let emmaPage: Page;

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
  emmaPage = (await w.page()).page;
  await w.signIn(emmaPage, 'emma');
});
afterAll(async () => {
  await w?.close();
});

async function read(type: string, key: string, token = emma.token) {
  const r = await w.call('GET', `/payroll/api/data/${type}/${key}`, { org: w.org, token });
  assert.equal(r.status, 200, r.text);
  return r.body.data as Record<string, any>;
}

async function open(page: Page, path: string, heading: RegExp) {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByText('Saved.', { exact: true })
    .waitFor()
    .catch(async () => {
      const shown = await page.locator('.field__error, [role=alert], .notification').allInnerTexts();
      throw new Error(`not saved: ${JSON.stringify(shown)}`);
    });
  // The notification stays a while; let it go so the next save's wait is its own.
  await page.getByText('Saved.', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
}

/** Signs in the signature card opened from `item` (a 'Signature Required' box) with a typed name. */
async function signThroughCard(page: Page, item: Locator, name: string, font: 'Font 1' | 'Font 2' | 'Font 3') {
  await item.click();
  await page.getByText('Click "Read Agreement" to continue').waitFor();
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  const agreement = page.getByRole('dialog', { name: 'Agreement for Electronic Forms and Signature' });
  await agreement.getByText('Click "I agree" below to continue').waitFor();
  assert.match(await agreement.innerText(), /Acme Demo/);
  await agreement.getByRole('button', { name: 'I agree' }).click();
  await agreement.waitFor({ state: 'detached' });
  // The name is what to give next: the keyboard is there, not on the page behind the dialog.
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.autocomplete === 'name');
  const submit = page.getByRole('button', { name: 'Submit' });
  assert.equal(await submit.isDisabled(), true, 'Submit is disabled while the name is empty');
  await page.getByLabel('Full Name').fill(name);
  await page.getByRole('radio', { name: font }).click();
  await submit.click();
  await page.getByRole('button', { name: 'Submit' }).waitFor({ state: 'detached' });
}

describe('basic information', () => {
  it('masks the phone with its message, copies or clears the mailing address with the toggle, and reloads what was saved', async () => {
    const page = emmaPage;
    await open(page, `/payroll/my_basic_info/edit/${emma.user}`, /basic information/i);
    // A two-digit year is not a date of birth (never read as 2088); nor is a day still to come.
    const dob = page.getByLabel('Date of birth');
    await dob.pressSequentially('070488');
    await dob.blur();
    await page.locator('.field__error', { hasText: 'Please enter a valid date.' }).waitFor();
    await dob.fill('');
    await dob.pressSequentially('01012090');
    // Saved without a legal address, the form names its fields first.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.field__error', { hasText: 'Address is required.' }).waitFor();
    await page.locator('#root_legal_address_address1').fill('12 Elm Street');
    await page.locator('#root_legal_address_city').fill('Fresno');
    await page.locator('#root_legal_address_state').selectOption({ label: 'California' });
    await page.locator('#root_legal_address_postal_code').fill('93701');
    // The schema's rule, answered by the server on save, at the field.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Date of birth cannot be in the future.').first().waitFor();
    await dob.fill('');
    await dob.pressSequentially('04121990');
    const phone = page.getByLabel('Phone', { exact: true });
    await phone.pressSequentially('555123');
    await phone.blur();
    await page.locator('.field__error', { hasText: 'Phone numbers must have 10 digits.' }).waitFor();
    await phone.press('End');
    await phone.pressSequentially('4567');
    await phone.blur();
    assert.equal(await phone.inputValue(), '(555) 123-4567');
    await page
      .locator('.field__error', { hasText: 'Phone numbers must have 10 digits.' })
      .waitFor({ state: 'detached' });
    // The country code typed first is dropped as it is typed, not the last digit at the end.
    const other = page.getByLabel('Other phone', { exact: true });
    await other.pressSequentially('19165550188');
    assert.equal(await other.inputValue(), '(916) 555-0188');

    await page.locator('#root_legal_address_address1').fill('12 Elm Street');
    await page.locator('#root_legal_address_city').fill('Fresno');
    await page.locator('#root_legal_address_state').selectOption({ label: 'California' });
    // The legal and the mailing address name the states alike (codes are what is stored).
    const stateNames = async (id: string) => {
      const labels = await page.locator(`${id} option`).allInnerTexts();
      assert.ok(labels.includes('New York') && !labels.includes('NY'), `${id} lists state names`);
    };
    await stateNames('#root_legal_address_state');
    await page.locator('#root_legal_address_postal_code').fill('93701');
    // Off: the mailing address is the legal one, copied as it is typed.
    const toggle = page.getByRole('switch', { name: 'My mailing address is different from my legal address' });
    assert.equal(await toggle.isChecked(), false);
    await page.getByText('Same as the legal address: 12 Elm Street, Fresno, CA 93701').waitFor();
    // On: the mailing address is cleared for its own entry.
    await toggle.check();
    await stateNames('#root_mailing_address_state');
    const mailing1 = page.locator('#root_mailing_address_address1');
    await mailing1.waitFor();
    assert.equal(await mailing1.inputValue(), '');
    assert.equal(await page.locator('#root_mailing_address_city').inputValue(), '');
    await mailing1.fill('PO Box 77');
    // Off again: the legal address is copied over what was typed; on again clears it.
    await toggle.uncheck();
    await page.getByText('Same as the legal address: 12 Elm Street, Fresno, CA 93701').waitFor();
    await toggle.check();
    assert.equal(await mailing1.inputValue(), '');
    await mailing1.fill('PO Box 77');
    await page.locator('#root_mailing_address_city').fill('Clovis');
    await page.locator('#root_mailing_address_state').selectOption({ label: 'California' });
    await page.locator('#root_mailing_address_postal_code').fill('93612');
    await save(page);

    const stored = await read('my_basic_info', emma.user);
    assert.equal(stored.phone, '5551234567');
    assert.equal(stored.dob, '1990-04-12');
    assert.deepEqual(stored.legal_address, {
      address1: '12 Elm Street',
      city: 'Fresno',
      state: 'CA',
      postal_code: '93701',
    });
    assert.deepEqual(stored.mailing_address, {
      address1: 'PO Box 77',
      city: 'Clovis',
      state: 'CA',
      postal_code: '93612',
    });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /basic information/i }).waitFor();
    assert.equal(await page.getByLabel('Phone', { exact: true }).inputValue(), '(555) 123-4567');
    assert.equal(await page.getByLabel('Date of birth').inputValue(), '04/12/1990');
    assert.equal(await page.locator('#root_legal_address_city').inputValue(), 'Fresno');
    assert.equal(await toggle.isChecked(), true);
    assert.equal(await page.locator('#root_mailing_address_address1').inputValue(), 'PO Box 77');
    assert.equal(await page.locator('#root_mailing_address_city').inputValue(), 'Clovis');

    // Switching off and saving stores the legal address as the mailing address.
    await toggle.uncheck();
    await save(page);
    assert.deepEqual((await read('my_basic_info', emma.user)).mailing_address, stored.legal_address);
  });
});

describe('emergency contacts', () => {
  it('asks for every field of a contact with its message, takes a second contact but not a third, and saves', async () => {
    const page = emmaPage;
    await open(page, `/payroll/my_emergency_contacts/edit/${emma.user}`, /emergency contacts/i);
    const first = page.locator('#root_contacts_0_contact_first_name');
    await first.waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    for (const m of [
      'First name is required.',
      'Last name is required.',
      'Relationship is required.',
      'Phone numbers must have 10 digits.',
    ]) {
      await page.getByText(m).first().waitFor();
    }
    assert.equal(await page.locator('.field__error').count(), 4);
    // At one contact (the minimum) nothing can be removed.
    assert.equal(await page.getByRole('button', { name: 'Remove' }).count(), 0);

    await first.fill('Rosa');
    await page.locator('#root_contacts_0_contact_last_name').fill('Employee');
    await page.locator('#root_contacts_0_relationship').fill('Sister');
    const phone0 = page.locator('#root_contacts_0_phone_number');
    await phone0.pressSequentially('55512');
    await phone0.blur();
    await page.locator('.field__error', { hasText: 'Phone numbers must have 10 digits.' }).waitFor();
    await phone0.press('End');
    await phone0.pressSequentially('34567');
    await phone0.blur();
    await page.locator('.field__error', { hasText: 'First name is required.' }).waitFor({ state: 'detached' });

    // The list's buttons say what they do (rjsf's glyph icons showed as empty boxes).
    const add = page.getByRole('button', { name: 'Add a contact' });
    assert.equal(await add.innerText(), 'Add a contact', 'the button names what it adds');
    await add.focus();
    await page.keyboard.press('Enter');
    // The new contact's first field has the keyboard: the button is gone (two is the most).
    await page.waitForFunction(() => document.activeElement?.id === 'root_contacts_1_contact_first_name');
    await page.keyboard.type('Tom');
    assert.equal(await page.locator('#root_contacts_1_contact_first_name').inputValue(), 'Tom');
    // The summary of a Save says which contact a message is about.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .locator('.form__summary')
      .getByRole('link', { name: 'Emergency contacts 2: Last name is required.' })
      .waitFor();
    await page.locator('#root_contacts_1_contact_last_name').fill('Employee');
    await page.locator('#root_contacts_1_relationship').fill('Father');
    await page.locator('#root_contacts_1_phone_number').pressSequentially('5559876543');
    // Two is the most: no way to add a third.
    assert.equal(await add.count(), 0);
    await save(page);

    const stored = await read('my_emergency_contacts', emma.user);
    assert.deepEqual(stored.contacts, [
      { contact_first_name: 'Rosa', contact_last_name: 'Employee', relationship: 'Sister', phone_number: '5551234567' },
      { contact_first_name: 'Tom', contact_last_name: 'Employee', relationship: 'Father', phone_number: '5559876543' },
    ]);
    await page.reload();
    assert.equal(await page.locator('#root_contacts_1_contact_first_name').inputValue(), 'Tom');
    assert.equal(await page.locator('#root_contacts_1_phone_number').inputValue(), '(555) 987-6543');
    assert.equal(await page.getByRole('button', { name: 'Add a contact' }).count(), 0);
  });
});

describe('payment information', () => {
  const acct = (i: number, f: string) => emmaPage.locator(`#root_direct_deposit_accounts_${i}_${f}`);

  it('splits deposits over up to 4 accounts, the last a read-only Percent Split of 100, checks the numbers and masks the account after reload', async () => {
    const page = emmaPage;
    await open(page, `/payroll/my_employee_payment_information/edit/${emma.user}`, /payment information/i);
    await page.getByRole('radio', { name: 'Direct Deposit' }).check();
    await acct(0, 'routing_number').waitFor();
    const addAccount = page.getByRole('button', { name: 'Add account' });
    for (let i = 1; i < 4; i++) await addAccount.click();
    assert.equal(await page.locator('fieldset.deposit-account').count(), 4);
    assert.equal(await addAccount.count(), 0, 'no fifth account');
    // Only the last account is forced: Percent Split, 100, read-only.
    assert.equal(await acct(3, 'amount').inputValue(), '100');
    assert.equal(await acct(3, 'amount').getAttribute('readonly'), '');
    const lastSplit = page.getByRole('radiogroup', { name: 'Account 4 split type' });
    assert.equal(await lastSplit.getByRole('radio', { name: 'Percent Split' }).isChecked(), true);
    assert.equal(await lastSplit.getByRole('radio', { name: 'Flat Split' }).isDisabled(), true);
    assert.equal(await acct(0, 'amount').getAttribute('readonly'), null);

    // Back to two accounts: the first a flat $250, the second takes the rest.
    await page.getByRole('button', { name: 'Remove account 4' }).click();
    await page.getByRole('button', { name: 'Remove account 3' }).click();
    assert.equal(await page.locator('fieldset.deposit-account').count(), 2);
    assert.equal(await acct(1, 'amount').getAttribute('readonly'), '');

    const routing = acct(0, 'routing_number');
    await routing.fill('12345');
    await routing.blur();
    await page.locator('.field__error', { hasText: 'Routing number must be 9 digits.' }).waitFor();
    await routing.fill('123456789');
    await routing.blur();
    await page.locator('.field__error', { hasText: 'Routing number check digit is not valid.' }).waitFor();
    assert.equal(await page.locator('.field__error', { hasText: 'Routing number must be 9 digits.' }).count(), 0);
    await routing.fill('011000015');
    await routing.blur();
    await page
      .locator('.field__error', { hasText: 'Routing number check digit is not valid.' })
      .waitFor({ state: 'detached' });
    // Account numbers keep digits only.
    await acct(0, 'account_number').pressSequentially('12-34 ab5678');
    assert.equal(await acct(0, 'account_number').inputValue(), '12345678');
    await page
      .getByRole('radiogroup', { name: 'Account 1 split type' })
      .getByRole('radio', { name: 'Flat Split' })
      .check();
    // Cents typed in whole dollars stay as typed and are refused with the schema's message; the point
    // is never dropped to make 25075.
    await acct(0, 'amount').fill('');
    await acct(0, 'amount').pressSequentially('250.75');
    assert.equal(await acct(0, 'amount').inputValue(), '250.75');
    await acct(0, 'amount').blur();
    await page.locator('.field__error', { hasText: 'Amount must be a whole number.' }).first().waitFor();
    await acct(0, 'amount').fill('250');
    await acct(0, 'account_nickname').fill('First Credit Union');
    await acct(1, 'routing_number').fill('021000021');
    await acct(1, 'account_number').fill('9876543210');
    await acct(1, 'account_type').selectOption('Savings');
    // A save refused for a number puts the keyboard on the list of what went wrong, wherever the
    // click was; its item takes it on to that number.
    const split0 = page.getByRole('radiogroup', { name: 'Account 1 split type' });
    await split0.getByRole('radio', { name: 'Percent Split' }).check();
    await acct(0, 'amount').fill('130');
    await acct(1, 'account_number').focus();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const percent = 'A Percent Split amount must be a whole number from 0 to 100.';
    await page.locator('.field__error', { hasText: percent }).first().waitFor();
    await page.waitForFunction(() => !!document.activeElement?.closest('.form__summary'));
    await page.locator('.form__summary a', { hasText: percent }).first().click();
    await page.waitForFunction(() => document.activeElement?.id === 'root_direct_deposit_accounts_0_amount');
    await split0.getByRole('radio', { name: 'Flat Split' }).check();
    await acct(0, 'amount').fill('250');
    await save(page);

    const stored = await read('my_employee_payment_information', emma.user);
    assert.equal(stored.desired_payment_method, 'Direct Deposit');
    assert.equal(stored.direct_deposit_accounts.length, 2);
    assert.deepEqual(
      stored.direct_deposit_accounts.map((a: any) => [a.routing_number, a.split_type, a.amount, a.account_type]),
      [
        ['011000015', 'Flat Split', 250, 'Checking'],
        ['021000021', 'Percent Split', 100, 'Savings'],
      ],
    );
    assert.match(stored.direct_deposit_accounts[0].account_number, /^x+5678$/);

    await page.reload();
    await acct(0, 'account_number').waitFor();
    const masked = await acct(0, 'account_number').inputValue();
    assert.match(masked, /^x+5678$/, 'the account number comes back masked');
    assert.match(await acct(1, 'account_number').inputValue(), /^x+3210$/);
    assert.equal(await acct(0, 'amount').inputValue(), '250');
    // Saving again with the masked number keeps the stored one.
    await acct(0, 'account_nickname').fill('First CU');
    await save(page);
    assert.match(
      (await read('my_employee_payment_information', emma.user)).direct_deposit_accounts[0].account_number,
      /^x+5678$/,
    );
  });

  it('drops the accounts when Paper Check is saved', async () => {
    const put = await w.call('POST', `/payroll/api/data/my_employee_payment_information/${emma.user}`, {
      org: w.org,
      token: emma.token,
      body: {
        desired_payment_method: 'Direct Deposit',
        direct_deposit_accounts: [
          {
            routing_number: '011000015',
            account_number: '4444333322',
            account_type: 'Checking',
            split_type: 'Percent Split',
            amount: 100,
          },
        ],
      },
    });
    assert.ok(put.status === 200 || put.status === 201, put.text);
    const page = emmaPage;
    await open(page, `/payroll/my_employee_payment_information/edit/${emma.user}`, /payment information/i);
    await acct(0, 'routing_number').waitFor();
    await page.getByRole('radio', { name: 'Paper Check' }).check();
    await page.getByText('Paid by paper check: no direct deposit accounts.').waitFor();
    await save(page);
    const stored = await read('my_employee_payment_information', emma.user);
    assert.equal(stored.desired_payment_method, 'Paper Check');
    assert.equal('direct_deposit_accounts' in stored, false);
    await page.reload();
    await page.getByText('Paid by paper check: no direct deposit accounts.').waitFor();
  });
});

describe('Form I-9', () => {
  const ALIEN_FIELDS = [
    '#root_alien_number_type',
    '#root_alien_number',
    '#root_foreign_passport_number',
    '#root_country_of_issuance',
  ];

  it('Section 1 by the employee: the alien fields follow the status, the signature is required and signed through the card', async () => {
    const page = emmaPage;
    await open(page, `/payroll/my_i9/edit/${emma.user}`, /i-9/i);
    const citizen = page.getByLabel('1. A citizen of the United States');
    assert.equal(await citizen.isChecked(), true);
    for (const f of ALIEN_FIELDS) assert.equal(await page.locator(f).isVisible(), false, `${f} hidden`);
    assert.equal(await page.getByText('USCIS or A-Number').count(), 0);

    await page.getByLabel('4. An alien authorized to work').check();
    for (const f of ALIEN_FIELDS) await page.locator(f).waitFor();
    // The reverification date is the employer's (Supplement B), not a question of Section 1.
    assert.equal(await page.getByText('Reverification date').count(), 0);
    await page.getByLabel('USCIS or A-Number').fill('A123456789');
    await page.getByLabel('Foreign passport number').fill('X1234567');
    // A date typed a key at a time, as a keyboard user types it, is kept whole (the year's first
    // digits are no date yet, and must not reset the field).
    const until = page.locator('#root_authorized_to_work_until');
    await until.focus();
    await page.keyboard.type('12312027');
    assert.equal(await until.inputValue(), '2027-12-31');
    // Citizen removes them (and their values), another status shows them again, empty.
    await citizen.check();
    await page.getByText('USCIS or A-Number').waitFor({ state: 'detached' });
    for (const f of ALIEN_FIELDS) assert.equal(await page.locator(f).isVisible(), false);
    await page.getByLabel('3. A lawful permanent resident').check();
    assert.equal(await page.locator('#root_alien_number').inputValue(), '');
    // Status 3 asks the USCIS or A-Number only; status 2 asks nothing (the official Section 1).
    assert.equal(await page.locator('#root_foreign_passport_number').isVisible(), false, 'no passport for status 3');
    assert.equal(await page.locator('#root_authorized_to_work_until').isVisible(), false, 'no end date for status 3');
    // From status 3 to 4: the number type shows no message, so it is not drawn as in error either.
    await page.getByLabel('4. An alien authorized to work').check();
    await page.locator('#root_i94_admission_number').waitFor();
    assert.equal(await page.locator('#root_alien_number_type__error .field__error').count(), 0, 'no message');
    assert.notEqual(
      await page.locator('#root_alien_number_type').evaluate((e) => getComputedStyle(e).borderColor),
      'rgb(179, 38, 30)',
      'a red border with no message',
    );
    await page.getByLabel('2. A noncitizen national of the United States').check();
    await page.getByText('USCIS or A-Number').waitFor({ state: 'detached' });
    for (const f of ALIEN_FIELDS) assert.equal(await page.locator(f).isVisible(), false, `${f} hidden for status 2`);
    await citizen.check();

    // Not signed: the employee signature's own message, and nothing is saved.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The employee must sign Section 1.').first().waitFor();
    const missing = await w.call('GET', `/payroll/api/data/my_i9/${emma.user}`, { org: w.org, token: emma.token });
    assert.equal(missing.status, 404);

    const employeeBox = page.getByRole('group', { name: /Signature of Employee/ }).getByText('Signature Required');
    await signThroughCard(
      page,
      (await employeeBox.count()) ? employeeBox : page.getByText('Signature Required').first(),
      'Emma Employee',
      'Font 2',
    );
    await page.getByText('Emma Employee').first().waitFor();
    // Signed: Save validates again, saves, and the message is gone, the refusal's notice too.
    await save(page);
    assert.equal(await page.getByText('The employee must sign Section 1.').count(), 0);
    assert.equal(await page.getByText('Not saved: correct the fields listed at the top of the form.').count(), 0);

    const stored = await read('my_i9', emma.user);
    assert.equal(stored.work_auth_status, 'Citizen of the United States');
    for (const f of ['alien_number', 'foreign_passport_number', 'alien_number_type']) assert.equal(f in stored, false);
    assert.equal(stored.employee_signature.name, 'Emma Employee');
    assert.equal(stored.employee_signature.font, 'font2');
    assert.ok(Math.abs(stored.employee_signature.timestamp - Date.now() / 1000) < 300);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: /i-9/i }).waitFor();
    await page.getByText('Emma Employee').first().waitFor();
    assert.equal(await page.getByLabel('1. A citizen of the United States').isChecked(), true);
  });

  it("Section 2 by the payroll manager on the employee's I-9: the document helper's lists, two-part warning and banners, employer signature, save", async () => {
    // Emma's Section 1, signed (the previous test may not have run).
    const put = await w.call('POST', `/payroll/api/data/my_i9/${emma.user}`, {
      org: w.org,
      token: emma.token,
      body: {
        work_auth_status: 'An Alien Authorized to Work',
        alien_number_type: 'USCIS Number',
        alien_number: '123456789',
        employee_signature: { name: 'Emma Employee', font: 'font1', timestamp: Math.floor(Date.now() / 1000) },
      },
    });
    assert.ok(put.status === 200 || put.status === 201, put.text);
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await open(page, `/payroll/i9/edit/${emma.user}`, /i-9/i);
    await page
      .getByText('Examine one document from List A, or one document from List B and one from List C.')
      .waitFor();

    const picker = page.getByLabel('Add a document');
    const groups = await picker.locator('optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
    assert.ok(
      groups.some((g) => /List A/.test(g ?? '')) &&
        groups.some((g) => /List B/.test(g ?? '')) &&
        groups.some((g) => /List C/.test(g ?? '')),
      String(groups),
    );

    const achieved = page.getByText('Compliance Achieved!');
    const almost = page.getByText('Compliance Almost Achieved');
    const twoPart =
      'This List A choice has two parts: the passport and the Form I-94 or I-94A. Add the other part as another row of the same document.';
    // A two-part List A choice counts only with both parts.
    await picker.selectOption('nonimmigrant_work_authorization_foreign_passport_i_94');
    await page.getByText(twoPart).waitFor();
    assert.equal(await achieved.count(), 0);
    assert.equal(await almost.count(), 0);
    await picker.selectOption('nonimmigrant_work_authorization_foreign_passport_i_94');
    await page.getByText(twoPart).waitFor({ state: 'detached' });
    await almost.waitFor();
    await page
      .getByText("You're close! Add missing Document Title and Issuing Authority to complete compliance.")
      .waitFor();
    // Instead: List B and List C.
    await page
      .getByRole('button', { name: /remove/i })
      .first()
      .click();
    await page
      .getByRole('button', { name: /remove/i })
      .first()
      .click();
    await page.getByText('No documents recorded yet.').waitFor();
    await picker.selectOption('us_state_drivers_license_id');
    assert.equal(await almost.count(), 0, 'List B alone is not enough');
    await picker.selectOption('social_security_card_no_restrictions');
    await almost.waitFor();
    const docs = page.locator('#root_documentation_0_title');
    await docs.fill("Driver's license");
    await page.locator('#root_documentation_0_issuing_authority').fill('California DMV');
    await page.locator('#root_documentation_0_document_number').fill('D1234567');
    await page.locator('#root_documentation_1_title').fill('Social Security Card');
    assert.equal(await achieved.count(), 0);
    await page.locator('#root_documentation_1_issuing_authority').fill('Social Security Administration');
    await achieved.waitFor();
    await page.getByText('Please fill in the document details below.').waitFor();
    assert.equal(await almost.count(), 0);

    await page
      .getByLabel('Last Name, First Name and Title of Employer or Authorized Representative')
      .fill('Manager, Paula, Payroll');
    await fillEmployerPart(page, '2025-03-10');
    const employerBox = page.getByText('Signature Required');
    assert.equal(await employerBox.count(), 1, 'only the employer signature is left to sign');
    await signThroughCard(page, employerBox, 'Paula Payroll', 'Font 1');
    await save(page);

    const stored = await read('i9', emma.user, (await w.apiLogin('payroll')).token);
    assert.deepEqual(
      stored.documentation.map((d: any) => [d.document_type, d.list, d.title, d.issuing_authority]),
      [
        ['us_state_drivers_license_id', 'B', "Driver's license", 'California DMV'],
        ['social_security_card_no_restrictions', 'C', 'Social Security Card', 'Social Security Administration'],
      ],
    );
    assert.equal(stored.employer_or_representative, 'Manager, Paula, Payroll');
    assert.equal(stored.first_day, Date.UTC(2025, 2, 10) / 1000);
    assert.deepEqual(stored.employer_address, EMPLOYER_ADDRESS);
    assert.equal(stored.employer_signature.name, 'Paula Payroll');
    assert.equal(stored.employer_signature.font, 'font1');
    // The employee's signature and Section 1 stay as she left them.
    assert.equal(stored.employee_signature.name, 'Emma Employee');
    assert.equal(stored.alien_number, 'xxxxx6789', 'answered masked');
  });
});

describe('Form W-9', () => {
  it("shows each part's explanation, asks for name, address and city/state/ZIP with their messages, and saves", async () => {
    const page = emmaPage;
    await open(page, `/payroll/my_w9/edit/${emma.user}`, /w-9/i);
    for (const [part, text] of [
      ['Name', /name on your income tax return/],
      ['Tax classification', /Line 3a/],
      ['Exemptions', /exempt payee code/],
      ['Address', /Lines 5 and 6/],
      ['Part II. Certification', /under penalties of perjury/i],
    ] as const) {
      const panel = page.getByRole('complementary', { name: `About ${part}` });
      await panel.waitFor();
      assert.match(await panel.innerText(), text);
    }
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.field__error', { hasText: 'Name is required.' }).waitFor();
    await page.locator('.field__error', { hasText: 'Address is required.' }).waitFor();
    await page.locator('.field__error', { hasText: 'City, state and ZIP code are required.' }).waitFor();
    const missing = await w.call('GET', `/payroll/api/data/my_w9/${emma.user}`, { org: w.org, token: emma.token });
    assert.equal(missing.status, 404);

    await page.getByLabel('1 Name of entity/individual').fill('Emma Employee');
    await page.getByRole('radio', { name: 'Individual/sole proprietor', exact: true }).check();
    // Part I: signing the certification needs the taxpayer identification number.
    await page.getByRole('radio', { name: 'Social security number', exact: true }).check();
    await page.locator('#root_tin').fill('123-45-6789');
    await page.getByLabel('5 Address (number, street, and apt. or suite no.)').fill('12 Elm Street');
    await page.getByLabel('6 City, state, and ZIP code').fill('Fresno, CA 93701');
    await page.locator('.field__error', { hasText: 'Name is required.' }).waitFor({ state: 'detached' });
    await signThroughCard(page, page.getByText('Signature Required'), 'Emma Employee', 'Font 3');
    await save(page);
    const stored = await read('my_w9', emma.user);
    assert.equal(stored.name, 'Emma Employee');
    assert.equal(stored.address, '12 Elm Street');
    assert.equal(stored.city_state_zip, 'Fresno, CA 93701');
    assert.equal(stored.federal_tax_classification, 'individual');
    assert.equal(stored.tin, 'xxx-xx-6789', 'the TIN is answered masked');
    assert.equal(stored.signature.font, 'font3');
  });
});

describe('the state W-4 view', () => {
  it("shows the fields of the state's own definition, as the edit screen does, not the generic state_w4 fields", async () => {
    const basic = await w.call('POST', `/payroll/api/data/my_basic_info/${emma.user}`, {
      org: w.org,
      token: emma.token,
      body: { legal_address: { address1: '12 Elm Street', city: 'Fresno', state: 'CA', postal_code: '93701' } },
    });
    assert.ok(basic.status === 200 || basic.status === 201, basic.text);
    const page = emmaPage;
    await open(page, `/payroll/my_state_w4/edit/${emma.user}`, /state withholding/i);
    await page.getByLabel('Married (one income)').check();
    await page.getByLabel('1a Regular withholding allowances (Worksheet A)').fill('2');
    await page.getByLabel('1b Allowances for estimated deductions (Worksheet B)').fill('1');
    await signThroughCard(page, page.getByText('Signature Required'), 'Emma Employee', 'Font 1');
    await save(page);

    await open(page, `/payroll/my_state_w4/view/${emma.user}`, /state withholding/i);
    await page.getByRole('heading', { name: "DE 4 Employee's Withholding Allowance Certificate" }).waitFor();
    const view = page.locator('main');
    const text = await view.innerText();
    for (const label of [
      'Filing status',
      '1a Regular withholding allowances (Worksheet A)',
      '1b Allowances for estimated deductions (Worksheet B)',
      '1c Total allowances (1a + 1b)',
      '2 Additional amount to withhold each pay period (Worksheet C)',
    ]) {
      assert.ok(text.includes(label), `the view shows '${label}'`);
    }
    // The generic state_w4 fields California's form does not have are not shown.
    for (const generic of [
      'Annual withholding allowance',
      'Personal exemptions',
      'Age 65 and blindness exemptions',
      'Allowances and exemptions',
    ]) {
      assert.equal(text.includes(generic), false, `the view does not show '${generic}'`);
    }
    const value = (label: string) => view.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    assert.equal((await value('1a Regular withholding allowances (Worksheet A)').innerText()).trim(), '2');
    assert.equal((await value('1c Total allowances (1a + 1b)').innerText()).trim(), '3');
    assert.match(await value('Filing status').innerText(), /Married/);
    await view.getByText('Emma Employee').first().waitFor();
  });
});
