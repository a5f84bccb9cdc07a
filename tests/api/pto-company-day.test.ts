/**
 * Approved time off "has begun" on its first day in the company's time zone (docs/pto.md), not in
 * UTC: the evening before, an employee in California may still withdraw it herself, though it is
 * already that day in UTC. The server's clock is set (in-process demo company) so each instant is exact.
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { inProcessDemo, signInTo } from '../helpers/in-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

const DAY = 86_400;
const HOUR = 3600;

/** Emma's approved day off D in a company of `timeZone`; then, at `hoursIntoD` UTC hours of D, she withdraws it. */
async function withdrawAt(timeZone: string, hoursIntoD: number): Promise<{ status: number; text: string }> {
  let clock = Math.floor(Date.now() / 1000);
  const d = await inProcessDemo('dform-pto-day-', { now: () => clock });
  try {
    const { call, acme } = d;
    const signIn = signInTo(call, acme);
    const staff = (await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } })).body
      .token as string;
    const set = await call('PATCH', `/auth/api/data/organizations/${acme}`, {
      token: staff,
      body: { time_zone: timeZone },
    });
    assert.equal(set.status, 200, set.text);
    const emma = await signIn('emma@acme.example', 'demo-employee-pass');
    const emmaKey = (await call('GET', '/auth/api/session', { org: acme, token: emma })).body.user.key as string;
    const admin = await signIn('admin@acme.example', 'demo-admin-pass');
    const enrolment = await call('GET', `/time/api/data/pto_employee/${emmaKey}`, { org: acme, token: admin });
    assert.equal(enrolment.status, 200, enrolment.text);
    const dayOff = (Math.floor(clock / DAY) + 10) * DAY;
    const asked = await call('POST', '/time/api/data/pto_request/', {
      org: acme,
      token: emma,
      body: {
        user_id: emmaKey,
        plan_id: enrolment.body.data.plan_ids[0],
        hours: 8,
        start_date: dayOff,
        end_date: dayOff,
      },
    });
    assert.equal(asked.status, 201, asked.text);
    const ok = await call('PATCH', `/time/api/data/pto_request/${asked.body.key}`, {
      org: acme,
      token: admin,
      body: { status: 'approved' },
    });
    assert.equal(ok.status, 200, ok.text);
    clock = dayOff + hoursIntoD * HOUR;
    const again = await signIn('emma@acme.example', 'demo-employee-pass');
    const r = await call('DELETE', `/time/api/data/pto_request/${asked.body.key}`, { org: acme, token: again });
    return { status: r.status, text: r.text };
  } finally {
    await d.close();
  }
}

test('at 5 pm Pacific the evening before (01:00 UTC of the day), a California employee still withdraws her approved day off', async () => {
  const r = await withdrawAt('America/Los_Angeles', 1);
  assert.equal(r.status, 204, r.text);
});

test('at 1 am Eastern of the day itself (06:00 UTC), an employee of a New York company no longer does: her PTO manager does', async () => {
  const r = await withdrawAt('America/New_York', 6);
  assert.equal(r.status, 403, r.text);
  assert.match(r.text, /Time off that has begun/);
});
