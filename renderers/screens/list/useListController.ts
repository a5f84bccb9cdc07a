/**
 * The list screen's controller: the type's meta, one page of records found on the server with the
 * URL's page, sort and filters, and the actions that change them.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { DataFailure } from '../../api/failure.ts';
import type { TypeMeta, WireRecord } from '../../api/types.ts';
import { useClient, useServices } from '../../session/session.tsx';
import { DEFAULT_TIME_ZONE, localDay } from '../../../engine/local-day.ts';
import { keys, metaQuery } from '../queries.ts';
import { effectiveSort, findBody, readParams, writeParams, type ListParams, type SortSpec } from './list-query.ts';

export type ListState =
  | { status: 'loading' }
  | { status: 'error'; error: DataFailure; retry: () => void }
  | {
      status: 'success';
      meta: TypeMeta;
      rows: WireRecord[];
      total: number;
      pageCount: number;
      params: ListParams;
      /** A newer page is on its way (the rows shown are the previous ones). */
      refreshing: boolean;
      /** The page itself failed (the meta did not). */
      error?: DataFailure;
      retry: () => void;
    };

export interface ListActions {
  setPage(page: number): void;
  setSize(size: number): void;
  toggleSort(field: string): void;
  setFilter(field: string, value: string): void;
  /** Shows one of the list's named views, or (undefined) the whole list. */
  setView(view: string | undefined): void;
  clearFilters(): void;
}

export function useListController(module: string, datatype: string): { state: ListState; actions: ListActions } {
  const client = useClient();
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readParams(search), [search]);
  const meta = useQuery(metaQuery(client, module, datatype));
  // The company's day, for a view's "$today" (an overdue assignment is one due before it).
  const timeZone = useServices().auth.session?.organization?.data?.time_zone;
  const today = localDay(Date.now() / 1000, typeof timeZone === 'string' ? timeZone : DEFAULT_TIME_ZONE);
  const body = meta.data ? findBody(meta.data.schema, meta.data.ui, meta.data.list, params, today) : undefined;
  const page = useQuery({
    queryKey: keys.find(module, datatype, body),
    queryFn: () => client.find(module, datatype, body!),
    enabled: !!body,
    placeholderData: keepPreviousData,
  });

  // The pages before and after the one asked for are fetched beside it, not after it is shown, so
  // Next and Previous show at once even when pressed as soon as the page appears. The page after
  // the last (unknown until an answer gives the total) is not asked for once the total is known.
  const queryClient = useQueryClient();
  const total = page.isPlaceholderData ? undefined : page.data?.total;
  useEffect(() => {
    if (!meta.data) return;
    const pageCount = total === undefined ? Infinity : Math.ceil(total / params.size);
    for (const p of [params.page + 1, params.page - 1]) {
      if (p < 1 || p > pageCount) continue;
      const near = findBody(meta.data.schema, meta.data.ui, meta.data.list, { ...params, page: p }, today);
      void queryClient.prefetchQuery({
        queryKey: keys.find(module, datatype, near),
        queryFn: () => client.find(module, datatype, near),
      });
    }
  }, [total, meta.data, params, queryClient, client, module, datatype, today]);

  // A page past the last (a hand-edited URL, or records gone since it was bookmarked) shows the
  // last page: its rows, and a pager whose Previous leads somewhere, rather than an empty table
  // saying there are no records.
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(1, Math.ceil(total / params.size));
    if (params.page > last) setSearch((q) => writeParams({ ...readParams(q), page: last }), { replace: true });
  }, [total, params.page, params.size, setSearch]);

  const change = useCallback(
    (f: (p: ListParams) => ListParams) => setSearch((q) => writeParams(f(readParams(q))), { replace: false }),
    [setSearch],
  );
  const actions = useMemo<ListActions>(
    () => ({
      setPage: (p) => change((x) => ({ ...x, page: Math.max(1, p) })),
      setSize: (size) => change((x) => ({ ...x, size, page: 1 })),
      toggleSort: (field) =>
        change((x) => {
          const cur: SortSpec | undefined = meta.data
            ? effectiveSort(meta.data.schema, meta.data.ui, meta.data.list, x)
            : x.sort;
          const dir = cur?.field === field && cur.dir === 'asc' ? 'desc' : 'asc';
          return { ...x, sort: { field, dir }, page: 1 };
        }),
      setFilter: (field, value) =>
        change((x) => {
          const filters = { ...x.filters };
          if (value) filters[field] = value;
          else delete filters[field];
          return { ...x, filters, page: 1 };
        }),
      setView: (view) => change((x) => ({ ...x, view, page: 1 })),
      clearFilters: () => change((x) => ({ ...x, filters: {}, view: undefined, page: 1 })),
    }),
    [change, meta.data],
  );

  let state: ListState;
  if (meta.isError) state = { status: 'error', error: meta.error as DataFailure, retry: () => void meta.refetch() };
  else if (!meta.data || (page.isPending && !page.data)) {
    state = page.isError
      ? { status: 'error', error: page.error as DataFailure, retry: () => void page.refetch() }
      : { status: 'loading' };
  } else {
    const total = page.data?.total ?? 0;
    state = {
      status: 'success',
      meta: meta.data,
      rows: page.data?.items ?? [],
      total,
      pageCount: Math.max(1, Math.ceil(total / params.size)),
      params: { ...params, sort: effectiveSort(meta.data.schema, meta.data.ui, meta.data.list, params) },
      refreshing: page.isPlaceholderData || page.isFetching,
      error: page.isError ? (page.error as DataFailure) : undefined,
      retry: () => void page.refetch(),
    };
  }
  return { state, actions };
}
