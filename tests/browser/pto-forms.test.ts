/**
 * The PTO records' own screens as the PTO manager uses them: plans are chosen by name, never typed as
 * 36-character ids, and a ledger line's action and type read as words. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it('a ledger line is written with the plan chosen by name and its action and type in words', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto('/time/pto_register/create');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('#root_plan_id option').length > 1);
  const plans = await page.locator('#root_plan_id option').allInnerTexts();
  assert.deepEqual(plans.sort(), ['Choose…', 'Sick leave', 'Vacation']);
  const actions = await page.locator('#root_action option').allInnerTexts();
  assert.ok(actions.includes('Credit: adds hours'), actions.join(', '));
  const types = await page.locator('#root_type option').allInnerTexts();
  assert.ok(types.includes('Manual adjustment') && types.includes('Time off taken'), types.join(', '));
  // The request a line comes from is the server's to set.
  assert.equal(
    await page
      .locator('#root_request_id')
      .isEditable()
      .catch(() => false),
    false,
  );
});

it("an employee's enrolment lists her plans by name, read once for all its items", async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  let planReads = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/time/api/data/find/pto_plan')) planReads++;
  });
  await page.goto(`/time/pto_employee/edit/${emma.user}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  // Each item's choice reads as loading until its plans come, then by name.
  await page.waitForFunction(
    () =>
      document.querySelector('#root_plan_ids_0 option:checked')?.textContent === 'Vacation' &&
      document.querySelector('#root_plan_ids_1 option:checked')?.textContent === 'Sick leave',
  );
  assert.equal(await page.getByText(/[0-9a-f]{8}-[0-9a-f]{4}-/).count(), 0, 'no plan key on the page');
  assert.equal(planReads, 1, 'the plans are read once for both items');
});

it("the server's errors go once the fields they were about change: the summary lists what is wrong now", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/time/pto_request/create');
  await page.waitForFunction(() => document.querySelectorAll('#root_plan_id option').length > 1);
  await page.getByLabel('Plan*').selectOption({ label: 'Vacation' });
  await page.locator('#root_start_date').fill('2027-01-08');
  await page.locator('#root_end_date').fill('2027-01-04');
  await page.getByLabel('Hours*').fill('7.125');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const summary = page.locator('.form__summary');
  await summary.getByText('The last day cannot be before the first day.').waitFor();
  assert.equal(await summary.getByText('Hours may have at most 2 decimals.').count(), 1);

  await page.locator('#root_end_date').fill('2027-01-08');
  await page.getByLabel('Hours*').fill('-8');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await summary.getByText('Hours must be more than 0.').waitFor();
  const items = await summary.locator('li').allInnerTexts();
  assert.equal(items.length, 1, items.join(' | '));
});

it('a PTO manager adding an employee to PTO chooses whom; the enrolment is that person’s', async () => {
  const admin = await w.apiLogin('admin');
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto('/time/pto_employee/create');
  await page.getByRole('heading', { level: 1 }).waitFor();
  const search = page.getByRole('combobox', { name: /^Employee.*search users/ });
  await search.fill('sam');
  await page.waitForFunction(() =>
    /Sam Section/.test(document.querySelector('[role=listbox] [role=option]')?.textContent ?? ''),
  );
  await search.press('Enter');
  // The enrolment is Sam's: the screen goes on at his address, a new record until saved.
  await page.waitForURL(/\/time\/pto_employee\/edit\/[0-9a-f-]{36}$/);
  const key = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByText('Sam Section').first().waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).first().waitFor();
  const saved = await w.call('GET', `/time/api/data/pto_employee/${key}`, { org: w.org, token: admin.token });
  assert.equal(saved.status, 200, saved.text);
  assert.notEqual(key, admin.user, 'not the manager’s own');
  const sam = await w.call('GET', `/auth/api/data/users/${key}`, { org: w.org, token: admin.token });
  assert.equal(sam.body.data.email, 'sam@acme.example');
});

it('an employee’s own record of a type keyed by its person does not ask whose', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/payroll/w9/create');
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(await page.getByRole('combobox', { name: /search users/ }).count(), 0);
});

it('the ledger and balance lists name each plan, reading the plans once for the rows and once for the filter, never showing a key', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  let planReads = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/time/api/data/find/pto_plan')) planReads++;
  });
  for (const type of ['pto_register', 'pto_balance']) {
    planReads = 0;
    await page.goto(`/time/${type}/list`);
    await page.locator('table tbody tr').first().waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('table tbody td')].some((td) => td.textContent === 'Sick leave'),
    );
    const cells = await page.locator('table tbody').innerText();
    assert.match(cells, /Vacation/, type);
    assert.doesNotMatch(cells, /[0-9a-f]{8}-[0-9a-f]{4}-/, `${type}: no plan key in the list`);
    // Once for the rows' names, once for the Plan filter's choices: never once a row.
    assert.equal(planReads, 2, `${type}: the plans are read once for every row, once for the filter`);
  }
});
