/**
 * The payroll reports page as its users meet it (spec/000 sections 2 and 4, spec/001 section 2,
 * docs/reports.md): the demo payroll manager runs "New hires" over hires this test made through
 * the API, sees the rows and the total, narrows the range and sees fewer, is refused a From after
 * the To at the field, and downloads a CSV that a spreadsheet opens safely; a person holding the
 * reports permission lands on the page and is offered only the reports of the records they may
 * list; an employee cannot open it; another company's hires never appear. Needs `npm run build:web`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { sudoInto } from '../helpers/demo.ts';
import { startWorld, type World } from './browser.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';

let w: World;
/** A tag in this run's hires' names, so they are told apart from the demo's. */
const TAG = `Rpt${randomUUID().slice(0, 6)}`;
const FORMULA_TITLE = '=HYPERLINK("http://example.com/x","Open")';
/** The hires' days, all in 2015 (the demo company has no hire that year: checked first). */
const HIRES = [
  { first: 'Ada', last: `${TAG}Alpha`, day: '2015-02-10', title: 'Payroll clerk' },
  { first: 'Ben', last: `${TAG}Bravo`, day: '2015-05-20', title: FORMULA_TITLE },
  { first: 'Cy', last: `${TAG}Charlie`, day: '2015-09-01', title: 'Bookkeeper' },
];
const OUTSIDER = `${TAG}Outsider`;
const epoch = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** A user of the demo company who is no employee, holding `permissions`; answers the e-mail and password. */
async function makeUser(admin: { token: string }, name: string, permissions: string[]) {
  const email = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@acme.example`;
  const password = 'reports-pass-1234';
  const u = await w.call('POST', '/auth/api/data/users/', {
    org: w.org,
    token: admin.token,
    body: { email, display_name: name, status: 'active', permissions, is_employee: false },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    org: w.org,
    token: admin.token,
    body: { user_id: u.body.key, password, password2: password },
  });
  assert.equal(p.status, 200, p.text);
  return { email, password };
}

/** The rows of the results table, each as its cells' text. */
async function resultRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table').locator('tbody tr');
  const out: string[][] = [];
  for (const row of await rows.all()) out.push(await row.locator('td').allInnerTexts());
  return out;
}

async function runRange(page: Page, from: string, to: string) {
  await page.getByLabel('From').fill(from);
  await page.getByLabel('To').fill(to);
  await page.getByRole('button', { name: 'Run' }).click();
}

beforeAll(async () => {
  w = await startWorld();
  const payroll = await w.apiLogin('payroll');
  const in2015 = await w.call('POST', '/payroll/api/data/find/onboarding_user', {
    org: w.org,
    token: payroll.token,
    body: {
      criteria: [
        { field: 'hire_date', is: '>=', value: epoch('2015-01-01') },
        { field: 'hire_date', is: '<=', value: epoch('2015-12-31') },
      ],
    },
  });
  assert.equal(in2015.body.total, 0, 'the demo company has no hire in 2015');
  for (const h of HIRES) {
    const r = await w.call('POST', '/payroll/api/data/onboarding_user/', {
      org: w.org,
      token: payroll.token,
      body: {
        first_name: h.first,
        last_name: h.last,
        email: `${h.last.toLowerCase()}@hires.example`,
        title: h.title,
        hire_date: epoch(h.day),
      },
    });
    assert.equal(r.status, 201, r.text);
  }

  // Another company with a hire of its own in the same year.
  const root = await w.call('GET', '/auth/api/resolve_org?hostname=localhost');
  const login = await w.call('POST', '/auth/api/login', {
    org: root.body.organization_id,
    body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
  });
  assert.equal(login.status, 200, login.text);
  const staff = { org: root.body.organization_id, token: login.body.token, user: login.body.session.user.key };
  const hostname = `rpt${randomUUID().slice(0, 8)}.localhost`;
  const company = await w.call('POST', '/auth/api/data/organizations/', {
    org: staff.org,
    token: staff.token,
    body: {
      name: 'Other Co',
      hostname,
      admin_email: `admin@${hostname}`,
      active_modules: ['auth', 'payroll'],
      status: 'active',
      parent_organization: staff.org,
    },
  });
  assert.equal(company.status, 201, company.text);
  const other = await sudoInto(w, staff, company.body.key);
  const outsider = await w.call('POST', '/payroll/api/data/onboarding_user/', {
    org: other.org,
    token: other.token,
    body: { first_name: 'Olive', last_name: OUTSIDER, email: 'olive@other.example', hire_date: epoch('2015-03-03') },
  });
  assert.equal(outsider.status, 201, outsider.text);
});

afterAll(async () => {
  await w?.close();
});

describe('a payroll manager runs a report', () => {
  it('shows the hires of the range with the total, fewer for a shorter range, never another company’s', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.getByRole('navigation').getByRole('link', { name: 'Payroll reports' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payroll reports' }).waitFor();
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'New hires' }).click();
    await page.getByRole('heading', { level: 2, name: 'New hires' }).waitFor();
    // The spec's default range: January 1 two years ago to December 31 this year.
    const year = new Date().getFullYear();
    assert.equal(await page.getByLabel('From').inputValue(), `${year - 2}-01-01`);
    assert.equal(await page.getByLabel('To').inputValue(), `${year}-12-31`);

    await runRange(page, '2015-01-01', '2015-12-31');
    await page.getByText('3 rows from 01/01/2015 to 12/31/2015').waitFor();
    // The keyboard is on the results.
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Results');
    const rows = await resultRows(page);
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2], r[4]]),
      HIRES.map((h) => [`${h.day.slice(5, 7)}/${h.day.slice(8)}/2015`, h.last, h.first, h.title]),
    );
    assert.ok(!(await page.content()).includes(OUTSIDER), 'another company’s hire is not shown');
    // The run is in the URL: opened again, it shows the same.
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('report'), 'new_hires');
    assert.equal(url.searchParams.get('from'), '2015-01-01');
    await page.reload();
    await page.getByText('3 rows from 01/01/2015 to 12/31/2015').waitFor();

    await runRange(page, '2015-01-01', '2015-06-30');
    await page.getByText('2 rows from 01/01/2015 to 06/30/2015').waitFor();
    assert.deepEqual(
      (await resultRows(page)).map((r) => r[1]),
      [HIRES[0].last, HIRES[1].last],
    );
    await w.screenshot(page, 'reports');
    // A row opens its record through the column that names it.
    await page.getByRole('table').getByRole('link', { name: HIRES[0].last }).click();
    await page.waitForURL(/\/payroll\/onboarding_user\/view\//);
    await page.getByText(HIRES[0].first, { exact: true }).first().waitFor();
    await page.goBack();
    await page.getByText('2 rows from 01/01/2015 to 06/30/2015').waitFor();
    const found = blocking(await runAxe(page));
    assert.deepEqual(
      found.map((v) => v.id),
      [],
      describeViolations('the reports page with results', found),
    );
  });

  it('refuses a From after the To at the From field', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/reports?report=new_hires');
    await runRange(page, '2016-01-01', '2015-01-01');
    const from = page.getByLabel('From');
    await page.getByText('From must be on or before To.').waitFor();
    assert.equal(await from.getAttribute('aria-invalid'), 'true');
    assert.equal(await from.evaluate((el) => el === document.activeElement), true);
    assert.equal(new URL(page.url()).searchParams.get('from'), null, 'nothing ran');
  });

  it('a page number past the last, edited into the URL, shows the last page and its rows', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/reports?report=new_hires&from=2015-01-01&to=2015-12-31&page=99999999');
    await page.getByText('3 rows from 01/01/2015 to 12/31/2015').waitFor();
    await page.waitForURL((u) => u.searchParams.get('page') === null);
    await page.getByText('1–3 of 3').waitFor();
    // The last page's rows replace the empty page's once they arrive.
    await page.getByRole('table').locator('tbody tr').nth(2).waitFor();
    assert.equal((await resultRows(page)).length, 3);
    assert.equal(await page.getByRole('button', { name: 'Previous' }).isDisabled(), true);
  });

  it('downloads every row as a CSV with a header, its formulas neutralised', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/reports?report=new_hires&from=2015-01-01&to=2015-12-31');
    await page.getByText('3 rows from 01/01/2015 to 12/31/2015').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'new_hires_2015-01-01_2015-12-31.csv');
    const text = await readFile((await download.path())!, 'utf8');
    assert.ok(text.startsWith('\uFEFF'), 'a byte order mark for spreadsheets');
    const lines = text.slice(1).trimEnd().split('\r\n');
    assert.equal(
      lines[0],
      '"Hire date","Last name","First name","E-mail","Job title","Department","Work state","Status"',
    );
    assert.equal(lines.length, 4);
    assert.ok(
      lines[1].startsWith(`"02/10/2015","${HIRES[0].last}","Ada","${HIRES[0].last.toLowerCase()}@hires.example"`),
    );
    assert.ok(
      lines[2].includes(`"'=HYPERLINK(""http://example.com/x"",""Open"")"`),
      `the formula is neutralised: ${lines[2]}`,
    );
    assert.ok(!text.includes(OUTSIDER));
    await page.getByText('Downloaded 3 rows.').waitFor();
  });

  it('W-4s signed: who signed, on which day and edition, in the table and the CSV; a voided signature is not', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/reports?report=w4s_signed&from=2000-01-01&to=2099-12-31');
    // The demo's signed W-4s: Carla's and Sam's; Wes changed his after signing, Emma has not signed one.
    await page.getByText('2 rows from 01/01/2000 to 12/31/2099').waitFor();
    await page.getByRole('table').locator('tbody tr').nth(1).waitFor();
    const rows = await resultRows(page);
    assert.deepEqual(
      rows.map((r) => r.slice(1, 3)),
      [
        ['Carla Complete', '2026'],
        ['Sam Section', '2026'],
      ],
    );
    for (const r of rows) assert.match(r[0], /^\d\d\/\d\d\/\d{4}$/, 'the day signed, as a date');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'w4s_signed_2000-01-01_2099-12-31.csv');
    const lines = (await readFile((await download.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
    assert.equal(
      lines[0],
      '"Date signed","Employee","Form edition","Step 1(c) Filing status","Exempt from federal withholding"',
    );
    assert.equal(lines.length, 3);
    assert.ok(lines[1].startsWith(`"${rows[0][0]}","Carla Complete","2026"`), lines[1]);
    assert.ok(!lines.some((l) => l.includes('Wes')));
  });

  it('reads at 375 px without scrolling sideways', async () => {
    const context = await w.browser.newContext({ baseURL: w.site, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/reports?report=new_hires&from=2015-01-01&to=2015-12-31');
    await page.getByText('3 rows from 01/01/2015 to 12/31/2015').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `the page is ${width} px wide`);
    await context.close();
  });
});

describe('who is offered what', () => {
  it('a person holding the reports permission lands there and is offered only what they may list', async () => {
    const admin = await w.apiLogin('admin');
    const ptoOnly = await makeUser(admin, 'Rita', [
      'PAYROLL:CanUseModule',
      'PAYROLL:CanViewPayrollReports',
      'TIME:CanUseModule',
      'TIME:CanManagePTO',
    ]);
    const { page } = await w.page();
    await signInAs(page, ptoOnly.email, ptoOnly.password);
    await page.waitForURL((u) => u.pathname === '/payroll/reports');
    const offered = page.getByRole('navigation', { name: 'Reports' }).locator('.reports__name');
    await offered.first().waitFor();
    assert.deepEqual(await offered.allInnerTexts(), ['Time off taken', 'PTO enrolments by accrual start']);
    // A report of records they may not list is not run for them, even by its address.
    await page.goto('/payroll/reports?report=new_hires&from=2015-01-01&to=2015-12-31');
    await page.getByRole('alert').filter({ hasText: 'is not one you may run' }).waitFor();
    assert.equal(await page.getByRole('table').count(), 0);
    assert.ok(!(await page.content()).includes(TAG));
  });

  it('with the reports permission alone, none is offered, and the page says so', async () => {
    const admin = await w.apiLogin('admin');
    const bare = await makeUser(admin, 'Rex', ['PAYROLL:CanUseModule', 'PAYROLL:CanViewPayrollReports']);
    const { page } = await w.page();
    await signInAs(page, bare.email, bare.password);
    await page.waitForURL((u) => u.pathname === '/payroll/reports');
    await page.getByText('No reports are open to you.').waitFor();
  });

  it('an employee cannot open the page', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto('/payroll/reports');
    await page.getByText('Not authorized.').waitFor();
    await page.waitForURL((u) => u.pathname !== '/payroll/reports');
    assert.equal(await page.getByRole('heading', { name: 'Payroll reports' }).count(), 0);
  });
});
