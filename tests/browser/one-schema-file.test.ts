/**
 * The generic screens of an entity that is one schema file and nothing else
 * (tests/fixtures/extra-schemas/hr/training_records.json, loaded through DFORM_EXTRA_SCHEMAS;
 * docs/architecture.md "Adding an entity"): the menu's link, the list, the create form with its
 * messages at the fields, the saved record read masked, at desktop and phone widths; the employee
 * reads her own. Needs `npm run build:web` first.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { afterAll, beforeAll, it } from 'vitest';
import { ROOT } from '../helpers/server.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld({ env: { DFORM_EXTRA_SCHEMAS: path.join(ROOT, 'tests/fixtures/extra-schemas') } });
});
afterAll(async () => {
  await w?.close();
});

it('HR opens Training records from the menu, creates one (the messages at their fields), and reads it masked', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByText('All records', { exact: true }).click();
  await nav.getByRole('link', { name: 'Training records' }).click();
  await page.waitForURL('**/hr/training_records/list');
  await page.getByText('No training records yet.').waitFor();

  await page.getByRole('link', { name: 'New training record' }).click();
  await page.getByRole('heading', { name: 'New Training Record' }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const summary = page.locator('.form__summary');
  await summary.getByText('Employee: Employee is required.').waitFor();
  await summary.getByText('Course name: Course name is required.').waitFor();
  await summary.getByText('Completion date: Completion date is required.').waitFor();
  const found = blocking(await runAxe(page));
  assert.deepEqual(found, [], describeViolations('the create form with its errors', found));

  const employee = page.getByLabel('Employee');
  await employee.fill('Emma');
  await page.getByRole('option', { name: /Emma Employee/ }).click();
  await page.getByLabel('Course name').fill('Forklift safety');
  await page.getByLabel('Completion date').fill('2026-11-02');
  await page.getByLabel('Certificate number').fill('not one!');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await summary
    .getByText('Certificate number: Certificate number must be 4 to 40 letters, digits or dashes.')
    .waitFor();
  await page.getByLabel('Certificate number').fill('FS-2026-12345');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/hr\/training_records\/edit\/[0-9a-f-]{36}$/);
  const key = new URL(page.url()).pathname.split('/').pop()!;
  // The form starts again from the saved record: the number as the server answers it, masked.
  await page.getByText('Saved.', { exact: true }).waitFor();
  await page.waitForFunction(
    () => (document.getElementById('root_certificate_number') as HTMLInputElement | null)?.value === 'xxxxxxx2345',
  );

  await page.goto('/hr/training_records/list');
  const row = page.getByRole('row', { name: /Forklift safety/ });
  await row.getByText('Emma Employee').waitFor();
  await row.getByText('11/02/2026').waitFor();

  const phone = (await w.page({ mobile: true })).page;
  await w.signIn(phone, 'admin');
  await phone.goto(`/hr/training_records/view/${key}`);
  await phone.getByRole('heading', { name: 'Training Record: Emma Employee' }).waitFor();
  await phone.getByText('xxxxxxx2345').waitFor();
  assert.equal(await phone.getByText('FS-2026-12345').count(), 0);
  assert.equal(
    await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    true,
    'nothing wider than the phone',
  );

  // The spec's short address is for the types of its allow-lists only (no x-routes here).
  await phone.goto('/hr/training_records');
  await phone.getByRole('heading', { name: 'Page Not Found' }).waitFor();

  // Emma finds her own under My records (x-my-menu) and reads them in her list, without Edit.
  const emma = (await w.page({ mobile: true })).page;
  await w.signIn(emma, 'emma');
  await emma.getByRole('button', { name: 'Menu' }).click();
  await emma.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Training records' }).click();
  await emma.waitForURL(/\/hr\/training_records\/list$/);
  const hers = emma.getByRole('row', { name: /Forklift safety/ });
  await hers.waitFor();
  assert.equal(await hers.getByRole('link', { name: /^Edit/ }).count(), 0);
  await hers.getByRole('link', { name: 'Forklift safety' }).click();
  await emma.getByText('xxxxxxx2345').waitFor();
});
