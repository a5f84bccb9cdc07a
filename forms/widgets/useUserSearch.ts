/**
 * The user picker's controller: searches the company's people and names the chosen keys through the
 * app's cached lookup (get_userinfo, renderers/users/). Headless: the widget draws it.
 *
 * Who may be searched follows who may list them: the accounts (POST /auth/api/data/find/users,
 * display name or e-mail containing the text) for those who manage users or groups; for a payroll
 * manager, who chooses whose W-4 or state certificate she makes but may not list accounts, the
 * employees' payroll records (keyed by the same user keys; docs/directory.md).
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import { isFailure } from '../../renderers/api/failure.ts';
import { useUserNames } from '../../renderers/users/useUserNames.ts';

export interface UserHit {
  key: string;
  name: string;
  email: string;
}

type Found = { key: string; data: Record<string, unknown> };

interface PeopleSource {
  module: string;
  type: string;
  /** Each field is searched by `like`; the matches of all are merged. */
  fields: string[];
  sort: string;
  hit(r: Found): UserHit;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

const SOURCES: readonly PeopleSource[] = [
  {
    module: 'auth',
    type: 'users',
    fields: ['display_name', 'email'],
    sort: 'display_name',
    hit: (r) => ({
      key: r.key,
      name: text(r.data.display_name) || text(r.data.email) || r.key,
      email: text(r.data.email),
    }),
  },
  {
    module: 'payroll',
    type: 'employee',
    fields: ['first_name', 'last_name', 'email'],
    sort: 'last_name',
    hit: (r) => ({
      key: r.key,
      name: [text(r.data.first_name), text(r.data.last_name)].filter(Boolean).join(' ') || text(r.data.email) || r.key,
      email: text(r.data.email),
    }),
  },
];

/** Why nothing can be found: the viewer may search none of the sources. */
export const NO_PEOPLE_TO_SEARCH = 'You may not search the company’s people.';

export function useUserSearch(client: ApiClient, chosen: readonly string[]) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<UserHit[]>([]);
  const [searching, setSearching] = useState(false);
  const [refused, setRefused] = useState(false);
  // The first source this viewer may search, once a search has told (403 moves to the next).
  const source = useRef(0);
  // Names for the chosen keys (the stored record's): the app's shared, cached lookup.
  const { names, nameOf } = useUserNames(client, chosen);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setHits([]);
      return;
    }
    let live = true;
    setSearching(true);
    const search = async (): Promise<UserHit[]> => {
      for (; source.current < SOURCES.length; source.current++) {
        const from = SOURCES[source.current];
        try {
          const pages = await Promise.all(
            from.fields.map((field) =>
              client.find(from.module, from.type, {
                criteria: [{ field, is: 'like', value: q }],
                sort: [{ field: from.sort, dir: 'asc' }],
                limit: 10,
              }),
            ),
          );
          const seen = new Map<string, UserHit>();
          for (const r of pages.flatMap((p) => p.items)) seen.set(r.key, from.hit(r));
          return [...seen.values()].slice(0, 10);
        } catch (e) {
          if (!isFailure(e, 403)) throw e;
        }
      }
      setRefused(true);
      return [];
    };
    const timer = setTimeout(() => {
      void search()
        .then((found) => {
          if (!live) return;
          setHits(found);
          for (const h of found) names.remember(h.key, { name: h.name, email: h.email });
        })
        .catch(() => live && setHits([]))
        .finally(() => live && setSearching(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, client, names]);

  return { text: query, setText: setQuery, hits, searching, refused, nameOf };
}
