/**
 * The generic screens in a real browser against the real server (demo company): sign-in and
 * landing, the guard, the list's paging / sorting / filtering, create, edit, view, a version
 * conflict and the inactive layout. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SCREENSHOTS, startWorld, type World } from './browser.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';

let w: World;
const startedAt = Date.now();

/** Waits until the list shows the page it asked for (no older page kept on screen meanwhile). */
/**
 * The list shows `status` with its rows in: both at once, since while the next page loads the pager
 * already names it over the previous page's rows (aria-busy true).
 */
async function settled(page: import('playwright-core').Page, status: string) {
  await page.waitForFunction(
    (s) =>
      document.querySelector('.table-wrap')?.getAttribute('aria-busy') === 'false' &&
      document.querySelector('.pager__status')?.textContent === s,
    status,
  );
}
let payroll: { token: string; user: string };
const emmaKey = { value: '' };

beforeAll(async () => {
  w = await startWorld();
  payroll = await w.apiLogin('payroll');
  const admin = await w.apiLogin('admin');
  emmaKey.value = (await w.apiLogin('emma')).user;
  // 25 more employees (each a user of the company), so the list has two pages of 20.
  for (let i = 0; i < 25; i++) {
    const u = await w.call('POST', '/auth/api/data/users/', {
      org: w.org,
      token: admin.token,
      body: {
        email: `person${i}@acme.example`,
        display_name: `Test Person${i}`,
        status: 'active',
        permissions: [],
        is_employee: true,
        employee_id: String(20000 + i),
      },
    });
    assert.equal(u.status, 201, u.text);
    const r = await w.call('POST', '/payroll/api/data/employee/', {
      org: w.org,
      token: payroll.token,
      body: {
        _user_uuid: u.body.key,
        first_name: `Test${i}`,
        last_name: `Person${String(i).padStart(2, '0')}`,
        email: `person${i}@acme.example`,
        job_title: i % 2 ? 'Analyst' : 'Clerk',
        employment_type: 'REGULAR',
        hire_date: 1_700_000_000 + i * 86_400,
      },
    });
    assert.equal(r.status, 201, r.text);
  }
});

afterAll(async () => {
  await w?.close();
});

describe('sign-in and the guard', () => {
  it('signs in and lands on the home dashboard', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    assert.equal(new URL(page.url()).pathname, '/home');
    await page.getByRole('heading', { name: 'Welcome, Paul Payroll' }).waitFor();
    // The generic lists are under "All records", after the work queues.
    await page.getByRole('navigation', { name: 'Main' }).getByText('All records').click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Employees' }).waitFor();
  });

  it('sends a signed-out visitor to login with the full path, then back there', async () => {
    const { page } = await w.page();
    await page.goto('/payroll/employee/list?page=2');
    await page.waitForURL(/\/login\?redirect=/);
    assert.equal(new URL(page.url()).searchParams.get('redirect'), '/payroll/employee/list?page=2');
    await page.getByLabel('E-mail').fill('payroll@acme.example');
    await page.getByLabel('Password').fill('demo-payroll-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/payroll/employee/list' && u.searchParams.get('page') === '2');
    await page.getByRole('heading', { name: 'Employees' }).waitFor();
  });

  it('shows the failed sign-in message', async () => {
    const { page } = await w.page();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('payroll@acme.example');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
  });

  it("shows 'Page Not Found' for a datatype outside its module and unknown paths", async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/auth/employee/list');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.goto('/payroll/employee/edit/not-a-36-character-key');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.goto('/no/such/page/at/all');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });

  it("refuses a type the user may not list with 'Not authorized.' and returns to the landing page", async () => {
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto('/payroll/employee/list');
    await page.getByRole('alert').filter({ hasText: 'Not authorized.' }).waitFor();
    await page.waitForURL((u) => u.pathname === '/home');
  });

  it('sends generic record pages to the dynamic screens', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee');
    await page.waitForURL((u) => u.pathname === '/payroll/employee/list');
    await page.goto(`/payroll/employee/${emmaKey.value}`);
    await page.waitForURL((u) => u.pathname === `/payroll/employee/edit/${emmaKey.value}`);
  });

  it('keeps inactive users in the inactive layout', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'ivan');
    assert.equal(new URL(page.url()).pathname, '/inactive/paystubs');
    await page.getByRole('heading', { name: 'Paystubs' }).waitFor();
    await page.goto('/home');
    await page.waitForURL((u) => u.pathname === '/inactive/paystubs');
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
  });

  it('sends active users from /inactive to /paystubs, and signs out', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto('/inactive/paystubs');
    await page.waitForURL((u) => u.pathname === '/paystubs');
    await page.getByRole('button', { name: /Emma Employee/ }).click();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('dform.auth_token')), null);
  });
});

