/**
 * Fields that hold another record's key are chosen by that record's name on the generic screens:
 * a message's, a membership's and a request's channel, a COMMS profile's person, a company's
 * settings' company, a company's parent organization. They were boxes for (or showed) a
 * 36-character key nobody knows. Product staff, who may open every type, at the product's own site,
 * and the demo company's admin. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';
import { staffPage, startWorld, type World } from './browser.ts';

let w: World;
let channel = '';

beforeAll(async () => {
  w = await startWorld();
  const root = await w.call('GET', '/auth/api/resolve_org?hostname=localhost');
  const org = root.body.organization_id as string;
  const login = await w.call('POST', '/auth/api/login', { org, body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  assert.equal(login.status, 200, login.text);
  const made = await w.call('POST', '/comms/api/data/channels/', {
    org,
    token: login.body.token,
    body: { name: 'Release notes', owner: login.body.session.user.key, type: 'group', status: 'active' },
  });
  assert.equal(made.status, 201, made.text);
  channel = made.body.key;
});
afterAll(async () => {
  await w?.close();
});

it("a message's channel and a company's settings' company are chosen by their names", async () => {
  const page = await staffPage(w);
  await page.goto('/comms/messages/create');
  const choice = page.getByLabel(/^Channel/);
  await choice.locator('option', { hasText: 'Release notes' }).waitFor({ state: 'attached' });
  await choice.selectOption({ label: 'Release notes' });
  assert.equal(await choice.inputValue(), channel);

  await page.goto('/auth/organization_settings/create');
  const company = page.getByLabel(/^Organization/);
  await company.locator('option', { hasText: 'Acme Demo' }).waitFor({ state: 'attached' });
  await page.context().close();
});

it("a company's preferences name its parent organization, not its key", async () => {
  const admin = await w.apiLogin('admin');
  const found = await w.call('POST', '/auth/api/data/find/organization_preferences', {
    org: w.org,
    token: admin.token,
    body: { limit: 1 },
  });
  assert.equal(found.status, 200, found.text);
  const prefs = found.body.items[0];
  const parent = prefs.data.parent_organization as string;
  const named = await w.call('POST', '/auth/api/get_org_name', { body: { organization_id: parent } });
  assert.equal(named.status, 200, named.text);
  const { page } = await w.page();
  await w.signIn(page, 'admin');
  await page.goto(`/auth/organization_preferences/view/${prefs.key}`);
  const shown = page.locator('dt', { hasText: /^Parent organization$/ }).locator('xpath=following-sibling::dd[1]');
  await shown.getByText(named.body.name, { exact: true }).waitFor();
  await page.goto(`/auth/organization_preferences/edit/${prefs.key}`);
  const box = page.getByLabel('Parent organization');
  const id = (await box.getAttribute('id')) ?? '';
  const name = named.body.name as string;
  await page.waitForFunction(([id, name]) => (document.getElementById(id) as HTMLInputElement | null)?.value === name, [
    id,
    name,
  ] as const);
  assert.equal(await box.getAttribute('readonly'), '');
});

it("a list's filter on records the viewer may not list is not offered, and nothing is asked for them", async () => {
  // The company admin may list her company's settings, not the organizations they name.
  const { page } = await w.page();
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  await w.signIn(page, 'admin');
  await page.goto('/auth/organization_settings/list');
  const filters = page.getByRole('search', { name: /Filter organization settings/i });
  await filters.getByLabel('Settings name').waitFor();
  await page.waitForLoadState('networkidle');
  assert.equal(await filters.getByLabel('Organization').count(), 0, 'no filter (before: a box for a key)');
  assert.deepEqual(refused, []);

  // Product staff, who may list organizations, choose among them by name.
  const staff = await staffPage(w);
  await staff.goto('/auth/organization_settings/list');
  const choice = staff.getByRole('search', { name: /Filter organization settings/i }).getByLabel('Organization');
  await choice.locator('option', { hasText: 'Acme Demo' }).waitFor({ state: 'attached' });
  await staff.context().close();
});
