/**
 * The demo's pay statements (docs/paystubs.md): Emma's last three bi-weekly statements, one with
 * overtime, deposited into two accounts; and two of Ivan's, the inactive former employee, paid by
 * check, from before he left. Figured in whole cents so every total adds up as the schema's rule
 * requires; the rates are round illustrations, not a tax table.
 */
import { randomUUID } from 'node:crypto';
import { systemPut } from './data/system-write.ts';
import type { Services } from './services.ts';
import type { DataObject, WriteOp } from './storage/types.ts';
import type { PayrollPaystubs } from '../types/generated/index.ts';

const DAY = 86_400;
const day = (t: number) => Math.floor(t / DAY) * DAY;
const dollars = (cents: number) => cents / 100;
const pct = (cents: number, rate: number) => Math.round(cents * rate);

interface Run {
  payDate: number;
  regularHours: number;
  overtimeHours: number;
}

interface Person {
  user: string;
  /** Hourly rate in cents. */
  rate: number;
  deposit: 'split' | 'check';
  /** The first statement's number. */
  firstNumber: number;
  runs: Run[];
}

/** One statement's lines in cents, current only. */
function figures(p: Person, run: Run) {
  const regular = p.rate * run.regularHours;
  const overtime = Math.round(p.rate * 1.5) * run.overtimeHours;
  const gross = regular + overtime;
  const retirement = pct(gross, 0.05);
  const health = 8500;
  const taxable = gross - retirement - health;
  const taxes = [
    ['Federal income tax', pct(taxable, 0.1)],
    ['Social Security', pct(gross - health, 0.062)],
    ['Medicare', pct(gross - health, 0.0145)],
    ['Illinois income tax', pct(taxable, 0.0495)],
  ] as const;
  const deductions = [
    ['401(k)', retirement, true],
    ['Health insurance', health, true],
  ] as const;
  const earnings = [
    ['Regular', run.regularHours, p.rate, regular],
    ...(run.overtimeHours ? ([['Overtime', run.overtimeHours, Math.round(p.rate * 1.5), overtime]] as const) : []),
  ] as const;
  return { earnings, taxes, deductions, gross };
}

/** The statements of one person, oldest first, with year-to-date amounts counted from the first. */
function statements(p: Person): PayrollPaystubs[] {
  const ytd = new Map<string, number>();
  const add = (label: string, cents: number) => {
    const total = (ytd.get(label) ?? 0) + cents;
    ytd.set(label, total);
    return dollars(total);
  };
  return p.runs.map((run, i) => {
    const f = figures(p, run);
    const taxTotal = f.taxes.reduce((sum, [, c]) => sum + c, 0);
    const deductionTotal = f.deductions.reduce((sum, [, c]) => sum + c, 0);
    const net = f.gross - taxTotal - deductionTotal;
    const savings = 20000;
    const periodEnd = run.payDate - 5 * DAY;
    return {
      employee_id: p.user,
      statement_number: `${p.deposit === 'check' ? 'CHK' : 'DD'}-${p.firstNumber + i}`,
      pay_date: run.payDate,
      period_start: periodEnd - 13 * DAY,
      period_end: periodEnd,
      pay_frequency: 'Bi-Weekly',
      earnings: f.earnings.map(([description, hours, rate, cents]) => ({
        description,
        hours,
        rate: dollars(rate),
        current: dollars(cents),
        ytd: add(`earn:${description}`, cents),
      })),
      taxes: f.taxes.map(([description, cents]) => ({
        description,
        current: dollars(cents),
        ytd: add(`tax:${description}`, cents),
      })),
      deductions: f.deductions.map(([description, cents, preTax]) => ({
        description,
        pre_tax: preTax,
        current: dollars(cents),
        ytd: add(`ded:${description}`, cents),
      })),
      gross_pay: dollars(f.gross),
      total_taxes: dollars(taxTotal),
      total_deductions: dollars(deductionTotal),
      net_pay: dollars(net),
      gross_pay_ytd: add('gross', f.gross),
      net_pay_ytd: add('net', net),
      ...(p.deposit === 'split'
        ? {
            deposits: [
              { account_type: 'Savings', account_last4: '0457', amount: dollars(savings) },
              { account_type: 'Checking', account_last4: '6789', amount: dollars(net - savings) },
            ],
          }
        : {}),
    } satisfies PayrollPaystubs;
  });
}

/** Bi-weekly runs ending `weeksAgo` weeks before today, oldest first. */
function runs(now: number, count: number, weeksAgo: number, overtimeAt: number): Run[] {
  const last = day(now) - weeksAgo * 7 * DAY;
  return Array.from({ length: count }, (_, i) => ({
    payDate: last - (count - 1 - i) * 14 * DAY,
    regularHours: 80,
    overtimeHours: i === overtimeAt ? 4 : 0,
  }));
}

/** The demo's statements as data: Emma's and Ivan's, each adding up as the schema's rule requires. */
export function demoPaystubs(now: number, keys: ReadonlyMap<string, string>): PayrollPaystubs[] {
  const people: Person[] = [
    { user: keys.get('emma@acme.example')!, rate: 2450, deposit: 'split', firstNumber: 4101, runs: runs(now, 3, 0, 1) },
    {
      user: keys.get('ivan@acme.example')!,
      rate: 2200,
      deposit: 'check',
      firstNumber: 3051,
      runs: runs(now, 2, 12, -1),
    },
  ];
  return people.flatMap(statements);
}

export function paystubOps(s: Services, org: string, keys: ReadonlyMap<string, string>, by: string): WriteOp[] {
  return demoPaystubs(s.now(), keys).map((data) =>
    systemPut(s, 'payroll/paystubs', org, randomUUID(), data as unknown as DataObject, by),
  );
}