describe('list screen', () => {
  it('pages, sorts and filters on the server, with the state in the URL', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee/list');
    const rows = page.locator('table tbody tr');
    await settled(page, '1–20 of 29');
    assert.equal(await rows.count(), 20);
    // Sorted by last name (x-list sort): Complete, Employee, Person00, ...
    assert.match(await rows.first().innerText(), /Complete/);
    assert.match(await rows.first().innerText(), /\d{2}\/\d{2}\/\d{4}/, 'hire date shown MM/DD/YYYY');
    await w.screenshot(page, 'list');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await settled(page, '21–29 of 29');
    assert.equal(await rows.count(), 9);

    await page.getByRole('button', { name: /Last name/ }).click();
    await page.waitForURL((u) => u.searchParams.get('sort') === '-last_name' && !u.searchParams.has('page'));
    await settled(page, '1–20 of 29');
    assert.match(await rows.first().innerText(), /Section/);

    await page.getByRole('searchbox', { name: 'Last name' }).fill('person1');
    await page.waitForURL((u) => u.searchParams.get('f.last_name') === 'person1');
    await settled(page, '1–10 of 10');

    await page.getByRole('combobox', { name: 'Status' }).selectOption('active');
    await page.getByText('No employees match these filters.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await settled(page, '1–20 of 29');

    // The URL alone restores the state.
    await page.goto('/payroll/employee/list?sort=-last_name&f.job_title=Analyst&page=1');
    await settled(page, '1–12 of 12');
    assert.match(await rows.first().innerText(), /Person23/);
  });

  it('renders a long page near the window only: the rows scrolled to appear, the columns stay; a short page whole', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    // The audit log has a record for each of the 50 writes of the set-up, and the demo's own: more
    // than a page of 50 (windowed from WINDOW_FROM, 40 rows).
    await page.goto('/auth/audit_log/list?size=50');
    await page.locator('.table-wrap[aria-busy="false"]').waitFor();
    const status = (await page.locator('.pager__status').innerText()).match(/^1–(\d+) of (\d+)$/);
    assert.ok(status, 'the pager names the rows shown');
    const [shown, total] = [Number(status[1]), Number(status[2])];
    assert.ok(shown === 50 && total > shown, `a long page and a second one (${shown} of ${total})`);
    const table = page.locator('table');
    const rendered = page.locator('tbody tr:not(.table__spacer)');
    assert.equal(await table.getAttribute('aria-rowcount'), String(shown + 1));
    assert.ok((await rendered.count()) < shown / 2, 'only the rows near the window are rendered');
    assert.equal(await rendered.first().getAttribute('aria-rowindex'), '2');
    const widths = () =>
      page.locator('thead th').evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().width)));
    const before = await widths();

    // Scrolled to the end, the last rows are there, and the columns have not moved.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator(`tbody tr[aria-rowindex="${shown + 1}"]`).waitFor();
    assert.deepEqual(await widths(), before);
    const found = blocking(await runAxe(page));
    assert.deepEqual(
      found.map((v) => v.id),
      [],
      describeViolations('windowed list', found),
    );

    // The second, short page: every row of it, none of the first page's left.
    await page.getByRole('button', { name: 'Next' }).click();
    await settled(page, `${shown + 1}–${total} of ${total}`);
    assert.equal(await rendered.count(), total - shown);
    assert.equal(await table.getAttribute('aria-rowcount'), null);
    assert.equal(await page.locator('.table__spacer').count(), 0);
  });

  it("links the canonical column to the view screen, followed in the app; a modified click is the browser's", async () => {
    const { page, context } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee/list?f.last_name=Employee');
    const link = page.locator('table').getByRole('link', { name: 'Employee', exact: true });
    assert.equal(await link.getAttribute('href'), `/payroll/employee/view/${emmaKey.value}`);
    // A Ctrl+click opens a new tab and leaves the list where it is.
    const opened = context.waitForEvent('page');
    await link.click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForURL((u) => u.pathname === `/payroll/employee/view/${emmaKey.value}`);
    await tab.close();
    assert.match(new URL(page.url()).pathname, /\/payroll\/employee\/list$/);
    // A plain click is followed by the router: the page is not loaded again.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await link.click();
    await page.waitForURL((u) => u.pathname === `/payroll/employee/view/${emmaKey.value}`);
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true);
  });

  it("names the user a record is of, not their key: the I-9s list links Carla's I-9 by her name", async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/i9/list');
    const carla = page.locator('table').getByRole('link', { name: 'Carla Complete' });
    await carla.waitFor();
    assert.match((await carla.getAttribute('href')) ?? '', /^\/payroll\/i9\/view\/[0-9a-f-]{36}$/);
    const text = await page.locator('table tbody').innerText();
    assert.doesNotMatch(text, /[0-9a-f]{8}-[0-9a-f]{4}-/, 'no user key shown');
  });

  it('a page number past the last, edited into the URL, shows the last page and its rows', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee/list?page=999');
    await page.waitForURL((u) => u.searchParams.get('page') !== '999');
    const status = page.locator('.pager__status');
    await status.filter({ hasText: /^\d+–(\d+) of \1$/ }).waitFor();
    await page.locator('table tbody tr').first().waitFor({ timeout: 5000 });
    assert.equal(await page.getByText('No employees yet.').count(), 0);
  });

  it('works at 390px wide without sideways scrolling', async () => {
    const { page } = await w.page({ mobile: true });
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee/list');
    await settled(page, '1–20 of 29');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page is ${width}px wide`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Employees' }).waitFor();
    await w.screenshot(page, 'list-mobile');
  });
});

describe('a record the caller may not open', () => {
  it("says so, and offers no 'Try again' that could never work", async () => {
    const carla = await w.apiLogin('carla');
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/i9/view/${carla.user}`);
    await page.getByRole('heading', { name: 'Could not open this record' }).waitFor();
    await page.getByText('Not authorized.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Try again' }).count(), 0);
  });

  it("another person's key at an address of one's own records opens no blank form in their name", async () => {
    const sam = await w.apiLogin('sam');
    const { page } = await w.page();
    await w.signIn(page, 'carla');
    for (const type of ['my_basic_info', 'my_i9']) {
      await page.goto(`/payroll/${type}/edit/${sam.user}`);
      await page.getByRole('heading', { name: 'Could not open this record' }).waitFor();
      assert.equal(await page.getByText('Sam Section').count(), 0, type);
      assert.equal(await page.getByRole('button', { name: 'Save', exact: true }).count(), 0, type);
    }
  });
});

