/**
 * PTO requests (time/pto_request) as their people use them: an employee asks, a PTO manager decides,
 * and a request changed after its decision (more hours, other days) is asked again, never kept
 * approved under the manager's name for what they did not see.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany, sudoInto } from '../helpers/hardening.ts';
import { ptoCredit, ptoPerson, ptoPlan } from '../helpers/pto.ts';

const REQUESTS = '/time/api/data/pto_request';
const DAY = 86_400;
let w: DemoWorld;
/** The product-staff admin of a company using the TIME module, and an employee of it who uses PTO. */
let manager: Session;
let employee: Session;
let plan: string;

beforeAll(async () => {
  w = await demoWorld();
  const org = await createCompany(w, 'Time Off Co', 'timeoff.dform.app', ['auth', 'payroll', 'time']);
  manager = await sudoInto(w, w.staff, org);
  employee = await ptoPerson(w, manager, 'petra@timeoff.example', 'Petra Paid', 'petra-pass-1');
  plan = await ptoPlan(w, manager, 'Vacation');
  // Hours to take: an approval may not leave the plan below zero.
  await ptoCredit(w, manager, employee.user, plan, 40);
});
afterAll(async () => {
  await w.server.stop();
});

test('an approved request whose hours or days change is asked again; its reason alone keeps the decision', async () => {
  const start = Math.floor(Date.now() / 1000 / DAY) * DAY + 30 * DAY;
  const asked = await w.call('POST', `${REQUESTS}/`, {
    ...as(employee),
    body: { user_id: employee.user, plan_id: plan, start_date: start, end_date: start + DAY, hours: 8 },
  });
  assert.equal(asked.status, 201, asked.text);
  assert.equal(asked.body.data.status, 'requested');
  const approved = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, {
    ...as(manager),
    body: { status: 'approved', decision_note: 'Enjoy' },
  });
  assert.equal(approved.status, 200, approved.text);
  assert.equal(approved.body.data.approver_id, manager.user);

  const reason = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, {
    ...as(employee),
    body: { reason: 'Family visit' },
  });
  assert.equal(reason.status, 200, reason.text);
  assert.equal(reason.body.data.status, 'approved', 'the reason is not what was decided');

  const more = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, {
    ...as(employee),
    body: { hours: 400, end_date: start + 60 * DAY },
  });
  assert.equal(more.status, 200, more.text);
  expect(more.body.data).toMatchObject({ status: 'requested', hours: 400 });
  for (const gone of ['approver_id', 'decision_time', 'decision_note'])
    assert.equal(more.body.data[gone], undefined, gone);
  const seen = await w.call('GET', `${REQUESTS}/${asked.body.key}`, as(manager));
  assert.equal(seen.body.data.status, 'requested', 'the manager sees it waiting again');

  // The employee cannot approve it back: a status only a PTO manager edits is ignored in their save.
  const self = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, {
    ...as(employee),
    body: { status: 'approved' },
  });
  assert.equal(self.body.data?.status ?? 'refused', self.status === 200 ? 'requested' : 'refused', self.text);
  const again = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, { ...as(manager), body: { status: 'denied' } });
  assert.equal(again.status, 200, again.text);
  expect(again.body.data).toMatchObject({ status: 'denied', approver_id: manager.user });
});

test('time off is asked for an active person in PTO: an account or an enrolment set inactive takes no new request', async () => {
  const start = Math.floor(Date.now() / 1000 / DAY) * DAY + 40 * DAY;
  const person = await ptoPerson(w, manager, 'quinn@timeoff.example', 'Quinn Quit', 'quinn-pass-1');
  const ask = (who: Session) =>
    w.call('POST', `${REQUESTS}/`, {
      ...as(who),
      body: { user_id: person.user, plan_id: plan, start_date: start, end_date: start, hours: 8 },
    });
  const waiting = await ask(person);
  assert.equal(waiting.status, 201, waiting.text);

  // A PTO enrolment set inactive: no new request, not even by the manager.
  const enrolment = await w.call('PATCH', `/time/api/data/pto_employee/${person.user}`, {
    ...as(manager),
    body: { status: 'inactive', plan_ids: [plan] },
  });
  assert.equal(enrolment.status, 200, enrolment.text);
  for (const who of [person, manager]) {
    const r = await ask(who);
    expect(r.status, r.text).toBe(400);
    expect(r.body.errors).toEqual([
      {
        path: '/user_id',
        message: "Quinn Quit's PTO enrolment is inactive: a PTO manager makes it active before time off is asked.",
      },
    ]);
  }

  // An account set inactive: the manager cannot ask for them either.
  const off = await w.call('PATCH', `/auth/api/data/users/${person.user}`, {
    ...as(manager),
    body: { status: 'inactive' },
  });
  assert.equal(off.status, 200, off.text);
  const r = await ask(manager);
  expect(r.status, r.text).toBe(400);
  expect(r.body.errors).toEqual([
    { path: '/user_id', message: "Quinn Quit's account is not active: time off is asked for active people only." },
  ]);

  // The request asked before can still be decided.
  const denied = await w.call('PATCH', `${REQUESTS}/${waiting.body.key}`, {
    ...as(manager),
    body: { status: 'denied' },
  });
  expect(denied.status, denied.text).toBe(200);
});

test("a PTO manager's own time off is decided by another PTO manager, never by herself", async () => {
  const start = Math.floor(Date.now() / 1000 / DAY) * DAY + 50 * DAY;
  const mia = await ptoPerson(w, manager, 'mia@timeoff.example', 'Mia Manager', 'mia-pass-1', ['TIME:CanManagePTO']);
  await ptoCredit(w, manager, mia.user, plan, 40);

  const asked = await w.call('POST', `${REQUESTS}/`, {
    ...as(mia),
    body: { user_id: mia.user, plan_id: plan, start_date: start, end_date: start, hours: 8 },
  });
  assert.equal(asked.status, 201, asked.text);
  for (const status of ['approved', 'denied']) {
    const own = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, { ...as(mia), body: { status } });
    expect(own.status, own.text).toBe(400);
    expect(own.body.errors).toEqual([
      { path: '/status', message: 'Your own time off is decided by another PTO manager.' },
    ]);
  }
  const kept = await w.call('GET', `${REQUESTS}/${asked.body.key}`, as(mia));
  expect(kept.body.data.status).toBe('requested');
  const ledger = await w.call('POST', '/time/api/data/find/pto_register', {
    ...as(manager),
    body: {
      criteria: [
        { field: 'user_id', is: '=', value: mia.user },
        { field: 'type', is: '=', value: 'use' },
      ],
    },
  });
  expect(ledger.body.total, 'no hours taken by a refused approval').toBe(0);

  // Her changes that decide nothing still save, and another PTO manager decides.
  const reason = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, { ...as(mia), body: { reason: 'Dentist' } });
  expect(reason.status, reason.text).toBe(200);
  const decided = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, {
    ...as(manager),
    body: { status: 'approved' },
  });
  expect(decided.status, decided.text).toBe(200);
  expect(decided.body.data).toMatchObject({ status: 'approved', approver_id: manager.user });
  // Once decided, a save of hers that keeps the decision is fine; she cannot turn it herself.
  const note = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, {
    ...as(mia),
    body: { reason: 'Dentist, 9 am' },
  });
  expect(note.status, note.text).toBe(200);
  expect(note.body.data.status).toBe('approved');
  const undo = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, { ...as(mia), body: { status: 'denied' } });
  expect(undo.status, undo.text).toBe(400);
});
