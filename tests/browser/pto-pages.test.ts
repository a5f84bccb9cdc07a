/**
 * The PTO pages as people use them: an employee sees her balance and asks for time off from her
 * dash, a PTO manager approves it on the managers' dash and sees it on the calendar, and the
 * employee is refused the managers' pages. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { sudoInto } from '../helpers/demo.ts';
import { startWorld, type World } from './browser.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { epochToUs } from '../../engine/masks.ts';

let w: World;
let vacation: string;
let emma: { token: string; user: string };
/** The product staff's session in the root organization. */
let staff: { org: string; token: string; user: string };

/** No serious or critical axe-core violation on the page as it is. */
async function assertAccessible(page: Page, where: string) {
  const found = blocking(await runAxe(page));
  assert.deepEqual(
    found.map((v) => v.id),
    [],
    describeViolations(where, found),
  );
}

/** The balance row of a plan on a dash. */
const planRow = (page: Page, plan: string) =>
  page.getByRole('table', { name: /balance and pending hours per plan/i }).getByRole('row', { name: plan });

/** Its cells after the plan's name. */
async function balanceRow(page: Page, plan: string): Promise<string[]> {
  await planRow(page, plan).waitFor();
  return planRow(page, plan).getByRole('cell').allInnerTexts();
}

beforeAll(async () => {
  w = await startWorld();
  // The demo company uses PTO (server/demo-pto.ts): Emma is in Vacation and Sick leave, with 40 and
  // 24 hours to start and a past 16-hour vacation approved; Carla has a request waiting. The payroll
  // manager is given the management of PTO.
  const root = await w.call('GET', '/auth/api/resolve_org?hostname=localhost');
  const login = await w.call('POST', '/auth/api/login', {
    org: root.body.organization_id,
    body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
  });
  assert.equal(login.status, 200, login.text);
  staff = { org: root.body.organization_id, token: login.body.token, user: login.body.session.user.key };
  const inside = await sudoInto(w, staff, w.org);
  const grant = async (who: 'emma' | 'payroll', extra: string[]) => {
    const s = await w.apiLogin(who);
    const account = await w.call('GET', `/auth/api/data/users/${s.user}`, { org: w.org, token: inside.token });
    const r = await w.call('PATCH', `/auth/api/data/users/${s.user}`, {
      org: w.org,
      token: inside.token,
      body: { permissions: [...account.body.data.permissions, ...extra] },
    });
    assert.equal(r.status, 200, r.text);
    return s;
  };
  emma = await w.apiLogin('emma');
  await grant('payroll', ['TIME:CanUseModule', 'TIME:CanManagePTO']);
  const plans = await w.call('POST', '/time/api/data/find/pto_plan', {
    org: w.org,
    token: emma.token,
    body: { criteria: [{ field: 'name', is: '=', value: 'Vacation' }] },
  });
  assert.equal(plans.body.total, 1, plans.text);
  vacation = plans.body.items[0].key;
});

afterAll(async () => {
  await w?.close();
});

/** The cells of a plan's row on a dash's balances: balance, then hours waiting for a decision. */
const BALANCE = 0;
const PENDING = 1;

it("her dash shows her plan's balance from the ledger", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  // The menu offers her own time off, not the managers' pages.
  await page.getByRole('link', { name: 'My time off' }).click();
  await page.waitForURL('**/pto/employee/dash');
  await page.getByRole('heading', { name: 'My time off', level: 1 }).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Requests to decide' }).count(), 0);
  await planRow(page, 'Vacation').waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('…'));
  // 40 hours to start, less the 16 of her approved vacation.
  assert.equal((await balanceRow(page, 'Vacation'))[BALANCE], '24 hours');
  assert.deepEqual(await balanceRow(page, 'Sick leave'), ['24 hours', '0 hours']);
});

let requestKey: string;

it('she asks for time off from her dash and sees the hours waiting for a decision', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/pto/employee/dash');
  await page.getByRole('link', { name: 'Request time off' }).first().click();
  await page.waitForURL('**/time/pto_request/create');
  await page.waitForFunction(() => document.querySelectorAll('#root_plan_id option').length > 1);
  await page.getByLabel('Plan*').selectOption({ label: 'Vacation' });
  await page.locator('#root_start_date').fill('2027-03-01');
  await page.locator('#root_end_date').fill('2027-03-02');
  await page.getByLabel('Hours*').fill('16');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/time\/pto_request\/edit\/[0-9a-f-]{36}$/);
  requestKey = new URL(page.url()).pathname.split('/').pop()!;

  await page.goto('/pto/employee/dash');
  await page.getByRole('cell', { name: '03/01/2027 – 03/02/2027', exact: true }).waitFor();
  await planRow(page, 'Vacation').waitFor();
  assert.equal((await balanceRow(page, 'Vacation'))[PENDING], '16 hours');
  const request = page.getByRole('row', { name: /03\/01\/2027/ });
  assert.match(await request.innerText(), /Waiting for a decision/);
  const open = request.getByRole('link', { name: /the request of 03\/01\/2027/ });
  assert.equal(await open.innerText(), 'Change');
  assert.equal(await open.getAttribute('href'), `/time/pto_request/edit/${requestKey}`);
  await assertAccessible(page, 'my time off');
});

