/**
 * Download CSV: every row of the range run (up to CSV_ROW_LIMIT), gathered page by page, written as
 * the table shows it and saved through a temporary link. Its state says how far it got, and when
 * more rows matched than the file may hold, how many it holds.
 */
import { useCallback, useState } from 'react';
import type { TypeMeta } from '../../api/types.ts';
import { useClient } from '../../session/session.tsx';
import { saveFrom } from '../../api/save-file.ts';
import type { DateRange, DateStorage, ReportDefinition } from '../../../engine/reports.ts';
import { CSV_ROW_LIMIT, reportFind } from './report-query.ts';
import { gatherRows, reportCsv } from './report-export.ts';

export type DownloadState =
  | { status: 'idle' }
  | { status: 'working'; done: number; total?: number }
  | { status: 'done'; rows: number; total: number }
  | { status: 'error'; message: string };

/** The file's name: the report and its range, `new_hires_2024-01-01_2026-12-31.csv`. */
export const csvFileName = (r: ReportDefinition, range: DateRange) => `${r.id}_${range.from}_${range.to}.csv`;

function save(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  saveFrom(url, name);
  // The browser has taken the file once the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useReportDownload() {
  const client = useClient();
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const download = useCallback(
    async (r: ReportDefinition, meta: TypeMeta, range: DateRange, storage: DateStorage) => {
      setState({ status: 'working', done: 0 });
      try {
        const body = reportFind(r, range, storage, 1);
        const found = await gatherRows(client, meta, body, {
          limit: CSV_ROW_LIMIT,
          onProgress: (done, total) => setState({ status: 'working', done, total }),
        });
        save(await reportCsv(client, meta, r.columns, found.items), csvFileName(r, range));
        setState({ status: 'done', rows: found.items.length, total: found.total });
      } catch (e) {
        setState({ status: 'error', message: (e as Error).message || 'The download failed.' });
      }
    },
    [client],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, download, reset };
}
