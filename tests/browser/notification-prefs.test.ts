/**
 * /notification_prefs is every person's page (docs/route-guard.md, docs/comms.md): an employee with
 * no COMMS permission lists, makes and opens her own notification preferences there. Its list is
 * her own (my_notification_prefs); the records open and are made through the type itself, as the
 * my_ variant of a type keyed by record is addressed only by her user key. Needs
 * `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it('an employee makes her own notification preference from /notification_prefs and opens it from the list', async () => {
  const emma = await w.apiLogin('emma');
  const { page } = await w.page();
  await w.signIn(page, 'emma');
  await page.goto('/notification_prefs');
  await page.getByRole('heading', { level: 1, name: 'Notification preferences' }).waitFor();
  await page.getByRole('link', { name: 'New notification preference' }).click();
  await page.getByRole('heading', { level: 1, name: 'New Notification Preference' }).waitFor();
  await page.getByLabel('Module').fill('payroll');
  await page.getByLabel('Message type').fill('reminder');
  await page.getByLabel('In the app').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/comms\/notification_prefs\/edit\/[0-9a-f-]{36}$/);
  const key = new URL(page.url()).pathname.split('/').pop()!;
  const saved = await w.call('GET', `/comms/api/data/notification_prefs/${key}`, { org: w.org, token: emma.token });
  assert.equal(saved.status, 200, saved.text);
  assert.equal(saved.body.data.user_id, emma.user);
  // Listed as hers, and opened from the list.
  await page.goto('/notification_prefs');
  await page.locator(`a[href="/comms/notification_prefs/edit/${key}"]`).first().click();
  await page.waitForURL(new RegExp(`/comms/notification_prefs/edit/${key}$`));
  await page.getByRole('heading', { level: 1, name: 'Edit Notification Preference' }).waitFor();
  await page.getByLabel('Message type').waitFor();
  assert.equal(await page.getByLabel('Message type').inputValue(), 'reminder');
});
