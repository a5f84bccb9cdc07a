/**
 * The documents page (/documents) with more company documents than it shows (docs/screens.md "Long
 * choices"): it read the first 200 in no order and said nothing of the rest, so a document HR had
 * published could be missing from the page with no way to it. Now the page shows the first 200 in
 * the list's order, says how many there are, and leads to the list screen, which pages through all.
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;
const DOCS = 210;

beforeAll(async () => {
  w = await startWorld();
  const admin = await w.apiLogin('admin');
  for (let i = 0; i < DOCS; i += 15) {
    await Promise.all(
      Array.from({ length: Math.min(15, DOCS - i) }, async (_, j) => {
        const made = await w.call('POST', '/hr/api/data/documents/', {
          org: w.org,
          token: admin.token,
          body: {
            display_name: `Policy ${String(i + j).padStart(3, '0')}`,
            view_type: 'link',
            url: 'https://example.com/p',
          },
        });
        assert.equal(made.status, 201, made.text);
      }),
    );
  }
}, 120_000);
afterAll(async () => {
  await w?.close();
});

it('HR with 210 company documents: the page says it shows 200 of them, in name order, and leads to all', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto('/documents');
  const section = page.getByRole('region', { name: 'Company documents' });
  await section.getByRole('row', { name: /Policy 000/ }).waitFor();
  const rows = await section.getByRole('row').allInnerTexts();
  assert.equal(rows.length, 1 + 200, 'a heading row and the first 200');
  await section.getByText(/^Showing the first 200 of 2\d\d\./).waitFor();
  await section.getByRole('link', { name: /All \d+ company documents/ }).click();
  await page.waitForURL((u) => u.pathname === '/hr/documents/list');
  await page
    .getByText(/of 2\d\d/)
    .first()
    .waitFor();
});

it('Emma with 205 assignments: My documents says it shows 200 of them and leads to all, as the other lists do', async () => {
  const admin = await w.apiLogin('admin');
  const emma = await w.apiLogin('emma');
  const doc = await w.call('POST', '/hr/api/data/documents/', {
    org: w.org,
    token: admin.token,
    body: { display_name: 'Code of conduct', view_type: 'link', url: 'https://example.com/c', published: true },
  });
  assert.equal(doc.status, 201, doc.text);
  for (let i = 0; i < 205; i += 15) {
    await Promise.all(
      Array.from({ length: Math.min(15, 205 - i) }, async () => {
        const made = await w.call('POST', '/hr/api/data/assignments/', {
          org: w.org,
          token: admin.token,
          body: { user_ids: [emma.user], document_id: doc.body.key },
        });
        assert.equal(made.status, 201, made.text);
      }),
    );
  }
  const { page } = await w.page({ mobile: true });
  await w.signIn(page, 'emma');
  await page.goto('/mydocuments');
  const section = page.getByRole('region', { name: 'To read and acknowledge' });
  await section
    .getByRole('row', { name: /Code of conduct/ })
    .first()
    .waitFor();
  assert.equal((await section.getByRole('row').allInnerTexts()).length, 1 + 200);
  await section.getByText(/^Showing the first 200 of 205\./).waitFor();
  await section.getByRole('link', { name: 'All 205 to read and acknowledge' }).click();
  await page.waitForURL((u) => u.pathname === '/hr/assignments/list');
}, 120_000);
