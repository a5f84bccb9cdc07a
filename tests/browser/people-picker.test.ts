/**
 * A manager whose only right is in HR asks an employee for a document: the Employee picker finds the
 * employee by name (docs/directory.md, "Searching people"), though she may list neither the accounts
 * nor the payroll records. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;
const hr = { email: 'hana.hr@acme.example', password: 'hana-hr-pass-1' };

beforeAll(async () => {
  w = await startWorld();
  const admin = await w.apiLogin('admin');
  const as = { org: w.org, token: admin.token };
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as,
    body: {
      email: hr.email,
      display_name: 'Hana HR',
      status: 'active',
      permissions: ['HR:CanUseModule', 'HR:CanManageModule'],
      is_employee: false,
    },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as,
    body: { user_id: u.body.key, password: hr.password, password2: hr.password },
  });
  assert.equal(p.status, 200, p.text);
});

afterAll(async () => {
  await w?.close();
});

it('an HR manager finds the employee by name when she requests a document of her', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(hr.email);
  await page.getByLabel('Password').fill(hr.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/hr/employee_documents/create');
  const search = page.getByRole('combobox', { name: /^Employee.*search users/ });
  await search.fill('emma');
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /Emma Employee/ })
    .waitFor();
  assert.equal(await page.getByText('You may not search the company’s people.').count(), 0);
  await search.press('Enter');
  await page.getByLabel(/^Display name/).fill('Signed offer letter');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/hr\/employee_documents\/edit\/[0-9a-f-]{36}$/);
  const key = new URL(page.url()).pathname.split('/').pop();
  const stored = await w.call('GET', `/hr/api/data/employee_documents/${key}`, {
    org: w.org,
    token: emma.token,
  });
  assert.equal(stored.status, 200, stored.text);
  assert.equal(stored.body.data.employee_id, emma.user, 'the request is Emma’s, and she reads it');
});

it('an HR manager who may not list the accounts is offered New secure file, and finds its recipient', async () => {
  const { page } = await w.page();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(hr.email);
  await page.getByLabel('Password').fill(hr.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/secure_file_transfer');
  await page.getByRole('region', { name: 'Secure files' }).getByRole('link', { name: 'New' }).click();
  const search = page.getByRole('combobox', { name: /search users/ }).first();
  await search.fill('carla');
  await page
    .getByRole('listbox')
    .getByRole('option', { name: /Carla Complete/ })
    .waitFor();
});
