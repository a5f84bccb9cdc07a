/**
 * A file shared with someone (docs/files.md "Sharing a stored file") is in their files list and
 * opens for reading, but no screen offers them its Edit or Delete: the server refuses both (403),
 * and before, the list and the record offered them. Its owner keeps both. Needs
 * `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, uploadPdf, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it('a file shared with Carla: she reads it, and is offered no Edit or Delete; Emma, its owner, is', async () => {
  const emma = await w.apiLogin('emma');
  const carla = await w.apiLogin('carla');
  const made = await w.call('POST', '/storage/api/data/files/', {
    org: w.org,
    token: emma.token,
    body: { owner_id: emma.user, filename: 'shared-plan.txt', module: 'hr' },
  });
  assert.equal(made.status, 201, made.text);
  const key = made.body.key as string;
  const shared = await w.call('POST', '/storage/api/data/shares/', {
    org: w.org,
    token: emma.token,
    body: { file_key: key, shared_to_users: [carla.user] },
  });
  assert.equal(shared.status, 201, shared.text);

  const { page } = await w.page();
  await w.signIn(page, 'carla');
  // Her menu leads to it: her files, with those shared with her.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My files' }).click();
  await page.waitForURL('**/storage/files/list');
  const row = page.getByRole('row', { name: /shared-plan\.txt/ });
  await row.waitFor();
  assert.equal(await row.getByRole('link', { name: /^Edit/ }).count(), 0, 'no Edit in her list');

  await page.goto(`/storage/files/view/${key}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByText('shared-plan.txt').first().waitFor();
  assert.equal(await page.getByRole('link', { name: 'Edit', exact: true }).count(), 0, 'no Edit on the record');
  assert.equal(await page.getByRole('button', { name: /^Delete/ }).count(), 0, 'no Delete on the record');
  // Whom else it is shared with is not hers to know.
  assert.equal(await page.getByText('Shared with', { exact: true }).count(), 0, 'no "Shared with" for her');

  // At its edit address it is shown as read: nothing to save.
  await page.goto(`/storage/files/edit/${key}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByText('shared-plan.txt').first().waitFor();
  assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0, 'no Save');

  const own = (await w.page()).page;
  await w.signIn(own, 'emma');
  await own.goto('/storage/files/list');
  const mine = own.getByRole('row', { name: /shared-plan\.txt/ });
  await mine.waitFor();
  assert.equal(await mine.getByRole('link', { name: /^Edit/ }).count(), 1, 'her own: Edit');
  await own.goto(`/storage/files/view/${key}`);
  await own.getByRole('link', { name: 'Edit', exact: true }).waitFor();
  await own.getByRole('button', { name: /^Delete/ }).waitFor();
  // Its owner sees whom she shares it with.
  await own.getByText('Shared with', { exact: true }).waitFor();
  await own.getByText('Carla Complete').first().waitFor();
});

it('Emma shares her file with the company through the screens: she picks it by name, and Carla finds it', async () => {
  const emma = await w.apiLogin('emma');
  const name = `handbook-${Date.now()}.txt`;
  const made = await w.call('POST', '/storage/api/data/files/', {
    org: w.org,
    token: emma.token,
    body: { owner_id: emma.user, filename: name, module: 'hr' },
  });
  assert.equal(made.status, 201, made.text);
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shares' }).click();
  await page.getByRole('link', { name: /New share/i }).click();
  // The list's own File filter is labelled alike, and the list may still be on the page a moment
  // after the address changed: the choice is made in the record's form.
  await page.waitForURL((u) => u.pathname === '/storage/shares/create');
  const form = page.locator('form.form');
  // The file is chosen among hers by its name, not typed as a key.
  await form.getByLabel(/^File/).selectOption({ label: name });
  // She may not search the company's people: the picker says so, and where to go instead.
  await form.getByRole('combobox', { name: /search users/ }).fill('Carla');
  await form
    .getByText(/You may not search the company.s people\. Share it with a file group, or with everyone/)
    .waitFor();
  await form.getByRole('combobox', { name: /search users/ }).fill('');
  await form.getByLabel('Public').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/storage\/shares\/edit\/[0-9a-f-]{36}$/);

  const carla = (await w.page()).page;
  await w.signIn(carla, 'carla');
  await carla.goto('/storage/files/list');
  await carla.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) }).waitFor();
});

it('Emma stores a file from My files without typing its name: the upload names it, and the list shows its name, type and size', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/storage/files/create');
  await page.getByRole('heading', { name: 'New File' }).waitFor();
  // Nothing to type about a file not there yet.
  for (const label of [/^File name/, /^Type/, /^Size/]) assert.equal(await page.getByLabel(label).count(), 0);
  await page.getByLabel(/^Notes/).fill('Lease for the new flat');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL('**/storage/files/edit/**');
  const edit = page.url();
  // Saved, still no file: no empty boxes for its name, type and size, here or on its view.
  await page.getByText('Drop a file here or').waitFor();
  for (const label of [/^File name/, /^Type/, /^Size/]) assert.equal(await page.getByLabel(label).count(), 0);
  await page.goto(edit.replace('/edit/', '/view/'));
  await page.getByRole('heading', { level: 1, name: 'File', exact: true }).waitFor();
  assert.equal(await page.getByText('File name', { exact: true }).count(), 0);
  await page.goto(edit);
  const name = await uploadPdf(page, 'lease 2027.pdf');
  assert.ok(!(await name.isEditable()), 'the upload’s, not typed');
  await page.goto(edit.replace('/edit/', '/view/'));
  await page.getByText('application/pdf').waitFor();
  await page.goto('/storage/files/list');
  const row = page.getByRole('row', { name: /lease 2027\.pdf/ });
  await row.waitFor();
  const cells = await row.getByRole('cell').allInnerTexts();
  assert.ok(cells.includes('application/pdf'), cells.join(' | '));
  assert.ok(cells.includes('15'), cells.join(' | '));
});
