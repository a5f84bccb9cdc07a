/**
 * Form I-9 dates the server derives and the document helper shows, from the periods kept as data
 * (schemas/common/i9-deadlines.json): Section 1 is due by the first day of employment, Section 2
 * within three business days after it; a section signed after its due day was late; the I-9 is kept
 * until 3 years after the first day or 1 year after employment ends, whichever is later. Dates are
 * epoch seconds at 00:00 UTC, as the forms store them; a signature's instant and the clock are
 * turned into the company's calendar day first (engine/local-day.ts), so a section signed at 5 pm in
 * California on its due day is on time. Pure.
 */
import deadlines from '../schemas/common/i9-deadlines.json';
import { DEFAULT_TIME_ZONE, localDay } from './local-day.ts';

export type I9Deadlines = typeof deadlines;
export const I9_DEADLINES: I9Deadlines = deadlines;

const DAY = 86_400;

export type I9Section = 'Section 1' | 'Section 2';

/** What the server stores on an I-9 (server-owned fields). */
export interface I9Dates {
  section1_due?: number;
  section2_due?: number;
  /** The due day of the first section not yet signed; absent once both are signed. */
  next_due?: number;
  /** Sections signed after their due day. */
  late?: I9Section[];
  /** The earliest day the I-9 may be destroyed; absent while the person is employed. */
  retain_until?: number;
}

const startOfDay = (t: number) => Math.floor(t / DAY) * DAY;

/** The day `n` business days (Monday to Friday) after `t`. */
export function addBusinessDays(t: number, n: number): number {
  let day = startOfDay(t);
  for (let left = n; left > 0;) {
    day += DAY;
    const weekday = new Date(day * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return day;
}

/** The same calendar day `n` years later (29 February becomes 1 March). */
export function addYears(t: number, n: number): number {
  const d = new Date(startOfDay(t) * 1000);
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return d.getTime() / 1000;
}

/** The later of 3 years after the first day and 1 year after employment ends; undefined while employed. */
export function retainUntil(firstDay: number | undefined, termDate: number | undefined, rules = I9_DEADLINES) {
  if (typeof termDate !== 'number') return undefined;
  const afterEnd = addYears(termDate, rules.retain_years_after_termination);
  if (typeof firstDay !== 'number') return afterEnd;
  return Math.max(addYears(firstDay, rules.retain_years_after_first_day), afterEnd);
}

/** The last day a receipt valid for a period from the first day may stand in for its document. */
export function receiptValidUntil(documentType: unknown, firstDay: number | undefined, rules = I9_DEADLINES) {
  if (typeof firstDay !== 'number' || !rules.receipts_valid_from_first_day.includes(String(documentType))) {
    return undefined;
  }
  return startOfDay(firstDay) + rules.receipt_days * DAY;
}

const signedAt = (sig: unknown) =>
  sig && typeof sig === 'object' ? ((sig as { timestamp?: unknown }).timestamp as number | undefined) : undefined;

/**
 * The dates of an I-9: its first day (or, before the employer enters it, the hire date), the
 * signatures it holds and the end of employment; a section is late when the company's day it was
 * signed on (in `timeZone`) is after its due day.
 */
export function i9Dates(
  i9: { first_day?: unknown; employee_signature?: unknown; employer_signature?: unknown },
  employment: { hire_date?: unknown; term_date?: unknown },
  timeZone: string = DEFAULT_TIME_ZONE,
  rules = I9_DEADLINES,
): I9Dates {
  const first =
    typeof i9.first_day === 'number'
      ? i9.first_day
      : typeof employment.hire_date === 'number'
        ? employment.hire_date
        : undefined;
  const term = typeof employment.term_date === 'number' ? employment.term_date : undefined;
  const out: I9Dates = {};
  const retain = retainUntil(first, term, rules);
  if (retain !== undefined) out.retain_until = retain;
  if (first === undefined) return out;
  out.section1_due = startOfDay(first) + rules.section1_days_after_first_day * DAY;
  out.section2_due = addBusinessDays(first, rules.section2_business_days);
  const sections: [I9Section, number, number | undefined][] = [
    ['Section 1', out.section1_due, signedAt(i9.employee_signature)],
    ['Section 2', out.section2_due, signedAt(i9.employer_signature)],
  ];
  const late = sections.filter(([, due, at]) => typeof at === 'number' && localDay(at, timeZone) > due).map(([s]) => s);
  if (late.length) out.late = late;
  const open = sections.find(([, , at]) => typeof at !== 'number');
  if (open) out.next_due = open[1];
  return out;
}

/**
 * Sections not signed whose due day has passed by `now` (its day in `timeZone`, the company's): what
 * the document helper shows as late.
 */
export function overdueSections(
  dates: I9Dates,
  signed: Record<I9Section, boolean>,
  now: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): I9Section[] {
  const due: [I9Section, number | undefined][] = [
    ['Section 1', dates.section1_due],
    ['Section 2', dates.section2_due],
  ];
  const today = localDay(now, timeZone);
  return due.filter(([s, d]) => !signed[s] && typeof d === 'number' && today > d).map(([s]) => s);
}
