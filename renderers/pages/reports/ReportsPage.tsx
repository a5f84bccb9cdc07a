/**
 * /payroll/reports (spec/000 sections 2 and 4): the reports of schemas/common/reports.json the
 * person may run, one chosen, From and To (spec/001 section 2's default range), Run, a page of 50
 * results with the total, and Download CSV. A thin view over useReportsController; the design and
 * its decisions are in docs/reports.md.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TextInput } from '../TextInput.tsx';
import { useReportsController, type ReportsState } from './useReportsController.ts';
import { writeReportParams } from './report-query.ts';
import { ReportResults } from './ReportResults.tsx';
import { fieldTitle } from '../../format/schema-facts.ts';

type Ready = Extract<ReportsState, { status: 'ready' }>;

export function ReportsPage() {
  const { state, actions } = useReportsController();
  return (
    <section className="page" aria-labelledby="reports-title">
      <div className="page__head">
        <h1 id="reports-title">Payroll reports</h1>
      </div>
      {state.status === 'loading' && (
        <p className="loading" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && (
        <p className="form-error" role="alert">
          Could not load the reports: {state.error.message}{' '}
          <button type="button" className="btn btn--small" onClick={state.retry}>
            Try again
          </button>
        </p>
      )}
      {state.status === 'ready' && <Reports state={state} actions={actions} />}
    </section>
  );
}

function Reports({ state, actions }: { state: Ready; actions: ReturnType<typeof useReportsController>['actions'] }) {
  if (state.offered.length === 0) {
    return (
      <p className="empty" role="status">
        No reports are open to you. A report lists records you may see elsewhere in the app (hires, employees, I-9s,
        time off); ask your administrator for access to those records.
      </p>
    );
  }
  return (
    <div className="reports">
      <nav className="reports__menu" aria-label="Reports">
        <ul className="reports__list">
          {state.offered.map((r) => (
            <li key={r.id} className="reports__choice" data-current={state.chosen?.id === r.id ? '' : undefined}>
              <Link
                className="reports__name"
                to={{ search: `?${writeReportParams({ report: r.id, page: 1 })}` }}
                aria-current={state.chosen?.id === r.id ? 'page' : undefined}
                aria-describedby={`report-about-${r.id}`}
              >
                {r.title}
              </Link>
              <span id={`report-about-${r.id}`} className="reports__description">
                {r.description}
              </span>
            </li>
          ))}
        </ul>
      </nav>
      <RunPanel state={state} actions={actions} />
    </div>
  );
}

function RunPanel({ state, actions }: { state: Ready; actions: ReturnType<typeof useReportsController>['actions'] }) {
  const { chosen, meta } = state;
  const formRef = useRef<HTMLFormElement>(null);
  // Run moves the keyboard: to the results' heading, or to the first field refused.
  const [attempt, setAttempt] = useState<{ n: number; ok: boolean }>({ n: 0, ok: false });
  useEffect(() => {
    if (attempt.n && !attempt.ok) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  if (!chosen) {
    return (
      <div className="reports__panel">
        {state.refused && (
          <p className="form-error" role="alert">
            The report &ldquo;{state.refused}&rdquo; is not one you may run.
          </p>
        )}
        <p className="reports__prompt">Choose a report to run it over a range of dates.</p>
      </div>
    );
  }
  const dateTitle = meta ? fieldTitle(meta.schema, chosen.date_field).toLowerCase() : 'date';
  return (
    <section className="reports__panel" aria-labelledby="report-title">
      <h2 id="report-title">{chosen.title}</h2>
      <p>{chosen.description}</p>
      {state.metaError && (
        <p className="form-error" role="alert">
          Could not load this report: {state.metaError.message}
        </p>
      )}
      <form
        ref={formRef}
        className="reports__range"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setAttempt((a) => ({ n: a.n + 1, ok: actions.run() }));
        }}
      >
        <p id="report-range-hint" className="field__hint">
          Records whose {dateTitle} falls on or between these days.
        </p>
        <div className="reports__dates">
          <TextInput
            label="From"
            name="from"
            type="date"
            value={state.range.from}
            onChange={actions.setFrom}
            error={state.errors.from}
            required
          />
          <TextInput
            label="To"
            name="to"
            type="date"
            value={state.range.to}
            onChange={actions.setTo}
            error={state.errors.to}
            required
          />
        </div>
        <button type="submit" className="btn btn--primary" disabled={!meta}>
          Run
        </button>
      </form>
      {meta && state.ran && (
        <ReportResults
          report={chosen}
          meta={meta}
          range={state.ran}
          results={state.results}
          onPage={actions.setPage}
          focusKey={attempt.ok ? attempt.n : 0}
        />
      )}
    </section>
  );
}
