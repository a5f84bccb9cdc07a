/**
 * /pto/admin/summary: per plan, how many employees are in it, their balances together, the hours
 * waiting for a decision and the hours taken this calendar year: days off up to today (time off
 * taken less time given back, pto-view.ts usedHours); approved days still to come are not taken yet.
 */
import { Link } from 'react-router';
import { planBalances, pendingHours } from '../../../engine/pto-ledger.ts';
import { Answer, PartialNote } from './PtoParts.tsx';
import { useLedger, usePlans, usePtoAll, usePtoPage, type PtoRecord } from './pto-data.ts';
import { hoursText, todayEpoch, usedHours, yearBounds } from './pto-view.ts';

function EnrolledCount({ planId }: { planId: string }) {
  const q = usePtoPage('pto_employee', { criteria: [{ field: 'plan_ids', is: 'contains', value: planId }], limit: 1 });
  return <>{q.data ? q.data.total : q.error ? 'Unknown' : '…'}</>;
}

export function SummaryPage() {
  const plans = usePlans();
  const ledger = useLedger(undefined);
  const waiting = usePtoAll(
    'pto_request',
    [{ field: 'status', is: '=', value: 'requested' }],
    [{ field: 'start_date', dir: 'asc' }],
  );
  // The reader's own year and day, as the pages take "today" (pto-view.ts todayEpoch).
  const now = new Date();
  const year = now.getFullYear();
  const lines = ledger.data?.items ?? [];
  const balances = planBalances(lines.map((l) => l.data));
  const taken = usedHours(
    lines.map((l) => l.data),
    yearBounds(year).from,
    todayEpoch(now),
  );
  const pending = pendingHours((waiting.data?.items ?? []).map((r) => r.data));
  const figure = (m: Map<string, number>, id: string, q: { data?: unknown; error: Error | null }) =>
    q.data ? hoursText(m.get(id) ?? 0) : q.error ? 'Unknown' : '…';

  return (
    <section className="page" aria-labelledby="pto-summary-title">
      <div className="page__head">
        <h1 id="pto-summary-title">PTO summary</h1>
      </div>
      <Answer query={plans.query} what="the plans">
        {(all) =>
          all.items.length === 0 ? (
            <div className="empty">The company has no PTO plan yet: plans are made in the plan builder.</div>
          ) : (
            <>
              {ledger.data && (
                <PartialNote shown={ledger.data.items.length} total={ledger.data.total} what="ledger lines" />
              )}
              {waiting.data && (
                <PartialNote shown={waiting.data.items.length} total={waiting.data.total} what="waiting requests" />
              )}
              {ledger.error && (
                <p className="banner banner--negative" role="alert">
                  Could not read the ledger: {ledger.error.message}
                </p>
              )}
              <table className="table">
                <caption>PTO by plan, {year}</caption>
                <thead>
                  <tr>
                    <th scope="col">Plan</th>
                    <th scope="col">Employees</th>
                    <th scope="col">Total balance</th>
                    <th scope="col">Waiting for a decision</th>
                    <th scope="col">Taken in {year}</th>
                  </tr>
                </thead>
                <tbody>
                  {all.items.map((p: PtoRecord<'pto_plan'>) => (
                    <tr key={p.key}>
                      <th scope="row">
                        {p.data.name}
                        {p.data.status === 'inactive' ? <span className="muted"> (inactive)</span> : null}
                      </th>
                      <td data-label="Employees">
                        <EnrolledCount planId={p.key} />
                      </td>
                      <td data-label="Total balance">{figure(balances, p.key, ledger)}</td>
                      <td data-label="Waiting for a decision">{figure(pending, p.key, waiting)}</td>
                      <td data-label={`Taken in ${year}`}>{figure(taken, p.key, ledger)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="muted">
                Taken in {year}: approved time off on days from January 1 to today, less hours given back; approved days
                still to come are not counted until they come.
              </p>
              <p className="muted">
                Balances per employee are on <Link to="/pto/admin/employees">Employees in PTO</Link>.
              </p>
            </>
          )
        }
      </Answer>
    </section>
  );
}
