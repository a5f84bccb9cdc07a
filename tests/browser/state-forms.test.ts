/**
 * State withholding forms as data, in the browser: the employee's state (basic info) picks its
 * definition, whose fields, instructions and links make the screen and whose validator and
 * prepare_for_save apply; a product-staff admin adds a new state's definition through the generic
 * state_w4_form screens (the fields editor checks the JSON Schema) and an employee of that state
 * sees the new form at once, with no restart; the work state picks the form over the home state, the
 * home state's certificate is kept beside it (one per state), and a state without an income tax on
 * wages offers none. Needs `npm run build:web` first.
 */
import { NOT_SIGNED_YET } from '../../renderers/screens/record/signature-notice.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { SIGNATURE_VOIDED } from '../../renderers/screens/record/signature-notice.ts';
import { VOIDS_ON_SAVE } from '../../forms/signature/SignatureField.tsx';
import { newEmployeePage, staffPage, startWorld, type World } from './browser.ts';

let w: World;
let emma: { token: string; user: string };

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
});
afterAll(async () => {
  await w?.close();
});

async function setEmmaState(state: string) {
  const r = await w.call('POST', `/payroll/api/data/my_basic_info/${emma.user}`, {
    org: w.org,
    token: emma.token,
    body: {
      dob: '1990-04-12',
      phone: '5155550100',
      legal_address: { address1: '12 Elm Street', city: 'Springfield', state, postal_code: '66002' },
    },
  });
  assert.ok(r.status === 200 || r.status === 201, r.text);
}

