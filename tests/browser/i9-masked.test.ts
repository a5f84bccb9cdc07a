/**
 * The I-9 screens hold the immigration identifiers masked (x and the last four characters), as the
 * server answers them, and still save: the employee's Section 1 and the payroll manager's Section 2
 * send the masks back and the server keeps the numbers it stores, each document's from the same
 * document. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';
import { EMPLOYER_ADDRESS } from './i9-employer.ts';

let w: World;
let emma: { token: string; user: string };
let payroll: { token: string; user: string };

const A_NUMBER = 'A987654321';
const LICENSE = 'D400-7719-22XY';
const CARD = '512483927';

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
  payroll = await w.apiLogin('payroll');
  const s1 = await w.call('POST', `/payroll/api/data/my_i9/${emma.user}`, {
    org: w.org,
    token: emma.token,
    body: {
      work_auth_status: 'An Alien Authorized to Work',
      alien_number_type: 'USCIS Number',
      alien_number: A_NUMBER,
      employee_signature: { name: 'Emma Employee', font: 'font1', timestamp: 1 },
    },
  });
  assert.ok([200, 201].includes(s1.status), s1.text);
  const s2 = await w.call('PATCH', `/payroll/api/data/i9/${emma.user}`, {
    org: w.org,
    token: payroll.token,
    body: {
      documentation: [
        {
          document_type: 'us_state_drivers_license_id',
          list: 'B',
          title: "Driver's License",
          issuing_authority: 'Illinois SOS',
          document_number: LICENSE,
        },
        {
          document_type: 'social_security_card_no_restrictions',
          list: 'C',
          title: 'Social Security Card',
          issuing_authority: 'SSA',
          document_number: CARD,
        },
      ],
      first_day: 1741564800,
      employer_or_representative: 'Payroll, Paul, Manager',
      employer_address: EMPLOYER_ADDRESS,
      employer_signature: { name: 'Paul Payroll', font: 'font1', timestamp: 1 },
    },
  });
  assert.equal(s2.status, 200, s2.text);
});
afterAll(async () => {
  await w?.close();
});

async function whole(field: string, item?: string) {
  const r = await w.call('POST', '/payroll/api/retrieve_sensitive', {
    org: w.org,
    token: payroll.token,
    body: { type: 'i9', key: emma.user, field, ...(item ? { item } : {}) },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.value as string;
}

/** Signs again over a signature already there (a change to what it attests would void it). */
async function signAgain(page: Page, field: 'employee_signature' | 'employer_signature', name: string) {
  await page.locator(`#root_${field}`).click();
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Submit' }).waitFor({ state: 'detached' });
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByText('Saved.', { exact: true })
    .first()
    .waitFor()
    .catch(async () => {
      const shown = await page.locator('.field__error, [role=alert], .notification').allInnerTexts();
      throw new Error(`not saved: ${JSON.stringify(shown)}`);
    });
}

it('the payroll manager saves Section 2 with the masked document numbers; each document keeps its number', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto(`/payroll/i9/edit/${emma.user}`);
  const license = page.locator('#root_documentation_0_document_number');
  await license.waitFor();
  assert.equal(await license.inputValue(), 'xxxxxxxx22XY');
  assert.equal(await page.locator('#root_documentation_1_document_number').inputValue(), 'xxxxx3927');
  assert.equal(await page.locator('#root_alien_number').inputValue(), 'xxxxxx4321');
  // The license removed and added back below the card would lose its number: instead, a change of title.
  await page.locator('#root_documentation_1_title').fill('Social Security card (unrestricted)');
  await page.getByLabel('Additional Information').fill('Documents examined in person.');
  await signAgain(page, 'employer_signature', 'Paul Payroll');
  await save(page);

  const stored = await w.call('GET', `/payroll/api/data/i9/${emma.user}`, { org: w.org, token: payroll.token });
  const [a, b] = stored.body.data.documentation;
  assert.equal(b.title, 'Social Security card (unrestricted)');
  assert.equal(stored.body.data.additional_info, 'Documents examined in person.');
  assert.deepEqual(
    [await whole('documentation.document_number', a.id), await whole('documentation.document_number', b.id)],
    [LICENSE, CARD],
  );
  assert.equal(await whole('alien_number'), A_NUMBER);
});

it('the employee saves Section 1 with her masked A-Number; the number is kept', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_i9/edit/${emma.user}`);
  const number = page.locator('#root_alien_number');
  await number.waitFor();
  assert.equal(await number.inputValue(), 'xxxxxx4321');
  await page.getByLabel('3. A lawful permanent resident').check();
  await signAgain(page, 'employee_signature', 'Emma Employee');
  await save(page);
  const stored = await w.call('GET', `/payroll/api/data/my_i9/${emma.user}`, { org: w.org, token: emma.token });
  assert.equal(stored.body.data.work_auth_status, 'Lawful Permanent Resident');
  assert.equal(stored.body.data.alien_number, 'xxxxxx4321');
  assert.equal(await whole('alien_number'), A_NUMBER);
});
