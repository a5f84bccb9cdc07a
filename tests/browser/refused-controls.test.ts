/**
 * After a refused save, every refused control is announced: a screen reader reads the control as
 * invalid (aria-invalid) and reads the message shown beside it (aria-describedby names the box that
 * holds it), whichever widget draws the control: rjsf's own checkbox, select and textarea as much as
 * the product's widgets. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { newEmployeePage, staffPage, startWorld, type World } from './browser.ts';

let w: World;

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

/** The control is marked invalid and described by a box on the page that shows `message`. */
async function announces(control: Locator, message: string | RegExp) {
  // The mark follows the render that shows the message (the summary may come first): waited for a
  // moment, then asserted.
  await control
    .page()
    .waitForFunction((el) => el?.getAttribute('aria-invalid') === 'true', await control.elementHandle(), {
      timeout: 5_000,
    })
    .catch(() => {});
  assert.equal(await control.getAttribute('aria-invalid'), 'true', 'the control is marked aria-invalid');
  const ids = ((await control.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts: string[] = [];
  for (const id of ids) {
    const box = control.page().locator(`[id="${id}"]`);
    if ((await box.count()) === 1) texts.push(await box.innerText());
  }
  assert.ok(
    texts.some((t) => (typeof message === 'string' ? t.includes(message) : message.test(t))),
    `the control is described by the message: ${JSON.stringify(texts)}`,
  );
}

describe('a refused control of rjsf’s own', () => {
  it('the state certificate’s exempt box (a checkbox) is announced with its message', async () => {
    const emma = await w.apiLogin('emma');
    const r = await w.call('POST', `/payroll/api/data/my_basic_info/${emma.user}`, {
      org: w.org,
      token: emma.token,
      body: {
        dob: '1990-04-12',
        phone: '5155550100',
        legal_address: { address1: '12 Peachtree Street', city: 'Atlanta', state: 'GA', postal_code: '30303' },
      },
    });
    assert.ok(r.status === 200 || r.status === 201, r.text);
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_state_w4/edit/${emma.user}`);
    await page.getByRole('heading', { name: /G-4/ }).waitFor();
    const exempt = page.getByLabel('8a Exempt: no Georgia tax liability last year and none expected this year');
    await exempt.check();
    await page.getByLabel('4 Dependent allowances').fill('2');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.form__summary').waitFor();
    await announces(exempt, 'When you claim exemption (line 8), leave lines 4 to 7 empty.');
  });

  it('a new state form’s state (a select) and its instructions (a textarea) are announced with their messages', async () => {
    const page = await staffPage(w);
    await page.goto('/payroll/state_w4_form/create');
    await page.getByRole('heading', { name: 'New state withholding form' }).waitFor();
    await page.getByLabel('Instructions').fill('x'.repeat(20001));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.form__summary').waitFor();
    await announces(page.locator('#root_state'), 'State is required.');
    await announces(page.getByLabel('Instructions'), /20000/);
    await page.context().close();
  });
});

describe('a refused list', () => {
  it('the list’s own message (a PTO progression without steps) marks its group, and the summary link takes the keyboard there', async () => {
    const page = await staffPage(w);
    await page.goto('/time/pto_progression/create');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel('Name').fill('Seniority');
    const remove = page.getByRole('button', { name: 'Remove' });
    while ((await remove.count()) > 0) await remove.first().click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const summary = page.locator('.form__summary');
    await summary.waitFor();
    const group = page.locator('#root_steps');
    await announces(group, 'A progression needs 1 to 60 steps.');
    await summary.getByRole('link', { name: /A progression needs 1 to 60 steps/ }).click();
    assert.equal(await group.evaluate((e) => e === document.activeElement), true, 'the group has the keyboard');
  });
});

describe('a message inside a field’s value', () => {
  it('the server’s message about one field of a state form’s JSON Schema shows at the JSON Schema box, which is marked, and its summary link goes there', async () => {
    const page = await staffPage(w);
    await page.goto('/payroll/state_w4_form/create');
    await page.getByRole('heading', { name: 'New state withholding form' }).waitFor();
    await page.locator('#root_state').selectOption({ label: 'Kansas' });
    await page.getByLabel('Form', { exact: true }).fill("K-4 Kansas Employee's Withholding Allowance Certificate");
    await page.getByLabel('Printable form type').fill('kansas');
    const schemaBox = page.getByLabel('JSON Schema');
    await schemaBox.fill(
      '{ "type": "object", "properties": { "State": { "type": "string", "title": "State", "maxLength": 5 } } }',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const message =
      "Field names are lower-case letters, digits and _, starting with a letter, at most 64: 'State' is not one.";
    const summary = page.locator('.form__summary');
    await summary.getByText(message).waitFor();
    await announces(schemaBox, message);
    await summary.getByRole('link', { name: new RegExp("'State' is not one") }).click();
    assert.equal(
      await schemaBox.evaluate((e) => e === document.activeElement),
      true,
      'the JSON Schema box has the keyboard',
    );
    await page.context().close();
  });
});

describe('a list of people chosen with a picker', () => {
  it('an assignment saved with nobody assigned says so at the picker, in the schema’s words, and the picker is announced', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto('/hr/assignments/create');
    await page.getByRole('heading', { name: 'New Assignment' }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const summary = page.locator('.form__summary');
    await summary.waitFor();
    const items = await summary.locator('li').allInnerTexts();
    assert.ok(items.includes('Assigned to: Assign it to at least one user.'), JSON.stringify(items));
    const link = summary.getByRole('link', { name: 'Assigned to: Assign it to at least one user.' });
    const id = decodeURIComponent((await link.getAttribute('href'))!.slice(1));
    const control = page.locator(`[id="${id}"] [aria-describedby], [id="${id}"][aria-describedby]`).first();
    await announces(control, 'Assign it to at least one user.');
  });
});

describe('a refused list of boxes', () => {
  it('a file group saved with no module: the boxes are a group named Modules, marked invalid, each box described by the message', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto('/storage/fgroups/create');
    await page.getByRole('heading', { name: 'New File Group' }).waitFor();
    const group = page.getByRole('group', { name: 'Modules' });
    for (const box of await group.getByRole('checkbox').all()) if (await box.isChecked()) await box.uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.form__summary').waitFor();
    assert.equal(await group.getAttribute('aria-invalid'), 'true', 'the group is marked aria-invalid');
    await announces(group.getByRole('checkbox').first(), 'Choose at least one module, or ALL.');
  });
});

describe('before a save', () => {
  it("a box left before the form's checks have loaded shows its message once they have", async () => {
    // The form is drawn before its entity's validator arrives (it is not needed for the first
    // paint): on a slow device, or a fast hand, a box can be left in that time.
    const { page, key } = await newEmployeePage(w, 'Quick Hand');
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/assets/basic_info-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/payroll/my_basic_info/edit/${key}`);
    // Two boxes left in that time: both are checked once the checks are in.
    const phone = page.locator('#root_phone');
    await phone.fill('12');
    await phone.blur();
    const other = page.locator('#root_other_phone');
    await other.fill('345');
    await other.blur();
    const message = page.locator('#root_phone__error').getByText('Phone numbers must have 10 digits.');
    const otherMessage = page.locator('#root_other_phone__error').getByText('Phone numbers must have 10 digits.');
    assert.equal(await message.count(), 0, 'nothing can check the box yet');
    assert.equal(await otherMessage.count(), 0, 'nothing can check the box yet');
    release();
    await message.waitFor();
    await otherMessage.waitFor();
    await announces(phone, 'Phone numbers must have 10 digits.');
    await announces(other, 'Phone numbers must have 10 digits.');
    // A box not left yet shows nothing.
    assert.equal(await page.locator('#root_legal_address_city').getAttribute('aria-invalid'), null);
  });

  it('only the boxes whose message shows are announced invalid: leaving the phone box does not mark the address boxes not reached yet', async () => {
    // A new employee, whose basic information is not filled in yet: the legal address is empty,
    // and required (Emma's is filled in by the first test of this file).
    const { page, key } = await newEmployeePage(w, 'Nora New');
    await page.goto(`/payroll/my_basic_info/edit/${key}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const phone = page.locator('#root_phone');
    await phone.fill('12');
    await phone.blur();
    await page.locator('#root_phone__error').getByText('Phone numbers must have 10 digits.').waitFor();
    await announces(phone, 'Phone numbers must have 10 digits.');
    const city = page.locator('#root_legal_address_city');
    assert.equal(
      await city.getAttribute('aria-invalid'),
      null,
      'the city, not left yet and showing no message, is not announced invalid',
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.form__summary').waitFor();
    await announces(city, 'City is required.');
  });
});
