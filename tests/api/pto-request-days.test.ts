/**
 * The days and hours of a PTO request make sense as time off (docs/pto.md, "A request is for days
 * she is not already off"): the same day is not asked, nor taken from the balance, twice, and a day
 * holds at most 24 hours.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany, sudoInto } from '../helpers/hardening.ts';
import { ptoCredit, ptoPerson, ptoPlan } from '../helpers/pto.ts';
import { DEFAULT_TIME_ZONE, localDay } from '../../engine/local-day.ts';

const REQUESTS = '/time/api/data/pto_request';
const DAY = 86_400;
let w: DemoWorld;
let manager: Session;
let employee: Session;
let colleague: Session;
let vacation: string;
let sick: string;
/** A day well ahead, at UTC midnight as dates are stored. */
const first = Math.floor(Date.now() / 1000 / DAY) * DAY + 50 * DAY;
const day = (n: number) => first + n * DAY;

const ask = (who: Session, body: Record<string, unknown>) =>
  w.call('POST', `${REQUESTS}/`, {
    ...as(who),
    body: { user_id: who.user, plan_id: vacation, hours: 8, ...body },
  });
const patch = (who: Session, key: string, body: Record<string, unknown>) =>
  w.call('PATCH', `${REQUESTS}/${key}`, { ...as(who), body });

