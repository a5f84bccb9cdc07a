/**
 * The reports page's controller: the reports the person may run (those whose type the catalogue
 * says they may list), the chosen one and its type's meta, the From/To being typed and their
 * errors, the page of results of the range run (from the URL), and the actions. The view
 * (ReportsPage.tsx) only draws this.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { DataFailure } from '../../api/failure.ts';
import type { TypeMeta, WireRecord } from '../../api/types.ts';
import { valueKind } from '../../format/schema-facts.ts';
import { useClient } from '../../session/session.tsx';
import { catalogueQuery, keys, metaQuery } from '../../screens/queries.ts';
import {
  defaultRange,
  offeredReports,
  rangeErrors,
  reportById,
  reportType,
  type DateRange,
  type DateStorage,
  type RangeErrors,
  type ReportDefinition,
} from '../../../engine/reports.ts';
import { readReportParams, reportFind, REPORT_PAGE_SIZE, writeReportParams } from './report-query.ts';

export type ResultsState =
  /** Not run yet, or the range in the URL cannot run (its errors are on the fields). */
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: DataFailure; retry: () => void }
  | {
      status: 'success';
      rows: WireRecord[];
      total: number;
      page: number;
      pageCount: number;
      /** Another page is on its way (the rows shown are the previous page's). */
      refreshing: boolean;
    };

export type ReportsState =
  | { status: 'loading' }
  | { status: 'error'; error: DataFailure; retry: () => void }
  | {
      status: 'ready';
      offered: ReportDefinition[];
      chosen?: ReportDefinition;
      /** The URL names a report this person may not run, or none there is. */
      refused?: string;
      /** The chosen report's type, once its meta is in. */
      meta?: TypeMeta;
      metaError?: DataFailure;
      /** The range as typed. */
      range: DateRange;
      errors: RangeErrors;
      /** The range the results are of. */
      ran?: DateRange;
      results: ResultsState;
    };

export interface ReportsActions {
  setFrom(value: string): void;
  setTo(value: string): void;
  /** Runs the chosen report over the range typed; false when the range is refused (errors shown). */
  run(): boolean;
  setPage(page: number): void;
}

/** How the report's date field is kept: `YYYY-MM-DD` text for a date-format field, else epoch seconds. */
export function dateStorage(meta: TypeMeta, field: string): DateStorage {
  return valueKind(meta.schema, meta.ui, field) === 'isoDate' ? 'iso' : 'epoch';
}

export function useReportsController(now = () => new Date()): { state: ReportsState; actions: ReportsActions } {
  const client = useClient();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readReportParams(search), [search]);
  const catalogue = useQuery(catalogueQuery(client));
  const offered = useMemo(() => (catalogue.data ? offeredReports(catalogue.data) : []), [catalogue.data]);
  const chosen = reportById(params.report, offered);
  const { module, type } = chosen ? reportType(chosen) : { module: '', type: '' };
  const meta = useQuery({ ...metaQuery(client, module, type), enabled: !!chosen });

  // What is typed starts from the range run (a bookmark), else the spec's default; choosing
  // another report keeps it, as a person comparing reports over one period expects.
  const [typed, setTyped] = useState<DateRange>(() => params.range ?? defaultRange(now()));
  const [shownErrors, setShownErrors] = useState<RangeErrors>({});
  const urlRange = params.range ? `${params.range.from}/${params.range.to}` : '';
  const [seenRange, setSeenRange] = useState(urlRange);
  if (urlRange !== seenRange) {
    // The URL's range changed (back, forward, a link): the fields follow it.
    setSeenRange(urlRange);
    if (params.range) setTyped(params.range);
    setShownErrors({});
  }

  const ran = params.range && Object.keys(rangeErrors(params.range)).length === 0 ? params.range : undefined;
  const body =
    chosen && meta.data && ran
      ? reportFind(chosen, ran, dateStorage(meta.data, chosen.date_field), params.page)
      : undefined;
  const page = useQuery({
    queryKey: keys.find(module, type, body),
    queryFn: () => client.find(module, type, body!),
    enabled: !!body,
    placeholderData: keepPreviousData,
  });

  // A page past the last (a hand-edited URL, or rows gone since it was bookmarked) shows the last
  // page: its rows, and a pager whose Previous leads somewhere, rather than an empty table.
  const total = body && page.data && !page.isPlaceholderData ? page.data.total : undefined;
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(1, Math.ceil(total / REPORT_PAGE_SIZE));
    if (params.page > last) setSearch(writeReportParams({ ...params, page: last }), { replace: true });
  }, [total, params, setSearch]);

  const run = useCallback(() => {
    const errors = rangeErrors(typed);
    setShownErrors(errors);
    if (Object.keys(errors).length) return false;
    setSearch(writeReportParams({ report: params.report, range: typed, page: 1 }));
    // The same range run again reads the server again: records may have changed since.
    if (ran && ran.from === typed.from && ran.to === typed.to && params.page === 1) void page.refetch();
    return true;
  }, [typed, setSearch, params.report, params.page, ran, page]);

  const actions = useMemo<ReportsActions>(
    () => ({
      setFrom: (from) => setTyped((r) => ({ ...r, from })),
      setTo: (to) => setTyped((r) => ({ ...r, to })),
      run,
      setPage: (p) => setSearch(writeReportParams({ ...params, page: Math.max(1, p) })),
    }),
    [run, setSearch, params],
  );

  if (catalogue.isError) {
    return {
      state: { status: 'error', error: catalogue.error as DataFailure, retry: () => void catalogue.refetch() },
      actions,
    };
  }
  if (!catalogue.data) return { state: { status: 'loading' }, actions };

  let results: ResultsState = { status: 'idle' };
  if (body && page.isError && !page.data) {
    results = { status: 'error', error: page.error as DataFailure, retry: () => void page.refetch() };
  } else if (body && page.data) {
    results = {
      status: 'success',
      rows: page.data.items,
      total: page.data.total,
      page: params.page,
      pageCount: Math.max(1, Math.ceil(page.data.total / REPORT_PAGE_SIZE)),
      refreshing: page.isPlaceholderData || page.isFetching,
    };
  } else if (body) results = { status: 'loading' };

  // A range in the URL that cannot run (an edited bookmark) says why at its fields.
  const urlErrors = params.range && !ran ? rangeErrors(params.range) : {};
  return {
    state: {
      status: 'ready',
      offered,
      chosen,
      refused: params.report && !chosen ? params.report : undefined,
      meta: meta.data,
      metaError: meta.isError ? (meta.error as DataFailure) : undefined,
      range: typed,
      errors: Object.keys(shownErrors).length ? shownErrors : urlErrors,
      ran,
      results,
    },
    actions,
  };
}
