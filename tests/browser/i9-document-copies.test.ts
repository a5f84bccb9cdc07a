/**
 * A payroll manager keeps a copy of a document examined for an employee's Form I-9
 * (payroll/i9_document_copies): the document is chosen by its title among the ones on that
 * employee's I-9, not typed as the 36-character key the server gives it, and the copy's view names
 * it. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { saveForm, startWorld, type World } from './browser.ts';

let w: World;
let carla = '';
let examined: { id: string; title: string }[] = [];

beforeAll(async () => {
  w = await startWorld();
  const payroll = await w.apiLogin('payroll');
  carla = (await w.apiLogin('carla')).user;
  const i9 = await w.call('GET', `/payroll/api/data/i9/${carla}`, { org: w.org, token: payroll.token });
  assert.equal(i9.status, 200, i9.text);
  examined = i9.body.data.documentation;
  assert.ok(examined.length > 0, 'the demo I-9 of Carla lists the documents examined');
});
afterAll(async () => {
  await w?.close();
});

it('the document is chosen by its title among the employee’s I-9 documents, and the copy names it', async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  await page.goto('/payroll/i9_document_copies/create');
  const choice = page.getByLabel(/^Document examined/);
  // Nothing to choose before the employee is.
  await choice.locator('option', { hasText: 'Choose the employee first' }).waitFor({ state: 'attached' });
  await page.getByPlaceholder('Search by name or e-mail').fill('Carla');
  await page.getByRole('option', { name: /^Carla / }).click();
  const label = `${examined[0].title}`;
  await choice.locator('option', { hasText: label }).first().waitFor({ state: 'attached' });
  await choice.selectOption({ value: examined[0].id });
  assert.match((await choice.locator('option:checked').innerText()).trim(), new RegExp(`^${label}`));
  await saveForm(page);
  const key = new URL(page.url()).pathname.split('/').pop()!;
  const payroll = await w.apiLogin('payroll');
  const copy = await w.call('GET', `/payroll/api/data/i9_document_copies/${key}`, { org: w.org, token: payroll.token });
  assert.equal(copy.status, 200, copy.text);
  assert.equal(copy.body.data.document_id, examined[0].id);

  await page.goto(`/payroll/i9_document_copies/view/${key}`);
  const main = page.locator('main');
  await main
    .getByText(new RegExp(`^${label}`))
    .first()
    .waitFor();
  assert.doesNotMatch(await main.innerText(), new RegExp(examined[0].id));
});
