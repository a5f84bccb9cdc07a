/**
 * New York's dependent health insurance question (the employer's part of the IT-2104) on the
 * employee's payroll record: shown only where it applies, as the schema's section condition says
 * (x-sections[].x-when: the work state is New York, or the record already holds an answer), on the
 * edit screen as the work state is chosen and on the read-only view. Needs `npm run build:web` first.
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

const SECTION = 'Dependent health insurance';

describe("the employee record's New York section", () => {
  it('is hidden for an employee outside New York and appears once the work state is New York', async () => {
    const admin = await w.apiLogin('admin');
    const carla = await w.apiLogin('carla');
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/payroll/employee/edit/${carla.user}`);
    await page.getByRole('heading', { level: 1, name: /Carla Complete/ }).waitFor();
    const workState = page.getByLabel('Work state');
    await workState.waitFor();
    const legend = page.locator('legend', { hasText: SECTION });
    assert.equal(await legend.count(), 0, 'no New York question for an employee with no New York work state');
    await workState.selectOption({ label: 'Texas' });
    assert.equal(await legend.count(), 0);
    await workState.selectOption({ label: 'New York' });
    await legend.waitFor();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByLabel('Date the employee qualifies for coverage').pressSequentially('03012027');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    const r = await w.call('GET', `/payroll/api/data/employee/${carla.user}`, { org: w.org, token: admin.token });
    assert.equal(r.body.data.work_state, 'NY');
    assert.equal(r.body.data.dependent_health_insurance, 'yes');
    assert.equal(typeof r.body.data.dependent_health_insurance_date, 'number');
  });

  it('shows on the read-only view only where it applies, and wherever an answer is held', async () => {
    const admin = await w.apiLogin('admin');
    const sam = await w.apiLogin('sam');
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    const view = async () => {
      await page.goto(`/payroll/employee/view/${sam.user}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Employment' }).waitFor();
      return page.getByRole('heading', { level: 2, name: SECTION }).count();
    };
    assert.equal(await view(), 0);
    // An answer given while the employee worked in New York stays in sight after a move.
    const patch = (data: Record<string, unknown>) =>
      w.call('PATCH', `/payroll/api/data/employee/${sam.user}`, { org: w.org, token: admin.token, body: data });
    assert.equal((await patch({ work_state: 'NY', dependent_health_insurance: 'no' })).status, 200);
    assert.equal(await view(), 1);
    assert.equal((await patch({ work_state: 'NJ' })).status, 200);
    assert.equal(await view(), 1);
  });
});
