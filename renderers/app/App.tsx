/**
 * The app shell: the query cache, the organization resolved from the host name, the signed-in
 * state, notifications and the router.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createApiClient } from '../api/client.ts';
import { isFailure } from '../api/failure.ts';
import { NotifyProvider } from '../notify/notify.tsx';
import { DialogsProvider } from '../dialogs/Dialogs.tsx';
import { readStoredAuth, ServicesProvider, type AuthState } from '../session/session.tsx';
import { applyBranding } from '../layouts/branding.ts';
import { createRouter } from './routes.tsx';
import { prefetchPath } from './prefetch.ts';

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
const client = createApiClient({
  getOrganization: () => holder.org,
  getToken: () => holder.auth.token,
});
if (holder.org) prefetchPath(queryClient, client, window.location.pathname);

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

const resolveOrgQuery = {
  queryKey: ['resolve_org', window.location.hostname],
  queryFn: () => client.resolveOrg(window.location.hostname),
  staleTime: Infinity,
};
// Asked for as the app's code starts, beside the page's data, not once React first renders.
void queryClient.prefetchQuery(resolveOrgQuery);

function Boot() {
  const org = useQuery(resolveOrgQuery);
  if (org.isPending) {
    return (
      <div className="splash" role="status">
        Loading…
      </div>
    );
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
