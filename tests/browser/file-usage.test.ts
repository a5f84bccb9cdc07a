/**
 * The usage line of the documents pages in a real browser (docs/files.md "Quotas"): Emma, 375 px
 * wide, reads how much she has uploaded on My documents, attaches a file on the record's screen, and
 * back on My documents the line says the new figure; the company's figure is the admin's to read,
 * not hers. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { startWorld, type World } from './browser.ts';
import { uniquePdf } from '../helpers/quota-files.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

const pdf = uniquePdf;

it('the line on My documents moves after an upload; only a manager reads the company', async () => {
  const admin = await w.apiLogin('admin');
  const emma = await w.apiLogin('emma');
  const requested = await w.call('POST', '/hr/api/data/employee_documents/', {
    org: w.org,
    token: admin.token,
    body: { employee_id: emma.user, display_name: 'Lease', status: 'requested' },
  });
  assert.equal(requested.status, 201, requested.text);
  const before = await w.call('GET', '/storage/api/file_usage', { org: w.org, token: emma.token });
  assert.equal(before.status, 200, before.text);
  assert.equal(before.body.person.bytes, 0, 'Emma has uploaded nothing yet');

  const { page } = await w.page({ mobile: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await w.signIn(page, 'emma');
  await page.goto('/mydocuments');
  const line = page.getByRole('status').filter({ hasText: 'Your files:' });
  await line.getByText('Your files: 0 bytes of 1 GiB').waitFor();
  assert.doesNotMatch(await line.innerText(), /Acme Demo/, 'no company figure for an employee');

  await page.getByRole('row', { name: /Lease/ }).getByRole('link', { name: 'Lease' }).click();
  await page.getByText('Drop a file here or').waitFor();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: pdf(300 * 1024) });
  await page.getByRole('button', { name: 'Download' }).waitFor();
  await page.goBack();
  await page.waitForURL('**/mydocuments');
  await line.getByText('Your files: 300 KiB of 1 GiB').waitFor();
  // The line fits the narrow screen: nothing is wider than the page.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
  await w.screenshot(page, 'file-usage-375', { fullPage: false });
  const found = blocking(await runAxe(page));
  assert.deepEqual(
    found.map((v) => v.id),
    [],
    describeViolations('My documents with its usage line', found),
  );

  const { page: adminPage } = await w.page();
  await w.signIn(adminPage, 'admin');
  await adminPage.goto('/documents');
  const adminLine = adminPage.getByRole('status').filter({ hasText: 'Your files:' });
  await adminLine.getByText(/^Acme Demo: .+ of 10 GiB$/).waitFor();
});
