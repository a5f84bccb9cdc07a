/**
 * What the PTO pages show, as pure functions over the records' data: hours and days as read,
 * requests in the order a person looks at them, hours used in a year, a month as weeks of days.
 * Balances themselves are engine/pto-ledger.ts's.
 */
import { epochToUs, isoToEpoch } from '../../../engine/masks.ts';
import type { TimePtoRegister } from '../../../types/generated/time/pto_register.ts';
import type { TimePtoRequest } from '../../../types/generated/time/pto_request.ts';

/** Hours as a person reads them: "40 hours", "1 hour", "7.5 hours", "-8 hours". */
export function hoursText(hours: number): string {
  const n = Math.round(hours * 100) / 100;
  return `${n.toLocaleString('en-US', { maximumFractionDigits: 2 })} ${Math.abs(n) === 1 ? 'hour' : 'hours'}`;
}

/** A request's days: "03/01/2027" or "03/01/2027 – 03/02/2027". */
export function daysText(r: Pick<TimePtoRequest, 'start_date' | 'end_date'>): string {
  const first = epochToUs(r.start_date);
  return r.end_date && r.end_date !== r.start_date ? `${first} – ${epochToUs(r.end_date)}` : first;
}

/** The reader's own calendar date of `now` (the browser's time zone), as YYYY-MM-DD. */
export function localDayIso(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/**
 * Today as a stored day: the reader's own date (not UTC's, which is already tomorrow in the
 * evening west of Greenwich) at UTC midnight, the way the epochDate widget stores a chosen day
 * (`isoToEpoch`), so a stored day compares with it as calendar days do.
 */
export function todayEpoch(now: Date): number {
  return isoToEpoch(localDayIso(now))!;
}

export const STATUS_LABEL: Record<string, string> = {
  requested: 'Waiting for a decision',
  approved: 'Approved',
  denied: 'Denied',
};

/** Requests not over yet, soonest first; then those over, latest first. */
export function upcomingFirst<T extends { data: Pick<TimePtoRequest, 'start_date' | 'end_date'> }>(
  requests: readonly T[],
  today: number,
): { upcoming: T[]; past: T[] } {
  const upcoming = requests.filter((r) => (r.data.end_date ?? r.data.start_date) >= today);
  const past = requests.filter((r) => (r.data.end_date ?? r.data.start_date) < today);
  upcoming.sort((a, b) => a.data.start_date - b.data.start_date);
  past.sort((a, b) => b.data.start_date - a.data.start_date);
  return { upcoming, past };
}

/** The first and the last second of a calendar year, UTC, as stored dates are. */
export function yearBounds(year: number): { from: number; to: number } {
  return { from: Date.UTC(year, 0, 1) / 1000, to: Date.UTC(year + 1, 0, 1) / 1000 - 1 };
}

/**
 * Hours taken per plan from `from` to `to` (stored days, both included): `use` debits less `use`
 * credits (the server's reversals of a request approved, then denied, changed or deleted), so time
 * given back is not counted, dated by the line's effective day (the request's first day).
 */
export function usedHours(
  lines: readonly Pick<TimePtoRegister, 'plan_id' | 'action' | 'type' | 'hours' | 'effective_date'>[],
  from: number,
  to: number,
) {
  const out = new Map<string, number>();
  for (const l of lines) {
    if (l.type !== 'use' || !l.plan_id || typeof l.hours !== 'number') continue;
    if (l.effective_date < from || l.effective_date > to) continue;
    const sign = l.action === 'debit' ? 1 : l.action === 'credit' ? -1 : 0;
    out.set(l.plan_id, Math.round(((out.get(l.plan_id) ?? 0) + sign * l.hours) * 100) / 100);
  }
  return out;
}

/** One day of a month grid: its stored date (UTC midnight) and day of the month. */
export interface GridDay {
  date: number;
  day: number;
}

/**
 * A month as weeks, Sunday first: each week seven cells, a day of the month or null outside it.
 * `month` is 0-11.
 */
export function monthWeeks(year: number, month: number): (GridDay | null)[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (GridDay | null)[] = Array.from({ length: first.getUTCDay() }, () => null);
  for (let d = 1; d <= days; d++) cells.push({ date: Date.UTC(year, month, d) / 1000, day: d });
  while (cells.length % 7) cells.push(null);
  const weeks: (GridDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The requests that fall on a day (its first to its last day, both included). */
export function onDay<T extends { data: Pick<TimePtoRequest, 'start_date' | 'end_date'> }>(
  requests: readonly T[],
  date: number,
): T[] {
  return requests.filter((r) => r.data.start_date <= date && (r.data.end_date ?? r.data.start_date) >= date);
}

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
