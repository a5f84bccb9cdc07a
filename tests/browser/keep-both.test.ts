/**
 * The same form open in two tabs, each changing another part of one list item or address: the
 * second save is refused (409), and "Keep both: their version with my changes" keeps the other
 * tab's change beside this tab's, not this tab's stale copy of the whole list or address.
 * Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startWorld, type World } from './browser.ts';

let w: World;
let emma: { token: string; user: string };

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
});
afterAll(async () => {
  await w?.close();
});

const read = async (type: string) =>
  (await w.call('GET', `/payroll/api/data/${type}/${emma.user}`, { org: w.org, token: emma.token })).body.data;

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

it('two tabs change two fields of one emergency contact: Keep both keeps both changes', async () => {
  const first = await w.call('POST', `/payroll/api/data/my_emergency_contacts/${emma.user}`, {
    org: w.org,
    token: emma.token,
    body: {
      contacts: [
        { contact_first_name: 'Ann', contact_last_name: 'Lee', relationship: 'Sister', phone_number: '5125550101' },
      ],
    },
  });
  assert.ok([200, 201].includes(first.status), first.text);
  const { context, page: a } = await w.page();
  await w.signIn(a, 'emma');
  const b = await context.newPage();
  const url = `/payroll/my_emergency_contacts/edit/${emma.user}`;
  await a.goto(url);
  await b.goto(url);
  await a.locator('#root_contacts_0_relationship').fill('Cousin');
  await save(a);
  await a.locator('.notices').getByText('Saved.', { exact: true }).waitFor();

  await b.locator('#root_contacts_0_contact_last_name').fill('Lee-Jones');
  await save(b);
  await b.getByRole('button', { name: 'Keep both: their version with my changes' }).click();
  await b.getByText('The form now shows the other person’s version with your changes on top.').waitFor();
  assert.equal(await b.locator('#root_contacts_0_relationship').inputValue(), 'Cousin', "the other tab's change");
  assert.equal(await b.locator('#root_contacts_0_contact_last_name').inputValue(), 'Lee-Jones', "this tab's change");
  await save(b);
  await b.locator('.notices').getByText('Saved.', { exact: true }).waitFor();
  const stored = await read('my_emergency_contacts');
  assert.equal(stored.contacts[0].relationship, 'Cousin');
  assert.equal(stored.contacts[0].contact_last_name, 'Lee-Jones');
});

it('two tabs change two parts of the legal address: Keep both keeps both changes', async () => {
  const first = await w.call('POST', `/payroll/api/data/my_basic_info/${emma.user}`, {
    org: w.org,
    token: emma.token,
    body: { legal_address: { address1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701' } },
  });
  assert.ok([200, 201].includes(first.status), first.text);
  const { context, page: a } = await w.page();
  await w.signIn(a, 'emma');
  const b = await context.newPage();
  const url = `/payroll/my_basic_info/edit/${emma.user}`;
  await a.goto(url);
  await b.goto(url);
  await a.locator('#root_legal_address_address1').fill('2 Oak Ave');
  await save(a);
  await a.locator('.notices').getByText('Saved.', { exact: true }).waitFor();

  await b.locator('#root_legal_address_postal_code').fill('78702');
  await save(b);
  await b.getByRole('button', { name: 'Keep both: their version with my changes' }).click();
  await b.getByText('The form now shows the other person’s version with your changes on top.').waitFor();
  assert.equal(await b.locator('#root_legal_address_address1').inputValue(), '2 Oak Ave');
  assert.equal(await b.locator('#root_legal_address_postal_code').inputValue(), '78702');
});
