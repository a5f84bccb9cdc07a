/**
 * A choice of a record among more than a select can hold (docs/screens.md "Long choices"): Emma has
 * 600 files, and the one she shares sorts past the first 500 by name. The share form read only the
 * first 500 and offered no way to the rest; now, when there are more than the form offers at once,
 * a search beside the choice finds the one she names, on the server. A share of such a file shows
 * the file's name, not "A choice no longer offered". Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;
let emma: { token: string; user: string };
const FILES = 600;
/** Sorts after every other file by name: past the first 500. */
const LAST = 'zz-benefits-summary.txt';

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
  const make = async (filename: string) => {
    const made = await w.call('POST', '/storage/api/data/files/', {
      org: w.org,
      token: emma.token,
      body: { owner_id: emma.user, filename, module: 'hr' },
    });
    assert.equal(made.status, 201, made.text);
    return made.body.key as string;
  };
  for (let i = 0; i < FILES - 1; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, FILES - 1 - i) }, (_, j) => make(`doc-${String(i + j).padStart(4, '0')}.txt`)),
    );
  }
  await make(LAST);
}, 120_000);
afterAll(async () => {
  await w?.close();
});

it('among 600 files, Emma finds the one past the first 500 by typing part of its name, and shares it', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/storage/shares/create');
  await page.waitForURL((u) => u.pathname === '/storage/shares/create');
  const choice = page.getByLabel(/^File/).first();
  await choice.waitFor();
  // The choice says it holds only some of them, and offers the search.
  await page.getByText(/Showing the first \d+ of 600: search to find the others\./).waitFor();
  await page.getByRole('searchbox', { name: 'Search File' }).fill('benefits');
  await choice.locator('option', { hasText: LAST }).waitFor({ state: 'attached' });
  await choice.selectOption({ label: LAST });
  await page.getByLabel('Public').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/storage\/shares\/edit\/[0-9a-f-]{36}$/);
  // The saved share names its file.
  await page.getByLabel(/^File/).first().locator('option:checked', { hasText: LAST }).waitFor({ state: 'attached' });
  assert.equal(await page.getByText('A choice no longer offered').count(), 0);
});

it('at 375 px the search and the choice fit the screen', async () => {
  const { page } = await w.page({ mobile: true });
  await w.signIn(page, 'emma');
  await page.goto('/storage/shares/create');
  const search = page.getByRole('searchbox', { name: 'Search File' });
  await search.waitFor();
  const box = await search.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  assert.ok(box && box.x >= 0 && box.x + box.width <= width, `search box ${JSON.stringify(box)} within ${width}px`);
});

it('a share names its file groups by choosing them by name, not by typing their keys', async () => {
  const made = await w.call('POST', '/storage/api/data/fgroups/', {
    org: w.org,
    token: emma.token,
    body: { name: 'Benefits committee' },
  });
  assert.equal(made.status, 201, made.text);
  const group = made.body.key as string;
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/storage/shares/create');
  await page.getByRole('searchbox', { name: 'Search File' }).fill('0001');
  const file = page.getByLabel(/^File/).first();
  await file.locator('option', { hasText: 'doc-0001.txt' }).waitFor({ state: 'attached' });
  await file.selectOption({ label: 'doc-0001.txt' });
  await page.getByRole('group', { name: 'File groups' }).getByRole('button', { name: 'Add Item' }).click();
  const choice = page.locator('select[id^="root_shared_to_groups_"]');
  await choice.locator('option', { hasText: 'Benefits committee' }).waitFor({ state: 'attached' });
  await choice.selectOption({ label: 'Benefits committee' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/storage\/shares\/edit\/[0-9a-f-]{36}$/);
  const key = page.url().split('/').pop() as string;
  const saved = await w.call('GET', `/storage/api/data/shares/${key}`, { org: w.org, token: emma.token });
  assert.deepEqual(saved.body.data.shared_to_groups, [group]);
});

it("the Shares list's File filter finds a share by its file's name (it matched the file's key before)", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/storage/shares/list');
  const bar = page.getByRole('search', { name: /Filter shares/i });
  await bar.getByRole('searchbox', { name: 'Search File' }).fill('benefits');
  const file = bar.getByLabel(/^File/).first();
  await file.locator('option', { hasText: LAST }).waitFor({ state: 'attached' });
  await file.selectOption({ label: LAST });
  await page.waitForURL((u) => u.searchParams.has('f.file_key'));
  await page.getByText('1–1 of 1').waitFor();
  await page.getByRole('row', { name: new RegExp(LAST.replace(/[.-]/g, '\\$&')) }).waitFor();
});
