/**
 * A link that starts a create screen with fields filled in (renderers/screens/record/prefill.ts):
 * the PTO employee page's "Add a ledger entry" opens the ledger's create screen with the employee
 * chosen and named; a link sets only what the viewer may set on create, values its fields can hold,
 * and the server still decides. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';

let w: World;
let emma: { token: string; user: string };
let admin: { token: string; user: string };

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
  admin = await w.apiLogin('admin');
});
afterAll(async () => {
  await w?.close();
});

/** The person chosen in a user picker, by the names of its chips. */
const chosen = (page: Page, label: string) =>
  page
    .getByRole('list', { name: `${label}: chosen` })
    .getByRole('listitem')
    .allInnerTexts();

/** The words of a choice's chosen option ('' for none). */
const picked = (page: Page, field: string) =>
  page.locator(`#root_${field}`).evaluate((el: HTMLSelectElement) => (el.value ? el.selectedOptions[0].text : ''));

it("the PTO employee page's 'Add a ledger entry' opens the ledger's create screen with the employee chosen", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto(`/pto/admin/employee/${emma.user}`);
  await page.getByRole('heading', { name: 'Time off of Emma Employee' }).waitFor();
  await page.getByRole('link', { name: 'Add a ledger entry' }).first().click();
  await page.waitForURL((u) => u.pathname === '/time/pto_register/create');
  await page.getByRole('heading', { level: 1, name: 'New PTO Register Entry: Emma Employee' }).waitFor();
  await page.waitForFunction(() => !!document.querySelector('.user-select__chosen'));
  const names = await chosen(page, 'Employee');
  assert.equal(names.length, 1, names.join(' | '));
  assert.match(names[0], /^Emma Employee/);
  assert.equal(await page.getByText(emma.user).count(), 0, 'the person shows by name, not by key');
  // Nothing is saved until Save: an untouched prefilled form leaves without a question.
  assert.equal(await page.getByText('Unsaved changes').count(), 0);

  await page.locator('#root_action').selectOption({ label: 'Note: moves no hours' });
  await page.locator('#root_type').selectOption({ label: 'Manual adjustment' });
  await page.locator('#root_effective_date').fill('2027-02-01');
  await page.locator('#root_note').fill('Opened from her PTO page');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('.notices').getByText('Saved.', { exact: true }).waitFor();
  await page.waitForURL((u) => /^\/time\/pto_register\/(edit|view)\//.test(u.pathname));
  const key = new URL(page.url()).pathname.split('/').pop()!;
  const saved = await w.call('GET', `/time/api/data/pto_register/${key}`, { org: w.org, token: admin.token });
  assert.equal(saved.status, 200, saved.text);
  assert.equal(saved.body.data.user_id, emma.user);
});

it('a link sets only the fields the viewer may set on create, with values they can hold', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  const query = new URLSearchParams({
    action: 'debit',
    note: 'Typed by a link',
    hours: 'eight', // not a number
    type: 'bonus', // not one of its choices
    request_id: randomUUID(), // the server's to set: read-only
    created_by: emma.user, // server-owned: not on the create form
    balance: '5',
    nonsense: 'x', // no such field
  });
  query.append('plan_id', randomUUID());
  query.append('plan_id', randomUUID()); // said twice: ignored
  await page.goto(`/time/pto_register/create?${query}`);
  await page.getByRole('heading', { level: 1, name: 'New PTO Register Entry' }).waitFor();
  assert.equal(await picked(page, 'action'), 'Debit: takes hours');
  assert.equal(await page.locator('#root_note').inputValue(), 'Typed by a link');
  assert.equal(await page.locator('#root_balance').inputValue(), '5');
  assert.equal(await page.locator('#root_hours').inputValue(), '');
  assert.equal(await picked(page, 'type'), '');
  assert.equal(await picked(page, 'plan_id'), '');
  assert.equal(await page.locator('#root_request_id').inputValue(), '');
  assert.equal(await page.locator('#root_created_by').count(), 0);
  assert.equal(await page.locator('.user-select__chosen').count(), 0, 'no person chosen');
});

it("an employee's own request stays hers whoever a link names", async () => {
  const carla = await w.apiLogin('carla');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/time/pto_request/create?user_id=${carla.user}&hours=8`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(await page.getByLabel('Hours*').inputValue(), '8');
  assert.equal(await page.getByText('Carla').count(), 0, 'Carla is named nowhere');
  assert.equal(
    await page.getByRole('heading', { level: 1 }).innerText(),
    'New PTO Request',
    'the heading names no one else',
  );
});

it('the server still decides: a person who is no user of the company is refused at the field', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto(`/time/pto_register/create?user_id=${randomUUID()}&action=annotation&type=manual_adjustment`);
  await page.locator('#root_effective_date').fill('2027-02-01');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('.form__summary').getByText('Must be a user of this company.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/time/pto_register/create');
});
