/**
 * The manager's onboarding pipeline (GET /payroll/api/onboarding_pipeline): what is due from the
 * employer first, then hires by status (each number opens the list filtered on it) with what each
 * is missing, then dates about to lapse. Quick actions: invite a hire, resend an invitation, open.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { Pipeline } from '../../api/types.ts';
import { useServices } from '../../session/session.tsx';
import { useNotify } from '../../notify/notify.tsx';
import { PrefetchLink } from '../../app/PrefetchLink.tsx';
import { dueText, statusLabel } from './labels.ts';
import { isoToUs } from '../../../engine/masks.ts';
import { useQueryClient } from '@tanstack/react-query';
import { keys } from '../../screens/queries.ts';

const HIRES = '/payroll/onboarding_user';

/** The open statuses with more hires than the pipeline lists (it lists the first of each), each linking to them all. */
function MoreHires({ data }: { data: Pipeline }) {
  const more = data.statuses
    .filter((s) => s.status !== 'complete' && s.status !== 'cancelled')
    .map((s) => ({ ...s, more: s.count - data.hires.filter((h) => h.status === s.status).length }))
    .filter((s) => s.more > 0);
  if (!more.length) return null;
  return (
    <p className="muted">
      Not listed here:{' '}
      {more.map((s, i) => (
        <span key={s.status}>
          {i > 0 && ', '}
          <Link to={`${HIRES}/list?f.status=${s.status}`}>
            {s.more} more {statusLabel(s.status).toLowerCase()}
          </Link>
        </span>
      ))}
      .
    </p>
  );
}

export function PipelinePanel({ data }: { data: Pipeline }) {
  const { client } = useServices();
  const notify = useNotify();
  const overdue = data.awaiting_employer.filter((a) => a.overdue).length;
  const queryClient = useQueryClient();
  // The hire's own invitation again, with a new sign-in link to the hire's account (the server sends
  // it to the account's e-mail; POST /payroll/api/resend_hire_invitation).
  const resend = async (h: Pipeline['hires'][number]) => {
    try {
      await client.resendHireInvitation(h.key);
      notify({ type: 'positive', message: `Invitation sent again to ${h.email}.` });
      void queryClient.invalidateQueries({ queryKey: keys.pipeline() });
    } catch (e) {
      notify({ type: 'negative', message: e instanceof Error ? e.message : 'The invitation was not sent.' });
    }
  };
  // The employer's next step, taken from the row (PUT of the status alone, at the version listed);
  // the server checks it as it checks the hire screen's button, and a refusal says why.
  const [moving, setMoving] = useState<string>();
  const move = async (h: Pipeline['hires'][number], to: string, done: string) => {
    setMoving(h.key);
    try {
      await client.update('payroll', 'onboarding_user', h.key, { status: to }, h.version);
      notify({ type: 'positive', message: `${h.first_name} ${h.last_name}: ${done}` });
    } catch (e) {
      const reason = (e as { errors?: { path?: string; message?: string }[] }).errors?.find(
        (x) => x.path === '/status',
      )?.message;
      notify({ type: 'negative', message: reason ?? (e instanceof Error ? e.message : 'The hire was not changed.') });
    } finally {
      setMoving(undefined);
      void queryClient.invalidateQueries({ queryKey: keys.pipeline() });
    }
  };
  return (
    <>
      <section className="panel" aria-labelledby="due-title">
        <div className="panel__head">
          <h2 id="due-title">Due from you</h2>
          <p className="muted">
            {data.awaiting_employer.length} waiting for the employer&rsquo;s signature
            {overdue ? (
              <>
                , <strong className="overdue">{overdue} overdue</strong>
              </>
            ) : null}
          </p>
        </div>
        {data.awaiting_employer.length ? (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Employee</th>
                <th scope="col">What</th>
                <th scope="col">Due</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.awaiting_employer.map((a) => (
                <tr key={`${a.type}:${a.user_key}`}>
                  <td data-label="Employee">{a.name}</td>
                  <td data-label="What">{a.task}</td>
                  <td data-label="Due" className={a.overdue ? 'overdue' : undefined}>
                    {dueText(a.due)}
                    {a.overdue ? ' (overdue)' : ''}
                  </td>
                  <td>
                    <PrefetchLink
                      className="btn btn--small btn--primary"
                      to={`/${a.module}/${a.type}/edit/${a.user_key}`}
                    >
                      Complete {a.task.replace(/^Form [^,]+, /, '')} for {a.name}
                    </PrefetchLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>Nothing is waiting for you.</p>
        )}
      </section>

      <section className="panel" aria-labelledby="hires-title">
        <div className="panel__head">
          <h2 id="hires-title">New hires</h2>
          <PrefetchLink className="btn btn--primary" to={`${HIRES}/create`}>
            Invite a new hire
          </PrefetchLink>
        </div>
        <ul className="counts" aria-label="Hires by status">
          {data.statuses.map((s) => (
            <li key={s.status}>
              <Link to={`${HIRES}/list?f.status=${s.status}`}>
                <span className="counts__n">{s.count}</span> {statusLabel(s.status)}
              </Link>
            </li>
          ))}
        </ul>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Forms</th>
              <th scope="col">Missing</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.hires
              .filter((h) => h.status !== 'complete' && h.status !== 'cancelled')
              .map((h) => (
                <tr key={h.key}>
                  <td data-label="Name">
                    {h.first_name} {h.last_name}
                  </td>
                  <td data-label="Status">{statusLabel(h.status)}</td>
                  <td data-label="Forms">{h.user_key ? `${h.done} of ${h.total}` : 'No account yet'}</td>
                  <td data-label="Missing">
                    {h.missing.length
                      ? h.missing.join('; ')
                      : h.next && !h.next.to
                        ? h.next.label
                        : h.user_key
                          ? 'Nothing'
                          : ''}
                  </td>
                  <td>
                    <div className="row-actions">
                      {h.next?.to && (
                        <button
                          type="button"
                          className="btn btn--small btn--primary"
                          disabled={moving === h.key}
                          onClick={() => void move(h, h.next!.to!, h.next!.done ?? h.next!.label)}
                        >
                          {h.next.label}
                          <span className="visually-hidden"> {`${h.first_name} ${h.last_name}`}</span>
                        </button>
                      )}
                      <PrefetchLink className="btn btn--small" to={`${HIRES}/view/${h.key}`}>
                        Open<span className="visually-hidden"> {`${h.first_name} ${h.last_name}`}</span>
                      </PrefetchLink>
                      {(h.user_key ? h.done < h.total : true) && (
                        <button type="button" className="btn btn--small" onClick={() => void resend(h)}>
                          Resend invitation<span className="visually-hidden"> to {h.email}</span>
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
        <MoreHires data={data} />
      </section>

      <section className="panel" aria-labelledby="lapse-title">
        <h2 id="lapse-title">About to lapse</h2>
        {data.lapsing.length ? (
          <ul>
            {data.lapsing.map((l) => (
              <li key={`${l.type}:${l.field}:${l.user_key}`}>
                <Link to={`/${l.module}/${l.type}/view/${l.user_key}`}>
                  {l.name}: {l.label} {l.lapsed ? 'ended' : 'on'} {isoToUs(l.date)}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p>No exemptions or work authorizations end soon.</p>
        )}
      </section>
    </>
  );
}
