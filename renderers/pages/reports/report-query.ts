/**
 * The reports page's URL state and the finds it becomes. Pure. The URL keeps the report, its range
 * and the page, so a run can be bookmarked and shared (`?report=new_hires&from=2024-01-01&to=2026-12-31&page=2`);
 * `from` and `to` are there only once the report was run.
 */
import type { FindBody } from '../../api/types.ts';
import { reportCriteria, type DateRange, type DateStorage, type ReportDefinition } from '../../../engine/reports.ts';

/** Rows on a page of results. */
export const REPORT_PAGE_SIZE = 50;
/** The most rows one CSV holds; the download says so when more match. */
export const CSV_ROW_LIMIT = 10_000;
/** Rows per find while a CSV is gathered: the data API's largest page (API.md). */
export const CSV_FIND_SIZE = 500;

export interface ReportParams {
  report?: string;
  /** The range run, when the report has been run. */
  range?: DateRange;
  page: number;
}

export function readReportParams(q: URLSearchParams): ReportParams {
  const report = q.get('report') || undefined;
  const from = q.get('from');
  const to = q.get('to');
  const page = Math.max(1, Math.floor(Number(q.get('page')) || 1));
  return { report, range: from !== null && to !== null ? { from, to } : undefined, page };
}

export function writeReportParams(p: ReportParams): URLSearchParams {
  const q = new URLSearchParams();
  if (p.report) q.set('report', p.report);
  if (p.range) {
    q.set('from', p.range.from);
    q.set('to', p.range.to);
  }
  if (p.page > 1) q.set('page', String(p.page));
  return q;
}

/** The find of one page of a report's results. */
export function reportFind(
  r: ReportDefinition,
  range: DateRange,
  storage: DateStorage,
  page: number,
  size = REPORT_PAGE_SIZE,
): FindBody {
  return { criteria: reportCriteria(r, range, storage), sort: r.sort, limit: size, offset: (page - 1) * size };
}
