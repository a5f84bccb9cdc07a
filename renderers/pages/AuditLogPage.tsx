/**
 * The named route auth_audit_log (spec/001 section 2): /auth/new_user/{userId}/audit_log?name=…
 * lists the audit records whose affected user is that user, newest first, a page at a time. The
 * heading names the account as the server does (get_userinfo), not as the link's query says. The
 * guard lets only AUTH:CanViewAuditLogs (or the product-staff admin) in; the server decides again.
 */
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import type { FindBody, JsonObject } from '../api/types.ts';
import { useClient } from '../session/session.tsx';
import { useUserNames } from '../users/useUserNames.ts';
import { keys } from '../screens/queries.ts';
import { Pager } from '../screens/list/Pager.tsx';
import { epochToUsDateTime } from '../../engine/masks.ts';

export const AUDIT_PAGE_SIZE = 20;

function when(epoch: unknown): string {
  return typeof epoch === 'number' ? epochToUsDateTime(epoch) : '';
}

/** The page's data: one page of the user's audit records and the total. */
function useAuditLog(userId: string, page: number) {
  const client = useClient();
  const body: FindBody = {
    criteria: [{ field: 'affected_user', is: '=', value: userId }],
    sort: [{ field: 'action_time', dir: 'desc' }],
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
  };
  return useQuery({
    queryKey: keys.find('auth', 'audit_log', body),
    queryFn: () => client.find<JsonObject>('auth', 'audit_log', body),
    placeholderData: keepPreviousData,
  });
}

export function AuditLogPage() {
  const { userId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  // The account's own name, never the link's `name` query: a link naming someone else over these
  // records would have the reader take one person's actions for another's.
  const { names } = useUserNames(useClient(), [userId]);
  const known = names.get(userId);
  const name = known ? known.name : known === null ? `user ${userId}` : 'this user';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const q = useAuditLog(userId, page);
  const total = q.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const go = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  };

  return (
    <section className="page" aria-labelledby="audit-title">
      <div className="page__head">
        <h1 id="audit-title">Audit log: {name}</h1>
        <div className="page__actions">
          <Link className="btn" to={`/auth/users/edit/${encodeURIComponent(userId)}`}>
            Back to the user
          </Link>
        </div>
      </div>
      {q.isError ? (
        <p role="alert">{q.error.message}</p>
      ) : !q.data ? (
        <div className="page-loading" role="status">
          Loading…
        </div>
      ) : (
        <>
          <div className="table-wrap" aria-busy={q.isFetching}>
            <table className="table">
              <caption className="visually-hidden">Audit records of {name}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Action</th>
                  <th scope="col">Module</th>
                  <th scope="col">By</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {q.data.items.length === 0 && (
                  <tr>
                    <td colSpan={5}>No audit records.</td>
                  </tr>
                )}
                {q.data.items.map((r) => (
                  <tr key={r.key}>
                    <td>{when(r.data.action_time)}</td>
                    <td>{String(r.data.action_type ?? '')}</td>
                    <td>{String(r.data.origin_module ?? '')}</td>
                    <td>{String(r.data.logged_in_username ?? '')}</td>
                    <td>{String(r.data.message ?? '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pageCount={pageCount} total={total} size={AUDIT_PAGE_SIZE} onPage={go} />
        </>
      )}
    </section>
  );
}
