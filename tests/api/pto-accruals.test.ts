/**
 * The PTO accrual job (server/data/pto-accruals.ts, docs/pto.md "Accruals") over the demo company,
 * in-process with a clock the test sets, on the embedded store and (api-pg) on PostgreSQL: each
 * period written once however often the job runs and however many run at once, every balance record
 * equal to its ledger, the cap, the waiting period, inactive enrolments and plans, a company's pay
 * calendar, the carry-over at the year's turn, and the demo's balances left as they were.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planBalances, type LedgerLine } from '../../engine/pto-ledger.ts';
import { balanceKey } from '../../server/data/hooks/pto-balances.ts';
import { runPtoAccruals } from '../../server/data/pto-accruals.ts';
import { systemPut, systemUpdate } from '../../server/data/system-write.ts';
import type { Services } from '../../server/services.ts';
import type { DataObject } from '../../server/storage/types.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

const DAY = 86_400;
/** A UTC day from 'YYYY-MM-DD'. */
const d = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const iso = (day: number) => new Date(day * 1000).toISOString().slice(0, 10);

/** The clock: the demo is made, and the job first runs, on March 10, 2031 (UTC afternoon). */
let clock = d('2031-03-10') + 15 * 3600;
let services: Services;
let acme: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, close } = await inProcessDemo('dform-pto-accruals-', { now: () => clock }));
  await runPtoAccruals(services);
});
afterAll(() => close());

/** Runs the job at `day` (UTC noon), the clock set there. */
async function runOn(day: string) {
  clock = d(day) + 12 * 3600;
  return runPtoAccruals(services);
}

async function put(type: string, key: string, data: object) {
  await services.storage.commit([systemPut(services, type, acme, key, data as DataObject)]);
  return key;
}

const plan = (extra: Record<string, unknown> = {}) =>
  put('time/pto_plan', randomUUID(), {
    name: 'Accruing',
    plan_type: 'Vacation',
    calc_period: 'month',
    accrual_hours: 8,
    waiting_period_days: 0,
    status: 'active',
    ...extra,
  });

/** A new employee enrolled (now, on the clock) in `plans`. */
const enrol = async (plans: string[], extra: Record<string, unknown> = {}) => {
  const user = randomUUID();
  await put('time/pto_employee', user, {
    _user_uuid: user,
    status: 'active',
    plan_ids: plans,
    start_date: d('2030-01-15'),
    ...extra,
  });
  return user;
};

async function change(type: string, key: string, changes: Record<string, unknown>) {
  const stored = (await services.storage.get(type, acme, key))!;
  await services.storage.commit([systemUpdate(services, stored, 'test', changes)]);
}

async function lines(user: string, planKey?: string) {
  const found = await services.storage.find('time/pto_register', acme, {
    criteria: [{ field: 'user_id', is: '=', value: user }],
    sort: [{ field: 'effective_date', dir: 'asc' }],
    limit: 10_000,
    offset: 0,
  });
  return found.items.map((r) => r.data).filter((l) => !planKey || l.plan_id === planKey);
}

/** The lines as 'date action hours'. */
const shown = async (user: string, planKey?: string) =>
  (await lines(user, planKey)).map((l) => `${iso(l.effective_date as number)} ${l.action} ${l.hours ?? 0}`);

const balance = async (user: string, planKey: string) =>
  (await services.storage.get('time/pto_balance', acme, balanceKey(user, planKey)))?.data.hours;

/** Every balance record of the company equals the sum of its ledger. */
async function balancesMatchLedgers() {
  const all = await services.storage.find('time/pto_balance', acme, { criteria: [], limit: 10_000, offset: 0 });
  for (const { data } of all.items) {
    const ledger = await lines(data.user_id as string, data.plan_id as string);
    expect(data.hours, `${String(data.user_id)} ${String(data.plan_id)}`).toBe(
      planBalances(ledger as unknown as LedgerLine[]).get(data.plan_id as string) ?? 0,
    );
  }
}

async function demoPlan(name: string) {
  const plans = await services.storage.find('time/pto_plan', acme, {
    criteria: [{ field: 'name', is: '=', value: name }],
    limit: 1,
    offset: 0,
  });
  return plans.items[0].key;
}

async function demoEnrolments(planKey: string) {
  const all = await services.storage.find('time/pto_employee', acme, { criteria: [], limit: 1000, offset: 0 });
  return all.items.filter((r) => (r.data.plan_ids as string[]).includes(planKey)).map((r) => r.key);
}

