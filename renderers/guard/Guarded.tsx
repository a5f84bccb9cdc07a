/**
 * Runs the guard (decide.ts) for the current location: waits for the type's meta on record pages,
 * then renders the page, redirects, shows 'Page Not Found', or refuses with 'Not authorized.'.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isFailure } from '../api/failure.ts';
import { useNotify } from '../notify/notify.tsx';
import { useServices } from '../session/session.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { classify, decide, guardSession, type MetaFacts } from './decide.ts';
import { metaQuery } from '../screens/queries.ts';

/** The last page the guard let through: where a refusal returns. */
let lastAllowed: string | undefined;

export function Guarded({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { client, auth } = useServices();
  const path = location.pathname + location.search + location.hash;
  const route = useMemo(() => classify(location.pathname), [location.pathname]);
  const session = useMemo(() => (auth.session ? guardSession(auth.session) : null), [auth.session]);
  const needsMeta = (route.kind === 'record' || route.kind === 'generic' || route.kind === 'typeAuditLog') && !!session;
  const metaKey = needsMeta ? [route.module, route.datatype] : ['', ''];
  const meta = useQuery({
    ...metaQuery(client, metaKey[0], metaKey[1]),
    enabled: needsMeta && /^[a-z]+$/.test(metaKey[0]),
  });

  let facts: MetaFacts | undefined;
  if (meta.data) facts = { can: meta.data.can, routes: meta.data.routes };
  else if (isFailure(meta.error, 404) || isFailure(meta.error, 400)) facts = 'notFound';
  else if (isFailure(meta.error, 403)) facts = 'forbidden';

  const fromLogin = (location.state as { fromLogin?: boolean } | null)?.fromLogin === true;
  const decision = decide({
    path,
    route,
    session,
    now: Date.now() / 1000,
    meta: facts,
    fromLogin,
    previous: lastAllowed,
  });

  const refused = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (decision.kind === 'allow') lastAllowed = path;
    if (decision.kind === 'deny' && refused.current !== location.key) {
      refused.current = location.key;
      notify({ type: 'negative', message: decision.message });
      navigate(decision.to, { replace: true });
    }
  }, [decision, path, location.key, navigate, notify]);

  switch (decision.kind) {
    case 'allow':
      return children;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'notFound':
      return <NotFoundPage />;
    case 'deny':
      return null;
    case 'pending':
      if (meta.isError) {
        return (
          <main className="page" role="alert">
            <h1>Something went wrong</h1>
            <p>{meta.error.message}</p>
            <button type="button" className="btn" onClick={() => meta.refetch()}>
              Try again
            </button>
          </main>
        );
      }
      return (
        <div className="page-loading" role="status">
          Loading…
        </div>
      );
  }
}