it('a PTO manager finds her among the employees in PTO and her plan in the summary', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.getByRole('link', { name: 'Employees', exact: true }).click();
  await page.waitForURL('**/pto/admin/employees');
  const row = page.getByRole('row', { name: /Emma Employee/ });
  await row.waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('…'));
  // The row is drawn again once her enrolments arrive: its cells are read when it holds them.
  await row.getByRole('cell').nth(1).waitFor();
  assert.deepEqual(await row.getByRole('cell').allInnerTexts(), ['Active', 'Vacation: 24 hours\nSick leave: 24 hours']);
  await row.getByRole('link', { name: 'Emma Employee' }).click();
  await page.waitForURL(`**/pto/admin/employee/${emma.user}`);
  await page.getByRole('heading', { name: 'Time off of Emma Employee' }).waitFor();

  await page.goto('/pto/admin/summary');
  const plan = page.getByRole('row', { name: /^Vacation/ });
  await plan.waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('…'));
  // Emma and Carla: 24 + 40 hours; 16 asked by Emma and 24 by Carla; Emma's demo vacation, 20
  // days ago, used this year unless the year began since.
  const taken = new Date(Date.now() - 20 * 86_400_000).getUTCFullYear() === new Date().getUTCFullYear();
  assert.deepEqual(await plan.getByRole('cell').allInnerTexts(), [
    '2',
    '64 hours',
    '40 hours',
    taken ? '16 hours' : '0 hours',
  ]);
  await assertAccessible(page, 'summary');
  // The plan builder is the product-staff admin's: not offered, and refused.
  assert.equal(await page.getByRole('link', { name: 'Plan builder' }).count(), 0);
  await page.goto('/pto/planbuilder');
  await page.getByText('Not authorized.').waitFor();
  assert.equal(await page.getByRole('heading', { name: 'PTO plan builder' }).count(), 0);
});

it('the list and view of PTO enrolments name the plans, not their keys', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  await page.goto('/time/pto_employee/list');
  const row = page.getByRole('row', { name: /Emma Employee/ });
  await row.getByText('Vacation').waitFor();
  await page.waitForFunction(() => !/[0-9a-f]{8}-[0-9a-f]{4}-/i.test(document.querySelector('main')!.innerText));
  assert.match(await row.innerText(), /Vacation, Sick leave|Sick leave, Vacation/);
  await page.goto(`/time/pto_employee/view/${emma.user}`);
  const plans = page.locator('dt', { hasText: /^Plans$/ }).locator('xpath=following-sibling::dd[1]');
  await plans.getByText('Vacation').waitFor();
  assert.doesNotMatch(await plans.innerText(), UUID);
  assert.match(await plans.innerText(), /Vacation, Sick leave|Sick leave, Vacation/);
});

it("a PTO manager approves it on the managers' dash, where it shows the balance it leaves", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.getByRole('link', { name: 'Requests to decide' }).click();
  await page.waitForURL('**/pto/admin/dash');
  // The page is headed as the menu names it.
  await page.getByRole('heading', { name: 'Requests to decide', level: 1 }).waitFor();
  const waiting = page.getByRole('table', { name: /waiting for a decision/i });
  const row = waiting.getByRole('row', { name: /Emma Employee/ });
  await row.waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('…'));
  const cells = await row.getByRole('cell').allInnerTexts();
  assert.deepEqual(cells.slice(0, 4), ['Vacation', '03/01/2027 – 03/02/2027', '16 hours', '8 hours']);
  await assertAccessible(page, 'requests to decide');
  await row.getByRole('button', { name: /^Approve Emma Employee/ }).click();
  await page.getByText("Approved Emma Employee's 16 hours of Vacation.").waitFor();
  // Carla's request still waits; Emma's does not.
  await waiting.getByRole('row', { name: /Carla Complete/ }).waitFor();
  await row.waitFor({ state: 'detached' });
  const coming = page.getByRole('table', { name: /approved time off/i });
  await coming.getByRole('row', { name: /Emma Employee/ }).waitFor();
  const saved = await w.call('GET', `/time/api/data/pto_request/${requestKey}`, { org: w.org, token: emma.token });
  assert.equal(saved.body.data.status, 'approved');
});

