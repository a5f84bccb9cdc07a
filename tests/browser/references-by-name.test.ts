/**
 * Fields that hold another record's key are chosen by that record's name on the generic screens:
 * a message's, a membership's and a request's channel, a COMMS profile's person, a company's
 * settings' company. They were boxes for a 36-character key nobody knows. Product staff, who may
 * open every type, at the product's own site. Needs `npm run build:web` first.
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
