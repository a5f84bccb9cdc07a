/**
 * The record screens of PTO say "PTO" as written. A delete the server refuses for a rule of PTO is told with the rule, not as "You may not delete
 * this record." or as someone else's change: an employee withdrawing time off she has taken, product
 * staff deleting a plan people are in (docs/pto.md). Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it('an employee deleting time off she has taken is told that her PTO manager changes it', async () => {
  // The demo's past vacation of Emma's, approved.
  const emma = await w.apiLogin('emma');
  const mine = await w.call('POST', '/time/api/data/find/pto_request', {
    org: w.org,
    token: emma.token,
    body: { criteria: [{ field: 'status', is: '=', value: 'approved' }] },
  });
  const taken = mine.body.items.find((r: { data: { start_date: number } }) => r.data.start_date * 1000 < Date.now());
  assert.ok(taken, mine.text);

  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto(`/time/pto_request/view/${taken.key}`);
  // "PTO" stays as written in running text, as on the list screen ("No PTO requests yet.").
  await page.getByRole('link', { name: 'All PTO requests', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete PTO request' });
  await dialog.getByText('Delete this PTO request? This cannot be undone.').waitFor();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByText('Not deleted: Time off that has begun is changed or withdrawn by your PTO manager: ask them.')
    .waitFor();
  assert.equal(await page.getByText('You may not delete this record.').count(), 0);
  const still = await w.call('GET', `/time/api/data/pto_request/${taken.key}`, { org: w.org, token: emma.token });
  assert.equal(still.status, 200, 'nothing was deleted');
});

it('product staff deleting a plan people are in are told to set it inactive, not that someone changed it', async () => {
  const root = await w.call('GET', '/auth/api/resolve_org?hostname=localhost');
  const login = await w.call('POST', '/auth/api/login', {
    org: root.body.organization_id,
    body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
  });
  assert.equal(login.status, 200, login.text);
  const sudo = await w.call('POST', `/auth/api/sudo_login?organization_id=${w.org}`, {
    org: root.body.organization_id,
    token: login.body.token,
    body: { organization_id: w.org },
  });
  assert.equal(sudo.status, 200, sudo.text);
  const emma = await w.apiLogin('emma');
  const plans = await w.call('POST', '/time/api/data/find/pto_plan', {
    org: w.org,
    token: emma.token,
    body: { criteria: [{ field: 'name', is: '=', value: 'Vacation' }] },
  });
  const vacation = plans.body.items[0].key as string;

  const { page } = await w.page();
  const link = new URLSearchParams({ userid: sudo.body.identifier, key: sudo.body.single_use_key, type: 'sudo_login' });
  await page.goto(`/auto-login?${link}`);
  await page.waitForURL((u) => u.pathname === '/home');
  await page.goto(`/time/pto_plan/edit/${vacation}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByText(
      'Not deleted: Vacation has employees, requests or ledger lines: set its status to inactive instead of deleting it.',
    )
    .waitFor();
  assert.equal(await page.getByText(/so it was not deleted/).count(), 0);
});
