/**
 * The payroll reports as data (schemas/common/reports.json, docs/reports.md): which reports there
 * are, the default range of spec/001 section 2, the From/To check and the find a report runs. A
 * report is an ordinary find of the data API, so the server's access rules and tenancy decide
 * what it shows; nothing here widens them. Pure: the page and the catalogue test use the same rules.
 */
import catalogue from '../schemas/common/reports.json';
import type { Criterion, SortSpec } from './criteria.ts';
import { isoToEpoch } from './masks.ts';

/** One report of the catalogue. */
export interface ReportDefinition {
  id: string;
  title: string;
  description: string;
  /** The entity it reads, `module/type`. */
  type: string;
  /** The date field the From/To range filters on. */
  date_field: string;
  columns: string[];
  sort: SortSpec[];
  /** Criteria every run adds (the PTO ledger's lines of use only). */
  criteria: Criterion[];
}

export const REPORTS: readonly ReportDefinition[] = catalogue.reports as ReportDefinition[];

export function reportById(id: string | null | undefined, reports = REPORTS): ReportDefinition | undefined {
  return reports.find((r) => r.id === id);
}

export function reportType(r: ReportDefinition): { module: string; type: string } {
  const [module, type] = r.type.split('/');
  return { module, type };
}

/** The reports a person may run: those whose type they may list (the catalogue's `can.list`). */
export function offeredReports(
  listable: readonly { module: string; type: string; can: { list: boolean } }[],
  reports = REPORTS,
): ReportDefinition[] {
  const may = new Set(listable.filter((e) => e.can.list).map((e) => `${e.module}/${e.type}`));
  return reports.filter((r) => may.has(r.type));
}

/** A From/To range as the date inputs hold it, `YYYY-MM-DD`. */
export interface DateRange {
  from: string;
  to: string;
}

/** spec/001 section 2: from January 1 two years ago to December 31 of this year (the person's calendar). */
export function defaultRange(now: Date): DateRange {
  const year = now.getFullYear();
  return { from: `${year - 2}-01-01`, to: `${year}-12-31` };
}

export type RangeErrors = Partial<Record<keyof DateRange, string>>;

/**
 * What is wrong with a range, by field: a missing or incomplete date (a date input reports no
 * date while its year is typed), or a From after the To. Empty when the range can run.
 */
export function rangeErrors(range: DateRange): RangeErrors {
  const errors: RangeErrors = {};
  if (isoToEpoch(range.from) === undefined) errors.from = 'From must be a complete date (MM/DD/YYYY).';
  if (isoToEpoch(range.to) === undefined) errors.to = 'To must be a complete date (MM/DD/YYYY).';
  if (!errors.from && !errors.to && range.from > range.to) errors.from = 'From must be on or before To.';
  return errors;
}

/** How the report's date field is stored: epoch seconds at 00:00 UTC, or `YYYY-MM-DD` text. */
export type DateStorage = 'epoch' | 'iso';

const DAY = 86_400;

/**
 * The criteria of one run: the report's own, and its date field within the range, both days
 * included. An epoch date is compared from the first second of From to the last of To, so a
 * value stored with a time of day on To still counts.
 */
export function reportCriteria(r: ReportDefinition, range: DateRange, storage: DateStorage): Criterion[] {
  const bounds: [unknown, unknown] =
    storage === 'iso' ? [range.from, range.to] : [isoToEpoch(range.from), isoToEpoch(range.to)! + DAY - 1];
  return [
    ...r.criteria,
    { field: r.date_field, is: '>=', value: bounds[0] },
    { field: r.date_field, is: '<=', value: bounds[1] },
  ];
}