describe('notices', () => {
  for (const [width, mobile] of [
    [1280, false],
    [390, true],
  ] as const) {
    it(`leave the form's Save button in reach at ${width}px`, async () => {
      const { page } = await w.page(mobile ? { mobile: true } : {});
      await w.signIn(page, 'payroll');
      await page.goto('/payroll/employee/create');
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await save.click();
      const notice = page.locator('.notice').first();
      await notice.waitFor();
      const [a, b] = [await save.boundingBox(), await notice.boundingBox()];
      assert.ok(a && b);
      const apart = b.x >= a.x + a.width || b.x + b.width <= a.x || b.y >= a.y + a.height || b.y + b.height <= a.y;
      assert.ok(apart, `the notice ${JSON.stringify(b)} covers Save ${JSON.stringify(a)}`);
    });
  }
});

describe('narrow screens', () => {
  it("a list's items keep their fields usable at 390px: the item's buttons go below them", async () => {
    const emma = await w.apiLogin('emma');
    const contact = (first: string) => ({
      contact_first_name: first,
      contact_last_name: 'Employee',
      relationship: 'Sibling',
      phone_number: '4155550199',
    });
    const saved = await w.call('POST', `/payroll/api/data/my_emergency_contacts/${emma.user}`, {
      org: w.org,
      token: emma.token,
      body: { contacts: [contact('Rosa'), contact('Remy')] },
    });
    assert.ok([200, 201].includes(saved.status), saved.text);
    const { page } = await w.page({ mobile: true });
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/my_emergency_contacts/edit/${emma.user}`);
    const first = page.locator('#root_contacts_0_contact_first_name');
    await first.waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `page is ${width}px wide`);
    const box = await first.boundingBox();
    assert.ok(box && box.width >= 240, `the first name is ${box?.width}px wide`);
  });
});

describe('the smallest phones', () => {
  it("an employee's edit screen fits 320px: a field's long help wraps instead of widening the page", async () => {
    const { page } = await w.page({ mobile: true });
    await page.setViewportSize({ width: 320, height: 640 });
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/employee/edit/${emmaKey.value}`);
    // The SSN's help names ssa.gov/employer/randomizationfaqs.html: one word 313px wide.
    await page.locator('#root_ssn__description').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 320, `page is ${width}px wide`);
  });
});