describe('in order of time', () => {
  // The tests move the clock forward only, each from where the one before left it.
  let monthly: string;
  let capped: string;
  let waiting: string;
  let alice: string;
  let bob: string;
  let carl: string;
  let idle: string;
  let payday: string;
  let paid: string;

  test("the demo's start accrues nothing: its enrolments began 90 days ago, with their opening balances", async () => {
    const hours = [];
    for (const name of ['Vacation', 'Sick leave']) {
      const key = await demoPlan(name);
      for (const user of await demoEnrolments(key)) {
        expect((await lines(user, key)).filter((l) => l.type === 'accrual')).toEqual([]);
        hours.push(await balance(user, key));
      }
    }
    expect(hours.sort()).toEqual([24, 24, 24, 40]);
  });

  test('an enrolment accrues from the day it is made, not for the years before it', async () => {
    monthly = await plan();
    capped = await plan({ accrual_hours: 40, max_balance: 100 });
    waiting = await plan({ waiting_period_days: 90 });
    payday = await plan({ calc_period: 'payroll', accrual_hours: 3 });
    alice = await enrol([monthly, capped]);
    bob = await enrol([waiting], { start_date: d('2031-03-10') });
    idle = await enrol([monthly], { status: 'inactive' });
    carl = await enrol([monthly, payday]);
    paid = await enrol([payday]);
    await put('payroll/employee', paid, {
      first_name: 'Pat',
      last_name: 'Paid',
      email: 'pat.paid@acme.example',
      pay_frequency: 'Weekly',
    });
    for (const [check, frequency] of [
      ['2031-03-21', 'Bi-Weekly'],
      ['2031-04-04', 'Bi-Weekly'],
      ['2031-04-04', 'Weekly'],
      ['2031-04-11', 'Weekly'],
      ['2031-04-18', 'Bi-Weekly'],
      ['2031-05-02', 'Bi-Weekly'],
    ]) {
      await put('payroll/payroll_calendar', randomUUID(), {
        payroll_id: `run-${check}-${frequency}`,
        frequency,
        period_start_date: d(check) - 14 * DAY,
        period_end_date: d(check) - 3 * DAY,
        process_date: d(check) - 2 * DAY,
        check_date: d(check),
      });
    }
    // The same day: started in 2030, but nothing before March 10, 2031 is owed.
    expect((await runOn('2031-03-10')).written).toBe(0);
    expect(await shown(alice)).toEqual([]);
  });

  test('each period once, in order; a second run writes nothing', async () => {
    const first = await runOn('2031-04-20');
    expect(first.written).toBeGreaterThan(0);
    expect(await shown(alice, monthly)).toEqual(['2031-04-01 credit 8']);
    expect(await shown(alice, capped)).toEqual(['2031-04-01 credit 40']);
    const line = (await lines(alice, monthly))[0];
    expect(line).toMatchObject({ type: 'accrual', note: 'Accruing: accrual for April 2031.', created_by: 'system' });
    expect((await runOn('2031-04-20')).written).toBe(0);
    expect(await balance(alice, monthly)).toBe(8);
    await balancesMatchLedgers();
  });

  test("payroll: each of the company's pay dates, those of the employee's pay frequency when known", async () => {
    // Carl has no payroll record: every pay date; Paid is paid weekly.
    expect(await shown(carl, payday)).toEqual([
      '2031-03-21 credit 3',
      '2031-04-04 credit 3',
      '2031-04-11 credit 3',
      '2031-04-18 credit 3',
    ]);
    expect(await shown(paid, payday)).toEqual(['2031-04-04 credit 3', '2031-04-11 credit 3']);
  });

  test('a server stopped for months: every missed period once, in order, up to the cap', async () => {
    await runOn('2031-08-02');
    expect(await shown(alice, monthly)).toEqual([
      '2031-04-01 credit 8',
      '2031-05-01 credit 8',
      '2031-06-01 credit 8',
      '2031-07-01 credit 8',
      '2031-08-01 credit 8',
    ]);
    expect(await shown(alice, capped)).toEqual([
      '2031-04-01 credit 40',
      '2031-05-01 credit 40',
      '2031-06-01 credit 20',
      '2031-07-01 annotation 0',
      '2031-08-01 annotation 0',
    ]);
    expect(await balance(alice, capped)).toBe(100);
    expect((await lines(alice, capped))[2].note).toBe(
      'Accruing: accrual for June 2031: 20 hours of 40 hours, capped at the 100-hour maximum balance.',
    );
    await balancesMatchLedgers();
  });

  test('the waiting period: nothing dated within 90 days of the start', async () => {
    // Bob started March 10: his first period is the first after June 8.
    expect(await shown(bob)).toEqual(['2031-07-01 credit 8', '2031-08-01 credit 8']);
  });

  test('an inactive enrolment accrues nothing, and made active again, nothing for the time it was not', async () => {
    expect(await shown(idle)).toEqual([]);
    clock = d('2031-09-15') + 9 * 3600;
    await change('time/pto_employee', idle, { status: 'active' });
    await runOn('2031-11-03');
    expect(await shown(idle)).toEqual(['2031-10-01 credit 8', '2031-11-01 credit 8']);
  });

  test('an inactive plan accrues nothing until it is active again', async () => {
    await change('time/pto_plan', monthly, { status: 'inactive' });
    await runOn('2032-01-05');
    expect(await shown(alice, monthly)).not.toContain('2031-12-01 credit 8');
    clock = d('2032-02-10') + 9 * 3600;
    await change('time/pto_plan', monthly, { status: 'active' });
    await runOn('2032-03-01');
    const after = (await shown(alice, monthly)).filter((l) => l > '2031-11-02');
    expect(after).toEqual(['2032-03-01 credit 8']);
  });

  test('two runs at once write each line once, and the balances equal their ledgers', async () => {
    const before = (await lines(alice)).length;
    clock = d('2032-07-01') + 12 * 3600;
    const runs = await Promise.all([runPtoAccruals(services), runPtoAccruals(services), runPtoAccruals(services)]);
    // April to July 2032 for Alice's two plans, written by whichever run got there first.
    expect((await lines(alice)).length).toBe(before + 8);
    expect(runs.reduce((n, r) => n + r.written, 0)).toBeGreaterThan(0);
    const dates = (await lines(alice)).map((l) => `${String(l.plan_id)} ${String(l.effective_date)}`);
    expect(new Set(dates).size).toBe(dates.length);
    await balancesMatchLedgers();
  });

  test('the calendar turn: hours above the carry-over limit forfeited, then the new year accrues', async () => {
    const yearly = await plan({ calc_period: 'calendar', accrual_hours: 80, carryover_limit: 40 });
    const dana = await enrol([yearly]);
    await put('time/pto_register', randomUUID(), {
      user_id: dana,
      plan_id: yearly,
      action: 'credit',
      type: 'manual_adjustment',
      hours: 70,
      effective_date: d('2032-07-01'),
    });
    // As a manager's line moves it (hooks/pto_register.ts): the balance record written with it.
    await services.storage.commit([
      systemPut(services, 'time/pto_balance', acme, balanceKey(dana, yearly), {
        user_id: dana,
        plan_id: yearly,
        hours: 70,
      }),
    ]);
    await runOn('2032-12-31');
    await runOn('2033-01-01');
    expect(await shown(dana)).toEqual(['2032-07-01 credit 70', '2033-01-01 debit 30', '2033-01-01 credit 80']);
    expect(await balance(dana, yearly)).toBe(120);
    expect((await lines(dana))[1].note).toBe(
      'Accruing: carry-over at the turn of the year (January 1, 2033): 30 hours above the 40-hour carry-over limit forfeited.',
    );
    await balancesMatchLedgers();
  });
});

