/**
 * The accrual schedule (engine/pto-accrual.ts, docs/pto.md "Accruals") as tables: each period's
 * days, the waiting period, progression steps, the cap, carry-over at the year's turn, leap years,
 * months of 28 to 31 days, an anniversary on February 29 and a long gap caught up in order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import {
  accrualKey,
  accrualsDue,
  addMonths,
  eventId,
  monthsOfService,
  periodDays,
  type AccrualInput,
  type AccrualPlan,
} from '../../../engine/pto-accrual.ts';

/** A UTC day from 'YYYY-MM-DD'. */
const d = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
/** 'YYYY-MM-DD' of a UTC day. */
const iso = (day: number) => new Date(day * 1000).toISOString().slice(0, 10);
const noon = (day: string) => d(day) + 12 * 3600;

const plan = (extra: Partial<AccrualPlan> = {}): AccrualPlan => ({
  name: 'Vacation',
  status: 'active',
  calc_period: 'month',
  accrual_hours: 8,
  waiting_period_days: 0,
  ...extra,
});

const input = (extra: Partial<AccrualInput> = {}): AccrualInput => ({
  plan: plan(),
  enrolment: { status: 'active' },
  start: d('2025-01-15'),
  since: d('2025-01-15'),
  now: noon('2025-06-10'),
  balance: 0,
  written: new Set(),
  ...extra,
});

/** The lines due, as 'date action hours'. */
const due = (i: AccrualInput) => accrualsDue(i).map((l) => `${iso(l.date)} ${l.action} ${l.hours}`);

describe('the days each period accrues on', () => {
  const rows: {
    period: AccrualPlan['calc_period'];
    start: string;
    from: string;
    to: string;
    days: string[];
    pay?: string[];
  }[] = [
    {
      period: 'month',
      start: '2024-01-31',
      from: '2024-01-31',
      to: '2024-05-01',
      days: ['2024-02-01', '2024-03-01', '2024-04-01', '2024-05-01'],
    },
    { period: 'month', start: '2024-12-01', from: '2024-12-01', to: '2025-01-31', days: ['2024-12-01', '2025-01-01'] },
    {
      period: 'calendar',
      start: '2023-06-01',
      from: '2023-06-01',
      to: '2026-01-01',
      days: ['2024-01-01', '2025-01-01', '2026-01-01'],
    },
    { period: 'calendar', start: '2024-01-01', from: '2024-01-01', to: '2024-12-31', days: ['2024-01-01'] },
    {
      period: 'anniversary',
      start: '2022-03-15',
      from: '2022-03-15',
      to: '2025-03-14',
      days: ['2023-03-15', '2024-03-15'],
    },
    // Feb 29: Feb 28 in common years, Feb 29 again in a leap year.
    {
      period: 'anniversary',
      start: '2024-02-29',
      from: '2024-02-29',
      to: '2028-03-01',
      days: ['2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29'],
    },
    // An anniversary on the 31st of a month of 31 days stays there.
    {
      period: 'anniversary',
      start: '2023-08-31',
      from: '2023-08-31',
      to: '2025-09-01',
      days: ['2024-08-31', '2025-08-31'],
    },
    {
      period: 'payroll',
      start: '2025-01-01',
      from: '2025-01-10',
      to: '2025-02-28',
      pay: ['2025-01-03', '2025-01-17', '2025-01-17', '2025-02-14', '2025-01-31', '2025-03-14'],
      days: ['2025-01-17', '2025-01-31', '2025-02-14'],
    },
    { period: 'payroll', start: '2025-01-01', from: '2025-01-01', to: '2025-12-31', pay: [], days: [] },
  ];
  for (const r of rows) {
    it(`${r.period} from ${r.from} to ${r.to}`, () => {
      const days = periodDays({ calc_period: r.period }, d(r.start), d(r.from), d(r.to), r.pay?.map(noon));
      assert.deepEqual(days.map(iso), r.days);
    });
  }
});

