/**
 * An employee asks for time off on the generic PTO screen as a person would: the request is hers
 * without choosing herself, and its plan is chosen by name among the company's active plans, not
 * typed as a 36-character id. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { sudoInto } from '../helpers/demo.ts';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it('an employee asks for time off on a plan she chooses by name', async () => {
  // The demo company uses PTO: Emma is in its Vacation and Sick leave plans. Product staff add a
  // plan no longer offered.
  const root = await w.call('GET', '/auth/api/resolve_org?hostname=localhost');
  const login = await w.call('POST', '/auth/api/login', {
    org: root.body.organization_id,
    body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
  });
  assert.equal(login.status, 200, login.text);
  const staff = { org: root.body.organization_id, token: login.body.token, user: login.body.session.user.key };
  const inside = await sudoInto(w, staff, w.org);
  const old = await w.call('POST', '/time/api/data/pto_plan/', {
    org: w.org,
    token: inside.token,
    body: { name: 'Old sick leave', plan_type: 'Sick', calc_period: 'payroll', status: 'inactive' },
  });
  assert.equal(old.status, 201, old.text);
  const emma = await w.apiLogin('emma');
  const plans = await w.call('POST', '/time/api/data/find/pto_plan', {
    org: w.org,
    token: emma.token,
    body: { criteria: [{ field: 'name', is: '=', value: 'Vacation' }] },
  });
  const vacation = plans.body.items[0].key as string;

  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/time/pto_request/create');
  await page.getByRole('heading', { level: 1 }).waitFor();
  // Hers, shown by name, and not hers to take off.
  await page.locator('#root_user_id.user-select__readonly', { hasText: 'Emma Employee' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Remove Emma Employee' }).count(), 0);
  const choice = page.getByLabel('Plan*');
  await page.waitForFunction(() => document.querySelectorAll('#root_plan_id option').length > 1);
  const offered = await choice.locator('option').allInnerTexts();
  assert.deepEqual(offered.sort(), ['Choose…', 'Sick leave', 'Vacation'], 'the active plans by name');
  await choice.selectOption({ label: 'Vacation' });
  await page.locator('#root_start_date').fill('2027-03-01');
  await page.locator('#root_end_date').fill('2027-03-02');
  await page.getByLabel('Hours*').fill('16');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/time\/pto_request\/edit\/[0-9a-f-]{36}$/);
  const key = new URL(page.url()).pathname.split('/').pop()!;
  const saved = await w.call('GET', `/time/api/data/pto_request/${key}`, { org: w.org, token: emma.token });
  assert.equal(saved.body.data.user_id, emma.user);
  assert.equal(saved.body.data.plan_id, vacation);
  assert.equal(saved.body.data.status, 'requested');
  // Drawn again from the record, the plan reads by its name.
  await page.reload();
  // Loading, then the plan by its name.
  await page.waitForFunction(() => document.querySelector('#root_plan_id option:checked')?.textContent === 'Vacation');
  // Read, the request names its plan, not its key.
  await page.goto(`/time/pto_request/view/${key}`);
  await page.getByText('Vacation', { exact: true }).waitFor();
  assert.equal(await page.getByText(vacation).count(), 0, 'no plan key on the page');
});
