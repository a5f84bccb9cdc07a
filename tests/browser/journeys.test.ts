/**
 * The two journeys of docs/journeys.md in the browser, from the demo's sign-in page (the address
 * `npm start -- --demo` prints): a new employee completes onboarding from the home page's checklist
 * to the last signature without knowing any entity name; the payroll manager sees what is due on
 * their home page and finishes it. Each home is axe-clean. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { AUSTIN, fillBasicInfo } from './basic-info.ts';
import { startWorld, type World } from './browser.ts';
import { fillEmployerPart } from './i9-employer.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

async function axeClean(page: Page, where: string) {
  const found = blocking(await runAxe(page));
  assert.equal(found.length, 0, describeViolations(where, found));
}

async function sign(page: Page, item: Locator, name: string) {
  await item.click();
  await page.getByRole('button', { name: 'Read Agreement' }).click();
  await page.getByRole('button', { name: 'I agree' }).click();
  await page.getByLabel('Full Name').fill(name);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Submit' }).waitFor({ state: 'detached' });
}

async function step(page: Page, n: number, task: RegExp) {
  await page.getByRole('navigation', { name: 'Onboarding steps' }).getByText(`Step ${n} of 5`).waitFor();
  await page.getByRole('navigation', { name: 'Onboarding steps' }).getByText(task).waitFor();
}

/**
 * Closes the notices of earlier steps, so a picture shows the page as it is now. A notice also
 * leaves by itself after a while: one gone before its button is pressed is not waited for.
 */
async function dismissNotices(page: Page) {
  const close = page.getByRole('button', { name: 'Dismiss' });
  for (let left = 10; left > 0 && (await close.count()) > 0; left--) {
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  assert.equal(await close.count(), 0, 'the notices are closed');
}

const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();

it('a new employee completes onboarding from the checklist on the home page to the last signature', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  const checklist = page.getByRole('region', { name: 'Your onboarding' });
  await checklist.getByText('0 of 5 forms done').waitFor();
  await checklist.getByText('Not started').first().waitFor();
  await axeClean(page, 'employee home');
  // An employee's menu: their own records and tasks, no administration, no generic lists.
  const menu = page.getByRole('navigation', { name: 'Main' });
  assert.equal(await menu.getByText('All records').count(), 0);
  assert.equal(await menu.getByText('Administration').count(), 0);
  assert.equal(await menu.getByRole('link', { name: 'Groups', exact: true }).count(), 0);
  await w.screenshot(page, 'home-employee');

  await checklist.getByRole('link', { name: 'Start onboarding' }).click();
  await step(page, 1, /personal details/i);
  await page.getByRole('heading', { level: 1, name: 'New Basic Information' }).waitFor();
  assert.equal(await page.getByText('Sync status').count(), 0, 'the server’s sync status is not the employee’s');
  await fillBasicInfo(page, AUSTIN);
  await saveAndContinue(page);

  await step(page, 2, /emergency contacts/i);
  // The keyboard starts the new step at its heading, not on the page's body.
  await page.waitForFunction(() => document.activeElement?.id === 'record-title');
  // Save and continue with nothing filled in: the errors beside the fields and a summary at the top.
  await saveAndContinue(page);
  await page
    .locator('.form__summary')
    .getByText(/need|needs/)
    .waitFor();
  await page.locator('#root_contacts_0_contact_first_name').fill('Rosa');
  await page.locator('#root_contacts_0_contact_last_name').fill('Employee');
  await page.locator('#root_contacts_0_relationship').fill('Sister');
  await page.locator('#root_contacts_0_phone_number').pressSequentially('5125550199');
  await saveAndContinue(page);

  await step(page, 3, /payment method/i);
  await page.waitForFunction(() => document.activeElement?.id === 'record-title');
  // Back returns to the step before, and forward again.
  await page.getByRole('link', { name: /^Back/ }).click();
  await step(page, 2, /emergency contacts/i);
  await page.goBack();
  await step(page, 3, /payment method/i);
  await page.getByRole('radio', { name: 'Paper Check' }).check();
  await saveAndContinue(page);

  await step(page, 4, /Form I-9/);
  await page.getByLabel('1. A citizen of the United States').check();
  await sign(page, page.getByText('Signature Required').first(), 'Emma Employee');
  await saveAndContinue(page);

  await step(page, 5, /Form W-4/);
  await page.getByRole('heading', { level: 1, name: 'New Form W-4' }).waitFor();
  for (const hidden of ['State unemployment (SUI) state', 'Sync status', 'Legacy Form W-4 of 2019'])
    assert.equal(await page.getByText(hidden).count(), 0, `${hidden} is not shown to the employee`);
  await page.getByLabel('Single or Married filing separately').check();
  await dismissNotices(page);
  await w.screenshot(page, 'onboarding-form', { fullPage: false });
  await sign(page, page.getByText('Signature Required'), 'Emma Employee');
  await saveAndContinue(page);

  // Home again: every form done, the employer's part still to come.
  await page.getByText('You have completed every onboarding form. Thank you!').waitFor();
  await page.waitForURL((u) => u.pathname === '/home');
  await checklist.getByText('5 of 5 forms done').waitFor();
  await checklist.getByText('Waiting for the employer').waitFor();
  await axeClean(page, 'employee home, complete');
  await dismissNotices(page);
  await w.screenshot(page, 'checklist-done');

  // The checklist the server answers agrees.
  const emma = await w.apiLogin('emma');
  const r = await w.call('GET', '/payroll/api/onboarding_checklist', { org: w.org, token: emma.token });
  assert.equal(r.body.done, 5);
  assert.equal(r.body.next, undefined);
});

