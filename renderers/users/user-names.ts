/**
 * Names for user keys (created_by, invited_by, a group's users ...), looked up through
 * POST /auth/api/get_userinfo and kept for ten minutes: the keys asked for in one tick go out as one
 * call (at most 100 a call), and every screen shares the answers. No React here; useUserNames.ts
 * binds it to components.
 */
import type { ApiClient } from '../api/client.ts';

export interface UserInfo {
  name: string;
  email: string;
}

/** What is known of a key: its account, `null` when no account of the company has it, or nothing yet. */
export type Known = UserInfo | null | undefined;

const LIFETIME_MS = 10 * 60 * 1000;
const BATCH = 100;
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUserKey = (v: unknown): v is string => typeof v === 'string' && KEY.test(v);

/**
 * What a key no account of the company has is shown as: get_userinfo answers every account of the
 * company to anyone signed in, so such a key in a record is one deleted for good (the history a
 * delete keeps: who made, sent or decided something), not one the reader may not see.
 */
export const DELETED_USER = 'Deleted user';

/** A key's name as shown: the account's name, "Deleted user", or the key itself while unknown. */
export function shownName(known: Known, key: string): string {
  return known ? known.name : known === null ? DELETED_USER : key;
}

export interface UserNames {
  get(key: string): Known;
  /** Asks for the keys not known yet (in the next tick, in batches). */
  request(keys: Iterable<string>): void;
  /** Tells what a search already answered, so it is not asked again. */
  remember(key: string, info: UserInfo): void;
  subscribe(listener: () => void): () => void;
  /** Changes whenever an answer arrives (for useSyncExternalStore). */
  version(): number;
}

export function createUserNames(client: Pick<ApiClient, 'userInfo'>, now = () => Date.now()): UserNames {
  const known = new Map<string, { info: UserInfo | null; until: number }>();
  const pending = new Set<string>();
  const inFlight = new Set<string>();
  const listeners = new Set<() => void>();
  let version = 0;
  let scheduled = false;

  const changed = () => {
    version++;
    for (const l of listeners) l();
  };
  const fresh = (key: string) => {
    const k = known.get(key);
    return k && k.until > now() ? k : undefined;
  };

  async function flush() {
    scheduled = false;
    const keys = [...pending];
    pending.clear();
    for (let i = 0; i < keys.length; i += BATCH) {
      const batch = keys.slice(i, i + BATCH);
      for (const k of batch) inFlight.add(k);
      try {
        const answer = await client.userInfo(batch);
        const until = now() + LIFETIME_MS;
        const byKey = new Map(answer.map((r) => [r.key.toLowerCase(), r.data]));
        for (const k of batch) {
          const d = byKey.get(k);
          known.set(k, { info: d ? { name: d.display_name || d.email || k, email: d.email ?? '' } : null, until });
        }
      } catch {
        // Offline or signed out: the keys stay unknown (shown as they are) and are asked again later.
      } finally {
        for (const k of batch) inFlight.delete(k);
      }
      changed();
    }
  }

  return {
    get: (key) => fresh(key.toLowerCase())?.info,
    request(keys) {
      for (const raw of keys) {
        if (!isUserKey(raw)) continue;
        const key = raw.toLowerCase();
        if (fresh(key) || inFlight.has(key)) continue;
        pending.add(key);
      }
      if (pending.size && !scheduled) {
        scheduled = true;
        queueMicrotask(() => void flush());
      }
    },
    remember(key, info) {
      known.set(key.toLowerCase(), { info, until: now() + LIFETIME_MS });
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

const perClient = new WeakMap<object, UserNames>();

/** The one cache of a data client. */
export function userNamesOf(client: Pick<ApiClient, 'userInfo'>): UserNames {
  let names = perClient.get(client);
  if (!names) perClient.set(client, (names = createUserNames(client)));
  return names;
}
