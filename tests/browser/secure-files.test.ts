/**
 * Secure file transfer through the screens (docs/files.md "Screens"): the company admin sends Emma a
 * file securely from Secure file transfer (New, the recipient chosen by name); Emma finds the page
 * in her menu and downloads the file; Carla, a colleague, sees nothing of it. Before, an employee had
 * no link to the page, and New was not offered for secure files. An employee, who may not search the
 * company's people (docs/directory.md), sends HR a file: New offers her, by name, those who manage HR
 * documents or secure file transfer, and no one else (docs/files.md "Sending HR a secure file").
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

it('the admin sends Emma a file securely; Emma finds it from her menu and downloads it; Carla sees nothing', async () => {
  const { page: admin } = await w.page();
  await w.signIn(admin, 'admin');
  await admin.goto('/secure_file_transfer');
  await admin.getByRole('region', { name: 'Secure files' }).getByRole('link', { name: 'New' }).click();
  await admin.waitForURL(/\/hr\/secure_files\/create\?/);
  await admin.getByPlaceholder('Search by name or e-mail').fill('Emma');
  await admin.getByRole('option', { name: /^Emma / }).click();
  // The sender is the one sending, filled in (and theirs to change).
  assert.equal(await admin.locator('#root_sender_name').inputValue(), 'Alice Admin');
  assert.equal(await admin.locator('#root_email').inputValue(), 'admin@acme.example');
  await admin.locator('#root_message').fill('Your signed offer letter.');
  // The file's name is the upload's: nothing to type before there is a file.
  assert.equal(await admin.locator('#root_filename').count(), 0);
  // Chosen before the record exists, the file goes up once Save has stored it.
  await admin.locator('input[type=file]').setInputFiles({
    name: 'offer.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 offer'),
  });
  await admin.getByText(/attached when you save/).waitFor();
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await admin.waitForURL(/\/hr\/secure_files\/edit\//);
  await admin.getByRole('button', { name: 'Download' }).waitFor();

  const { page: emma } = await w.page();
  await w.signIn(emma, 'emma');
  await emma.getByRole('link', { name: 'Secure file transfer' }).click();
  await emma.waitForURL('**/secure_file_transfer');
  const row = emma.getByRole('row', { name: /offer\.pdf/ });
  await row.waitFor();
  // Who sent it and to whom, by name (the list had a status column a secure file does not have).
  await row.getByRole('cell', { name: 'Emma Employee', exact: true }).waitFor();
  const cells = await row.getByRole('cell').allInnerTexts();
  assert.ok(cells.includes('Alice Admin') && cells.includes('Emma Employee'), cells.join(' | '));
  await row.getByRole('link').first().click();
  const [download] = await Promise.all([
    emma.waitForEvent('download'),
    emma.getByRole('button', { name: 'Download' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'offer.pdf');

  const { page: carla } = await w.page();
  await w.signIn(carla, 'carla');
  await carla.getByRole('link', { name: 'Secure file transfer' }).click();
  await carla.getByText('Nothing here yet.').waitFor();
});

it('Emma sends HR a file securely: New offers her the HR people by name, and no one else', async () => {
  const { page: emma } = await w.page();
  await w.signIn(emma, 'emma');
  await emma.goto('/secure_file_transfer');
  await emma.getByRole('region', { name: 'Secure files' }).getByRole('link', { name: 'New' }).click();
  await emma.waitForURL(/\/hr\/secure_files\/create\?/);
  // Offered before she types: the company admin (who manages HR documents), by name only.
  const offered = emma.getByRole('listbox', { name: /Recipient: matching users/ }).getByRole('option');
  await offered.first().waitFor();
  assert.deepEqual(await offered.allInnerTexts(), ['Alice Admin']);
  // A colleague is not found.
  const box = emma.getByRole('combobox', { name: /Recipient: search users/ });
  await box.fill('Carla');
  await emma.getByText('No matching users.').waitFor();
  await box.fill('');
  await offered.first().waitFor();
  await emma.getByRole('option', { name: 'Alice Admin' }).click();
  assert.equal(await emma.locator('#root_sender_name').inputValue(), 'Emma Employee');
  assert.equal(await emma.locator('#root_email').inputValue(), 'emma@acme.example');
  await emma.getByRole('button', { name: 'Save', exact: true }).click();
  await emma.waitForURL(/\/hr\/secure_files\/edit\//);
  await emma.locator('input[type=file]').setInputFiles({
    name: 'direct-deposit.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4 voided cheque'),
  });
  await emma.getByRole('button', { name: 'Download' }).waitFor();
  await w.screenshot(emma, 'secure-file-to-hr');

  const { page: admin } = await w.page();
  await w.signIn(admin, 'admin');
  await admin.goto('/secure_file_transfer');
  await admin.getByRole('row', { name: /direct-deposit\.pdf/ }).waitFor();
});

it('a /secure_file/{email} link opens a secure file to that person, after sign-in; an address she may not send to is said so', async () => {
  const { page: emma } = await w.page();
  // Signed out: sign-in first, then the link's page.
  await emma.goto('/secure_file/admin@acme.example');
  await emma.waitForURL(/\/login\?redirect=/);
  await emma.getByLabel('E-mail').fill('emma@acme.example');
  await emma.getByLabel('Password').fill('demo-employee-pass');
  await emma.getByRole('button', { name: 'Sign in' }).click();
  await emma.waitForURL(/\/hr\/secure_files\/create\?/);
  await emma.getByRole('heading', { name: 'New Secure File' }).waitFor();
  // HR's admin chosen as the recipient, Emma as the sender.
  await emma.getByText('Alice Admin', { exact: true }).first().waitFor();
  assert.equal(await emma.locator('#root_sender_name').inputValue(), 'Emma Employee');
  assert.equal(await emma.locator('#root_email').inputValue(), 'emma@acme.example');
  await emma.locator('#root_message').fill('My voided cheque.');
  await emma.getByRole('button', { name: 'Save', exact: true }).click();
  await emma.waitForURL(/\/hr\/secure_files\/edit\//);
  const saved = await emma.evaluate(
    async (path) => {
      const auth = localStorage.getItem('dform.auth_token')!;
      const org = JSON.parse(localStorage.getItem('dform.session')!).organization_id;
      const r = await fetch(path, { headers: { auth_token: auth, 'organization-id': org } });
      return (await r.json()).data;
    },
    `/hr/api/data/secure_files/${emma.url().split('/').pop()}`,
  );
  assert.equal(saved.sender_name, 'Emma Employee');
  assert.equal(saved.message, 'My voided cheque.');

  // A colleague's address: not someone she may send a secure file to; the form is offered instead.
  await emma.goto('/secure_file/carla@acme.example');
  await emma.getByRole('heading', { name: 'Send a secure file' }).waitFor();
  await emma.getByText('No one you may send a secure file to has the address carla@acme.example.').waitFor();
  // Not an address, or longer than any: said the same, nothing asked of the server, nothing off the page.
  const asked: string[] = [];
  emma.on('request', (r) => r.url().includes('/search_people') && asked.push(r.url()));
  for (const odd of ['%3Cscript%3E', `${'a'.repeat(300)}@acme.example`]) {
    await emma.goto(`/secure_file/${odd}`);
    await emma.getByText(`has the address ${decodeURIComponent(odd)}.`).waitFor();
    assert.ok(await emma.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  }
  assert.deepEqual(asked, []);
  await emma.getByRole('link', { name: 'New secure file' }).click();
  await emma.waitForURL(/\/hr\/secure_files\/create\?/);
  assert.equal(await emma.locator('#root_sender_name').inputValue(), 'Emma Employee');

  // The admin, who may choose anyone, sends to Carla by her link.
  const { page: admin } = await w.page();
  await w.signIn(admin, 'admin');
  await admin.goto('/secure_file/Carla@Acme.Example');
  await admin.waitForURL(/\/hr\/secure_files\/create\?/);
  await admin
    .getByText(/^Carla /)
    .first()
    .waitFor();
  assert.equal(await admin.locator('#root_sender_name').inputValue(), 'Alice Admin');
});
