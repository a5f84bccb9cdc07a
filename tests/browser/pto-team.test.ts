/**
 * A PTO manager, who may not list the company's groups, sets a team's time-off preferences choosing
 * the team by its name, and the list names it (docs/pto.md "Teams"). Before, the Team field was a
 * text box for a group's 36-character key.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;
const email = 'petra@acme.example';
const password = 'pto-manager-pass-1';

beforeAll(async () => {
  w = await startWorld();
  const admin = await w.apiLogin('admin');
  const u = await w.call('POST', '/auth/api/data/users/', {
    org: w.org,
    token: admin.token,
    body: {
      email,
      display_name: 'Petra Pto',
      status: 'active',
      permissions: ['TIME:CanUseModule', 'TIME:CanManagePTO'],
      is_employee: false,
    },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    org: w.org,
    token: admin.token,
    body: { user_id: u.body.key, password, password2: password },
  });
  assert.equal(p.status, 200, p.text);
  const g = await w.call('POST', '/auth/api/data/groups/', {
    org: w.org,
    token: admin.token,
    body: { name: 'Warehouse night shift', permissions: [], users: [] },
  });
  assert.equal(g.status, 201, g.text);
});
afterAll(async () => {
  await w?.close();
});

it("a PTO manager chooses a team's preferences by the team's name; the list names it", async () => {
  const { page } = await w.page();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/time/pto_prefs/create');
  const team = page.locator('#root_team_id');
  await team.locator('option', { hasText: 'Warehouse night shift' }).waitFor({ state: 'attached' });
  const offered = await team.locator('option').allInnerTexts();
  assert.ok(offered.includes('Employees') && offered.includes('Company Admins'), offered.join(', '));
  await team.selectOption({ label: 'Warehouse night shift' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL(/\/time\/pto_prefs\/edit\//);
  await page.getByRole('link', { name: 'All PTO preferences' }).click();
  await page.getByRole('row', { name: /Warehouse night shift/ }).waitFor();
  await w.screenshot(page, 'pto-team-list');
});

it('an employee reading the preferences sees the team by its name, not its key, and filters by her own groups', async () => {
  const { page } = await w.page({ mobile: true });
  const refused: string[] = [];
  page.on('response', (r) => r.status() === 403 && refused.push(r.url()));
  await w.signIn(page, 'emma');
  await page.goto('/time/pto_prefs/list');
  await page.getByRole('row', { name: /Warehouse night shift/ }).waitFor();
  const text = await page.locator('main table').innerText();
  assert.ok(!/[0-9a-f]{8}-[0-9a-f]{4}-/.test(text), text);
  // The Team filter offers the groups that list her (the demo's Employees), where it said "You may
  // not list the company's groups." after a refused search.
  const filter = page.getByRole('combobox', { name: 'Team' });
  await filter.locator('option', { hasText: 'Employees' }).waitFor({ state: 'attached' });
  assert.deepEqual(await filter.locator('option').allInnerTexts(), ['Any', 'Employees']);
  assert.deepEqual(refused, [], 'nothing refused');
});