it('a document HR requested is a step of the checklist that opens the request, where the file is uploaded', async () => {
  const admin = await w.apiLogin('admin');
  const carla = await w.apiLogin('carla');
  const made = await w.call('POST', '/hr/api/data/employee_documents/', {
    org: w.org,
    token: admin.token,
    body: { employee_id: carla.user, display_name: 'Passport copy', status: 'requested' },
  });
  assert.equal(made.status, 201, made.text);
  try {
    const { page } = await w.page();
    await w.signIn(page, 'carla');
    const checklist = page.getByRole('region', { name: 'Your onboarding' });
    await checklist.getByText('Next step:').getByText('Upload a requested document: Passport copy').waitFor();
    await checklist.getByRole('link', { name: 'Start: Upload a requested document: Passport copy' }).click();
    await page.waitForURL((u) => u.pathname === `/hr/employee_documents/edit/${made.body.key}`);
    await page
      .getByRole('navigation', { name: 'Onboarding steps' })
      .getByText(/Passport copy/)
      .waitFor();
    assert.equal(await page.locator('#root_display_name').inputValue(), 'Passport copy');
  } finally {
    const del = await w.call('DELETE', `/hr/api/data/employee_documents/${made.body.key}`, {
      org: w.org,
      token: admin.token,
    });
    assert.equal(del.status, 204, del.text);
  }
});

it('an untouched form is not unsaved and leaving it asks nothing', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'wes');
  const checklist = page.getByRole('region', { name: 'Your onboarding' });
  await checklist.getByText('Needs signing again').waitFor();
  await checklist.getByRole('link', { name: /Sign again: Federal tax withholding/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit Form W-4' }).waitFor();
  await page.getByRole('button', { name: 'Save and continue' }).waitFor();
  assert.equal(await page.getByText('Unsaved changes').count(), 0);
  await page.getByRole('link', { name: 'Resume later' }).click();
  await page.waitForURL((u) => u.pathname === '/home');
  assert.equal(await page.getByRole('alertdialog').count(), 0);
});

