/**
 * A save whose request never reaches the server (the network drops): the notice says in words that
 * nothing was saved and what to do, not the browser's "Failed to fetch"; everything typed stays in
 * the form, and saving again once the network is back saves it. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';
import { NETWORK_MESSAGE } from '../../renderers/screens/record/useRecordController.ts';

let w: World;
let emma: { token: string; user: string };

beforeAll(async () => {
  w = await startWorld();
  emma = await w.apiLogin('emma');
});
afterAll(async () => {
  await w?.close();
});

it('Emma saves her emergency contact while the network is down: she is told, and keeps what she typed', async () => {
  const { page } = await w.page({ mobile: true });
  await w.signIn(page, 'emma');
  await page.goto(`/payroll/my_emergency_contacts/edit/${emma.user}`);
  await page.locator('#root_contacts_0_contact_first_name').fill('Ann');
  await page.locator('#root_contacts_0_contact_last_name').fill('Lee');
  await page.locator('#root_contacts_0_relationship').fill('Sister');
  await page.locator('#root_contacts_0_phone_number').fill('5125550101');
  const writes = (r: { request(): { method(): string } }) => r.request().method() !== 'GET';
  await page.route('**/payroll/api/data/**', (route) => (writes(route) ? route.abort() : route.continue()));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const notice = page.locator('.notices').getByRole('alert');
  await notice.filter({ hasText: NETWORK_MESSAGE }).waitFor();
  assert.doesNotMatch(await notice.allInnerTexts().then((t) => t.join(' ')), /Failed to fetch/);
  assert.equal(await page.locator('#root_contacts_0_contact_first_name').inputValue(), 'Ann');
  assert.equal(await page.locator('#root_contacts_0_phone_number').inputValue(), '(512) 555-0101');
  assert.match(NETWORK_MESSAGE, /^Not saved/);

  await page.unroute('**/payroll/api/data/**');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('.notices').getByText('Saved.', { exact: true }).waitFor();
  const stored = await w.call('GET', `/payroll/api/data/my_emergency_contacts/${emma.user}`, {
    org: w.org,
    token: emma.token,
  });
  assert.equal(stored.body.data.contacts[0].contact_first_name, 'Ann');
});
