/**
 * The app shell of renderers/app for a story: a fresh query cache, notifications, dialogs, the
 * signed-in services over the fixture back end, and the product's own route tree in a memory router opened
 * at `path`. What a story shows is what the app shows at that URL, without a server.
 */
import { useMemo, useRef, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createApiClient } from '../../renderers/api/client.ts';
import { appRoutes } from '../../renderers/app/routes.tsx';
import { DialogsProvider } from '../../renderers/dialogs/Dialogs.tsx';
import { applyBranding } from '../../renderers/layouts/branding.ts';
import { NotifyProvider } from '../../renderers/notify/notify.tsx';
import { ServicesProvider, type AuthState } from '../../renderers/session/session.tsx';
import { fixtureFetch, FIXTURE_TOKEN, type FixtureBackend } from './fixture-api.ts';

export function FixtureApp({
  backend,
  path,
  signedIn = true,
}: {
  backend: FixtureBackend;
  /** The URL the story opens, e.g. `/payroll/employee/list`. */
  path: string;
  signedIn?: boolean;
}) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } },
      }),
  );
  const initial = useMemo<AuthState>(
    () => (signedIn ? { token: FIXTURE_TOKEN, session: backend.session } : { token: undefined, session: undefined }),
    [signedIn, backend],
  );
  const auth = useRef<AuthState>(initial);
  const client = useMemo(
    () =>
      createApiClient({
        getOrganization: () => backend.org.organization_id,
        getToken: () => auth.current.token,
        fetchFn: fixtureFetch(backend),
      }),
    [backend],
  );
  const router = useMemo(() => createMemoryRouter(appRoutes(), { initialEntries: [path] }), [path]);
  applyBranding(backend.org);
  return (
    <QueryClientProvider client={queryClient}>
      <NotifyProvider>
        <ServicesProvider client={client} org={backend.org} initial={initial} onAuthChange={(a) => (auth.current = a)}>
          <DialogsProvider>
            <RouterProvider router={router} />
          </DialogsProvider>
        </ServicesProvider>
      </NotifyProvider>
    </QueryClientProvider>
  );
}