describe('create, edit and view', () => {
  it('creates an employee: the spec message at the field, then saved', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto('/payroll/employee/create');
    await page.getByRole('heading', { name: 'New Employee' }).waitFor();
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('New');
    await page.getByLabel('E-mail').fill('nora@acme.example');
    await page.getByLabel('SSN').fill('12345');
    await page.getByLabel('Job title').focus();
    const ssnMessage = 'SSN must be 11 characters: 3-2-4 digits (x allowed in the first five).';
    await page.getByText(ssnMessage).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Not saved: correct the fields listed at the top of the form.' })
      .waitFor();
    assert.equal(new URL(page.url()).pathname, '/payroll/employee/create');

    await page.getByLabel('SSN').fill('123456789');
    assert.equal(await page.getByLabel('SSN').inputValue(), '123-45-6789');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => /^\/payroll\/employee\/edit\/[0-9a-f-]{36}$/.test(u.pathname));
    await page.getByText('Saved.', { exact: true }).waitFor();
    // "Saved." shows as the create form leaves; the edit screen then starts from the stored record.
    await page.getByRole('heading', { name: 'Edit employee' }).waitFor();
    const ssn = page.getByLabel('SSN');
    for (let i = 0; i < 50 && (await ssn.inputValue()) === '123-45-6789'; i++) await page.waitForTimeout(100);
    assert.equal(await ssn.inputValue(), 'xxx-xx-6789', 'the SSN reads back masked');
  });

  it('edits and views a record', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/employee/edit/${emmaKey.value}`);
    await page.getByRole('heading', { name: 'Edit employee' }).waitFor();
    await page.getByLabel('Job title').fill('Senior Payroll Clerk');
    await page.getByText('Unsaved changes').waitFor();
    // The viewport, as the user sees it: a full-page shot would show the sticky Save bar mid-form.
    await w.screenshot(page, 'edit', { fullPage: false });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    const rec = await w.call('GET', `/payroll/api/data/employee/${emmaKey.value}`, {
      org: w.org,
      token: payroll.token,
    });
    assert.equal(rec.body.data.job_title, 'Senior Payroll Clerk');

    await page.goto(`/payroll/employee/view/${emmaKey.value}`);
    const main = page.locator('main');
    await main.getByText('Senior Payroll Clerk').waitFor();
    assert.match(await main.innerText(), /Hire date\s+\d{2}\/\d{2}\/\d{4}/);
    await w.screenshot(page, 'view');
  });

  it('asks before leaving unsaved changes', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/employee/edit/${emmaKey.value}`);
    await page.getByLabel('Middle name').fill('Q');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    assert.match(page.url(), /\/edit\//);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL((u) => u.pathname === '/home');
  });

  it('explains a version conflict (409) and reloads', async () => {
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/employee/edit/${emmaKey.value}`);
    await page.getByLabel('Job title').waitFor();
    // Someone else saves meanwhile.
    const other = await w.call('PATCH', `/payroll/api/data/employee/${emmaKey.value}`, {
      org: w.org,
      token: payroll.token,
      body: { notes: 'changed elsewhere' },
    });
    assert.equal(other.status, 200, other.text);
    await page.getByLabel('Job title').fill('Conflicting title');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .locator('.banner')
      .getByText(/Someone else changed this record/)
      .waitFor();
    await page.getByRole('button', { name: 'Reload the record' }).click();
    await page.locator('.banner').waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => (document.getElementById('root_notes') as HTMLTextAreaElement | null)?.value === 'changed elsewhere',
    );
    assert.equal(await page.getByLabel('Job title').inputValue(), 'Senior Payroll Clerk');
  });
});

describe('delete', () => {
  /** A new employer contact (the payroll manager may delete those; an employee may only read them). */
  async function contact(name: string): Promise<string> {
    const r = await w.call('POST', '/payroll/api/data/employer_contacts/', {
      org: w.org,
      token: payroll.token,
      body: { name },
    });
    assert.equal(r.status, 201, r.text);
    return r.body.key as string;
  }

  it('offers Delete only to callers allowed it; asks, deletes and returns to the list', async () => {
    const key = await contact('Gone Benefits Desk');
    const { page } = await w.page();
    await w.signIn(page, 'emma');
    await page.goto(`/payroll/employer_contacts/view/${key}`);
    await page.getByText('Gone Benefits Desk').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Delete' }).count(), 0, 'an employee may not delete it');

    const { page: p2 } = await w.page();
    await w.signIn(p2, 'payroll');
    await p2.goto(`/payroll/employer_contacts/edit/${key}`);
    await p2.getByRole('button', { name: 'Delete' }).click();
    const dialog = p2.getByRole('dialog');
    await dialog.getByText('Delete this employer contact? This cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.match(p2.url(), /\/edit\//, 'cancelled: still on the record');
    await p2.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await p2.waitForURL((u) => u.pathname === '/payroll/employer_contacts/list');
    await p2.getByText('Deleted.').waitFor();
    const gone = await w.call('GET', `/payroll/api/data/employer_contacts/${key}`, {
      org: w.org,
      token: payroll.token,
    });
    assert.equal(gone.status, 404);
  });

  it('does not delete a record changed since it was opened (409), and says so', async () => {
    const key = await contact('Changed Benefits Desk');
    const { page } = await w.page();
    await w.signIn(page, 'payroll');
    await page.goto(`/payroll/employer_contacts/edit/${key}`);
    await page.getByRole('button', { name: 'Delete' }).waitFor();
    const other = await w.call('PATCH', `/payroll/api/data/employer_contacts/${key}`, {
      org: w.org,
      token: payroll.token,
      body: { description: 'changed elsewhere' },
    });
    assert.equal(other.status, 200, other.text);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page
      .locator('.banner')
      .getByText(/so it was not deleted/)
      .waitFor();
    assert.match(page.url(), /\/edit\//);
    const still = await w.call('GET', `/payroll/api/data/employer_contacts/${key}`, {
      org: w.org,
      token: payroll.token,
    });
    assert.equal(still.status, 200);
  });
});

describe('screenshots', () => {
  it("wrote docs/screens.md's screenshots (docs/screenshots/list, edit, view) in this run", () => {
    for (const name of ['list', 'edit', 'view', 'list-mobile']) {
      const file = path.join(SCREENSHOTS, `${name}.png`);
      assert.ok(statSync(file).mtimeMs >= startedAt - 1000, `${name}.png was not written by this run`);
      const png = readFileSync(file);
      assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG', `${name}.png is a PNG`);
      assert.ok(png.readUInt32BE(16) >= 390 && png.readUInt32BE(20) >= 600, `${name}.png has a real size`);
    }
  });
});
