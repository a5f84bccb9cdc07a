/**
 * /pto/admin/summary: per plan, how many employees are in it, their balances together, the hours
 * waiting for a decision and the hours taken this calendar year: days off up to today (time off
 * taken less time given back, pto-view.ts usedHours); approved days still to come are not taken yet.
 * Balances are the server's balance records; the hours taken are summed from this year's use lines.
 */
import { Link } from 'react-router';
import { pendingHours } from '../../../engine/pto-ledger.ts';
import { Answer, PartialNote } from './PtoParts.tsx';
import { useBalances, usePlans, usePtoAll, usePtoPage, type PtoRecord } from './pto-data.ts';
import { hoursText, todayEpoch, usedHours, yearBounds } from './pto-view.ts';

function EnrolledCount({ planId }: { planId: string }) {
  const q = usePtoPage('pto_employee', { criteria: [{ field: 'plan_ids', is: 'contains', value: planId }], limit: 1 });
  return <>{q.data ? q.data.total : q.error ? 'Unknown' : '…'}</>;
}

export function SummaryPage() {
  const plans = usePlans();
  const balances = useBalances(undefined);
  const waiting = usePtoAll(
    'pto_request',
    [{ field: 'status', is: '=', value: 'requested' }],
    [{ field: 'start_date', dir: 'asc' }],
  );
  // The reader's own year and day, as the pages take "today" (pto-view.ts todayEpoch).
  const now = new Date();
  const year = now.getFullYear();
  const from = yearBounds(year).from;
  const today = todayEpoch(now);
  const used = usePtoAll(
    'pto_register',
    [
      { field: 'type', is: '=', value: 'use' },
      { field: 'effective_date', is: '>=', value: from },
      { field: 'effective_date', is: '<=', value: today },
    ],
    [{ field: 'effective_date', dir: 'asc' }],
  );
  const taken = usedHours(
    (used.data?.items ?? []).map((l) => l.data),
    from,
    today,
  );
  const totals = new Map<string, number>();
  for (const { data } of balances.query.data?.items ?? []) {
    totals.set(data.plan_id, Math.round(((totals.get(data.plan_id) ?? 0) + data.hours) * 100) / 100);
  }
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
              {balances.query.data && (
                <PartialNote
                  shown={balances.query.data.items.length}
                  total={balances.query.data.total}
                  what="balances"
                />
              )}
              {used.data && (
                <PartialNote shown={used.data.items.length} total={used.data.total} what="ledger lines of time taken" />
              )}
              {waiting.data && (
                <PartialNote shown={waiting.data.items.length} total={waiting.data.total} what="waiting requests" />
              )}
              {(balances.query.error ?? used.error) && (
                <p className="banner banner--negative" role="alert">
                  Could not read the balances or the ledger: {(balances.query.error ?? used.error)?.message}
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
                      <td data-label="Total balance">{figure(totals, p.key, balances.query)}</td>
                      <td data-label="Waiting for a decision">{figure(pending, p.key, waiting)}</td>
                      <td data-label={`Taken in ${year}`}>{figure(taken, p.key, used)}</td>
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
