/**
 * An employee asks to share one of her documents with colleagues (hr/share_request): she chooses the
 * document by its name among her own, and whom to share with among those offered (her managers and
 * HR), by name; the list of requests and the
 * request's view name the document, not its key. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { saveForm, startWorld, type World } from './browser.ts';

let w: World;
let document = '';

beforeAll(async () => {
  w = await startWorld();
  const admin = await w.apiLogin('admin');
  const emma = await w.apiLogin('emma');
  const made = await w.call('POST', '/hr/api/data/employee_documents/', {
    org: w.org,
    token: admin.token,
    body: { employee_id: emma.user, display_name: 'Driver licence', filename: 'licence.pdf' },
  });
  assert.equal(made.status, 201, made.text);
  document = made.body.key;
});
afterAll(async () => {
  await w?.close();
});

it('she chooses her document by its name, and the request names it', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/hr/share_request/create');
  const choice = page.getByLabel(/^Document\*?$/);
  await choice.locator('option', { hasText: 'Driver licence' }).waitFor({ state: 'attached' });
  await choice.selectOption({ label: 'Driver licence' });
  // One kind of document only: nothing to choose, so not asked.
  assert.equal(await page.getByLabel(/^Document kind/).count(), 0);
  // Her managers and HR are offered by name, before anything is typed (she may not search everyone).
  await page.getByPlaceholder('Search by name or e-mail').click();
  await page.getByRole('option', { name: /^Alice Admin/ }).click();
  await saveForm(page);
  const key = new URL(page.url()).pathname.split('/').pop()!;
  const stored = await w.call('GET', `/hr/api/data/share_request/${key}`, {
    org: w.org,
    token: (await w.apiLogin('emma')).token,
  });
  assert.equal(stored.status, 200, stored.text);
  assert.equal(stored.body.data.document_id, document);
  assert.equal(stored.body.data.document_type, 'employee_documents');

  await page.goto('/hr/share_request/list');
  const main = page.locator('main');
  await main.locator('table').getByText('Driver licence').first().waitFor();
  assert.doesNotMatch(await main.locator('table').innerText(), new RegExp(document));
});