describe('months of 28 to 31 days', () => {
  const rows: [string, number, string][] = [
    ['2025-01-31', 1, '2025-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2025-01-30', 1, '2025-02-28'],
    ['2025-03-31', 1, '2025-04-30'],
    ['2025-01-31', 2, '2025-03-31'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2024-02-29', 48, '2028-02-29'],
    ['2025-12-15', 1, '2026-01-15'],
  ];
  for (const [from, months, to] of rows) {
    it(`${from} + ${months} months = ${to}`, () => assert.equal(iso(addMonths(d(from), months)), to));
  }
  const service: [string, string, number][] = [
    ['2025-01-31', '2025-02-27', 0],
    ['2025-01-31', '2025-02-28', 1],
    ['2025-01-15', '2025-01-14', 0],
    ['2025-01-15', '2026-01-14', 11],
    ['2025-01-15', '2026-01-15', 12],
    ['2024-02-29', '2025-02-28', 12],
  ];
  for (const [start, day, months] of service) {
    it(`service from ${start} on ${day}: ${months} months`, () =>
      assert.equal(monthsOfService(d(start), d(day)), months));
  }
});

describe('the lines due', () => {
  const rows: { name: string; input: Partial<AccrualInput>; lines: string[] }[] = [
    {
      name: 'month: the first of each month from the start to today',
      input: {},
      lines: [
        '2025-02-01 credit 8',
        '2025-03-01 credit 8',
        '2025-04-01 credit 8',
        '2025-05-01 credit 8',
        '2025-06-01 credit 8',
      ],
    },
    {
      name: 'month: not before `since` (what the server has settled)',
      input: { since: d('2025-05-01') },
      lines: ['2025-05-01 credit 8', '2025-06-01 credit 8'],
    },
    {
      name: 'written periods are never due again, missed ones are',
      input: { written: new Set([d('2025-02-01'), d('2025-04-01')].map((date) => eventId({ kind: 'accrual', date }))) },
      lines: ['2025-03-01 credit 8', '2025-05-01 credit 8', '2025-06-01 credit 8'],
    },
    {
      name: 'waiting period of 60 days: nothing dated before March 16',
      input: { plan: plan({ waiting_period_days: 60 }) },
      lines: ['2025-04-01 credit 8', '2025-05-01 credit 8', '2025-06-01 credit 8'],
    },
    {
      name: 'waiting period longer than the time served: nothing yet',
      input: { plan: plan({ waiting_period_days: 365 }) },
      lines: [],
    },
    {
      name: 'calendar: once a year on January 1',
      input: { plan: plan({ calc_period: 'calendar', accrual_hours: 80 }), now: noon('2027-03-01') },
      lines: ['2026-01-01 credit 80', '2027-01-01 credit 80'],
    },
    {
      name: 'anniversary: once a year on the start date',
      input: { plan: plan({ calc_period: 'anniversary', accrual_hours: 40 }), now: noon('2027-01-15') },
      lines: ['2026-01-15 credit 40', '2027-01-15 credit 40'],
    },
    {
      name: 'anniversary on February 29',
      input: {
        plan: plan({ calc_period: 'anniversary', accrual_hours: 40 }),
        start: d('2024-02-29'),
        since: d('2024-02-29'),
        now: noon('2028-02-29'),
      },
      lines: ['2025-02-28 credit 40', '2026-02-28 credit 40', '2027-02-28 credit 40', '2028-02-29 credit 40'],
    },
    {
      name: 'payroll: each pay date, none twice',
      input: {
        plan: plan({ calc_period: 'payroll', accrual_hours: 3.08 }),
        payDates: ['2025-01-10', '2025-01-24', '2025-02-07', '2025-02-07', '2025-06-20'].map(noon),
      },
      lines: ['2025-01-24 credit 3.08', '2025-02-07 credit 3.08'],
    },
    {
      name: 'payroll without a calendar: nothing',
      input: { plan: plan({ calc_period: 'payroll' }) },
      lines: [],
    },
    {
      name: 'the cap: only up to the maximum, then a note',
      input: { plan: plan({ max_balance: 30 }), balance: 10 },
      lines: [
        '2025-02-01 credit 8',
        '2025-03-01 credit 8',
        '2025-04-01 credit 4',
        '2025-05-01 annotation 0',
        '2025-06-01 annotation 0',
      ],
    },
    {
      name: 'a balance above the cap accrues nothing',
      input: { plan: plan({ max_balance: 30 }), balance: 31, since: d('2025-06-01') },
      lines: ['2025-06-01 annotation 0'],
    },
    {
      name: 'progression: the step the months of service reach sets the hours and the cap',
      input: {
        plan: plan({ max_balance: 100 }),
        steps: [
          { after_months: 0, accrual_hours: 4 },
          { after_months: 2, accrual_hours: 6 },
          { after_months: 4, accrual_hours: 10, max_balance: 30 },
        ],
      },
      // Feb 1 (0 months) 4, Mar 1 (1) 4, Apr 1 (2) 6, May 1 (3) 6, Jun 1 (4) 10 capped at 30 (20 held).
      lines: [
        '2025-02-01 credit 4',
        '2025-03-01 credit 4',
        '2025-04-01 credit 6',
        '2025-05-01 credit 6',
        '2025-06-01 credit 10',
      ],
    },
    {
      name: "progression: a step's cap binds",
      input: {
        plan: plan({ max_balance: 100 }),
        steps: [{ after_months: 3, accrual_hours: 10, max_balance: 25 }],
      },
      // Before 3 months the plan's 8 hours and 100-hour cap; from May 1 the step's 10 and 25.
      lines: [
        '2025-02-01 credit 8',
        '2025-03-01 credit 8',
        '2025-04-01 credit 8',
        '2025-05-01 credit 1',
        '2025-06-01 annotation 0',
      ],
    },
    {
      name: 'carry-over at the calendar turn: the hours above the limit forfeited, then the new accrual',
      input: {
        plan: plan({ calc_period: 'calendar', accrual_hours: 80, carryover_limit: 40 }),
        start: d('2024-06-01'),
        since: d('2024-12-01'),
        now: noon('2025-01-01'),
        balance: 70,
      },
      lines: ['2025-01-01 debit 30', '2025-01-01 credit 80'],
    },
    {
      name: 'carry-over within the limit: a note, nothing forfeited',
      input: {
        plan: plan({ calc_period: 'month', carryover_limit: 40 }),
        start: d('2024-06-01'),
        since: d('2024-12-15'),
        now: noon('2025-02-03'),
        balance: 12,
      },
      lines: ['2025-01-01 annotation 0', '2025-01-01 credit 8', '2025-02-01 credit 8'],
    },
    {
      name: 'carry-over of an anniversary plan turns on the anniversary',
      input: {
        plan: plan({ calc_period: 'anniversary', accrual_hours: 40, carryover_limit: 16 }),
        start: d('2023-03-10'),
        since: d('2025-01-01'),
        now: noon('2025-03-10'),
        balance: 50,
      },
      lines: ['2025-03-10 debit 34', '2025-03-10 credit 40'],
    },
    {
      name: 'a long gap (the server down for months): every missed period once, in order, capped as it goes',
      input: {
        plan: plan({ accrual_hours: 10, max_balance: 45, carryover_limit: 20 }),
        start: d('2023-01-01'),
        since: d('2024-10-15'),
        now: noon('2025-03-02'),
        balance: 12,
      },
      lines: [
        '2024-11-01 credit 10',
        '2024-12-01 credit 10',
        '2025-01-01 debit 12',
        '2025-01-01 credit 10',
        '2025-02-01 credit 10',
        '2025-03-01 credit 5',
      ],
    },
    {
      name: 'leap year: February 29 is a day like the others for a monthly plan',
      input: { start: d('2024-02-29'), since: d('2024-02-29'), now: noon('2024-04-01') },
      lines: ['2024-03-01 credit 8', '2024-04-01 credit 8'],
    },
    { name: 'an inactive plan accrues nothing', input: { plan: plan({ status: 'inactive' }) }, lines: [] },
    { name: 'an inactive enrolment accrues nothing', input: { enrolment: { status: 'inactive' } }, lines: [] },
    { name: 'a plan accruing 0 hours writes nothing', input: { plan: plan({ accrual_hours: 0 }) }, lines: [] },
    {
      name: 'hundredths stay exact over many periods',
      input: { plan: plan({ accrual_hours: 0.1, max_balance: 0.35 }) },
      lines: [
        '2025-02-01 credit 0.1',
        '2025-03-01 credit 0.1',
        '2025-04-01 credit 0.1',
        '2025-05-01 credit 0.05',
        '2025-06-01 annotation 0',
      ],
    },
  ];
  for (const r of rows) it(r.name, () => assert.deepEqual(due(input(r.input)), r.lines));

  it('notes say what each line is', () => {
    const [forfeit, credit] = accrualsDue(
      input({
        plan: plan({ calc_period: 'calendar', accrual_hours: 80, carryover_limit: 40, max_balance: 100 }),
        since: d('2025-12-01'),
        now: noon('2026-01-01'),
        balance: 70,
      }),
    );
    assert.equal(
      forfeit.note,
      'Vacation: carry-over at the turn of the year (January 1, 2026): 30 hours above the 40-hour carry-over limit forfeited.',
    );
    assert.equal(
      credit.note,
      'Vacation: accrual for 2026: 60 hours of 80 hours, capped at the 100-hour maximum balance.',
    );
  });

  it('a line key is the same for the same employee, plan and period, and differs otherwise', () => {
    const e = { kind: 'accrual', date: d('2025-02-01') } as const;
    const u = '6f1c2b8e-3d5a-4c7b-9e0f-1a2b3c4d5e6f';
    const p = '0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d';
    assert.equal(accrualKey(u, p, e), accrualKey(u, p, { ...e }));
    assert.notEqual(accrualKey(u, p, e), accrualKey(u, p, { ...e, kind: 'carryover' }));
    assert.notEqual(accrualKey(u, p, e), accrualKey(u, p, { ...e, date: d('2025-03-01') }));
    assert.notEqual(accrualKey(u, p, e), accrualKey(p, u, e));
  });
});