it('the payroll manager sees what is due on the home page and finishes it', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  const due = page.getByRole('region', { name: 'Due from you' });
  await due.getByRole('cell', { name: 'Sam Section', exact: true }).waitFor();
  await due.getByText('(overdue)').first().waitFor();
  const hires = page.getByRole('region', { name: 'New hires' });
  // As many started hires as the pipeline counts (the tests before may have started some).
  const payroll = await w.apiLogin('payroll');
  const pipeline = await w.call('GET', '/payroll/api/onboarding_pipeline', { org: w.org, token: payroll.token });
  const started = pipeline.body.statuses.find((x: { status: string }) => x.status === 'started').count;
  assert.ok(started >= 2, pipeline.text);
  await hires.getByRole('link', { name: new RegExp(`^${started} Started`) }).waitFor();
  await page
    .getByRole('region', { name: 'About to lapse' })
    .getByText(/Sam Section: Work authorization ends/)
    .waitFor();
  await page
    .getByRole('region', { name: 'About to lapse' })
    .getByText(/Carla Complete: Exempt W-4 ends/)
    .waitFor();
  await axeClean(page, 'manager home');
  // Work queues first; the generic lists under "All records".
  const menu = page.getByRole('navigation', { name: 'Main' });
  const headings = await menu.locator('h2').allTextContents();
  assert.equal(headings[0], 'Work queues', headings.join());
  await menu.getByText('All records').waitFor();
  await w.screenshot(page, 'home-manager');

  // A number opens the list filtered on it.
  await hires.getByRole('link', { name: new RegExp(`^${started} Started`) }).click();
  await page.waitForURL((u) => u.searchParams.get('f.status') === 'started');
  await page.getByRole('cell', { name: 'Section', exact: true }).waitFor();
  await page.getByRole('cell', { name: 'Resign', exact: true }).waitFor();
  // Carla Complete's hire is complete: not listed.
  assert.equal(await page.getByRole('cell', { name: 'Complete', exact: true }).count(), 0, 'only the started hires');
  await page.goBack();

  await due.getByRole('link', { name: /Section 2 for Sam Section/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Edit Form I-9' }).waitFor();
  // What the company knows is proposed (the employer record's address, the hire date, its name):
  // Paul confirms it rather than typing it.
  await page.waitForFunction(
    () =>
      (document.querySelector('#root_employer_address_address1') as HTMLInputElement | null)?.value === '200 W 2nd St',
  );
  assert.equal(await page.locator('#root_employer_address_city').inputValue(), 'Austin');
  assert.notEqual(await page.getByLabel('First Day of Employment').inputValue(), '');
  assert.equal(await page.getByText('Unsaved changes').count(), 0, 'proposed, not typed: nothing unsaved yet');
  // Saved at once, it says everything Section 2 still needs, not the signature first and the rest after.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  for (const message of [
    'The employer or authorized representative must sign Section 2.',
    'Examine one document from List A, or one document from List B and one from List C.',
    'Enter the last name, first name and title of the person who signs Section 2.',
  ]) {
    await page.getByText(message).first().waitFor();
  }
  assert.equal(await page.getByText("Enter the employer's street address.").count(), 0);
  await page.getByLabel('Add a document').selectOption('us_passport');
  await page.locator('#root_documentation_0_title').fill('U.S. Passport');
  await page.locator('#root_documentation_0_issuing_authority').fill('U.S. Department of State');
  await page.getByText('Compliance Achieved!').waitFor();
  await page
    .getByLabel('Last Name, First Name and Title of Employer or Authorized Representative')
    .fill('Payroll, Paul, Manager');
  // Sam started six days ago (the demo).
  await fillEmployerPart(page, new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10));
  await sign(page, page.getByText('Signature Required'), 'Paul Payroll');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('region', { name: 'Due from you' }).waitFor();
  await page.getByRole('region', { name: 'New hires' }).waitFor();
  // The pipeline is asked for again after the save: Sam's Section 2 leaves the list.
  await page
    .getByRole('region', { name: 'Due from you' })
    .getByRole('cell', { name: 'Sam Section', exact: true })
    .waitFor({ state: 'detached' });
  const paul = await w.apiLogin('payroll');
  const r = await w.call('GET', '/payroll/api/onboarding_pipeline', { org: w.org, token: paul.token });
  assert.ok(!r.body.awaiting_employer.some((a: { name: string }) => a.name === 'Sam Section'));

  // Sam's forms and Section 2 are done: his row offers the employer's steps, one after the other.
  const samRow = page.getByRole('region', { name: 'New hires' }).getByRole('row', { name: /Sam Section/ });
  for (const [step, done] of [
    ['Send for approval', 'Sent for approval.'],
    ['Approve', 'Approved.'],
    ['Mark complete', 'Marked complete.'],
  ]) {
    await samRow.getByRole('button', { name: `${step} Sam Section` }).click();
    await page.getByText(`Sam Section: ${done}`).first().waitFor();
  }
  await samRow.waitFor({ state: 'detached' });
  const sam = await w.apiLogin('sam');
  const hire = await w.call('GET', `/payroll/api/data/onboarding_user/${sam.user}`, { org: w.org, token: paul.token });
  assert.equal(hire.body.data.status, 'complete', hire.text);

  // Eve's invitation could not be sent: her row says so; it is sent again from there, and she is no longer in error.
  const eve = page.getByRole('region', { name: 'New hires' }).getByRole('row', { name: /Eve Error/ });
  await eve.getByRole('cell', { name: 'Error', exact: true }).waitFor();
  await eve.getByRole('cell', { name: /^The invitation could not be sent: check the e-mail address/ }).waitFor();
  await eve.getByRole('button', { name: 'Resend invitation to eve@acme.example' }).click();
  await page.getByText('Invitation sent again to eve@acme.example.').first().waitFor();
  await eve.getByRole('cell', { name: 'Error', exact: true }).waitFor({ state: 'detached' });
});

it('a conflict (409) keeps both: their change and mine, saved together', async () => {
  const payroll = await w.apiLogin('payroll');
  const carla = await w.apiLogin('carla');
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto(`/payroll/employee/edit/${carla.user}`);
  await page.getByLabel('Job title').waitFor();
  const other = await w.call('PATCH', `/payroll/api/data/employee/${carla.user}`, {
    org: w.org,
    token: payroll.token,
    body: { notes: 'changed elsewhere' },
  });
  assert.equal(other.status, 200, other.text);
  await page.getByLabel('Job title').fill('Team Lead');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .locator('.banner')
    .getByText(/Someone else changed this record/)
    .waitFor();
  await page.getByRole('button', { name: /Keep both/ }).click();
  await page.getByText(/other person’s version with your changes on top/).waitFor();
  assert.equal(await page.getByLabel('Job title').inputValue(), 'Team Lead');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Saved.', { exact: true }).waitFor();
  const stored = await w.call('GET', `/payroll/api/data/employee/${carla.user}`, { org: w.org, token: payroll.token });
  assert.equal(stored.body.data.job_title, 'Team Lead');
  assert.equal(stored.body.data.notes, 'changed elsewhere');
});
