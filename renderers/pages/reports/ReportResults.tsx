/**
 * A report's results: the heading the keyboard goes to after Run, the total, a page of rows drawn
 * as the list screen draws its cells (dates MM/DD/YYYY, people and plans by name), the pager and
 * Download CSV with how it went.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import type { TypeMeta } from '../../api/types.ts';
import { fieldTitle } from '../../format/schema-facts.ts';
import { Pager } from '../../screens/list/Pager.tsx';
import { fieldCell } from '../../screens/list/field-cell.tsx';
import { fieldValue } from '../../../engine/criteria.ts';
import { isoToUs } from '../../../engine/masks.ts';
import type { DateRange, ReportDefinition } from '../../../engine/reports.ts';
import type { ResultsState } from './useReportsController.ts';
import { dateStorage } from './useReportsController.ts';
import { CSV_ROW_LIMIT, REPORT_PAGE_SIZE } from './report-query.ts';
import { useReportDownload, type DownloadState } from './useReportDownload.ts';

const rowsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

export function ReportResults(props: {
  report: ReportDefinition;
  meta: TypeMeta;
  range: DateRange;
  results: ResultsState;
  onPage(page: number): void;
  /** Changes with each Run that was accepted: the keyboard then goes to the heading. */
  focusKey: number;
}) {
  const { report, meta, range, results } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (props.focusKey) heading.current?.focus();
  }, [props.focusKey]);
  const cells = useMemo(() => report.columns.map((f) => fieldCell(meta, f)), [report, meta]);
  // A row opens its record, as a list's does: through the column that names it (the type's
  // canonical one, else the report's first), for those who may read it.
  const linked = meta.can.read
    ? report.columns.includes(meta.list.canonical)
      ? meta.list.canonical
      : report.columns[0]
    : undefined;
  const csv = useReportDownload();
  const { reset } = csv;
  // A download's message is about the range it was of.
  useEffect(() => reset(), [reset, report.id, range.from, range.to]);
  const period = `${isoToUs(range.from)} to ${isoToUs(range.to)}`;

  return (
    <div className="reports__results">
      <div className="page__head">
        <h2 id="report-results-title" ref={heading} tabIndex={-1}>
          Results
        </h2>
        <button
          type="button"
          className="btn"
          disabled={results.status !== 'success' || results.total === 0 || csv.state.status === 'working'}
          onClick={() => void csv.download(report, meta, range, dateStorage(meta, report.date_field))}
        >
          Download CSV
        </button>
      </div>
      <DownloadNote state={csv.state} />
      {results.status === 'loading' && (
        <p className="loading" role="status">
          Running…
        </p>
      )}
      {results.status === 'error' && (
        <p className="form-error" role="alert">
          {results.error.message}{' '}
          <button type="button" className="btn btn--small" onClick={results.retry}>
            Try again
          </button>
        </p>
      )}
      {results.status === 'success' && (
        <>
          <p className="reports__total" role="status">
            {rowsText(results.total)} from {period}
          </p>
          {/* A wide report scrolls sideways within its region, which the keyboard can reach to scroll. */}
          <div
            className="table-wrap"
            aria-busy={results.refreshing}
            role="region"
            aria-labelledby="report-results-title"
            tabIndex={0}
          >
            <table className="table">
              <caption className="visually-hidden">
                {report.title}, {period}, page {results.page} of {results.pageCount}
              </caption>
              <thead>
                <tr>
                  {report.columns.map((f) => (
                    <th key={f} scope="col">
                      {fieldTitle(meta.schema, f)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {results.rows.map((row, i) => (
                  <tr key={i}>
                    {report.columns.map((f, c) => (
                      <td key={f} data-label={fieldTitle(meta.schema, f)}>
                        {f === linked ? (
                          <Link to={`/${meta.module}/${meta.type}/view/${row.key}`}>
                            {cells[c](fieldValue(row.data, f)) || '(no name)'}
                          </Link>
                        ) : (
                          cells[c](fieldValue(row.data, f))
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            {results.total === 0 && <div className="empty">No records match this report from {period}.</div>}
          </div>
          {results.total > 0 && (
            <Pager
              page={results.page}
              pageCount={results.pageCount}
              total={results.total}
              size={REPORT_PAGE_SIZE}
              onPage={props.onPage}
            />
          )}
        </>
      )}
    </div>
  );
}

function DownloadNote({ state }: { state: DownloadState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <p className="form-error" role="alert">
        The CSV could not be made: {state.message}
      </p>
    );
  }
  const text =
    state.status === 'working'
      ? `Preparing the CSV: ${state.done.toLocaleString('en-US')}${state.total === undefined ? '' : ` of ${Math.min(state.total, CSV_ROW_LIMIT).toLocaleString('en-US')}`} rows…`
      : state.total > state.rows
        ? `Downloaded the first ${rowsText(state.rows)} of ${state.total.toLocaleString('en-US')}: a CSV holds at most ${CSV_ROW_LIMIT.toLocaleString('en-US')}. Run a shorter range for the rest.`
        : `Downloaded ${rowsText(state.rows)}.`;
  return (
    <p className="reports__download" role="status">
      {text}
    </p>
  );
}
