/**
 * HR assigns the company handbook to two employees to read and acknowledge (tests/api/assignments.test.ts
 * holds the rules). Through the screens: HR makes the assignment, choosing the people and the document
 * by name; Emma, on a phone, finds it on My documents, opens the handbook and downloads it, signs her
 * own acknowledgement; HR sees hers signed and Carla's not (docs/signatures.md, "An assignment is
 * acknowledged by each person it names").
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { saveForm, startWorld, type World } from './browser.ts';

let w: World;
let admin: { token: string; user: string };
let handbook = '';

beforeAll(async () => {
  w = await startWorld();
  admin = await w.apiLogin('admin');
  const doc = await w.call('POST', '/hr/api/data/documents/', {
    org: w.org,
    token: admin.token,
    body: { display_name: 'Employee handbook 2026', filename: 'handbook.pdf', view_type: 'file', published: true },
  });
  assert.equal(doc.status, 201, doc.text);
  handbook = doc.body.key;
  const up = await w.call('PUT', `/hr/api/files/documents/${handbook}/file`, {
    org: w.org,
    token: admin.token,
    headers: { 'content-type': 'text/plain', 'x-file-name': 'handbook.txt' },
    rawBody: 'Be kind to one another.\n',
  });
  assert.equal(up.status, 200, up.text);
});
afterAll(async () => {
  await w?.close();
});

const assignmentsOf = async () => {
  const r = await w.call('POST', '/hr/api/data/find/assignments', { org: w.org, token: admin.token, body: {} });
  assert.equal(r.status, 200, r.text);
  return r.body.items as { key: string; data: { status: string; acknowledgements: Record<string, any>[] } }[];
};

it('HR assigns the handbook to two people; Emma finds it, opens it and signs her acknowledgement; HR sees each one', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto('/hr/assignments/create');
  for (const who of ['Emma', 'Carla']) {
    await page.getByPlaceholder('Search by name or e-mail').fill(who);
    await page
      .getByRole('option', { name: new RegExp(`^${who} `) })
      .first()
      .click();
  }
  await page.getByLabel('Document', { exact: true }).selectOption({ label: 'Employee handbook 2026' });
  await page.getByLabel('Due by').fill('2026-12-15');
  await page.getByLabel('Acknowledgement required').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/hr\/assignments\/edit\//);
  const [made] = await assignmentsOf();
  assert.equal(made.data.acknowledgements.length, 2);

  const phone = (await w.page({ mobile: true })).page;
  await w.signIn(phone, 'emma');
  await phone.getByRole('button', { name: 'Menu' }).click();
  await phone.getByRole('link', { name: 'My documents' }).first().click();
  // The assignment's row, not the company document's of the same name (its table may come first).
  const row = phone.getByRole('row', { name: /Employee handbook 2026/ }).filter({ hasText: '12/15/2026' });
  await row.waitFor();
  assert.match(await row.innerText(), /12\/15\/2026\s+To do/);
  // On a phone each row is a card whose lines say what they are.
  const labels = await row
    .locator('td')
    .evaluateAll((cells) => cells.map((c) => getComputedStyle(c, '::before').content));
  assert.deepEqual(labels, ['"Document"', '"Due by"', '"Your progress"', '"Acknowledge"']);
  await w.screenshot(phone, 'assignments-my-documents');
  // The handbook opens (she may not edit it: its view) and downloads.
  await row.getByRole('link', { name: 'Employee handbook 2026', exact: true }).click();
  await phone.waitForURL(/\/hr\/documents\/view\//);
  const [download] = await Promise.all([
    phone.waitForEvent('download'),
    phone.getByRole('button', { name: 'Download handbook.txt' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'handbook.txt');
  await phone.goBack();
  await phone.getByRole('link', { name: 'Open the assignment of Employee handbook 2026' }).click();
  await phone.waitForURL(/\/hr\/assignments\/edit\//);
  const emmaIndex = made.data.acknowledgements.findIndex((e) => e.user_id !== made.data.acknowledgements[1].user_id);
  await phone.locator(`#root_acknowledgements_${emmaIndex}_signature`).click();
  await phone.getByRole('button', { name: 'Read Agreement' }).click();
  await phone.getByRole('button', { name: 'I agree' }).click();
  await phone.getByRole('textbox', { name: 'Full Name', exact: true }).fill('Emma Employee');
  await phone.getByRole('button', { name: 'Submit' }).click();
  await phone.getByRole('button', { name: 'Submit' }).waitFor({ state: 'detached' });
  await phone.getByRole('button', { name: 'Save', exact: true }).click();
  await phone.getByText('Saved.', { exact: true }).first().waitFor();
  await phone.goto('/mydocuments');
  await phone.getByRole('row', { name: /Employee handbook 2026.*Acknowledged/ }).waitFor();

  const [after] = await assignmentsOf();
  const state = after.data.acknowledgements.map((e) => [e.status, e.signature?.name ?? null]);
  assert.deepEqual(state.sort(), [
    ['assigned', null],
    ['completed', 'Emma Employee'],
  ]);
  assert.equal(after.data.status, 'viewed', 'not complete while Carla has not acknowledged');
  await page.goto('/hr/assignments');
  await page.getByRole('row', { name: /Employee handbook 2026.*12\/15\/2026.*viewed/ }).waitFor();
});

it('Carla, named on the same assignment, sees and signs her own entry only; HR sees both, neither to sign', async () => {
  const [made] = await assignmentsOf();
  const { page } = await w.page();
  await w.signIn(page, 'carla');
  await page.goto(`/hr/assignments/edit/${made.key}`);
  const own = page.locator('#root_acknowledgements_0_signature');
  await own.waitFor();
  assert.equal(await own.evaluate((e) => e.tagName), 'BUTTON', 'hers to sign');
  assert.equal(await page.locator('#root_acknowledgements_1_signature').count(), 0, "Emma's entry is not hers");
  // Whom it names is said (Assigned to); Emma's signed acknowledgement is not.
  assert.equal(await page.locator('.signature-item').count(), 1);
  const text = await page.locator('main').innerText();
  assert.ok(!/Signed/.test(text), text);
  await w.screenshot(page, 'assignments-colleague');

  const hr = (await w.page()).page;
  await w.signIn(hr, 'admin');
  await hr.goto(`/hr/assignments/edit/${made.key}`);
  await hr.locator('#root_acknowledgements_1_signature').waitFor();
  for (const i of [0, 1]) {
    const item = hr.locator(`#root_acknowledgements_${i}_signature`);
    assert.notEqual(await item.evaluate((e) => e.tagName), 'BUTTON', `entry ${i} is not HR's to sign`);
    assert.ok(await hr.locator(`#root_acknowledgements_${i}_status`).isDisabled(), `entry ${i} is not HR's to mark`);
  }
  // Carla marks her own.
  assert.ok(!(await page.locator('#root_acknowledgements_0_status').isDisabled()), 'hers to mark');
  await hr.getByText('Emma Employee').first().waitFor();
});

it('HR shows the overdue assignments, each with whom it names; the filters speak in names', async () => {
  const users = await w.call('POST', '/auth/api/data/find/users', {
    org: w.org,
    token: admin.token,
    body: { limit: 500 },
  });
  assert.equal(users.status, 200, users.text);
  const keyOf = (name: string) =>
    (users.body.items as { key: string; data: { display_name?: string } }[]).find((u) =>
      u.data.display_name?.startsWith(name),
    )!.key;
  const day = 86_400;
  const today = Math.floor(Date.now() / 1000 / day) * day;
  const make = async (who: string, due: number, status?: string) => {
    const r = await w.call('POST', '/hr/api/data/assignments/', {
      org: w.org,
      token: admin.token,
      body: { user_ids: [keyOf(who)], document_id: handbook, due_by: due, ...(status ? { status } : {}) },
    });
    assert.equal(r.status, 201, r.text);
  };
  await make('Sam', today - 3 * day);
  await make('Wes', today - 3 * day, 'cancelled');
  await make('Ivan', today + 3 * day);

  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto('/hr/assignments');
  const filters = page.getByRole('search');
  // The kind of document by its name; a reference's empty choice is no filter: Any.
  await filters.getByLabel('Document kind').waitFor();
  const kinds = await filters.getByLabel('Document kind').locator('option').allInnerTexts();
  assert.deepEqual(kinds, ['Any', 'Company document', 'Labor law poster', 'Payroll document', 'Employee document']);
  await filters
    .getByLabel('Document', { exact: true })
    .locator('option', { hasText: 'Employee handbook 2026' })
    .waitFor({ state: 'attached' });
  assert.equal(await filters.getByLabel('Document', { exact: true }).locator('option').first().innerText(), 'Any');

  await filters.getByLabel('Show').selectOption({ label: 'Overdue' });
  await page.waitForURL(/[?&]view=overdue/);
  const rows = page.locator('tbody tr:not([aria-hidden])');
  await page.getByRole('row', { name: /Sam / }).waitFor();
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
  assert.match(await rows.first().innerText(), /Employee handbook 2026\s+Sam \S+\s+Company document/);
  await w.screenshot(page, 'assignments-overdue');
  // The whole list again.
  await filters.getByLabel('Show').selectOption({ label: 'All assignments' });
  await page.getByRole('row', { name: /Ivan / }).waitFor();
});

it("HR named on an assignment beside Emma marks and signs their own entry only: Emma's is read-only to them", async () => {
  const emma = await w.apiLogin('emma');
  const made = await w.call('POST', '/hr/api/data/assignments/', {
    org: w.org,
    token: admin.token,
    body: { user_ids: [admin.user, emma.user], document_id: handbook, acknowledgement_required: true },
  });
  assert.equal(made.status, 201, made.text);
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto(`/hr/assignments/edit/${made.body.key}`);
  await page.locator('#root_acknowledgements_1_status').waitFor();
  assert.ok(!(await page.locator('#root_acknowledgements_0_status').isDisabled()), 'their own to mark');
  assert.ok(await page.locator('#root_acknowledgements_1_status').isDisabled(), "Emma's is hers to mark");
  assert.equal(
    await page.locator('#root_acknowledgements_0_signature').evaluate((e) => e.tagName),
    'BUTTON',
    'their own to sign',
  );
  assert.notEqual(
    await page.locator('#root_acknowledgements_1_signature').evaluate((e) => e.tagName),
    'BUTTON',
    "Emma's is hers to sign",
  );
  // Marking their own and saving is taken; Emma's entry stays as she left it.
  await page.locator('#root_acknowledgements_0_status').selectOption('viewed');
  await saveForm(page);
  const stored = await w.call('GET', `/hr/api/data/assignments/${made.body.key}`, { org: w.org, token: admin.token });
  const entries = stored.body.data.acknowledgements as { user_id: string; status: string }[];
  assert.deepEqual(
    entries.map((e) => [e.user_id, e.status]),
    [
      [admin.user, 'viewed'],
      [emma.user, 'assigned'],
    ],
  );
});

it("Emma's own document assigned to her is named and opens from My documents, as a company document does", async () => {
  const emma = await w.apiLogin('emma');
  const own = await w.call('POST', '/hr/api/data/employee_documents/', {
    org: w.org,
    token: admin.token,
    body: { employee_id: emma.user, display_name: 'Offer letter, signed copy', status: 'uploaded' },
  });
  assert.equal(own.status, 201, own.text);
  const made = await w.call('POST', '/hr/api/data/assignments/', {
    org: w.org,
    token: admin.token,
    body: { user_ids: [emma.user], document_id: own.body.key, document_type: 'employee_documents' },
  });
  assert.equal(made.status, 201, made.text);
  const { page } = await w.page({ mobile: true });
  await w.signIn(page, 'emma');
  await page.goto('/mydocuments');
  const section = page.getByRole('region', { name: 'To read and acknowledge' });
  await section.getByRole('link', { name: 'Offer letter, signed copy', exact: true }).click();
  await page.waitForURL((u) => u.pathname === `/hr/employee_documents/view/${own.body.key}`);
  await page.getByText('Offer letter, signed copy').first().waitFor();
});
