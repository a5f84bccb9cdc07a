/**
 * Starts at once what a page needs before it can show, in parallel rather than one after the
 * other: the type's meta, the record, the form screen's code, the entity's validator and the
 * widgets' styles. Called
 * when the app starts on such a page and when a link to one is about to be followed (pointer
 * down, hover, focus), so the screen finds them loaded or on their way.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { metaQuery, recordQuery } from '../screens/queries.ts';
import { preloadValidator, validatorId } from '../screens/record/precompiled.ts';
import { loadFormsStyles } from '../../forms/styles/load-styles.ts';

/** The create, edit and view screens' code (with @rjsf): its own chunk, loaded once. */
export const loadRecordScreen = () => import('../screens/record/RecordScreen.tsx');

const PAGE = /^\/([a-z]+)\/([a-z0-9_]+)\/(list|create|edit|view)(?:\/([^/?#]+))?\/?$/;

/** What a path of the dynamic-form screens names, or undefined for any other path. */
export function screenOf(pathname: string) {
  const m = PAGE.exec(pathname);
  if (!m) return undefined;
  const [, module, type, screen, key] = m;
  if ((screen === 'edit' || screen === 'view') !== !!key) return undefined;
  return { module, type, screen: screen as 'list' | 'create' | 'edit' | 'view', key };
}

export function prefetchPath(queryClient: QueryClient, client: ApiClient, pathname: string): void {
  const s = screenOf(pathname);
  if (!s) return;
  void queryClient.prefetchQuery(metaQuery(client, s.module, s.type));
  if (s.screen === 'list') return;
  void loadRecordScreen().catch(() => {});
  if (s.key) void queryClient.prefetchQuery(recordQuery(client, s.module, s.type, s.key));
  if (s.screen === 'view') return;
  void preloadValidator(validatorId(s.module, s.type));
  loadFormsStyles();
}
