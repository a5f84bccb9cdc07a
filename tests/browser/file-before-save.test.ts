/**
 * A file chosen on a create screen, before its record exists, is held and uploaded once Save has
 * stored the record (renderers/screens/record/held-files.ts): a person attaches a file as they fill
 * in the rest, not in a second visit. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });

async function newFile(page: Page) {
  await page.goto('/storage/files/create');
  await page.getByRole('heading', { name: 'New File' }).waitFor();
}

async function saveAndOpen(page: Page, token: string) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL('**/storage/files/edit/**');
  const key = page.url().split('/').pop()!;
  const read = async () => (await w.call('GET', `/storage/api/data/files/${key}`, { org: w.org, token })).body;
  return { key, read };
}

it('Emma chooses the file on New File; Save stores the record and uploads it, once, even when she reloads', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await newFile(page);
  await page.locator('input[type=file]').setInputFiles(pdf('tenancy 2027.pdf'));
  await page.getByText('tenancy 2027.pdf').waitFor();
  await page.getByText(/attached when you save/).waitFor();
  await page.getByLabel(/^Notes/).fill('Tenancy agreement');
  const { read } = await saveAndOpen(page, emma.token);
  await page.getByRole('button', { name: 'Download' }).waitFor();
  let record = await read();
  for (let i = 0; i < 50 && !record.data.content; i++) record = await read();
  assert.equal(record.data.content?.name, 'tenancy 2027.pdf');
  assert.equal(record.data.filename, 'tenancy 2027.pdf');
  assert.equal(record.data.mime_type, 'application/pdf');
  assert.equal(record.data.notes, 'Tenancy agreement');
  const { version } = record.meta;
  // The browser keeps a navigation's state across a reload: the file must not go up again.
  await page.reload();
  await page.getByRole('button', { name: 'Download' }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal((await read()).meta.version, version);
  await page.goto('/storage/files/list');
  await page.getByRole('row', { name: /tenancy 2027\.pdf/ }).waitFor();
});

it('a file of a type the field refuses is said at once and not held; a held file removed is not uploaded', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await newFile(page);
  await page.locator('input[type=file]').setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ'),
  });
  await page
    .getByRole('alert')
    .filter({ hasText: 'Files of type application/x-msdownload cannot be attached here.' })
    .waitFor();
  assert.equal(await page.getByText(/attached when you save/).count(), 0);
  await page.locator('input[type=file]').setInputFiles(pdf('draft.pdf'));
  await page.getByText(/attached when you save/).waitFor();
  await page.getByRole('button', { name: 'Remove' }).click();
  assert.equal(await page.getByText(/attached when you save/).count(), 0);
  await page.getByLabel(/^Notes/).fill('No file after all');
  const { read } = await saveAndOpen(page, emma.token);
  await page.getByText('Drop a file here or').waitFor();
  await page.waitForLoadState('networkidle');
  const record = await read();
  assert.equal(record.data.notes, 'No file after all');
  assert.equal(record.data.content, undefined);
});

it('a save refused keeps the file held: the next Save uploads it', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await newFile(page);
  await page.locator('input[type=file]').setInputFiles(pdf('kept.pdf'));
  // Notes past their 4,000 characters: refused by the form, nothing stored.
  await page.getByLabel(/^Notes/).fill('x'.repeat(4001));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByText(/at most 4000|4,000/)
    .first()
    .waitFor();
  assert.ok(page.url().endsWith('/storage/files/create'));
  await page.getByText(/attached when you save/).waitFor();
  await page.getByLabel(/^Notes/).fill('Short now');
  const { read } = await saveAndOpen(page, emma.token);
  await page.getByRole('button', { name: 'Download' }).waitFor();
  let record = await read();
  for (let i = 0; i < 50 && !record.data.content; i++) record = await read();
  assert.equal(record.data.content?.name, 'kept.pdf');
});

it('a file chosen just as Save turns the screen into the edit screen is uploaded, not lost', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await newFile(page);
  await page.getByLabel(/^Notes/).fill('Chosen late');
  // The create screen's own file input, taken before Save: the file reaches it as the screen changes.
  const createInput = await page.locator('input[type=file]').elementHandle();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await createInput!.setInputFiles(pdf('late.pdf'));
  await page.waitForURL('**/storage/files/edit/**');
  await page.getByRole('button', { name: 'Download' }).waitFor();
  const key = page.url().split('/').pop()!;
  const record = (await w.call('GET', `/storage/api/data/files/${key}`, { org: w.org, token: emma.token })).body;
  assert.equal(record.data.content?.name, 'late.pdf');
});

it('a file chosen and not saved yet is unsaved work: leaving asks first, and Stay keeps it', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await newFile(page);
  await page.locator('input[type=file]').setInputFiles(pdf('unsaved.pdf'));
  await page.getByText(/attached when you save/).waitFor();
  await page.getByRole('link', { name: 'All files' }).click();
  const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await question.waitFor();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  assert.ok(page.url().endsWith('/storage/files/create'));
  await page.getByText('unsaved.pdf').waitFor();
});
