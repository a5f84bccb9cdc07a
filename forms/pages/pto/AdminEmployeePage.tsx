/**
 * /pto/admin/employee/:userId: one employee's PTO as their administrator sees it: balances and
 * pending hours per plan, every request, and the whole ledger with a link to add a line (a manual
 * adjustment) that opens the ledger's create screen with the employee chosen. The spec's optional query parameters `empData` and `data2` carry JSON from the old
 * app; nothing here reads them: the page reads the employee's records by the key in the path, so a
 * crafted link cannot show figures the records do not hold (docs/pto.md).
 */
import { Link, useParams } from 'react-router';
import { useServices } from '../../../renderers/session/session.tsx';
import { isUserKey } from '../../../renderers/users/user-names.ts';
import { useUserNames } from '../../../renderers/users/useUserNames.ts';
import { pendingHours } from '../../../engine/pto-ledger.ts';
import { Answer, PartialNote } from './PtoParts.tsx';
import { useBalances, useEnrolment, useLedger, usePlans, usePtoAll } from './pto-data.ts';
import { LedgerTable } from './LedgerTable.tsx';
import { PTO_PATHS } from './pto-pages.ts';
import { daysText, hoursText, STATUS_LABEL, todayEpoch, upcomingFirst } from './pto-view.ts';
import { requestPath } from './EmployeeDashPage.tsx';

export const ADJUST_PATH = '/time/pto_register/create';

/** A new ledger line of this employee's: the create screen starts with them chosen (docs/screens.md). */
export const adjustPath = (userId: string) => `${ADJUST_PATH}?user_id=${encodeURIComponent(userId)}`;

export function AdminEmployeePage() {
  const userId = useParams().userId ?? '';
  if (!isUserKey(userId)) {
    return (
      <section className="page" aria-labelledby="pto-employee-title">
        <h1 id="pto-employee-title">No such employee</h1>
        <p>
          This address names no employee. Choose one from <Link to={PTO_PATHS.employees}>Employees in PTO</Link>.
        </p>
      </section>
    );
  }
  return <EmployeePto userId={userId.toLowerCase()} />;
}

function EmployeePto({ userId }: { userId: string }) {
  const { client } = useServices();
  const plans = usePlans();
  const { nameOf } = useUserNames(client, [userId]);
  const enrolment = useEnrolment(userId);
  /** Not in PTO: answered, and no enrolment. */
  const notEnrolled = enrolment.data === null;
  const requests = usePtoAll(
    'pto_request',
    [{ field: 'user_id', is: '=', value: userId }],
    [{ field: 'start_date', dir: 'desc' }],
  );
  const ledger = useLedger([userId]);
  const balances = useBalances([userId]);
  const name = nameOf(userId);
  const enrolledIn = enrolment.data?.data.plan_ids;
  const seen = [
    ...new Set([...balances.plansOf(userId), ...(requests.data?.items ?? []).map((r) => r.data.plan_id)]),
  ].filter((k): k is string => !!k);
  const planIds = [...new Set([...(enrolledIn ?? []), ...seen])];
  const pending = pendingHours((requests.data?.items ?? []).map((r) => r.data));

  return (
    <section className="page" aria-labelledby="pto-employee-title">
      <div className="page__head">
        <h1 id="pto-employee-title">Time off of {name}</h1>
        <div className="page__actions">
          <Link className="btn btn--primary" to={adjustPath(userId)}>
            Add a ledger entry
          </Link>
          {enrolment.data ? (
            <Link className="btn" to={`/time/pto_employee/edit/${userId}`}>
              Change plans
            </Link>
          ) : (
            notEnrolled && (
              // Their enrolment's edit screen: saved, it is made under their key.
              <Link className="btn" to={`/time/pto_employee/edit/${userId}`}>
                Add to PTO
              </Link>
            )
          )}
        </div>
      </div>
      {notEnrolled && (
        <p className="banner" role="note">
          {name} is not enrolled in PTO: no plan accrues for them until they are added.
        </p>
      )}
      {enrolment.data?.data.status === 'inactive' && (
        <p className="banner" role="note">
          {name}&apos;s PTO enrolment is inactive.
        </p>
      )}

      <section className="panel" aria-labelledby="pto-employee-balances">
        <h2 id="pto-employee-balances">Balances</h2>
        <Answer query={balances.query} what="the balances">
          {() =>
            planIds.length === 0 ? (
              <div className="empty">{name} is in no plan and has no ledger entries.</div>
            ) : (
              <>
                <table className="table">
                  <caption className="visually-hidden">Balance and pending hours per plan</caption>
                  <thead>
                    <tr>
                      <th scope="col">Plan</th>
                      <th scope="col">Balance</th>
                      <th scope="col">Waiting for a decision</th>
                      <th scope="col">Enrolled</th>
                    </tr>
                  </thead>
                  <tbody>
                    {planIds.map((id) => (
                      <tr key={id}>
                        <th scope="row">{plans.nameOf(id)}</th>
                        <td data-label="Balance">{hoursText(balances.of(userId, id))}</td>
                        <td data-label="Waiting for a decision">
                          {requests.data ? hoursText(pending.get(id) ?? 0) : '…'}
                        </td>
                        <td data-label="Enrolled">{enrolledIn?.includes(id) ? 'Yes' : 'No'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )
          }
        </Answer>
      </section>

      <section className="panel" aria-labelledby="pto-employee-requests">
        <h2 id="pto-employee-requests">Requests</h2>
        <Answer query={requests} what="the requests">
          {(all) => {
            if (!all.items.length) return <div className="empty">{name} has made no request.</div>;
            const { upcoming, past } = upcomingFirst(all.items, todayEpoch(new Date()));
            return (
              <>
                <PartialNote shown={all.items.length} total={all.total} what="requests" />
                <table className="table">
                  <caption className="visually-hidden">Requests, the coming ones first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Days</th>
                      <th scope="col">Plan</th>
                      <th scope="col">Hours</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...upcoming, ...past].map((r) => (
                      <tr key={r.key}>
                        <td data-label="Days">
                          <Link to={requestPath(r)}>{daysText(r.data)}</Link>
                        </td>
                        <td data-label="Plan">{plans.nameOf(r.data.plan_id)}</td>
                        <td data-label="Hours">{hoursText(r.data.hours)}</td>
                        <td data-label="Status">
                          {STATUS_LABEL[r.data.status ?? 'requested']}
                          {r.data.decision_note ? ` (${r.data.decision_note})` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            );
          }}
        </Answer>
      </section>

      <section className="panel" aria-labelledby="pto-employee-ledger">
        <h2 id="pto-employee-ledger">Ledger</h2>
        <Answer query={ledger} what="the ledger">
          {(lines) =>
            lines.items.length ? (
              <LedgerTable
                lines={[...lines.items].reverse()}
                caption={`${name}'s ledger entries, newest first`}
                planName={plans.nameOf}
              />
            ) : (
              <div className="empty">
                No ledger entries yet. Use <Link to={adjustPath(userId)}>Add a ledger entry</Link> to credit an opening
                balance.
              </div>
            )
          }
        </Answer>
      </section>
    </section>
  );
}
