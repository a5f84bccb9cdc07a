/**
 * The app shell: the query cache, the organization resolved from the host name, the signed-in
 * state, notifications and the router.
 */
import { useMemo, useRef } from 'react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { createApiClient } from '../api/client.ts';
import { isFailure } from '../api/failure.ts';
import { NotifyProvider } from '../notify/notify.tsx';
import { DialogsProvider } from '../dialogs/Dialogs.tsx';
import { readStoredAuth, ServicesProvider, type AuthState } from '../session/session.tsx';
import { applyBranding } from '../layouts/branding.ts';
import { createRouter } from './routes.tsx';

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
  const initial = useMemo(readStoredAuth, []);
  const holder = useRef<{ org?: string; auth: AuthState }>({ auth: initial });
  const client = useMemo(
    () =>
      createApiClient({
        getOrganization: () => holder.current.org,
        getToken: () => holder.current.auth.token,
      }),
    [],
  );
  const org = useQuery({
    queryKey: ['resolve_org', window.location.hostname],
    queryFn: () => client.resolveOrg(window.location.hostname),
    staleTime: Infinity,
  });
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
  holder.current.org = org.data.organization_id;
  applyBranding(org.data);
  return (
    <ServicesProvider client={client} org={org.data} initial={initial} onAuthChange={(a) => (holder.current.auth = a)}>
      <RouterProvider router={router} />
    </ServicesProvider>
  );
}
