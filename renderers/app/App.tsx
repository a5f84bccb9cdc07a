/**
 * The app shell: the query cache, the organization resolved from the host name, the signed-in
 * state, notifications and the router.
 */
import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createApiClient } from '../api/client.ts';
import { claimEarly, takingEarly } from '../api/early-fetch.ts';
import { isFailure } from '../api/failure.ts';
import { NotifyProvider } from '../notify/notify.tsx';
import { DialogsProvider } from '../dialogs/Dialogs.tsx';
import { readStoredAuth, ServicesProvider, type AuthState } from '../session/session.tsx';
import { applyBranding } from '../layouts/branding.ts';
import { createRouter } from './routes.tsx';
import { loadScreenCode, prefetchHome, prefetchPath } from './prefetch.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, e) => !isFailure(e) || (e.code >= 500 && count < 2) || (e.code === 0 && count < 2),
      refetchOnWindowFocus: false,
    },
  },
});

const router = createRouter();

const initial = readStoredAuth();
// Signed in, the stored session names the company (local storage is per host name): the page's
// data is asked for at once, beside resolve_org rather than after it, and checked against it in Boot.
const holder: { org?: string; auth: AuthState } = {
  auth: initial,
  org: initial.token ? initial.session?.organization_id : undefined,
};
// What the page's first script asked for (web/early-data.ts), taken by the start's calls below only.
const early = claimEarly();
const client = createApiClient({
  getOrganization: () => holder.org,
  getToken: () => holder.auth.token,
  getUserKey: () => holder.auth.session?.user.key,
  fetchFn: takingEarly((...a) => fetch(...a), early),
});
const resolveOrgQuery = {
  queryKey: ['resolve_org', window.location.hostname],
  queryFn: () => client.resolveOrg(window.location.hostname),
  staleTime: Infinity,
};
// Asked for first as the app's code starts (the page's data follows), not once React first renders.
void queryClient.prefetchQuery(resolveOrgQuery);
if (holder.org) {
  prefetchPath(queryClient, client, window.location.pathname, true);
  prefetchHome(queryClient, client, window.location.pathname, initial.session);
}
// The start has asked (its calls go out as they are made); an answer it did not take would be stale later.
setTimeout(() => early.clear(), 0);

/** How long the first render waits for a screen's code before it shows the shell without it. */
const SCREEN_CODE_WAIT_MS = 1000;

/**
 * Signed in on a list, create, edit or view page, the first render waits for the screen's code
 * (already loading, prefetchPath) beside resolve_org: the page then appears whole in one render,
 * layout and paint, instead of the shell first and the screen in a second pass over it (measured on
 * the I-9 edit screen: bench/results.md, History).
 */
const screenCode: Promise<void> | undefined = (() => {
  const loading = holder.org ? loadScreenCode(window.location.pathname) : undefined;
  if (!loading) return undefined;
  const settled = loading.then(
    () => undefined,
    // The screen loads it again and shows the failure.
    () => undefined,
  );
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, SCREEN_CODE_WAIT_MS))]);
})();

/** How long the app may take to start before it says it is loading. */
const SPLASH_AFTER_MS = 400;

/** Whether `ms` have passed since the component mounted. */
function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

function useScreenCodeSettled(): boolean {
  const [settled, setSettled] = useState(!screenCode);
  useEffect(() => {
    if (settled || !screenCode) return;
    let live = true;
    void screenCode.then(() => live && setSettled(true));
    return () => {
      live = false;
    };
  }, [settled]);
  return settled;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <NotifyProvider>
        <DialogsProvider>
          <Boot />
        </DialogsProvider>
      </NotifyProvider>
    </QueryClientProvider>
  );
}

function Boot() {
  const org = useQuery(resolveOrgQuery);
  const screenCodeSettled = useScreenCodeSettled();
  const slow = useElapsed(SPLASH_AFTER_MS);
  if (org.isPending || (!screenCodeSettled && !org.isError)) {
    // Nothing until the start has taken a while: a quick start shows the page as its first paint,
    // without a "Loading…" flashed (and laid out and painted) before it.
    return slow ? (
      <div className="splash" role="status">
        Loading…
      </div>
    ) : null;
  }
  if (org.isError) {
    return (
      <main className="splash" role="alert">
        <h1>The service is not available</h1>
        <p>{org.error.message}</p>
        <button type="button" className="btn btn--primary" onClick={() => org.refetch()}>
          Try again
        </button>
      </main>
    );
  }
  if (holder.org !== org.data.organization_id) {
    // The host belongs to another company than the stored session: nothing fetched for it counts.
    if (holder.org) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'resolve_org' });
    holder.org = org.data.organization_id;
  }
  applyBranding(org.data);
  return (
    <ServicesProvider client={client} org={org.data} initial={initial} onAuthChange={(a) => (holder.auth = a)}>
      <RouterProvider router={router} />
    </ServicesProvider>
  );
}
