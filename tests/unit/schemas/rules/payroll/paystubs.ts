/** payroll/paystubs: the bounds of schemas/payroll/paystubs.json and its totals rule (docs/paystubs.md). */
import type { EntityCases, EntityRules, ExpressionCase } from '../harness.ts';
import { KEY, NOW } from '../fixtures.ts';

const DAY = 86_400;
const entity = 'payroll/paystubs';

/** 80 hours at 25.00 and 2 of overtime; two taxes; a deduction before taxes; two deposits. */
const valid = {
  employee_id: KEY,
  statement_number: 'DD-1001',
  pay_date: NOW,
  period_start: NOW - 19 * DAY,
  period_end: NOW - 6 * DAY,
  pay_frequency: 'Bi-Weekly',
  earnings: [
    { description: 'Regular', hours: 80, rate: 25, current: 2000, ytd: 4000 },
    { description: 'Overtime', hours: 2, rate: 37.5, current: 75, ytd: 75 },
  ],
  taxes: [
    { description: 'Federal income tax', current: 190.1, ytd: 380.2 },
    { description: 'Medicare', current: 30.09, ytd: 58.09 },
  ],
  deductions: [{ description: 'Health insurance', pre_tax: true, current: 85, ytd: 170 }],
  gross_pay: 2075,
  total_taxes: 220.19,
  total_deductions: 85,
  net_pay: 1769.81,
  deposits: [
    { account_type: 'Savings', account_last4: '0457', amount: 200 },
    { account_type: 'Checking', account_last4: '6789', amount: 1569.81 },
  ],
};

const table: EntityCases = {
  entity,
  valid,
  cases: [
    {
      name: 'a 21st earnings line',
      patch: { earnings: Array.from({ length: 21 }, () => ({ description: 'Bonus', current: 1 })) },
      errors: [{ path: '/earnings', message: 'A pay statement may have at most 20 earnings lines.' }],
    },
    {
      name: 'a description of 65 characters',
      patch: { taxes: [{ description: 'x'.repeat(65), current: 1 }] },
      errors: [{ path: '/taxes/0/description', message: 'A description may have at most 64 characters.' }],
    },
    {
      name: 'an amount past a billion',
      patch: { net_pay: 1e12 },
      errors: [{ path: '/net_pay', message: 'Amounts are at most 1,000,000,000.' }],
    },
    {
      name: 'a whole account number in a deposit',
      patch: { deposits: [{ account_type: 'Checking', account_last4: '123456789', amount: 1769.81 }] },
      errors: [{ path: '/deposits/0/account_last4', message: 'Give the last 4 digits of the account number only.' }],
    },
    {
      name: 'no statement number',
      patch: { statement_number: undefined },
      errors: [{ path: '/statement_number', message: 'Check or statement number is required.' }],
    },
  ],
};

const base = valid as Record<string, unknown>;
const validations: ExpressionCase[] = [
  { entity, name: 'a statement whose lines and totals add up', input: base, errors: [] },
  { entity, name: 'a statement of no lines at all, every total 0', input: { ...base, earnings: [], taxes: [], deductions: [], deposits: [], gross_pay: 0, total_taxes: 0, total_deductions: 0, net_pay: 0 }, errors: [] },
  {
    entity,
    name: 'gross pay that is not the sum of the earnings',
    input: { ...base, gross_pay: 2100, net_pay: 1794.81, deposits: [] },
    errors: [{ path: '/gross_pay', message: 'Gross pay is 2,100.00 but the earnings lines add up to 2,075.00.' }],
  },
  {
    entity,
    name: 'total taxes that are not the sum of the tax lines',
    input: { ...base, total_taxes: 220.2 },
    errors: [
      { path: '/total_taxes', message: 'Total taxes is 220.20 but the tax lines add up to 220.19.' },
      { path: '/net_pay', message: 'Net pay is 1,769.81 but gross pay less taxes and deductions is 1,769.80.' },
    ],
  },
  {
    entity,
    name: 'net pay that is not gross less taxes and deductions',
    input: { ...base, net_pay: 1770, deposits: [] },
    errors: [{ path: '/net_pay', message: 'Net pay is 1,770.00 but gross pay less taxes and deductions is 1,769.81.' }],
  },
  {
    entity,
    name: 'deposits that are not the net pay',
    input: { ...base, deposits: [{ account_type: 'Checking', account_last4: '6789', amount: 1700 }] },
    errors: [{ path: '/deposits', message: 'The deposits add up to 1,700.00 but net pay is 1,769.81.' }],
  },
  {
    entity,
    name: 'an amount with a third decimal is refused, not summed',
    input: { ...base, earnings: [{ description: 'Regular', current: 2074.999 }, { description: 'Overtime', current: 0.001 }] },
    errors: [
      { path: '/earnings/0/current', message: 'Amounts may have at most 2 decimals.' },
      { path: '/earnings/1/current', message: 'Amounts may have at most 2 decimals.' },
    ],
  },
  {
    entity,
    name: 'a period that ends before it starts, paid before it starts',
    input: { ...base, period_end: NOW - 20 * DAY, pay_date: NOW - 30 * DAY },
    errors: [
      { path: '/period_end', message: 'The period cannot end before it starts.' },
      { path: '/pay_date', message: 'The pay date cannot be before the period starts.' },
    ],
  },
  {
    entity,
    name: 'cents that binary floats cannot hold exactly still add up (0.1 + 0.2 = 0.30)',
    input: {
      ...base,
      earnings: [{ description: 'A', current: 0.1 }, { description: 'B', current: 0.2 }],
      taxes: [],
      deductions: [],
      deposits: [],
      gross_pay: 0.3,
      total_taxes: 0,
      total_deductions: 0,
      net_pay: 0.3,
    },
    errors: [],
  },
];

export default { table, validations } satisfies EntityRules;