describe('the demo', () => {
  test("Emma's and Carla's sick leave accrued each month since the demo was made", async () => {
    const sick = await demoPlan('Sick leave');
    const enrolments = await demoEnrolments(sick);
    expect(enrolments).toHaveLength(2);
    for (const key of enrolments) {
      const accrued = (await lines(key, sick)).filter((l) => l.type === 'accrual');
      // April 2031 to January 2033: the first month after the demo was made, then each month.
      expect(iso(accrued[0].effective_date as number)).toBe('2031-04-01');
      expect(accrued).toHaveLength(22);
      expect(await balance(key, sick)).toBe(24 + 22 * 4);
    }
    await balancesMatchLedgers();
  });
});

describe('someone who left', () => {
  test('an account no longer active accrues nothing from then on, though still enrolled', async () => {
    const monthly = await plan();
    const dora = await enrol([monthly]);
    await put('auth/users', dora, {
      email: 'dora.left@acme.example',
      display_name: 'Dora Left',
      status: 'active',
      created_by: 'test',
      created_time: clock,
    });
    await runOn('2033-03-02');
    const before = await shown(dora);
    expect(before).toContain('2033-03-01 credit 8');
    await change('auth/users', dora, { status: 'inactive' });
    await runOn('2033-06-02');
    expect(await shown(dora)).toEqual(before);
  });
});
