/**
 * /pto/admin/dash: the requests waiting for a decision, the soonest first, each with the balance it
 * would leave, approved or denied here (a denial may carry a note to the employee); then the time
 * off approved and still to come. A decision is a save of the request (the server records who and
 * when, and writes the ledger's use line), after which every PTO read is fetched again and the
 * keyboard moves to the next request's Approve (the list's heading when none is left).
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { failureText, isFailure } from '../../../renderers/api/failure.ts';
import { useDialogs } from '../../../renderers/dialogs/Dialogs.tsx';
import { useNotify } from '../../../renderers/notify/notify.tsx';
import { useServices } from '../../../renderers/session/session.tsx';
import { useUserNames } from '../../../renderers/users/useUserNames.ts';
import { roundHours } from '../../../engine/pto-ledger.ts';
import { Answer, Pager, PartialNote, useStepBackWhenEmpty } from './PtoParts.tsx';
import { PAGE_SIZE, refreshPto, useBalances, usePlans, usePtoPage, type PtoRecord } from './pto-data.ts';
import { employeePath } from './pto-pages.ts';
import { daysText, hoursText, todayEpoch } from './pto-view.ts';

type Request = PtoRecord<'pto_request'>;

/** In place of Approve and Deny on the manager's own request: the server refuses her deciding it. */
export const OWN_REQUEST = 'Yours: another PTO manager decides it.';

