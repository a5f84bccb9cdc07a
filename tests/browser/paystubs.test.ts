/**
 * The Paystubs page in a real browser (docs/paystubs.md): Emma opens Paystubs from the menu and
 * reads her statements newest first, opens one's printable statement in a new tab (a PDF through a
 * single-use download key) and reads the page at phone width; Ivan, inactive, lands on his on
 * /inactive/paystubs; while the company blocks paystubs the page says so and the menu offers none;
 * payroll staff list and correct statements on the generic screens the schema gives.
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { startWorld, type World } from './browser.ts';

let w: World;

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w.close();
});

/** The pay dates of the rows shown (MM/DD/YYYY), top to bottom. */
async function payDates(page: Page): Promise<string[]> {
  await page.getByRole('table').waitFor();
  return page.locator('tbody tr th[scope="row"]').allTextContents();
}

const asTime = (us: string) => {
  const [m, d, y] = us.trim().split('/').map(Number);
  return Date.UTC(y, m - 1, d);
};

async function setBlocked(on: boolean): Promise<void> {
  const root = (await w.call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id as string;
  const staff = await w.call('POST', '/auth/api/login', {
    org: root,
    body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
  });
  assert.equal(staff.status, 200, staff.text);
  const r = await w.call('PATCH', `/auth/api/data/organizations/${w.org}`, {
    org: root,
    token: staff.body.token,
    body: { enabled_features: { block_paystubs: on } },
  });
  assert.equal(r.status, 200, r.text);
}

describe('Paystubs', () => {
  it('shows Emma her statements newest first, and opens one as a PDF in a new tab', async () => {
    const { context, page } = await w.page();
    await w.signIn(page, 'emma');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Paystubs' }).click();
    await page.waitForURL((u) => u.pathname === '/paystubs');
    await page.getByRole('heading', { level: 1, name: 'Paystubs' }).waitFor();
    const dates = await payDates(page);
    assert.equal(dates.length, 3, `the demo's three statements: ${dates.join(', ')}`);
    assert.deepEqual(
      dates.map(asTime),
      dates.map(asTime).sort((a, b) => b - a),
      `newest pay date first: ${dates.join(', ')}`,
    );
    const first = page.locator('tbody tr').first();
    assert.match(await first.locator('[data-label="Net pay"]').innerText(), /^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    assert.match(await first.locator('[data-label="Period"]').innerText(), /^\d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/);
    await w.screenshot(page, 'paystubs');
    const violations = blocking(await runAxe(page, '.shell__main'));
    assert.deepEqual(violations, [], describeViolations('paystubs page', violations));

    const pdf = context.waitForEvent(
      'response',
      (r) =>
        /^\/payroll\/api\/forms\/paystubs\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname) &&
        r.request().method() === 'GET',
    );
    const popup = page.waitForEvent('popup');
    // Its accessible name says which statement and that it opens a PDF in a new tab.
    await first.getByRole('button', { name: `Open statement of ${dates[0]} (PDF, new tab)` }).click();
    await popup;
    const response = await pdf;
    assert.equal(response.status(), 200);
    assert.equal(response.headers()['content-type'], 'application/pdf');
    assert.match(new URL(response.url()).search, /^\?download=/, 'a download key, never the token, in the URL');
  });

  it('reads at phone width: no sideways scrolling, each row a labelled card', async () => {
    const { page } = await w.page({ mobile: true });
    await w.signIn(page, 'emma');
    await page.goto('/paystubs');
    await payDates(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
    await w.screenshot(page, 'paystubs-mobile');
    const label = await page
      .locator('tbody tr th[scope="row"]')
      .first()
      .evaluate((el) => getComputedStyle(el, '::before').content);
    assert.equal(label, '"Pay date"');
  });

  it('opens a statement from the generic list of her own (my_paystubs) on its screen, not a Not found', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto('/payroll/my_paystubs/list');
    const first = page.locator('tbody tr a[href*="/view/"]').first();
    await first.waitFor();
    const href = await first.getAttribute('href');
    assert.match(href ?? '', /^\/payroll\/paystubs\/view\//);
    await first.click();
    await page.waitForURL((u) => u.pathname === href);
    await page.getByText('DD-41', { exact: false }).first().waitFor();
    assert.equal(await page.getByText('Could not open this record').count(), 0);
  });

  it('lands Ivan, inactive, on his own statements at /inactive/paystubs', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'ivan');
    await page.waitForURL((u) => u.pathname === '/inactive/paystubs');
    const dates = await payDates(page);
    assert.equal(dates.length, 2, dates.join(', '));
    assert.ok(asTime(dates[0]) > asTime(dates[1]));
  });

  it('says plainly that paystubs are not available while the company blocks them, and offers none', async () => {
    await setBlocked(true);
    try {
      const { page } = await w.page();
      await w.signIn(page, 'emma');
      await page.goto('/paystubs');
      await page.getByText('Paystubs are not available for this company.').waitFor();
      assert.equal(await page.getByRole('table').count(), 0);
      const menu = page.getByRole('navigation', { name: 'Main' });
      await menu.getByRole('link', { name: 'Home' }).waitFor();
      assert.equal(await menu.getByRole('link', { name: 'Paystubs' }).count(), 0);
    } finally {
      await setBlocked(false);
    }
  });
});

describe('payroll staff', () => {
  it('list every statement on /payroll/paystubs/list and correct one on its edit screen', async () => {
    const payroll = await w.apiLogin('payroll');
    const all = await w.call('POST', '/payroll/api/data/find/paystubs', {
      org: w.org,
      token: payroll.token,
      body: { sort: [{ field: 'pay_date', dir: 'desc' }] },
    });
    assert.equal(all.status, 200, all.text);
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/paystubs/list');
    await page.getByRole('heading', { level: 1, name: 'Pay statements' }).waitFor();
    await page.getByRole('columnheader', { name: 'Net pay' }).waitFor();
    assert.ok((await page.locator('tbody tr').count()) >= 5, "Emma's three and Ivan's two");

    const key = all.body.items[0].key as string;
    await page.goto(`/payroll/paystubs/edit/${key}`);
    const number = page.getByLabel('Check or statement number');
    await number.fill('DD-CORRECTED-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectStored(payroll.token, key, 'DD-CORRECTED-1');
  });
});

/** Waits until the statement's number is stored as the screen saved it. */
async function expectStored(token: string, key: string, number: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const r = await w.call('GET', `/payroll/api/data/paystubs/${key}`, { org: w.org, token });
    if (r.body.data?.statement_number === number) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`statement ${key} was not saved with ${number}`);
}
