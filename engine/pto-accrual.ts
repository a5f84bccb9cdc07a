/**
 * PTO accruals (docs/pto.md, "Accruals"): which ledger lines a plan's schedule owes an employee
 * between two days, with their hours, in order, capped at the plan's maximum balance, and the
 * carry-over forfeits at each turn of the plan year. Pure: the server reads the records, asks this
 * module what is due and writes it (server/data/pto-accruals.ts).
 *
 * Days are UTC days as the records store them: epoch seconds at UTC midnight.
 */
import { v5 as nameBasedUuid } from 'uuid';
import type { TimePtoEmployee } from '../types/generated/time/pto_employee.ts';
import type { TimePtoPlan } from '../types/generated/time/pto_plan.ts';
import type { TimePtoProgression } from '../types/generated/time/pto_progression.ts';

export const DAY = 86_400;

export type AccrualPlan = Pick<
  TimePtoPlan,
  'name' | 'status' | 'calc_period' | 'accrual_hours' | 'max_balance' | 'carryover_limit' | 'waiting_period_days'
>;
export type ProgressionStep = TimePtoProgression['steps'][number];

/** A period's accrual, or the carry-over at a plan year's turn. */
export type AccrualKind = 'accrual' | 'carryover';

/** One event of a plan's schedule: a period's accrual or a year's turn, on its day. */
export interface AccrualEvent {
  kind: AccrualKind;
  date: number;
}

/** A ledger line the schedule owes: hours credited (or, at a year's turn, forfeited), or a note. */
export interface AccrualLine extends AccrualEvent {
  action: 'credit' | 'debit' | 'annotation';
  hours: number;
  note: string;
}

export interface AccrualInput {
  plan: AccrualPlan;
  /** The plan's progression steps, in increasing months of service; none: the plan's own figures. */
  steps?: readonly ProgressionStep[];
  enrolment: Pick<TimePtoEmployee, 'status'>;
  /** The day service counts from: the enrolment's start date (its accrual start). */
  start: number;
  /** The first day a period may fall on (the server's record of what it has settled). */
  since: number;
  /** Now, in epoch seconds: periods up to today (UTC) are due. */
  now: number;
  /** The company's pay dates (for `payroll` plans), in any order, repeated or not. */
  payDates?: readonly number[];
  /** The employee's balance on the plan now. */
  balance: number;
  /** Events already written (`eventId`): never written twice. */
  written: ReadonlySet<string>;
}

/** The UTC day of an instant. */
export const dayOf = (t: number): number => Math.floor(t / DAY) * DAY;

const ymd = (day: number) => {
  const d = new Date(day * 1000);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), d: d.getUTCDate() };
};
const utc = (y: number, m: number, d: number) => Date.UTC(y, m, d) / 1000;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();

/**
 * `months` calendar months after `day`, on the same day of the month or the month's last day when it
 * has fewer (Jan 31 + 1 month = Feb 28 or 29; Feb 29 + 12 months = Feb 28 in a common year).
 */
export function addMonths(day: number, months: number): number {
  const { y, m, d } = ymd(day);
  const target = new Date(Date.UTC(y, m + months, 1));
  const ty = target.getUTCFullYear();
  const tm = target.getUTCMonth();
  return utc(ty, tm, Math.min(d, daysIn(ty, tm)));
}

/** Whole months of service on `day` for service counted from `start` (0 before the first month ends). */
export function monthsOfService(start: number, day: number): number {
  if (day < start) return 0;
  const a = ymd(start);
  const b = ymd(day);
  let months = (b.y - a.y) * 12 + (b.m - a.m);
  if (addMonths(start, months) > day) months--;
  return Math.max(0, months);
}

/** The identity of an event among a plan's lines for one employee. */
export const eventId = (e: AccrualEvent): string => `${e.kind} ${e.date}`;

/**
 * The key of the ledger line an event writes, derived from the employee, the plan and the event, so
 * that two processes (or one run twice) writing it meet on one key.
 */
export function accrualKey(user: string, plan: string, e: AccrualEvent): string {
  return nameBasedUuid(new TextEncoder().encode(`pto-accrual ${plan} ${eventId(e)}`), user);
}

/** The days in [from, to] on which `plan` accrues (see docs/pto.md for each period). */
export function periodDays(
  plan: Pick<AccrualPlan, 'calc_period'>,
  start: number,
  from: number,
  to: number,
  payDates: readonly number[] = [],
): number[] {
  const days: number[] = [];
  if (from > to) return days;
  const f = ymd(from);
  if (plan.calc_period === 'month') {
    for (let day = utc(f.y, f.m, 1); day <= to; day = addMonths(day, 1)) if (day >= from) days.push(day);
  } else if (plan.calc_period === 'calendar') {
    for (let day = utc(f.y, 0, 1); day <= to; day = addMonths(day, 12)) if (day >= from) days.push(day);
  } else if (plan.calc_period === 'anniversary') {
    // Each counted from the start itself, so a Feb 29 start comes back to Feb 29 in leap years.
    for (let years = 1, day = addMonths(start, 12); day <= to; day = addMonths(start, 12 * ++years)) {
      if (day >= from) days.push(day);
    }
  } else {
    const seen = new Set(payDates.map(dayOf).filter((day) => day >= from && day <= to));
    days.push(...[...seen].sort((a, b) => a - b));
  }
  return days;
}

