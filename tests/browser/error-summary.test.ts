/**
 * The list of a blocked Save's errors at the top of a form names only what the person can reach:
 * each item links to a field on the page. The mailing address, while it is "Same as the legal
 * address", is the legal address's copy: its errors are the legal address's, listed once, at the
 * legal address. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('the error summary', () => {
  it('lists only fields on the page, the hidden mailing copy of the legal address not at all', async () => {
    const sam = await w.apiLogin('sam');
    const { page } = await w.page();
    await w.signIn(page, 'sam');
    await page.goto(`/payroll/my_basic_info/edit/${sam.user}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const toggle = page.getByRole('switch', { name: 'My mailing address is different from my legal address' });
    await toggle.waitFor();
    if (await toggle.isChecked()) await toggle.uncheck();
    for (const f of ['address1', 'city', 'postal_code']) await page.locator(`#root_legal_address_${f}`).fill('');
    await page.locator('#root_legal_address_postal_code').fill('123');
    await page.getByRole('button', { name: /^Save/ }).click();
    const summary = page.locator('.form__summary');
    await summary.waitFor();
    const items = await summary.locator('li').allInnerTexts();
    assert.ok(items.length > 0);
    assert.ok(
      items.every((t) => !/^Mailing address/.test(t)),
      `the mailing copy is not listed: ${JSON.stringify(items)}`,
    );
    assert.ok(
      items.some((t) => /^Legal address/.test(t)),
      JSON.stringify(items),
    );
    // The refused ZIP code, a plain text box of rjsf's, is marked invalid, as a screen reader tells.
    assert.equal(await page.locator('#root_legal_address_postal_code').getAttribute('aria-invalid'), 'true');
    // Every link of the list goes to something on the page.
    for (const href of await summary.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      assert.equal(await page.locator(`[id="${href!.slice(1)}"]`).count(), 1, `${href} is on the page`);
    }
  });
  it("says a message once for a field several of whose parts it is said of (a preparer's address)", async () => {
    const emma = await w.apiLogin('emma');
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_i9/edit/${emma.user}`);
    await page.getByRole('button', { name: 'Add a preparer or translator' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const summary = page.locator('.form__summary');
    await summary.waitFor();
    const items = await summary.locator('li').allInnerTexts();
    const address = items.filter((t) => t.endsWith('street address, city or town, state and ZIP code.'));
    assert.equal(address.length, 1, JSON.stringify(items));
    assert.match(await summary.locator('p').innerText(), new RegExp(`^${items.length} fields need`));
    // The unsigned signature is described by its message, and no id is on the page twice.
    const sign = page.locator('#root_employee_signature');
    assert.equal(await sign.getAttribute('aria-invalid'), 'true');
    // It is described by what signing attests, then by its message.
    const [attests, message] = ((await sign.getAttribute('aria-describedby')) ?? '').split(' ');
    assert.match(await page.locator(`[id="${attests}"]`).innerText(), /^I am aware that federal law provides/);
    assert.equal(await page.locator(`[id="${message}"]`).innerText(), 'The employee must sign Section 1.');
    const repeated = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    assert.deepEqual(repeated, []);
  });
});

it('a rule broken at several fields at once is one line of the summary naming them all', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_i9/edit/${emma.user}`);
  await page.getByLabel('4. An alien authorized to work').check();
  await page.getByRole('button', { name: 'Save' }).click();
  const summary = page.locator('.form__summary');
  await summary.waitFor();
  const items = await summary.locator('li').allInnerTexts();
  const status4 = items.filter((t) => /enter one of these/.test(t));
  assert.equal(status4.length, 1, JSON.stringify(items));
  assert.ok((status4[0].split(':')[0].match(/,/g) ?? []).length >= 1, `several fields named: ${status4[0]}`);
});
