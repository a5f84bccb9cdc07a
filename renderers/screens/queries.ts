/**
 * The react-query keys and loaders of server state, so every screen shares one cache.
 */
import type { ApiClient } from '../api/client.ts';
import type { FindBody } from '../api/types.ts';
import type { QueryClient } from '@tanstack/react-query';

export const keys = {
  catalogue: () => ['catalogue'] as const,
  checklist: () => ['onboarding_checklist'] as const,
  pipeline: () => ['onboarding_pipeline'] as const,
  fileUsage: () => ['file_usage'] as const,
  meta: (m: string, t: string) => ['meta', m, t] as const,
  record: (m: string, t: string, key: string) => ['record', m, t, key] as const,
  find: (m: string, t: string, body?: FindBody) => (body ? (['find', m, t, body] as const) : (['find', m, t] as const)),
};

/**
 * The finds a change to a record of `t` may answer differently: the type's own and those of its
 * `my_` twin (a document saved on its screen is listed on My documents as my_employee_documents).
 */
export function listsAfterChange(queryClient: QueryClient, m: string, t: string): void {
  const base = t.startsWith('my_') ? t.slice(3) : t;
  for (const type of [base, `my_${base}`]) void queryClient.invalidateQueries({ queryKey: keys.find(m, type) });
}

export const metaQuery = (client: ApiClient, m: string, t: string) => ({
  queryKey: keys.meta(m, t),
  queryFn: () => client.meta(m, t),
  staleTime: 5 * 60_000,
});

/** How long an answer fetched ahead of its screen (prefetch.ts) is used as it is. */
const RECORD_FRESH_MS = 5_000;

/**
 * One record. Fresh for a few seconds, so a record fetched ahead of its screen (prefetch.ts) is
 * not fetched again when the screen opens; older, the screen fetches it again on opening. A
 * failure is an answer too: an employee's form not started yet answers 404 ahead of its screen,
 * and the screen opens on that answer (react-query would otherwise ask again for any query that
 * failed, whatever its age).
 */
export const recordQuery = (client: ApiClient, m: string, t: string, key: string) => ({
  queryKey: keys.record(m, t, key),
  queryFn: () => client.read(m, t, key),
  staleTime: RECORD_FRESH_MS,
  retryOnMount: (query: { state: { status: string; errorUpdatedAt: number } }) =>
    !(query.state.status === 'error' && Date.now() - query.state.errorUpdatedAt < RECORD_FRESH_MS),
});

export const catalogueQuery = (client: ApiClient) => ({
  queryKey: keys.catalogue(),
  queryFn: () => client.catalogue(),
  staleTime: 5 * 60_000,
});

/** The caller's onboarding checklist: fresh for a moment, refetched when a save invalidates it. */
export const checklistQuery = (client: ApiClient) => ({
  queryKey: keys.checklist(),
  queryFn: () => client.onboardingChecklist(),
  staleTime: 5_000,
});

export const pipelineQuery = (client: ApiClient) => ({
  queryKey: keys.pipeline(),
  queryFn: () => client.onboardingPipeline(),
  staleTime: 5_000,
});

/**
 * The caller's file storage used: asked again each time a documents page opens, since uploads and
 * removals happen on the records' own screens.
 */
export const fileUsageQuery = (client: ApiClient) => ({
  queryKey: keys.fileUsage(),
  queryFn: () => client.fileUsage(),
  staleTime: 0,
  refetchOnMount: 'always' as const,
  retry: false,
});
