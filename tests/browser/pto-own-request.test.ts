/**
 * A PTO manager's own time off on the managers' dash: it waits there like anyone's, but with no
 * Approve or Deny of hers (the server refuses her deciding it, docs/pto.md); another PTO manager
 * decides it. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';
import { OWN_REQUEST } from '../../forms/pages/pto/AdminDashPage.tsx';

let w: World;

beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it("shows the manager's own waiting request without Approve or Deny, at 375 px too", async () => {
  // The demo admin manages PTO; she enrols herself in Sick leave, which may go below zero here.
  const admin = await w.apiLogin('admin');
  const as = { org: w.org, token: admin.token };
  const plans = await w.call('POST', '/time/api/data/find/pto_plan', { ...as, body: { criteria: [] } });
  const vacation = plans.body.items.find((p: { data: { name: string } }) => p.data.name === 'Vacation').key;
  const enrol = await w.call('POST', '/time/api/data/pto_employee/', {
    ...as,
    body: {
      _user_uuid: admin.user,
      status: 'active',
      plan_ids: [vacation],
      start_date: 1_788_048_000,
      hours_per_day: 8,
    },
  });
  assert.equal(enrol.status, 201, enrol.text);
  const day = Date.UTC(2027, 5, 7) / 1000;
  const asked = await w.call('POST', '/time/api/data/pto_request/', {
    ...as,
    body: { user_id: admin.user, plan_id: vacation, start_date: day, end_date: day, hours: 8 },
  });
  assert.equal(asked.status, 201, asked.text);

  for (const mobile of [false, true]) {
    const { page } = await w.page({ mobile });
    await w.signIn(page, 'admin');
    await page.goto('/pto/admin/dash');
    const waiting = page.getByRole('table', { name: /waiting for a decision/i });
    const mine = waiting.getByRole('row', { name: /Alice Admin/ });
    await mine.waitFor();
    await mine.getByText(OWN_REQUEST).waitFor();
    assert.equal(await mine.getByRole('button').count(), 0, 'no Approve or Deny on her own request');
    // Someone else's request keeps its buttons.
    await waiting
      .getByRole('row', { name: /Carla Complete/ })
      .getByRole('button', { name: /^Approve/ })
      .waitFor();
  }
});