async function balance(user: string, plan: string): Promise<number> {
  const r = await w.call('POST', '/time/api/data/find/pto_balance', {
    ...as(manager),
    body: {
      criteria: [
        { field: 'user_id', is: '=', value: user },
        { field: 'plan_id', is: '=', value: plan },
      ],
    },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items[0]?.data.hours ?? 0;
}

beforeAll(async () => {
  w = await demoWorld();
  const org = await createCompany(w, 'Days Co', 'daysoff.dform.app', ['auth', 'payroll', 'time']);
  manager = await sudoInto(w, w.staff, org);
  employee = await ptoPerson(w, manager, 'dora@daysoff.example', 'Dora Days', 'dora-pass-1');
  colleague = await ptoPerson(w, manager, 'cole@daysoff.example', 'Cole Colleague', 'cole-pass-1');
  vacation = await ptoPlan(w, manager, 'Vacation');
  sick = await ptoPlan(w, manager, 'Sick leave', { plan_type: 'Sick' });
  for (const who of [employee, colleague])
    for (const plan of [vacation, sick]) await ptoCredit(w, manager, who.user, plan, 80, first - 60 * DAY);
});
afterAll(async () => {
  await w.server.stop();
});

describe('a day is asked once', () => {
  test('a request over days she already asked for is refused, naming that request; nothing is stored', async () => {
    const held = await ask(employee, { start_date: day(0), end_date: day(2), hours: 24 });
    assert.equal(held.status, 201, held.text);
    const overlapping = [
      { start_date: day(0), end_date: day(0) },
      { start_date: day(2), end_date: day(4), hours: 24 },
      { start_date: day(-3), end_date: day(10), hours: 80 },
      { start_date: day(1), end_date: day(1), plan_id: sick },
    ];
    for (const body of overlapping) {
      const r = await ask(employee, body);
      expect(r.status, r.text).toBe(400);
      expect(r.body.errors).toEqual([
        {
          path: '/start_date',
          message: expect.stringMatching(/^Time off is already asked for some of these days: the request of .+\.$/),
        },
      ]);
    }
    const mine = await w.call('POST', `/time/api/data/find/pto_request`, {
      ...as(employee),
      body: { criteria: [{ field: 'user_id', is: '=', value: employee.user }] },
    });
    expect(mine.body.total).toBe(1);
    // The days next to it, and the same days for a colleague, are free.
    expect((await ask(employee, { start_date: day(3), end_date: day(3) })).status).toBe(201);
    expect((await ask(colleague, { start_date: day(0), end_date: day(2), hours: 24 })).status).toBe(201);
  });

  test('two approved requests never take the same day twice from her balance', async () => {
    const a = await ask(employee, { start_date: day(20), end_date: day(20) });
    assert.equal(a.status, 201, a.text);
    const b = await ask(employee, { start_date: day(21), end_date: day(21) });
    assert.equal(b.status, 201, b.text);
    expect((await patch(manager, a.body.key, { status: 'approved' })).status).toBe(200);
    const before = await balance(employee.user, vacation);
    // Moved onto the approved day, the second is refused, by her or by the manager.
    for (const who of [employee, manager]) {
      const moved = await patch(who, b.body.key, { start_date: day(20), end_date: day(20) });
      expect(moved.status, moved.text).toBe(400);
      expect(moved.body.errors[0].path).toBe('/start_date');
    }
    expect(await balance(employee.user, vacation)).toBe(before);
  });

  test('a denied request holds no day, and is refused if asked again over days taken since', async () => {
    const a = await ask(employee, { start_date: day(30), end_date: day(30) });
    assert.equal(a.status, 201, a.text);
    expect((await patch(manager, a.body.key, { status: 'denied' })).status).toBe(200);
    const b = await ask(employee, { start_date: day(30), end_date: day(30) });
    expect(b.status, b.text).toBe(201);
    // The denied one, approved after all, would take day 30 twice.
    const late = await patch(manager, a.body.key, { status: 'approved' });
    expect(late.status, late.text).toBe(400);
    expect(late.body.errors[0].path).toBe('/start_date');
    // Its reason changed alone keeps it as it is.
    expect((await patch(employee, a.body.key, { reason: 'Family' })).status).toBe(200);
  });

  test('two partial days on one day are fine (a morning of vacation, an afternoon of sick leave)', async () => {
    const am = await ask(employee, { start_date: day(40), end_date: day(40), hours: 4, partial_day: true });
    assert.equal(am.status, 201, am.text);
    const pm = await ask(employee, {
      start_date: day(40),
      end_date: day(40),
      hours: 4,
      partial_day: true,
      plan_id: sick,
    });
    expect(pm.status, pm.text).toBe(201);
    const full = await ask(employee, { start_date: day(40), end_date: day(40) });
    expect(full.status, full.text).toBe(400);
    // Together they fill her work day (8 hours, her enrolment's default): no more partial days on it.
    const more = await ask(employee, { start_date: day(40), end_date: day(40), hours: 2, partial_day: true });
    expect(more.status, more.text).toBe(400);
    const said = new Date(day(40) * 1000).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(more.body.errors).toEqual([
      {
        path: '/hours',
        message: `${said} already holds 8 hours of time off: with these 2 hours it would hold 10, more than the 8-hour work day.`,
      },
    ]);
    const longer = await patch(employee, pm.body.key, { hours: 6 });
    expect(longer.status, longer.text).toBe(400);
    expect(longer.body.errors[0].path).toBe('/hours');
    expect((await patch(employee, pm.body.key, { hours: 3 })).status).toBe(200);
  });
});

describe('a day holds at most 24 hours', () => {
  test('more hours than the days asked can hold are refused on the hours', async () => {
    const one = await ask(employee, { start_date: day(60), end_date: day(60), hours: 25 });
    expect(one.status, one.text).toBe(400);
    expect(one.body.errors).toEqual([
      { path: '/hours', message: 'Hours cannot be more than 24 a day: at most 24 for 1 day.' },
    ]);
    const two = await ask(employee, { start_date: day(60), end_date: day(61), hours: 10_000 });
    expect(two.body.errors).toEqual([
      { path: '/hours', message: 'Hours cannot be more than 24 a day: at most 48 for 2 days.' },
    ]);
    expect((await ask(employee, { start_date: day(60), end_date: day(61), hours: 48 })).status).toBe(201);
  });
});

describe('a day is the day, whatever its hour', () => {
  test('approved time off starting today at an hour past midnight has begun: she cannot withdraw or move it', async () => {
    // Today in the company's zone (Days Co names neither zone nor state), as the server reads it: the
    // UTC day is tomorrow there for hours after midnight UTC.
    const today = localDay(Date.now() / 1000, DEFAULT_TIME_ZONE);
    // A client sending a time of day rather than the day's midnight.
    const asked = await ask(employee, { start_date: today + 3600, end_date: today + 3600, hours: 8 });
    assert.equal(asked.status, 201, asked.text);
    expect((await patch(manager, asked.body.key, { status: 'approved' })).status).toBe(200);
    const taken = await balance(employee.user, vacation);

    const moved = await patch(employee, asked.body.key, { start_date: today + 9 * DAY, end_date: today + 9 * DAY });
    expect(moved.status, moved.text).toBe(400);
    const gone = await w.call('DELETE', `${REQUESTS}/${asked.body.key}`, as(employee));
    expect(gone.status, gone.text).toBe(403);
    expect(gone.body.message).toBe('Time off that has begun is changed or withdrawn by your PTO manager: ask them.');
    expect(await balance(employee.user, vacation)).toBe(taken);
  });
});