it('a PTO manager denies a request with a note the employee reads', async () => {
  const asked = await w.call('POST', '/time/api/data/pto_request/', {
    org: w.org,
    token: emma.token,
    body: {
      user_id: emma.user,
      plan_id: vacation,
      start_date: Date.UTC(2027, 3, 5) / 1000,
      end_date: Date.UTC(2027, 3, 5) / 1000,
      hours: 8,
    },
  });
  assert.equal(asked.status, 201, asked.text);
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto('/pto/admin/dash');
  await page.getByRole('button', { name: 'Deny Emma Employee, 04/05/2027' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Note to the employee (optional)').fill('Quarter close that week');
  await dialog.getByRole('button', { name: 'Deny', exact: true }).click();
  await page.getByText("Denied Emma Employee's 8 hours of Vacation.").waitFor();
  await page.getByRole('button', { name: 'Deny Emma Employee, 04/05/2027' }).waitFor({ state: 'detached' });
  const saved = await w.call('GET', `/time/api/data/pto_request/${asked.body.key}`, { org: w.org, token: emma.token });
  assert.equal(saved.body.data.status, 'denied');
  assert.equal(saved.body.data.decision_note, 'Quarter close that week');

  const mine = await w.page();
  await w.signIn(mine.page, 'emma');
  await mine.page.goto('/pto/employee/dash');
  const row = mine.page.getByRole('row', { name: /04\/05\/2027/ });
  await row.waitFor();
  assert.match(await row.innerText(), /Denied \(Quarter close that week\)/);
});

it('the calendar shows her on her days', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto('/pto/admin/calendar?month=2027-02');
  await page.getByRole('heading', { name: 'February 2027' }).waitFor();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('heading', { name: 'March 2027' }).waitFor();
  const day = (n: number) => page.locator('td', { has: page.getByText(new RegExp(`^\\w+day, March ${n}$`)) });
  await day(1).getByRole('link', { name: 'Emma Employee' }).waitFor();
  assert.equal(await day(2).getByRole('link', { name: 'Emma Employee' }).count(), 1);
  assert.equal(await day(3).getByRole('link', { name: 'Emma Employee' }).count(), 0);
  assert.equal(await day(28).getByRole('link').count(), 0);
  await assertAccessible(page, 'calendar');
});

it("after the approval her manager's page of her counts the 16 hours taken, once", async () => {
  // The ledger the manager reads: the server writes the use line with the approval.
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto(`/pto/admin/employee/${emma.user}?empData=%7B%22balance%22%3A999%7D&data2=%5B%5D`);
  await page.getByRole('heading', { name: 'Time off of Emma Employee' }).waitFor();
  await page
    .getByRole('row', { name: /03\/01\/2027/ })
    .getByText('Approved', { exact: true })
    .waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('…'));
  assert.equal(await page.getByText('999').count(), 0, 'the empData parameter is not read');
  assert.deepEqual((await balanceRow(page, 'Vacation')).slice(0, 2), ['8 hours', '0 hours']);
});

it('after the approval her own dash shows the 16 hours taken', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/pto/employee/dash');
  await page
    .getByRole('row', { name: /03\/01\/2027/ })
    .getByText('Approved', { exact: true })
    .waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('…'));
  assert.deepEqual(await balanceRow(page, 'Vacation'), ['8 hours', '0 hours']);
});

