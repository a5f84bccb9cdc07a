/**
 * /pto/employee/dash, "My time off": per plan the person is in, the balance the server keeps and
 * the hours asked for and not decided yet; their requests, the coming ones first; their latest
 * ledger lines. Reads only; a request is made and changed on its own screen.
 */
import { Link } from 'react-router';
import { isFailure } from '../../../renderers/api/failure.ts';
import { pendingHours } from '../../../engine/pto-ledger.ts';
import { Answer, PartialNote } from './PtoParts.tsx';
import { useBalances, useEnrolment, useLatestLedger, useMe, usePlans, usePtoAll, type PtoRecord } from './pto-data.ts';
import { daysText, hoursText, STATUS_LABEL, todayEpoch, upcomingFirst } from './pto-view.ts';
import { LedgerTable } from './LedgerTable.tsx';

/** Past requests shown under the coming ones. */
const PAST_SHOWN = 10;
/** Ledger lines shown, the latest first. */
const LEDGER_SHOWN = 20;

export const REQUEST_CREATE = '/time/pto_request/create';

/** Where a request opens: its edit screen while it waits for a decision, else its view. */
export const requestPath = (r: PtoRecord<'pto_request'>) =>
  `/time/pto_request/${r.data.status === 'requested' || !r.data.status ? 'edit' : 'view'}/${r.key}`;

export function EmployeeDashPage() {
  const me = useMe();
  const plans = usePlans();
  const enrolment = useEnrolment(me.key);
  const requests = usePtoAll(
    'pto_request',
    [{ field: 'user_id', is: '=', value: me.key }],
    [{ field: 'start_date', dir: 'desc' }],
  );
  const balances = useBalances([me.key]);
  const ledger = useLatestLedger(me.key, LEDGER_SHOWN);

  const enrolledIn = enrolment.data?.data.plan_ids ?? [];
  const seen = new Set([...balances.plansOf(me.key), ...(requests.data?.items ?? []).map((r) => r.data.plan_id)]);
  const planIds = enrolledIn.length ? enrolledIn : [...seen].filter((k): k is string => !!k);
  const pending = pendingHours((requests.data?.items ?? []).map((r) => r.data));
  const today = todayEpoch(new Date());

  return (
    <section className="page" aria-labelledby="pto-mine-title">
      <div className="page__head">
        <h1 id="pto-mine-title">My time off</h1>
        <div className="page__actions">
          <Link className="btn btn--primary" to={REQUEST_CREATE}>
            Request time off
          </Link>
        </div>
      </div>

      <section className="panel" aria-labelledby="pto-mine-plans">
        <h2 id="pto-mine-plans">Balances</h2>
        {enrolment.error && !isFailure(enrolment.error, 403) && (
          <p className="banner banner--negative" role="alert">
            Could not load your PTO enrolment: {enrolment.error.message}
          </p>
        )}
        {balances.query.error && (
          <p className="banner banner--negative" role="alert">
            {isFailure(balances.query.error, 403)
              ? 'Your balance cannot be shown: your PTO balances are not open to you. Your PTO administrator can tell you your balance.'
              : `Could not load your PTO balances: ${balances.query.error.message}`}
          </p>
        )}
        {planIds.length === 0 ? (
          balances.query.isPending || requests.isPending || enrolment.isPending ? (
            <p className="loading" role="status">
              Loading your plans…
            </p>
          ) : (
            <div className="empty">
              You are not in a PTO plan yet. Your PTO administrator adds you to one; until then there is no balance to
              show.
            </div>
          )
        ) : (
          <table className="table">
            <caption className="visually-hidden">Your balance and pending hours per plan</caption>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Balance</th>
                <th scope="col">Waiting for a decision</th>
              </tr>
            </thead>
            <tbody>
              {planIds.map((id) => (
                <tr key={id}>
                  <th scope="row">{plans.nameOf(id)}</th>
                  <td data-label="Balance">
                    {balances.query.data
                      ? hoursText(balances.of(me.key, id))
                      : balances.query.error
                        ? 'Not available'
                        : '…'}
                  </td>
                  <td data-label="Waiting for a decision">
                    {requests.data ? hoursText(pending.get(id) ?? 0) : requests.error ? 'Not available' : '…'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="panel" aria-labelledby="pto-mine-requests">
        <h2 id="pto-mine-requests">My requests</h2>
        <Answer query={requests} what="your requests">
          {(all) => {
            if (!all.items.length)
              return (
                <div className="empty">
                  No requests yet. Use <Link to={REQUEST_CREATE}>Request time off</Link> to ask for days off.
                </div>
              );
            const { upcoming, past } = upcomingFirst(all.items, today);
            const rows = [...upcoming, ...past.slice(0, PAST_SHOWN)];
            return (
              <>
                <PartialNote shown={all.items.length} total={all.total} what="requests" />
                <table className="table">
                  <caption className="visually-hidden">
                    Your requests: {upcoming.length} coming, then the latest past ones
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Days</th>
                      <th scope="col">Plan</th>
                      <th scope="col">Hours</th>
                      <th scope="col">Status</th>
                      <th scope="col">
                        <span className="visually-hidden">Open</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.key}>
                        <td data-label="Days">{daysText(r.data)}</td>
                        <td data-label="Plan">{plans.nameOf(r.data.plan_id)}</td>
                        <td data-label="Hours">{hoursText(r.data.hours)}</td>
                        <td data-label="Status">
                          {STATUS_LABEL[r.data.status ?? 'requested']}
                          {r.data.decision_note ? ` (${r.data.decision_note})` : ''}
                        </td>
                        <td data-label="Open">
                          <Link
                            to={requestPath(r)}
                            aria-label={`${r.data.status === 'requested' ? 'Change' : 'View'} the request of ${daysText(r.data)}`}
                          >
                            {r.data.status === 'requested' ? 'Change' : 'View'}
                          </Link>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {past.length > PAST_SHOWN && (
                  <p className="muted">{past.length - PAST_SHOWN} older requests are not shown.</p>
                )}
              </>
            );
          }}
        </Answer>
      </section>

      <section className="panel" aria-labelledby="pto-mine-ledger">
        <h2 id="pto-mine-ledger">Recent ledger entries</h2>
        <Answer query={ledger} what="your PTO ledger">
          {(lines) =>
            lines.items.length ? (
              <LedgerTable
                lines={lines.items}
                caption={`Your latest ${lines.items.length} ledger entries, newest first`}
                planName={plans.nameOf}
              />
            ) : (
              <div className="empty">No ledger entries yet: accruals and approved time off will appear here.</div>
            )
          }
        </Answer>
      </section>
    </section>
  );
}