describe('the state withholding screen', () => {
  it('shows the California DE 4 for an employee living in California, checks it and saves through its prepare_for_save', async () => {
    await setEmmaState('CA');
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'State withholding certificate' })
      .click();
    await page.getByRole('heading', { name: "DE 4 Employee's Withholding Allowance Certificate" }).waitFor();
    await page.getByText('California withholding uses the DE 4').waitFor();
    const link = page.getByRole('link', { name: 'Form DE 4 (California EDD)' });
    assert.equal(await link.getAttribute('href'), 'https://edd.ca.gov/siteassets/files/pdf_pub_ctr/de4.pdf');
    await page.getByLabel('Married (one income)').check();
    await page.getByLabel('1a Regular withholding allowances (Worksheet A)').fill('3');
    await page.getByLabel('1b Allowances for estimated deductions (Worksheet B)').fill('2');
    // What signing attests, in the DE 4's own words, is shown above the signature.
    await page
      .getByText(/^Under the penalties of perjury, I certify that the number of withholding allowances claimed/)
      .waitFor();
    assert.equal(await page.getByText(/The server sets timestamp/).count(), 0, 'no developer note');
    await page.getByText('Signature Required').click();
    await signTyped(page, 'Emma Employee');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    // 1c = 1a + 1b, computed by the definition's prepare_for_save on the server.
    assert.equal(await page.getByLabel('1c Total allowances (1a + 1b)').inputValue(), '5');
    const saved = await w.call('GET', `/payroll/api/data/my_state_w4/${emma.user}`, { org: w.org, token: emma.token });
    assert.equal(saved.body.data.state, 'CA');
    assert.equal(saved.body.data.total_allowances, 5);
    assert.equal(saved.body.data.employee_signature.name, 'Emma Employee');
  });

  it("shows the state's validator message as the employee answers (Arizona: no extra amount with the zero election)", async () => {
    await setEmmaState('AZ');
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_state_w4/edit/${emma.user}`);
    await page.getByRole('heading', { name: "A-4 Employee's Arizona Withholding Election" }).waitFor();
    await page.getByLabel('0% (box 2): I expect no Arizona tax liability this year').check();
    const extra = page.getByLabel('Extra amount withheld from each paycheck (box 1)');
    await extra.fill('10');
    await extra.blur();
    const message = 'An extra amount goes with a withholding percentage (box 1), not with the zero election (box 2).';
    await page.getByText(message).waitFor();
    await page.getByLabel('2.0% of gross taxable wages').check();
    await page.getByText(message).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(NOT_SIGNED_YET, { exact: true }).waitFor();
  });
});

/** Signs in the open signature dialog with a typed name. */
async function signTyped(page: Page, name: string) {
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText(name).first().waitFor();
}

describe('before the state is known', () => {
  it('a person with no address and no work state is told to add the address, and led to where it is given', async () => {
    const { page, key } = await newEmployeePage(w, 'Sol Stateless');
    await page.goto(`/payroll/my_state_w4/edit/${key}`);
    await page.getByText('Add your legal address to your basic information first').waitFor();
    // Nothing to fill in yet, so nothing to save: a Save could only be refused ("State is required.").
    await page.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached', timeout: 5_000 });
    assert.equal(await page.getByRole('button', { name: 'Cancel' }).count(), 1, 'the way back stays');
    await page.getByRole('link', { name: 'Open your basic information' }).click();
    await page.waitForURL((u) => u.pathname === `/payroll/my_basic_info/edit/${key}`);
    await page.locator('#root_legal_address_address1').waitFor();
  });
});

describe('a new state added as data', () => {
  it('product staff add Kansas through the generic screens; an employee in Kansas sees and saves its form at once', async () => {
    const page = await staffPage(w);
    await page.goto('/payroll/state_w4_form/create');
    await page.getByRole('heading', { name: 'New state withholding form' }).waitFor();
    await page.locator('#root_state').selectOption({ label: 'Kansas' });
    await page.getByLabel('Form', { exact: true }).fill("K-4 Kansas Employee's Withholding Allowance Certificate");
    await page.getByLabel('Printable form type').fill('kansas');
    await page.getByLabel('Instructions').fill('Kansas withholding follows your K-4, not your federal W-4.');
    const schemaBox = page.getByLabel('JSON Schema');
    // Not JSON, then not a JSON Schema: the editor says why before anything is saved.
    await schemaBox.fill('{ "type": "object", ');
    await page.getByText(/^Not valid JSON: /).waitFor();
    // Saved like that, nothing is saved: the Save lists the text's problem and the text stays.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const summary = page.locator('.form__summary');
    await summary.getByText(/Not valid JSON: /).waitFor();
    assert.equal(await schemaBox.inputValue(), '{ "type": "object", ');
    assert.equal(new URL(page.url()).pathname, '/payroll/state_w4_form/create', 'still the new form, nothing created');
    await summary.getByRole('link', { name: /Not valid JSON/ }).click();
    assert.equal(
      await schemaBox.evaluate((el) => el === document.activeElement || el.id === location.hash.slice(1)),
      true,
    );
    await schemaBox.fill('{ "type": "object", "properties": { "k4_allowances": { "type": "whole" } } }');
    await page
      .getByText(/^Not a valid JSON Schema: /)
      .first()
      .waitFor();
    await schemaBox.fill(
      JSON.stringify({
        type: 'object',
        properties: {
          state_status: {
            type: 'string',
            title: 'K-4 filing status',
            enum: ['Single', 'Joint'],
            'x-enumNames': ['Single or Head of Household', 'Married filing jointly'],
          },
          k4_allowances: {
            type: 'integer',
            title: 'Kansas allowances',
            minimum: 0,
            maximum: 20,
            'x-messages': { maximum: 'Claim at most 20 Kansas allowances.' },
          },
          extra_state_withholding: {
            type: 'integer',
            title: 'Additional Kansas withholding',
            minimum: 0,
            maximum: 100_000,
          },
        },
      }),
    );
    await page.getByLabel('uiSchema').fill(JSON.stringify({ state_status: { 'ui:widget': 'radio' } }));
    await page
      .getByLabel('Prepare for save')
      .fill('$merge([$, {"total_allowances": $exists(k4_allowances) ? k4_allowances : 0}])');
    await page
      .getByLabel('Validator', { exact: true })
      .fill(
        'state_status = "Single" and k4_allowances > 2 ? {"path": "/k4_allowances", "message": "Single filers claim at most 2 Kansas allowances."} : []',
      );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();

    await setEmmaState('KS');
    const emmaPage = (await w.page()).page;
    await w.signIn(emmaPage, 'emma');
    await emmaPage.goto(`/payroll/my_state_w4/edit/${emma.user}`);
    await emmaPage.getByRole('heading', { name: "K-4 Kansas Employee's Withholding Allowance Certificate" }).waitFor();
    await emmaPage.getByText('Kansas withholding follows your K-4').waitFor();
    await emmaPage.getByLabel('Single or Head of Household').check();
    await emmaPage.getByLabel('Kansas allowances').fill('3');
    await emmaPage.getByRole('button', { name: 'Save', exact: true }).click();
    await emmaPage.getByText('Single filers claim at most 2 Kansas allowances.').first().waitFor();
    // The summary names the field by the title the definition gives it, as its label does.
    await emmaPage
      .locator('.form__summary')
      .getByText('Kansas allowances: Single filers claim at most 2 Kansas allowances.')
      .waitFor();
    await emmaPage.getByLabel('Married filing jointly').check();
    await emmaPage.getByRole('button', { name: 'Save', exact: true }).click();
    await emmaPage.getByText(NOT_SIGNED_YET, { exact: true }).waitFor();
    const saved = await w.call('GET', `/payroll/api/data/my_state_w4/${emma.user}`, { org: w.org, token: emma.token });
    assert.equal(saved.body.data.state, 'KS');
    assert.equal(saved.body.data.k4_allowances, 3);
    assert.equal(saved.body.data.total_allowances, 3);
  });
});

describe('the certificate follows the work state', () => {
  async function setWorkState(state: string) {
    const payroll = await w.apiLogin('payroll');
    const r = await w.call('PATCH', `/payroll/api/data/employee/${emma.user}`, {
      org: w.org,
      token: payroll.token,
      body: { work_state: state },
    });
    assert.equal(r.status, 200, r.text);
  }

  it("opens the work state's form whatever state she lives in, with the current statuses only to choose", async () => {
    await setEmmaState('CA');
    await setWorkState('OR');
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_state_w4/edit/${emma.user}`);
    await page
      .getByRole('heading', { name: "OR-W-4 Oregon Employee's Withholding Statement and Exemption Certificate" })
      .waitFor();
    await page.getByLabel('Married, but withholding at the higher single rate', { exact: true }).check();
    // The spec's table choices are shown as the earlier form's, and cannot be chosen.
    assert.equal(await page.getByLabel(/^Single, with fewer than 3 allowances/).isDisabled(), true);
    await page.getByLabel('Redetermination').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Saved unsigned: the notice says the step is not finished.
    await page.getByText(NOT_SIGNED_YET, { exact: true }).waitFor();
    const saved = await w.call('GET', `/payroll/api/data/my_state_w4/${emma.user}`, { org: w.org, token: emma.token });
    assert.equal(saved.body.data.state, 'OR');
    assert.equal(saved.body.data.state_status, 'Married, but withholding at the higher single rate');
    assert.equal(saved.body.data.redetermination, true);
  });

  it("keeps the home state's certificate beside the work state's: each opens from the other and saves on its own", async () => {
    await setEmmaState('CA');
    await setWorkState('OR');
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_state_w4/edit/${emma.user}`);
    const choices = page.getByRole('navigation', { name: 'Your state certificates' });
    await choices.getByText('Oregon: the certificate due').waitFor();
    await choices.getByRole('link', { name: 'California: the state you live in' }).click();
    await page.getByRole('heading', { name: "DE 4 Employee's Withholding Allowance Certificate" }).waitFor();
    // The California certificate she signed first, as she left it.
    assert.equal(await page.getByLabel('1a Regular withholding allowances (Worksheet A)').inputValue(), '3');
    await page.getByLabel('1a Regular withholding allowances (Worksheet A)').fill('4');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The signed certificate changed: saved, and its notice says the signature went.
    await page.getByText(SIGNATURE_VOIDED, { exact: true }).waitFor();
    const mine = await w.call('POST', '/payroll/api/data/find/my_state_w4', {
      org: w.org,
      token: emma.token,
      body: { criteria: [{ field: 'state', is: 'in', value: ['CA', 'OR'] }] },
    });
    const byState = Object.fromEntries(mine.body.items.map((i: any) => [i.data.state, i.data]));
    assert.equal(byState.CA.total_allowances, 6);
    assert.equal(byState.CA.employee_signature, undefined, 'the change voids the California signature');
    assert.equal(byState.OR.state_status, 'Married, but withholding at the higher single rate', 'Oregon untouched');
    // And back to the one due.
    await choices.getByRole('link', { name: 'Oregon: the certificate due' }).click();
    await page
      .getByRole('heading', { name: "OR-W-4 Oregon Employee's Withholding Statement and Exemption Certificate" })
      .waitFor();
  });

  it('says so, and offers no form, when neither her work state nor her home state taxes wages', async () => {
    await setEmmaState('FL');
    await setWorkState('TX');
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_state_w4/edit/${emma.user}`);
    await page
      .getByText('Texas has no state income tax on wages: no state withholding certificate is needed.')
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Signature Required' }).count(), 0, 'nothing to sign');
    await page.getByRole('button', { name: 'Save' }).waitFor({ state: 'detached', timeout: 5_000 });
  });
});

