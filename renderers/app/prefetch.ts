/**
 * Starts at once what a page needs before it can show, in parallel rather than one after the
 * other: the type's meta, the record, the form screen's code, the entity's validator and the
 * widgets' styles. Called when the app starts on such a page and when a link to one is about to
 * be followed (pointer down, hover, focus), so the screen finds them loaded or on their way.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { checklistQuery, metaQuery, pipelineQuery, recordQuery } from '../screens/queries.ts';
import type { Session } from '../api/types.ts';
import { guardSession } from '../guard/decide.ts';
import { managesOnboarding } from '../layouts/roles.ts';
import { preloadValidator, validatorId } from '../screens/record/precompiled.ts';
import { formsRegistry, loadRecordForms } from '../contract/forms-registry.ts';
import { screenOf } from '../../engine/screen-path.ts';

/** A screen's code loaded once, on first use, and known as loaded from then on (a screen then renders it at once). */
export interface ScreenCode<M> {
  load(): Promise<M>;
  loaded(): M | undefined;
}

function screenCode<M>(importer: () => Promise<M>): ScreenCode<M> {
  let pending: Promise<M> | undefined;
  let done: M | undefined;
  return {
    load: () =>
      (pending ??= importer().then(
        (m) => (done = m),
        (e: unknown) => {
          pending = undefined;
          throw e;
        },
      )),
    loaded: () => done,
  };
}

type RecordScreenModule = typeof import('../screens/record/RecordScreen.tsx');
type ListScreenModule = typeof import('../screens/list/ListScreen.tsx');

/**
 * The create, edit and view screens' code (with @rjsf): its own chunk, loaded once, beside the forms
 * they draw with (the app root's registry, ../contract/forms-registry.ts).
 */
export const recordScreenCode: ScreenCode<RecordScreenModule> = screenCode(() =>
  Promise.all([import('../screens/record/RecordScreen.tsx'), loadRecordForms()]).then(([m]) => m),
);

/** The list screen's code (with @tanstack's table and virtualizer): not in the code every page loads. */
export const listScreenCode: ScreenCode<ListScreenModule> = screenCode(() => import('../screens/list/ListScreen.tsx'));

/** The code of the screen at `pathname`, loading; undefined outside the form screens. */
export function loadScreenCode(pathname: string): Promise<unknown> | undefined {
  const s = screenOf(pathname);
  if (!s) return undefined;
  return s.screen === 'list' ? listScreenCode.load() : recordScreenCode.load();
}

/**
 * Starts loading what the page at `pathname` needs (nothing for a path outside the form screens).
 * `atStart`: the page the app starts on. Its validator is then left to the screen, which asks for it
 * once the form is painted (the chunk's compile and run would come before the first paint).
 */
export function prefetchPath(queryClient: QueryClient, client: ApiClient, pathname: string, atStart = false): void {
  const s = screenOf(pathname);
  if (!s) return;
  // In the order the screen needs them: the browser opens six connections to a host and queues
  // the rest, so the form screen's code (the largest) goes first, and the validator, which the
  // first paint does not need (Save waits for it), only once that code is in.
  const code = (s.screen === 'list' ? listScreenCode : recordScreenCode).load().catch(() => {});
  void queryClient.prefetchQuery(metaQuery(client, s.module, s.type));
  if (s.screen === 'list') return;
  if (s.key) void queryClient.prefetchQuery(recordQuery(client, s.module, s.type, s.key));
  if (s.screen === 'view') return;
  formsRegistry().loadStyles();
  if (!atStart) void code.then(() => preloadValidator(validatorId(s.module, s.type)));
}

const HOMES = new Set(['/home', '/new_home', '/onboarding']);

/**
 * On a home page, the views it shows (the checklist of an employee, the pipeline of a manager) are
 * asked for as the app's code starts, beside resolve_org, not once the page first renders.
 */
export function prefetchHome(queryClient: QueryClient, client: ApiClient, pathname: string, session?: Session): void {
  if (!session || !HOMES.has(pathname)) return;
  const gs = guardSession(session);
  if (gs.isEmployee) void queryClient.prefetchQuery(checklistQuery(client));
  if (managesOnboarding(gs) && pathname !== '/onboarding') void queryClient.prefetchQuery(pipelineQuery(client));
}
