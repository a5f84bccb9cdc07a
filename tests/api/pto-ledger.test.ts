/**
 * Time off as a balance people can trust (docs/pto.md): a request is on one of the company's plans
 * the employee may use, and every approval, and every approval that goes again, is a line of the
 * employee's ledger written with the decision, so the balance read from the ledger is never off by
 * a decision, however it was reached (denied after all, changed and asked again, deleted, two
 * managers at once).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import assert from 'node:assert/strict';
import { planBalances } from '../../engine/pto-ledger.ts';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany, sudoInto } from '../helpers/hardening.ts';
import { ptoPerson, ptoPlan } from '../helpers/pto.ts';
import { OWN_BALANCE } from '../../server/data/hooks/pto_register.ts';

const REQUESTS = '/time/api/data/pto_request';
const DAY = 86_400;
let w: DemoWorld;
let manager: Session;
let employee: Session;
let other: Session;
const plans: Record<string, string> = {};
const start = Math.floor(Date.now() / 1000 / DAY) * DAY + 30 * DAY;

const makePlan = (who: Session, name: string, status = 'active') => ptoPlan(w, who, name, { status });

/** The employee's ledger as she may read it, and her balance on a plan from it. */
async function ledger(who: Session, user: string) {
  const r = await w.call('POST', '/time/api/data/find/pto_register', {
    ...as(who),
    body: { criteria: [{ field: 'user_id', is: '=', value: user }], limit: 500 },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items.map((i: { data: Record<string, unknown> }) => i.data);
}
async function balance(plan: string): Promise<number> {
  return planBalances(await ledger(employee, employee.user)).get(plan) ?? 0;
}

/** Days not asked yet: a day is asked once (docs/pto.md), so each request takes the next two. */
let nextDay = start;
async function ask(body: Record<string, unknown> = {}) {
  const first = nextDay;
  nextDay += 2 * DAY;
  return w.call('POST', `${REQUESTS}/`, {
    ...as(employee),
    body: {
      user_id: employee.user,
      plan_id: plans.vacation,
      start_date: first,
      end_date: first + DAY,
      hours: 8,
      ...body,
    },
  });
}
const decide = (key: string, status: string, who = manager, extra: Record<string, unknown> = {}) =>
  w.call('PATCH', `${REQUESTS}/${key}`, { ...as(who), body: { status, ...extra } });

beforeAll(async () => {
  w = await demoWorld();
  const org = await createCompany(w, 'Ledger Co', 'ledger.dform.app', ['auth', 'payroll', 'time']);
  manager = await sudoInto(w, w.staff, org);
  employee = await ptoPerson(w, manager, 'lena@ledger.example', 'Lena Ledger', 'paid-pass-1');
  plans.vacation = await makePlan(manager, 'Vacation');
  plans.sick = await makePlan(manager, 'Sick leave');
  plans.closed = await makePlan(manager, 'Old floating holiday', 'inactive');
  const elsewhere = await createCompany(w, 'Other Co', 'otherledger.dform.app', ['auth', 'payroll', 'time']);
  other = await sudoInto(w, w.staff, elsewhere);
  plans.foreign = await makePlan(other, 'Their vacation');
  // Forty hours of vacation to start with.
  const credit = await w.call('POST', '/time/api/data/pto_register/', {
    ...as(manager),
    body: {
      user_id: employee.user,
      plan_id: plans.vacation,
      action: 'credit',
      type: 'manual_adjustment',
      hours: 40,
      effective_date: start - 60 * DAY,
    },
  });
  assert.equal(credit.status, 201, credit.text);
});
afterAll(async () => {
  await w.server.stop();
});

describe('a request is on a plan the employee may use', () => {
  test.each([
    ['a plan that does not exist', () => crypto.randomUUID(), "Choose one of the company's plans."],
    ["another company's plan", () => plans.foreign, "Choose one of the company's plans."],
    [
      'a plan no longer offered',
      () => plans.closed,
      'Old floating holiday is no longer offered: choose an active plan.',
    ],
  ])('%s is refused, naming the plan field, and nothing is stored', async (_what, plan, message) => {
    const r = await ask({ plan_id: plan() });
    assert.equal(r.status, 400, r.text);
    expect(r.body.errors).toEqual([{ path: '/plan_id', message }]);
    const mine = await w.call('POST', '/time/api/data/find/pto_request', {
      ...as(employee),
      body: { criteria: [{ field: 'plan_id', is: '=', value: plan() }] },
    });
    assert.equal(mine.body.total, 0);
  });

  test("once the employee's enrolment lists plans, a request is on one of them", async () => {
    const enrol = await w.call('PATCH', `/time/api/data/pto_employee/${employee.user}`, {
      ...as(manager),
      body: { status: 'active', plan_ids: [plans.vacation] },
    });
    assert.ok([200, 201].includes(enrol.status), enrol.text);
    const sick = await ask({ plan_id: plans.sick });
    assert.equal(sick.status, 400, sick.text);
    expect(sick.body.errors).toEqual([
      { path: '/plan_id', message: 'The employee is not in Sick leave: choose one of their plans.' },
    ]);
    const vacation = await ask();
    assert.equal(vacation.status, 201, vacation.text);
    await w.call('DELETE', `${REQUESTS}/${vacation.body.key}`, as(employee));
  });

  test('a request asked before its plan closed can still be decided', async () => {
    const plan = await makePlan(manager, 'Closing soon');
    const enrol = await w.call('PATCH', `/time/api/data/pto_employee/${employee.user}`, {
      ...as(manager),
      body: { plan_ids: [plans.vacation, plan] },
    });
    assert.ok([200, 201].includes(enrol.status), enrol.text);
    const asked = await ask({ plan_id: plan });
    assert.equal(asked.status, 201, asked.text);
    const closed = await w.call('PATCH', `/time/api/data/pto_plan/${plan}`, {
      ...as(manager),
      body: { status: 'inactive' },
    });
    assert.equal(closed.status, 200, closed.text);
    const denied = await decide(asked.body.key, 'denied');
    assert.equal(denied.status, 200, denied.text);
  });
});

describe("an approval is in the employee's ledger with the decision", () => {
  test('approved, the hours are taken; denied after all, they are given back', async () => {
    assert.equal(await balance(plans.vacation), 40);
    const asked = await ask({ hours: 16 });
    assert.equal(asked.status, 201, asked.text);
    assert.equal(await balance(plans.vacation), 40, 'asking takes nothing');
    assert.equal((await decide(asked.body.key, 'approved')).status, 200);
    assert.equal(await balance(plans.vacation), 24);
    const lines = (await ledger(employee, employee.user)).filter(
      (l: Record<string, unknown>) => l.request_id === asked.body.key,
    );
    expect(lines).toEqual([
      expect.objectContaining({
        action: 'debit',
        type: 'use',
        hours: 16,
        plan_id: plans.vacation,
        effective_date: asked.body.data.start_date,
      }),
    ]);
    // Saved again with the same decision (a note added), nothing more is taken.
    assert.equal((await decide(asked.body.key, 'approved', manager, { decision_note: 'Enjoy' })).status, 200);
    assert.equal(await balance(plans.vacation), 24);
    assert.equal((await decide(asked.body.key, 'denied')).status, 200);
    assert.equal(await balance(plans.vacation), 40);
  });

  test('an approved request changed by the employee is asked again and its hours come back until approved again', async () => {
    const asked = await ask({ hours: 8 });
    assert.equal((await decide(asked.body.key, 'approved')).status, 200);
    assert.equal(await balance(plans.vacation), 32);
    const more = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, { ...as(employee), body: { hours: 12 } });
    assert.equal(more.status, 200, more.text);
    assert.equal(more.body.data.status, 'requested');
    assert.equal(await balance(plans.vacation), 40);
    assert.equal((await decide(asked.body.key, 'approved')).status, 200);
    assert.equal(await balance(plans.vacation), 28);
    // Deleted once approved, the hours come back.
    const gone = await w.call('DELETE', `${REQUESTS}/${asked.body.key}`, as(employee));
    assert.equal(gone.status, 204, gone.text);
    assert.equal(await balance(plans.vacation), 40);
  });

  test('two managers approving at once take the hours once', async () => {
    const asked = await ask({ hours: 4 });
    const read = await w.call('GET', `${REQUESTS}/${asked.body.key}`, as(manager));
    const version = String(read.body.meta.version);
    const both = await Promise.all(
      [0, 1].map(() =>
        w.call('PATCH', `${REQUESTS}/${asked.body.key}`, {
          ...as(manager),
          headers: { 'If-Match': version },
          body: { status: 'approved' },
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    assert.equal(await balance(plans.vacation), 36);
  });

  test('the employee reads her own ledger lines and no one else’s; she writes none', async () => {
    const mine = await ledger(employee, employee.user);
    assert.ok(mine.length >= 1);
    assert.ok(mine.every((l: Record<string, unknown>) => l.user_id === employee.user));
    const forged = await w.call('POST', '/time/api/data/pto_register/', {
      ...as(employee),
      body: {
        user_id: employee.user,
        plan_id: plans.vacation,
        action: 'credit',
        type: 'manual_adjustment',
        hours: 400,
        effective_date: start,
      },
    });
    assert.equal(forged.status, 403, forged.text);
    assert.equal(await balance(plans.vacation), 36);
  });
});

test('a PTO manager writes no line of her own balance: another PTO manager adjusts it', async () => {
  const pete = await ptoPerson(w, manager, 'pete@ledger.example', 'Pete Payroll', 'paid-pass-2', ['TIME:CanManagePTO']);
  const line = (user: string) => ({
    user_id: user,
    plan_id: plans.vacation,
    action: 'credit',
    type: 'manual_adjustment',
    hours: 500,
    effective_date: start,
  });
  const own = await w.call('POST', '/time/api/data/pto_register/', { ...as(pete), body: line(pete.user) });
  assert.equal(own.status, 400, own.text);
  assert.deepEqual(own.body.errors, [{ path: '/user_id', message: OWN_BALANCE }]);
  assert.equal((await ledger(pete, pete.user)).length, 0, 'nothing written');
  const hers = await w.call('POST', '/time/api/data/pto_register/', {
    ...as(pete),
    body: { ...line(employee.user), hours: 1 },
  });
  assert.equal(hers.status, 201, hers.text);
  const removed = await w.call('DELETE', `/time/api/data/pto_register/${hers.body.key}`, as(manager));
  assert.equal(removed.status, 204, removed.text);
});

describe('an approval keeps the balance within what the plan allows', () => {
  test('a plan without a negative balance refuses an approval past zero, naming the balance; nothing is taken', async () => {
    const have = await balance(plans.vacation);
    const asked = await ask({ hours: have + 1 });
    assert.equal(asked.status, 201, asked.text);
    const refused = await decide(asked.body.key, 'approved');
    assert.equal(refused.status, 400, refused.text);
    expect(refused.body.errors).toEqual([
      {
        path: '/status',
        message: `The balance is ${have} hours of Vacation: approving ${have + 1} hours would leave -1, and Vacation does not allow a negative balance.`,
      },
    ]);
    assert.equal(await balance(plans.vacation), have);
    const stored = await w.call('GET', `${REQUESTS}/${asked.body.key}`, as(manager));
    assert.equal(stored.body.data.status, 'requested');
    // Exactly the balance is approved.
    const exact = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, { ...as(employee), body: { hours: have } });
    assert.equal(exact.status, 200, exact.text);
    assert.equal((await decide(asked.body.key, 'approved')).status, 200);
    assert.equal(await balance(plans.vacation), 0);
    assert.equal((await decide(asked.body.key, 'denied')).status, 200);
  });

  test('a plan allowing a negative balance goes down to its limit and no further', async () => {
    const flex = await ptoPlan(w, manager, 'Flex', {
      plan_type: 'Flex',
      calc_period: 'month',
      allow_negative: true,
      negative_limit: 8,
    });
    const enrol = await w.call('PATCH', `/time/api/data/pto_employee/${employee.user}`, {
      ...as(manager),
      body: { plan_ids: [plans.vacation, flex] },
    });
    assert.equal(enrol.status, 200, enrol.text);
    const first = await ask({ plan_id: flex, hours: 8 });
    assert.equal((await decide(first.body.key, 'approved')).status, 200);
    assert.equal(await balance(flex), -8);
    const second = await ask({ plan_id: flex, hours: 0.5 });
    const refused = await decide(second.body.key, 'approved');
    assert.equal(refused.status, 400, refused.text);
    expect(refused.body.errors).toEqual([
      {
        path: '/status',
        message:
          'The balance is -8 hours of Flex: approving 0.5 hours would leave -8.5, and Flex allows at most 8 hours below zero.',
      },
    ]);
    // Denying is always possible.
    assert.equal((await decide(second.body.key, 'denied')).status, 200);
  });
});

describe('a request, a ledger line or an enrolment names only records of its own company', () => {
  test("another company's user, plan or request, or a key of nothing, is refused naming the field; nothing is stored", async () => {
    const stranger = await w.call('POST', '/auth/api/data/users/', {
      ...as(other),
      body: {
        email: 'gina@otherledger.example',
        display_name: 'Gina Other',
        status: 'active',
        permissions: [],
        is_employee: false,
      },
    });
    assert.equal(stranger.status, 201, stranger.text);
    const theirRequest = await w.call('POST', `${REQUESTS}/`, {
      ...as(other),
      body: { user_id: stranger.body.key, plan_id: plans.foreign, start_date: start, end_date: start, hours: 8 },
    });
    assert.equal(theirRequest.status, 201, theirRequest.text);
    const before = await ledger(manager, employee.user);
    const line = (body: Record<string, unknown>) =>
      w.call('POST', '/time/api/data/pto_register/', {
        ...as(manager),
        body: {
          user_id: employee.user,
          plan_id: plans.vacation,
          action: 'credit',
          type: 'manual_adjustment',
          hours: 5,
          effective_date: start,
          ...body,
        },
      });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ user_id: stranger.body.key }, '/user_id', 'Must be a user of this company.'],
      [{ user_id: crypto.randomUUID() }, '/user_id', 'Must be a user of this company.'],
      [{ plan_id: plans.foreign }, '/plan_id', 'Must be a PTO plan of this company.'],
      [{ plan_id: crypto.randomUUID() }, '/plan_id', 'Must be a PTO plan of this company.'],
      [{ request_id: theirRequest.body.key }, '/request_id', 'Must be a PTO request of this company.'],
    ];
    for (const [body, path, message] of cases) {
      const r = await line(body);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      expect(r.body.errors).toEqual([{ path, message }]);
    }
    expect(await ledger(manager, employee.user)).toEqual(before);

    const forSomeoneElse = await w.call('POST', `${REQUESTS}/`, {
      ...as(manager),
      body: { user_id: stranger.body.key, plan_id: plans.vacation, start_date: start, end_date: start, hours: 8 },
    });
    assert.equal(forSomeoneElse.status, 400, forSomeoneElse.text);
    expect(forSomeoneElse.body.errors).toEqual([{ path: '/user_id', message: 'Must be a user of this company.' }]);

    const enrol = await w.call('PATCH', `/time/api/data/pto_employee/${employee.user}`, {
      ...as(manager),
      body: { plan_ids: [plans.vacation, plans.foreign], approver_id: stranger.body.key },
    });
    assert.equal(enrol.status, 400, enrol.text);
    expect(enrol.body.errors).toEqual([
      { path: '/plan_ids/1', message: 'Must be a PTO plan of this company.' },
      { path: '/approver_id', message: 'Must be a user of this company.' },
    ]);
  });

  test('hours are kept to the hundredth: a thousandth is refused, not taken unseen', async () => {
    const r = await ask({ hours: 0.004 });
    assert.equal(r.status, 400, r.text);
    expect(r.body.errors).toEqual([{ path: '/hours', message: 'Hours may have at most 2 decimals.' }]);
  });

  test('a plan in use is not deleted; an unused one is', async () => {
    const inUse = await w.call('DELETE', `/time/api/data/pto_plan/${plans.vacation}`, as(manager));
    assert.equal(inUse.status, 409, inUse.text);
    expect(inUse.body.message).toBe(
      'Vacation has employees, requests or ledger lines: set its status to inactive instead of deleting it.',
    );
    const plan = await w.call('GET', `/time/api/data/pto_plan/${plans.vacation}`, as(manager));
    assert.equal(plan.status, 200);
    const spare = await makePlan(manager, 'Never used');
    assert.equal((await w.call('DELETE', `/time/api/data/pto_plan/${spare}`, as(manager))).status, 204);
  });

  test('twenty approvals at once without If-Match all succeed and take the hours once', async () => {
    const have = await balance(plans.vacation);
    const asked = await ask({ hours: 2 });
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        w.call('PATCH', `${REQUESTS}/${asked.body.key}`, { ...as(manager), body: { status: 'approved' } }),
      ),
    );
    expect(new Set(all.map((r) => r.status))).toEqual(new Set([200]));
    assert.equal(await balance(plans.vacation), have - 2);
  });

  test('her full save of a decided request, leaving out a field with a default, keeps the decision', async () => {
    const asked = await ask({ hours: 1 });
    assert.equal((await decide(asked.body.key, 'denied', manager, { decision_note: 'No.' })).status, 200);
    const { user_id, plan_id, start_date, end_date, hours } = asked.body.data;
    const saved = await w.call('POST', `${REQUESTS}/${asked.body.key}`, {
      ...as(employee),
      body: { user_id, plan_id, start_date, end_date, hours, reason: 'As asked' },
    });
    assert.equal(saved.status, 200, saved.text);
    expect(saved.body.data).toMatchObject({ status: 'denied', decision_note: 'No.', reason: 'As asked' });
  });
});

