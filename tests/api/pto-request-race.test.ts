/**
 * A day is asked once even when two requests for it are sent at the same instant (two tabs, a
 * double click, a phone and a laptop): the overlap check of docs/pto.md holds under concurrent writes,
 * on both stores.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany, sudoInto } from '../helpers/hardening.ts';
import { ptoPerson, ptoPlan } from '../helpers/pto.ts';

const REQUESTS = '/time/api/data/pto_request';
const DAY = 86_400;
const ROUNDS = 10;
let w: DemoWorld;
let manager: Session;
let employee: Session;
let vacation: string;
const first = Math.floor(Date.now() / 1000 / DAY) * DAY + 40 * DAY;

beforeAll(async () => {
  w = await demoWorld();
  const org = await createCompany(w, 'Race Co', 'racedays.dform.app', ['auth', 'payroll', 'time']);
  manager = await sudoInto(w, w.staff, org);
  employee = await ptoPerson(w, manager, 'rita@racedays.example', 'Rita Race', 'rita-pass-1');
  vacation = await ptoPlan(w, manager, 'Vacation');
});
afterAll(async () => {
  await w.server.stop();
});

test(`two requests for one day sent at the same instant: one is taken, the other refused on /start_date (${ROUNDS} rounds)`, async () => {
  for (let round = 0; round < ROUNDS; round++) {
    const day = first + round * 2 * DAY;
    const send = (end: number) =>
      w.call('POST', `${REQUESTS}/`, {
        ...as(employee),
        body: { user_id: employee.user, plan_id: vacation, hours: 8, start_date: day, end_date: end },
      });
    // Different requests (one of them two days long), not a retry of one.
    const answers = await Promise.all([send(day), send(day + DAY), send(day)]);
    const statuses = answers.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 400, 400], `round ${round}: ${answers.map((r) => r.text).join('\n')}`);
    for (const r of answers.filter((a) => a.status === 400)) assert.equal(r.body.errors[0].path, '/start_date');
    const held = await w.call('POST', `/time/api/data/find/pto_request`, {
      ...as(manager),
      body: {
        criteria: [
          { field: 'user_id', is: '=', value: employee.user },
          { field: 'start_date', is: '>=', value: day },
          { field: 'start_date', is: '<', value: day + DAY },
        ],
      },
    });
    assert.equal(held.body.total, 1, `round ${round}: the day is held by one request`);
  }
});