describe('a signed state certificate', () => {
  it("says before the Save that a change voids the signature, for the definition's own fields too, and shows it void after", async () => {
    await setEmmaState('IL');
    const signed = await w.call('POST', `/payroll/api/data/my_state_w4/${emma.user}`, {
      org: w.org,
      token: emma.token,
      body: {
        state: 'IL',
        basic_allowances: 1,
        employee_signature: { name: 'Emma R. Employee', font: 'font1', timestamp: 1 },
      },
    });
    assert.ok([200, 201].includes(signed.status), signed.text);
    assert.ok(signed.body.data.employee_signature.evidence, 'signed');
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_state_w4/edit/${emma.user}`);
    // basic_allowances is Illinois's own field, not one of the state W-4's shared ones.
    const basic = page.getByLabel('1 Basic allowances (Step 1)');
    await basic.waitFor();
    const warning = page.getByRole('status').filter({ hasText: VOIDS_ON_SAVE });
    assert.equal(await warning.count(), 0, 'nothing changed yet');
    await basic.fill('2');
    await warning.waitFor();
    await basic.fill('1');
    await warning.waitFor({ state: 'detached' });
    await basic.fill('2');
    await warning.waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.notices').getByText(SIGNATURE_VOIDED, { exact: true }).waitFor();
    await page.reload();
    const note = page.getByRole('status').filter({ hasText: 'void: changed after signing' });
    await note.waitFor();
    assert.match(await note.innerText(), /Emma R\. Employee/);
  });
});

describe("a payroll manager's certificate for an employee", () => {
  it("New state withholding certificate asks whose, then opens that employee's certificate: hers to fill in and sign", async () => {
    await setEmmaState('CA');
    const payroll = await w.apiLogin('payroll');
    await w.call('PATCH', `/payroll/api/data/employee/${emma.user}`, {
      org: w.org,
      token: payroll.token,
      body: { work_state: 'CA' },
    });
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/state_w4/list');
    await page.getByRole('link', { name: 'New state withholding certificate' }).click();
    await page.waitForURL('**/payroll/state_w4/create');
    // Not the manager's own address: she has none, and the certificate is not hers.
    await page.getByText('Choose the employee whose certificate this is', { exact: false }).waitFor();
    assert.equal(await page.getByText('Add your legal address').count(), 0);
    const search = page.getByRole('combobox', { name: /^Employee.*search users/ });
    await search.fill('emma');
    await page.getByRole('listbox').getByRole('option', { name: /Emma/ }).waitFor();
    await search.press('Enter');
    await page.waitForURL(`**/payroll/state_w4/edit/${emma.user}`);
    await page.getByRole('heading', { name: "DE 4 Employee's Withholding Allowance Certificate" }).waitFor();
    // What her signature attests is hers to answer: shown, not offered to the manager.
    assert.equal(await page.getByLabel('Married (one income)').isDisabled(), true);
    assert.equal(await page.getByLabel('1a Regular withholding allowances (Worksheet A)').isEditable(), false);
  });

  it("speaks of the employee, not of the manager, when the employee's state is not known yet", async () => {
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    // Ivan has no payroll record and no basic information.
    const ivan = await w.call('POST', '/auth/api/data/find/users', {
      org: w.org,
      token: (await w.apiLogin('admin')).token,
      body: { criteria: [{ field: 'email', is: '=', value: 'ivan@acme.example' }] },
    });
    const ivanKey = ivan.body.items[0].key;
    await page.goto(`/payroll/state_w4/edit/${ivanKey}`);
    await page.getByText("This employee's basic information has no legal address yet", { exact: false }).waitFor();
    assert.equal(await page.getByText('Add your legal address').count(), 0);
  });
});
