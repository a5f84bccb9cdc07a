/**
 * /pto/admin/summary: per plan, how many employees are in it, their balances together, the hours
 * waiting for a decision and the hours used this calendar year (time off taken less time given
 * back, pto-view.ts usedHours).
 */
import { Link } from 'react-router';
import { planBalances, pendingHours } from '../../../engine/pto-ledger.ts';
import { Answer, PartialNote } from './PtoParts.tsx';
import { useLedger, usePlans, usePtoAll, usePtoPage, type PtoRecord } from './pto-data.ts';
import { hoursText, usedHours, yearBounds } from './pto-view.ts';

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
  const year = new Date().getUTCFullYear();
  const { from, to } = yearBounds(year);
  const lines = ledger.data?.items ?? [];
  const balances = planBalances(lines.map((l) => l.data));
  const used = usedHours(
    lines.filter((l) => l.data.effective_date >= from && l.data.effective_date <= to).map((l) => l.data),
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
                    <th scope="col">Used in {year}</th>
                  </tr>
                </thead>
                <tbody>
                  {all.items.map((p: PtoRecord<'pto_plan'>) => (
                    <tr key={p.key}>
                      <th scope="row">
                        {p.data.name}
                        {p.data.status === 'inactive' ? <span className="muted"> (inactive)</span> : null}
                      </th>
                      <td>
                        <EnrolledCount planId={p.key} />
                      </td>
                      <td>{figure(balances, p.key, ledger)}</td>
                      <td>{figure(pending, p.key, waiting)}</td>
                      <td>{figure(used, p.key, ledger)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
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
