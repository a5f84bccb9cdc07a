/**
 * A component's view of the user-name cache (./user-names.ts): asks for the keys it shows and
 * re-renders when their names arrive. Without the app's data client (stories, component tests)
 * keys show as they are.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { ApiClient } from '../api/client.ts';
import { isUserKey, shownName, userNamesOf, type UserNames } from './user-names.ts';

const idle: UserNames = {
  get: () => undefined,
  request: () => undefined,
  remember: () => undefined,
  subscribe: () => () => undefined,
  version: () => 0,
};

export function useUserNames(client: Pick<ApiClient, 'userInfo'> | undefined, keys: readonly string[]) {
  const names = client ? userNamesOf(client) : idle;
  const joined = keys.join(',');
  useEffect(() => {
    if (joined) names.request(joined.split(','));
  }, [names, joined]);
  useSyncExternalStore(names.subscribe, names.version, names.version);
  return {
    names,
    /** The display name of a user key ("Deleted user" for one no account has), or the value itself while unknown (or not a key). */
    nameOf: (key: string) => (isUserKey(key) ? shownName(names.get(key), key) : key),
  };
}

/** The user keys held by a value: one key, or a list of them. */
export function userKeysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter(isUserKey);
  return isUserKey(value) ? [value] : [];
}
