/**
 * A record an employee may create only as her own starts as hers: its owner field (x-owner) is
 * filled with her, so she is not asked to pick herself from a directory she may not read. Someone
 * who may create anyone's still chooses. Needs `npm run build:web` first.
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

it('an employee’s new document is hers without choosing; HR chooses whose', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/hr/employee_documents/create');
  await page.getByRole('heading', { level: 1 }).waitFor();
  // Hers, shown by name, and not hers to take off.
  await page.locator('#root_employee_id.user-select__readonly', { hasText: 'Emma Employee' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Remove Emma Employee' }).count(), 0);
  await page.getByLabel('Display name').fill('Lease');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/hr\/employee_documents\/edit\/[0-9a-f-]{36}$/);
  const key = new URL(page.url()).pathname.split('/').pop()!;
  const saved = await w.call('GET', `/hr/api/data/employee_documents/${key}`, { org: w.org, token: emma.token });
  assert.equal(saved.body.data.employee_id, emma.user);

  const hr = (await w.page()).page;
  await w.signIn(hr, 'admin');
  await hr.goto('/hr/employee_documents/create');
  await hr
    .getByRole('combobox', { name: /search users/ })
    .first()
    .waitFor();
  assert.equal(await hr.getByRole('button', { name: /^Remove / }).count(), 0, 'HR picks the employee');
});