/** The days in [from, to] on which the plan year turns: each anniversary, else each January 1. */
export function yearTurns(plan: Pick<AccrualPlan, 'calc_period'>, start: number, from: number, to: number): number[] {
  return periodDays({ calc_period: plan.calc_period === 'anniversary' ? 'anniversary' : 'calendar' }, start, from, to);
}

/**
 * The events of the schedule in [since, today], in order (a turn before the accrual of its day):
 * accruals from the end of the waiting period, and, for a plan with a carry-over limit, each turn of
 * its year from the start on. None for an inactive plan or enrolment.
 */
export function accrualEvents(input: Omit<AccrualInput, 'balance' | 'written'>): AccrualEvent[] {
  const { plan, enrolment, start, now } = input;
  if (plan.status === 'inactive' || enrolment.status === 'inactive') return [];
  const today = dayOf(now);
  const since = Math.max(dayOf(input.since), dayOf(start));
  const accruing = Math.max(since, dayOf(start) + (plan.waiting_period_days ?? 0) * DAY);
  const events: AccrualEvent[] = [];
  if (typeof plan.carryover_limit === 'number') {
    // A year turns after the start: no carry-over on the day service begins.
    for (const date of yearTurns(plan, start, since, today)) {
      if (date > dayOf(start)) events.push({ kind: 'carryover', date });
    }
  }
  for (const date of periodDays(plan, start, accruing, today, input.payDates)) events.push({ kind: 'accrual', date });
  return events.sort((a, b) => a.date - b.date || (a.kind === 'carryover' ? -1 : 1));
}

/** The hours a period accrues and the cap, by the progression step the months of service reach. */
export function rateOn(
  plan: AccrualPlan,
  steps: readonly ProgressionStep[] | undefined,
  start: number,
  day: number,
): { hours: number; cap?: number } {
  const months = monthsOfService(start, day);
  const step = [...(steps ?? [])]
    .filter((s) => s.after_months <= months)
    .sort((a, b) => b.after_months - a.after_months)[0];
  const hours = step ? step.accrual_hours : (plan.accrual_hours ?? 0);
  const cap = step?.max_balance ?? plan.max_balance;
  return { hours, cap: typeof cap === 'number' ? cap : undefined };
}

const cents = (h: number) => Math.round(h * 100);
const text = (h: number) => `${h} hour${h === 1 ? '' : 's'}`;
/** A limit named as an adjective: "the 40-hour limit". */
const sized = (h: number) => `${h}-hour`;
/** A stored day (UTC midnight) as people read it: "April 4, 2031". */
export const longDate = (day: number) =>
  new Date(day * 1000).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
const monthName = (day: number) =>
  new Date(day * 1000).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

function periodText(plan: AccrualPlan, start: number, day: number): string {
  switch (plan.calc_period) {
    case 'month':
      return `${plan.name}: accrual for ${monthName(day)}`;
    case 'calendar':
      return `${plan.name}: accrual for ${ymd(day).y}`;
    case 'anniversary': {
      const years = Math.round(monthsOfService(start, day) / 12);
      return `${plan.name}: accrual for ${years} year${years === 1 ? '' : 's'} of service`;
    }
    default:
      return `${plan.name}: accrual for the pay date of ${longDate(day)}`;
  }
}

/**
 * The ledger lines due: each event of `accrualEvents` not written yet, in order, the balance carried
 * from one to the next. A period credits its rate, or what is left below the cap (a note instead
 * when nothing is); a period whose rate is 0 writes nothing. A year's turn forfeits the hours above
 * the carry-over limit (a debit), or notes what was carried over.
 */
export function accrualsDue(input: AccrualInput): AccrualLine[] {
  const { plan, start } = input;
  let balance = cents(input.balance);
  const lines: AccrualLine[] = [];
  for (const event of accrualEvents(input)) {
    if (input.written.has(eventId(event))) continue;
    if (event.kind === 'carryover') {
      const limit = cents(plan.carryover_limit ?? 0);
      const year = ymd(event.date).y;
      if (balance > limit) {
        const over = (balance - limit) / 100;
        balance = limit;
        lines.push({
          ...event,
          action: 'debit',
          hours: over,
          note: `${plan.name}: carry-over at the turn of the year (${longDate(event.date)}): ${text(over)} above the ${sized(limit / 100)} carry-over limit forfeited.`,
        });
      } else {
        lines.push({
          ...event,
          action: 'annotation',
          hours: 0,
          note: `${plan.name}: carry-over at the turn of the year (${longDate(event.date)}): ${text(Math.max(0, balance) / 100)} carried into ${plan.calc_period === 'anniversary' ? 'the new plan year' : year}, within the ${sized(limit / 100)} carry-over limit.`,
        });
      }
      continue;
    }
    const { hours, cap } = rateOn(plan, input.steps, start, event.date);
    const rate = cents(hours);
    if (rate <= 0) continue;
    const room = cap === undefined ? rate : Math.max(0, cents(cap) - balance);
    const credit = Math.min(rate, room);
    const what = periodText(plan, start, event.date);
    if (credit <= 0) {
      lines.push({
        ...event,
        action: 'annotation',
        hours: 0,
        note: `${what}: nothing accrued, the balance is at the ${sized(cap!)} maximum.`,
      });
      continue;
    }
    balance += credit;
    lines.push({
      ...event,
      action: 'credit',
      hours: credit / 100,
      note:
        credit < rate
          ? `${what}: ${text(credit / 100)} of ${text(rate / 100)}, capped at the ${sized(cap!)} maximum balance.`
          : `${what}.`,
    });
  }
  return lines;
}