export function AdminDashPage() {
  const { client, auth } = useServices();
  const me = auth.session?.user.key;
  const queryClient = useQueryClient();
  const notify = useNotify();
  const dialogs = useDialogs();
  const plans = usePlans();
  const [offset, setOffset] = useState(0);
  const [comingOffset, setComingOffset] = useState(0);
  const [busy, setBusy] = useState<string>();
  /** After a decision, the request whose Approve takes the keyboard; null: the list's heading. */
  const [focusNext, setFocusNext] = useState<{ key: string | null }>();
  const waitingRef = useRef<HTMLElement>(null);
  const today = todayEpoch(new Date());

  const waiting = usePtoPage('pto_request', {
    criteria: [{ field: 'status', is: '=', value: 'requested' }],
    sort: [
      { field: 'start_date', dir: 'asc' },
      { field: 'created_time', dir: 'asc' },
    ],
    limit: PAGE_SIZE,
    offset,
  });
  const coming = usePtoPage('pto_request', {
    criteria: [
      { field: 'status', is: '=', value: 'approved' },
      { field: 'end_date', is: '>=', value: today },
    ],
    sort: [
      { field: 'start_date', dir: 'asc' },
      { field: 'created_time', dir: 'asc' },
    ],
    limit: PAGE_SIZE,
    offset: comingOffset,
  });
  useStepBackWhenEmpty(waiting.data, offset, PAGE_SIZE, setOffset);
  useStepBackWhenEmpty(coming.data, comingOffset, PAGE_SIZE, setComingOffset);
  const people = [
    ...new Set([...(waiting.data?.items ?? []), ...(coming.data?.items ?? [])].map((r) => r.data.user_id)),
  ].sort();
  const { nameOf } = useUserNames(client, people);
  const waitingPeople = [...new Set((waiting.data?.items ?? []).map((r) => r.data.user_id))].sort();
  const balances = useBalances(waitingPeople);

  useEffect(() => {
    const section = waitingRef.current;
    if (!focusNext || busy || !section) return;
    const approve = focusNext.key
      ? section.querySelector<HTMLButtonElement>(`button[data-approve="${CSS.escape(focusNext.key)}"]`)
      : null;
    (approve ?? section.querySelector<HTMLElement>('h2'))?.focus();
    setFocusNext(undefined);
  }, [focusNext, busy, waiting.data]);

  async function decide(r: Request, status: 'approved' | 'denied') {
    const who = nameOf(r.data.user_id);
    const what = `${who}'s ${hoursText(r.data.hours)} of ${plans.nameOf(r.data.plan_id)}`;
    let note: string | undefined;
    if (status === 'denied') {
      note = await dialogs.prompt(`Deny ${what} (${daysText(r.data)})?`, {
        title: 'Deny time off',
        label: 'Note to the employee (optional)',
        accept: 'Deny',
        danger: true,
      });
      if (note === undefined) return;
    }
    // Decided, the row leaves the list: the keyboard goes on to the request after it (else the one
    // before it); not decided, it stays on this one.
    const rows = waiting.data?.items ?? [];
    const at = rows.findIndex((x) => x.key === r.key);
    const neighbour = (rows[at + 1] ?? rows[at - 1])?.key ?? null;
    let next: string | null = r.key;
    setBusy(r.key);
    try {
      const data = { ...r.data, status, ...(note?.trim() ? { decision_note: note.trim() } : {}) };
      await client.save('time', 'pto_request', r.key, data, r.meta.version);
      next = neighbour;
      notify({ type: 'positive', message: `${status === 'approved' ? 'Approved' : 'Denied'} ${what}.` });
    } catch (e) {
      notify({
        type: 'negative',
        message: isFailure(e, 409)
          ? `${who}'s request changed meanwhile; it is shown again as it is now.`
          : `Not decided: ${failureText(e)}`,
      });
    } finally {
      await refreshPto(queryClient);
      setBusy(undefined);
      setFocusNext({ key: next });
    }
  }

  return (
    <section className="page" aria-labelledby="pto-admin-title">
      <div className="page__head">
        <h1 id="pto-admin-title">Requests to decide</h1>
      </div>

      <section className="panel" aria-labelledby="pto-waiting" ref={waitingRef}>
        <h2 id="pto-waiting" tabIndex={-1}>
          Waiting for a decision
        </h2>
        <Answer query={waiting} what="the requests">
          {(page) =>
            page.items.length === 0 ? (
              <div className="empty">No request is waiting for a decision.</div>
            ) : (
              <>
                {balances.query.data && (
                  <PartialNote
                    shown={balances.query.data.items.length}
                    total={balances.query.data.total}
                    what="balances"
                  />
                )}
                <table className="table">
                  <caption className="visually-hidden">
                    Requests waiting for a decision, the soonest first, with the balance each would leave
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Employee</th>
                      <th scope="col">Plan</th>
                      <th scope="col">Days</th>
                      <th scope="col">Hours</th>
                      <th scope="col">Balance after</th>
                      <th scope="col">Decision</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((r) => {
                      const who = nameOf(r.data.user_id);
                      const after = roundHours(balances.of(r.data.user_id, r.data.plan_id) - r.data.hours);
                      return (
                        <tr key={r.key}>
                          <th scope="row">
                            <Link to={employeePath(r.data.user_id)}>{who}</Link>
                          </th>
                          <td data-label="Plan">{plans.nameOf(r.data.plan_id)}</td>
                          <td data-label="Days">
                            <Link to={`/time/pto_request/view/${r.key}`}>{daysText(r.data)}</Link>
                            {r.data.reason ? <div className="muted">{r.data.reason}</div> : null}
                          </td>
                          <td data-label="Hours">{hoursText(r.data.hours)}</td>
                          <td data-label="Balance after">
                            {balances.query.data ? (
                              <span className={after < 0 ? 'overdue' : undefined}>
                                {hoursText(after)}
                                {after < 0 ? ' (below zero)' : ''}
                              </span>
                            ) : balances.query.error ? (
                              'Unknown'
                            ) : (
                              '…'
                            )}
                          </td>
                          <td data-label="Decision">
                            {r.data.user_id === me ? (
                              <span className="muted">{OWN_REQUEST}</span>
                            ) : (
                              <div className="row-actions">
                                <button
                                  type="button"
                                  className="btn btn--small btn--primary"
                                  disabled={busy !== undefined}
                                  aria-label={`Approve ${who}, ${daysText(r.data)}`}
                                  data-approve={r.key}
                                  onClick={() => void decide(r, 'approved')}
                                >
                                  Approve
                                </button>
                                <button
                                  type="button"
                                  className="btn btn--small"
                                  disabled={busy !== undefined}
                                  aria-label={`Deny ${who}, ${daysText(r.data)}`}
                                  onClick={() => void decide(r, 'denied')}
                                >
                                  Deny
                                </button>
                              </div>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                <Pager
                  offset={offset}
                  size={PAGE_SIZE}
                  total={page.total}
                  label="waiting requests"
                  onChange={setOffset}
                />
              </>
            )
          }
        </Answer>
      </section>

      <section className="panel" aria-labelledby="pto-coming">
        <h2 id="pto-coming">Approved time off to come</h2>
        <Answer query={coming} what="the approved time off">
          {(page) =>
            page.items.length === 0 ? (
              <div className="empty">No approved time off is coming up.</div>
            ) : (
              <>
                <table className="table">
                  <caption className="visually-hidden">Approved time off not over yet, the soonest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">Employee</th>
                      <th scope="col">Plan</th>
                      <th scope="col">Days</th>
                      <th scope="col">Hours</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.items.map((r) => (
                      <tr key={r.key}>
                        <th scope="row">
                          <Link to={employeePath(r.data.user_id)}>{nameOf(r.data.user_id)}</Link>
                        </th>
                        <td data-label="Plan">{plans.nameOf(r.data.plan_id)}</td>
                        <td data-label="Days">
                          <Link to={`/time/pto_request/view/${r.key}`}>{daysText(r.data)}</Link>
                        </td>
                        <td data-label="Hours">{hoursText(r.data.hours)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <Pager
                  offset={comingOffset}
                  size={PAGE_SIZE}
                  total={page.total}
                  label="approved time off"
                  onChange={setComingOffset}
                />
              </>
            )
          }
        </Answer>
      </section>
    </section>
  );
}
