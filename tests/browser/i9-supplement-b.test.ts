/**
 * The payroll manager reverifies an employee on the generic I-9 screen: adds a Supplement B block,
 * fills in the document and signs the block; the save keeps Section 1 and Section 2 signed. Needs
 * `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';
import { EMPLOYER_ADDRESS } from './i9-employer.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';

let w: World;
let emma: { token: string; user: string };
let payroll: { token: string; user: string };

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
      alien_number: 'A987654321',
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
          document_type: 'form_i_766_ead_photo',
          list: 'A',
          title: 'Employment Authorization Document',
          issuing_authority: 'USCIS',
          document_number: 'SRC2400000001',
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

it('the payroll manager adds a reverification block to Supplement B and signs it', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto(`/payroll/i9/edit/${emma.user}`);
  const section = page.locator('#root_supplement_b');
  await section.waitFor();
  await section.getByRole('button', { name: 'Add' }).click();
  await page.locator('#root_supplement_b_0_document_title').fill('Employment Authorization Document (Form I-766)');
  await page.locator('#root_supplement_b_0_document_number').fill('IOE0912345678');
  await page.locator('#root_supplement_b_0_expiration_date').fill('2028-11-30');
  await page.locator('#root_supplement_b_0_employer_name').fill('Paul Payroll');
  await page.locator('#root_supplement_b_0_signature').click();
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByLabel('Full Name').fill('Paul Payroll');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Submit' }).waitFor({ state: 'detached' });
  await w.screenshot(page, 'i9-supplement-b');
  const violations = blocking(await runAxe(page, '#root_supplement_b'));
  assert.equal(violations.length, 0, describeViolations('Supplement B', violations));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByText('Saved.', { exact: true })
    .first()
    .waitFor()
    .catch(async () => {
      const shown = await page.locator('.field__error, [role=alert], .notification').allInnerTexts();
      throw new Error(`not saved: ${JSON.stringify(shown)}`);
    });

  const stored = await w.call('GET', `/payroll/api/data/i9/${emma.user}`, { org: w.org, token: payroll.token });
  const d = stored.body.data;
  assert.equal(d.supplement_b.length, 1);
  const [block] = d.supplement_b;
  assert.equal(block.document_title, 'Employment Authorization Document (Form I-766)');
  assert.equal(block.document_number, 'xxxxxxxxx5678');
  assert.equal(block.expiration_date, Date.UTC(2028, 10, 30) / 1000);
  assert.equal(block.signature.name, 'Paul Payroll');
  assert.equal(block.signature.evidence.signed_by, payroll.user);
  assert.ok(d.employer_signature, `Section 2 still signed: ${JSON.stringify(d.signature_history)}`);
  assert.ok(d.employee_signature, 'Section 1 still signed');
  assert.equal(d.signature_history, undefined, 'nothing voided');
});
