/**
 * A form page asks for its data once, as soon as its first script runs (web/early-data.ts), and the
 * app uses those answers (renderers/api/early-fetch.ts): the page shows the record, and neither the
 * meta nor the record is asked for twice. A browser not signed in asks for nothing before signing in.
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { AUSTIN, fillBasicInfo } from './basic-info.ts';
import { startWorld, type World } from './browser.ts';

let w: World;

beforeAll(async () => {
  w = await startWorld();
});

afterAll(async () => {
  await w?.close();
});

/** The calls answered with an error and the errors the page logs (a failed load is logged so). */
function failedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') failed.push(m.text());
  });
  return failed;
}

/**
 * Holds the app's code back half a second and notes when it was let go and when `path` was first
 * asked for: `early()` says whether the page's first script asked before the app's code could.
 */
async function holdAppCode(page: Page, path: string): Promise<{ early: () => boolean }> {
  let released = 0;
  let asked = 0;
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 500));
    released = Date.now();
    await route.continue();
  });
  page.on('request', (r) => {
    if (r.url().endsWith(path)) asked ||= Date.now();
  });
  return { early: () => asked > 0 && asked < released };
}

/** The API calls the page makes, by path. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.includes('/api/')) calls.push(`${r.method()} ${u.pathname}`);
  });
  return calls;
}

it('opens an edit page with its meta and record asked for once each, before the app code arrived', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  const emma = await w.apiLogin('emma');
  const edit = `/payroll/employee/edit/${emma.user}`;
  const calls = apiCalls(page);
  // The app's code held back: the page's data is asked for before the app's code could ask.
  const meta = await holdAppCode(page, '/payroll/api/data/meta/employee');
  await page.goto(edit);
  const firstName = page.getByLabel('First name').first();
  await firstName.waitFor();
  assert.equal(await firstName.inputValue(), 'Emma');
  const count = (p: string) => calls.filter((c) => c === `GET ${p}`).length;
  assert.equal(count('/payroll/api/data/meta/employee'), 1, calls.join('\n'));
  assert.equal(count(`/payroll/api/data/employee/${emma.user}`), 1, calls.join('\n'));
  assert.equal(count('/auth/api/resolve_org'), 1, calls.join('\n'));
  assert.ok(meta.early(), 'the meta was asked for before the app code arrived');
  // Claimed by the app's start: a first script running late asks for nothing.
  const holder = await page.evaluate(() => String((globalThis as { __dformEarly?: unknown }).__dformEarly));
  assert.equal(holder, 'claimed');
});

it('asks for nothing early when the browser is not signed in', async () => {
  const { page } = await w.page();
  const calls = apiCalls(page);
  await page.goto('/payroll/employee/edit/not-a-key');
  await page.waitForURL((u) => u.pathname.startsWith('/login'));
  assert.deepEqual(
    calls.filter((c) => c.includes('/api/data/')),
    [],
  );
});

it("opens an employee's form not started yet with its record asked for once, nothing logged, and saves it", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  const calls = apiCalls(page);
  const failed = failedCalls(page);
  await page.getByRole('region', { name: 'Your onboarding' }).getByRole('link', { name: 'Start onboarding' }).click();
  await page.getByRole('heading', { level: 1, name: 'New Basic Information' }).waitFor();
  // Her own record is found, not read by key: nothing saved yet is an empty answer, not a 404 the
  // browser logs as an error. Asked for ahead of the screen, that answer is the screen's.
  assert.deepEqual(
    calls.filter((c) => /(data|find)\/my_basic_info/.test(c)),
    ['POST /payroll/api/data/find/my_basic_info'],
  );
  assert.deepEqual(failed, []);
  await fillBasicInfo(page, AUSTIN);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByRole('navigation', { name: 'Onboarding steps' }).getByText('Step 2 of 5').waitFor();
  // Back on the first form at once: the saved record, not the 404 asked for before.
  await page.goBack();
  await page.getByRole('navigation', { name: 'Onboarding steps' }).getByText('Step 1 of 5').waitFor();
  await page.locator('#root_legal_address_city').waitFor();
  assert.equal(await page.locator('#root_legal_address_city').inputValue(), 'Austin');
});

it('opens her own form not started yet by its address with one find, asked for before the app code arrived', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  const emma = await w.apiLogin('emma');
  const calls = apiCalls(page);
  const failed = failedCalls(page);
  const find = await holdAppCode(page, '/payroll/api/data/find/my_w4');
  await page.goto(`/payroll/my_w4/edit/${emma.user}`);
  await page.getByRole('heading', { level: 1, name: /W-4/ }).waitFor();
  await page.getByLabel('Single or Married filing separately').waitFor();
  assert.deepEqual(
    calls.filter((c) => /(data|find)\/my_w4/.test(c)),
    ['POST /payroll/api/data/find/my_w4'],
  );
  assert.ok(find.early(), 'the find was asked for before the app code arrived');
  assert.deepEqual(failed, []);
});