describe('time off taken is the manager’s to change', () => {
  test('once its first day has come, she cannot withdraw or change an approved request; her manager can', async () => {
    const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
    const have = await balance(plans.vacation);
    const asked = await ask({ start_date: today - 2 * DAY, end_date: today - DAY, hours: 1 });
    assert.equal(asked.status, 201, asked.text);
    assert.equal((await decide(asked.body.key, 'approved')).status, 200);
    assert.equal(await balance(plans.vacation), have - 1);

    const gone = await w.call('DELETE', `${REQUESTS}/${asked.body.key}`, as(employee));
    assert.equal(gone.status, 403, gone.text);
    expect(gone.body.message).toBe('Time off that has begun is changed or withdrawn by your PTO manager: ask them.');
    const fewer = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, { ...as(employee), body: { hours: 0.5 } });
    assert.equal(fewer.status, 400, fewer.text);
    expect(fewer.body.errors).toEqual([
      { path: '/hours', message: 'Time off that has begun is changed or withdrawn by your PTO manager: ask them.' },
    ]);
    const reason = await w.call('PATCH', `${REQUESTS}/${asked.body.key}`, { ...as(employee), body: { reason: 'Flu' } });
    assert.equal(reason.status, 200, reason.text);
    assert.equal(reason.body.data.status, 'approved');
    assert.equal(await balance(plans.vacation), have - 1);

    const byManager = await w.call('DELETE', `${REQUESTS}/${asked.body.key}`, as(manager));
    assert.equal(byManager.status, 204, byManager.text);
    assert.equal(await balance(plans.vacation), have);
  });

  test('approved time off still to come is hers to withdraw', async () => {
    const asked = await ask({ hours: 1 });
    assert.equal((await decide(asked.body.key, 'approved')).status, 200);
    const gone = await w.call('DELETE', `${REQUESTS}/${asked.body.key}`, as(employee));
    assert.equal(gone.status, 204, gone.text);
  });
});