it('the product-staff admin builds plans on the plan builder', async () => {
  const sudo = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.org}`, {
    org: staff.org,
    token: staff.token,
    body: { organization_id: w.org },
  });
  assert.equal(sudo.status, 200, sudo.text);
  const { page } = await w.page();
  const link = new URLSearchParams({ userid: sudo.body.identifier, key: sudo.body.single_use_key, type: 'sudo_login' });
  await page.goto(`/auto-login?${link}`);
  await page.waitForURL((u) => u.pathname === '/home');
  await page.getByRole('link', { name: 'Plan builder' }).click();
  await page.waitForURL('**/pto/planbuilder');
  const plan = page.getByRole('row', { name: /^Vacation/ });
  await plan.waitFor();
  assert.deepEqual(await plan.getByRole('cell').allInnerTexts(), [
    'Vacation',
    '4 hours each payroll',
    'None',
    'Active',
  ]);
  assert.equal(
    await plan.getByRole('link', { name: 'Vacation' }).getAttribute('href'),
    `/time/pto_plan/edit/${vacation}`,
  );
  assert.equal(await page.getByRole('link', { name: 'New plan' }).getAttribute('href'), '/time/pto_plan/create');
  await page.getByText('No progression yet.', { exact: false }).waitFor();
  await assertAccessible(page, 'plan builder');
});

it("an employee opening the managers' dash is refused", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/pto/admin/dash');
  await page.getByText('Not authorized.').waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Requests to decide' }).count(), 0);
  assert.ok(!new URL(page.url()).pathname.startsWith('/pto/admin'), page.url());
});

/** The element that has the keyboard: its tag and name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return `${el?.tagName} ${el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? ''}`;
  });

it('an approval the balance does not allow says why, in full, and keeps the keyboard on the row', async () => {
  // Emma has 8 hours of vacation left; she asks for 40.
  const asked = await w.call('POST', '/time/api/data/pto_request/', {
    org: w.org,
    token: emma.token,
    body: {
      user_id: emma.user,
      plan_id: vacation,
      start_date: Date.UTC(2027, 4, 3) / 1000,
      end_date: Date.UTC(2027, 4, 7) / 1000,
      hours: 40,
    },
  });
  assert.equal(asked.status, 201, asked.text);
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto('/pto/admin/dash');
  const approve = page.getByRole('button', { name: 'Approve Emma Employee, 05/03/2027 – 05/07/2027' });
  await approve.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Not decided' });
  await alert.waitFor();
  assert.match(
    await alert.innerText(),
    /The balance is 8 hours of Vacation: approving 40 hours would leave -32, and Vacation does not allow a negative balance\./,
  );
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Approve Emma'));
  assert.equal(await focused(page), 'BUTTON Approve Emma Employee, 05/03/2027 – 05/07/2027');
});

it("the Deny dialog gives the keyboard back to its Deny; a decision hands it to the next request's Approve", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto('/pto/admin/dash');
  const waiting = page.getByRole('table', { name: /waiting for a decision/i });
  const carlaDeny = waiting.getByRole('row', { name: /Carla Complete/ }).getByRole('button', { name: /^Deny/ });
  const carlaLabel = await carlaDeny.getAttribute('aria-label');
  for (const close of ['Escape', 'Cancel']) {
    await carlaDeny.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // The note's field has the keyboard.
    assert.equal(await focused(page), 'INPUT ');
    if (close === 'Escape') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await focused(page), `BUTTON ${carlaLabel}`, `after ${close}`);
  }
  // Denied: the keyboard is on the Approve of the request after hers.
  await carlaDeny.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deny', exact: true }).click();
  await page.getByText("Denied Carla Complete's 24 hours of Vacation.").waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label')?.startsWith('Approve Emma'));
  assert.equal(await focused(page), 'BUTTON Approve Emma Employee, 05/03/2027 – 05/07/2027');
  // The last one denied from the keyboard: it is on the list's heading.
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), 'BUTTON Deny Emma Employee, 05/03/2027 – 05/07/2027');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Enter');
  await page.getByText('No request is waiting for a decision.').waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
  assert.equal(await focused(page), 'H2 Waiting for a decision');
});

it('each ledger line names the request it comes from', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto(`/pto/admin/employee/${emma.user}`);
  const ledger = page.getByRole('table', { name: /ledger entries/ });
  await ledger.getByRole('link').first().waitFor();
  const names = await ledger
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => (a.getAttribute('aria-label') ?? a.textContent ?? '').trim()));
  assert.ok(names.length >= 2, names.join(' | '));
  assert.ok(
    names.every((n) => /^The request of \d\d\/\d\d\/\d{4}/.test(n)),
    names.join(' | '),
  );
  assert.equal(new Set(names).size, names.length, names.join(' | '));

  // A line's own page names its request by its first day too, not by its key.
  const payroll = await w.apiLogin('payroll');
  const lines = await w.call('POST', '/time/api/data/find/pto_register', {
    org: w.org,
    token: payroll.token,
    body: { criteria: [{ field: 'user_id', is: '=', value: emma.user }], limit: 100 },
  });
  const line = lines.body.items.find((r: { data: { request_id?: string } }) => r.data.request_id);
  assert.ok(line, JSON.stringify(lines.body.items.map((r: { data: unknown }) => r.data)));
  const request = await w.call('GET', `/time/api/data/pto_request/${line.data.request_id}`, {
    org: w.org,
    token: payroll.token,
  });
  await page.goto(`/time/pto_register/view/${line.key}`);
  // The field's value: the term "Request" and what follows it.
  const value = page.locator('dt', { hasText: /^Request$/ }).locator('xpath=following-sibling::dd[1]');
  await page.waitForFunction(
    ([date]) =>
      [...document.querySelectorAll('dt')].some(
        (dt) => dt.textContent === 'Request' && dt.nextElementSibling?.textContent === date,
      ),
    [epochToUs(request.body.data.start_date)],
  );
  assert.equal(await value.innerText(), epochToUs(request.body.data.start_date));
  const text = await page.locator('main').innerText();
  assert.ok(!text.includes(line.data.request_id), `no request key on the page: ${text}`);
});

/** Cells whose phone label (the `::before` of table.css under 640 px) is not their column's header. */
async function unlabelledCells(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table.table')].flatMap((table, t) => {
      const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      return [...table.querySelectorAll('tbody td')]
        .filter(
          (td) =>
            getComputedStyle(td, '::before').content !== JSON.stringify(heads[(td as HTMLTableCellElement).cellIndex]),
        )
        .map((td) => `table ${t}, "${td.textContent}": ${getComputedStyle(td, '::before').content}`);
    }),
  );
}

it('on a phone every PTO table cell is labelled with its column', async () => {
  const { page } = await w.page();
  await page.setViewportSize({ width: 375, height: 800 });
  await w.signIn(page, 'emma');
  await page.goto('/pto/employee/dash');
  await page.getByRole('table', { name: /ledger entries/ }).waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('…'));
  assert.deepEqual(await unlabelledCells(page), []);

  const manager = await w.page();
  await manager.page.setViewportSize({ width: 375, height: 800 });
  await w.signIn(manager.page, 'payroll');
  for (const [path, table] of [
    ['/pto/admin/dash', /approved time off/i],
    ['/pto/admin/employees', /./],
    [`/pto/admin/employee/${emma.user}`, /ledger entries/],
    ['/pto/admin/summary', /PTO by plan/],
  ] as const) {
    await manager.page.goto(path);
    await manager.page.getByRole('table', { name: table }).first().waitFor();
    await manager.page.waitForFunction(() => !document.body.innerText.includes('…'));
    assert.deepEqual(await unlabelledCells(manager.page), [], path);
  }
});

it('on a phone the calendar lists the days, each with its weekday and date', async () => {
  const { page } = await w.page();
  await page.setViewportSize({ width: 375, height: 800 });
  await w.signIn(page, 'payroll');
  await page.goto('/pto/admin/calendar?month=2027-03');
  const first = page.locator('td', { has: page.getByRole('link', { name: 'Emma Employee' }) }).first();
  await first.waitFor();
  assert.match(await first.innerText(), /^Monday, March 1\s+Emma Employee$/);
  const box = (await first.boundingBox())!;
  assert.ok(box.width > 300, `a day is ${box.width}px wide`);
  const caption = (await page.locator('caption').boundingBox())!;
  assert.ok(caption.width > 300, `the caption is ${caption.width}px wide`);
  await assertAccessible(page, 'calendar on a phone');
});

it('on a wide screen the calendar has seven equal columns', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto('/pto/admin/calendar?month=2027-03');
  await page.getByRole('link', { name: 'Emma Employee' }).first().waitFor();
  const widths = await page
    .getByRole('columnheader')
    .evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().width)));
  assert.equal(widths.length, 7);
  assert.ok(Math.max(...widths) - Math.min(...widths) <= 1, widths.join(', '));
});

it('a PTO manager opening someone not in PTO is told so, without a failed request', async () => {
  const paul = await w.apiLogin('payroll');
  const { page } = await w.page();
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await w.signIn(page, 'payroll');
  await page.goto(`/pto/admin/employee/${paul.user}`);
  await page.getByText('is not enrolled in PTO').waitFor();
  await page.getByRole('link', { name: 'Add to PTO' }).waitFor();
  assert.deepEqual(failed, []);
  // Adding them opens their own enrolment, which saving makes under their key.
  assert.equal(
    await page.getByRole('link', { name: 'Add to PTO' }).getAttribute('href'),
    `/time/pto_employee/edit/${paul.user}`,
  );
});

it('an employee not in PTO is told so on her own dash, without a failed request', async () => {
  const { page } = await w.page();
  const failed: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  await w.signIn(page, 'sam');
  await page.goto('/pto/employee/dash');
  await page.getByText('You are not in a PTO plan yet', { exact: false }).waitFor();
  assert.deepEqual(failed, []);
});
