/**
 * The user picker's controller: searches the company's accounts (POST /auth/api/data/find/users,
 * display name or e-mail containing the text) and names the chosen keys through the app's cached
 * lookup (get_userinfo, renderers/users/). Headless: the widget draws it.
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import { useUserNames } from '../../renderers/users/useUserNames.ts';

export interface UserHit {
  key: string;
  name: string;
  email: string;
}

const hitOf = (r: { key: string; data: Record<string, unknown> }): UserHit => ({
  key: r.key,
  name: String(r.data.display_name ?? '') || String(r.data.email ?? r.key),
  email: String(r.data.email ?? ''),
});

export function useUserSearch(client: ApiClient, chosen: readonly string[]) {
  const [text, setText] = useState('');
  const [hits, setHits] = useState<UserHit[]>([]);
  const [searching, setSearching] = useState(false);
  // Names for the chosen keys (the stored record's): the app's shared, cached lookup.
  const { names, nameOf } = useUserNames(client, chosen);

  useEffect(() => {
    const q = text.trim();
    if (!q) {
      setHits([]);
      return;
    }
    let live = true;
    setSearching(true);
    const timer = setTimeout(() => {
      const find = (field: string) =>
        client.find('auth', 'users', {
          criteria: [{ field, is: 'like', value: q }],
          sort: [{ field: 'display_name', dir: 'asc' }],
          limit: 10,
        });
      void Promise.all([find('display_name'), find('email')])
        .then(([byName, byEmail]) => {
          if (!live) return;
          const seen = new Map<string, UserHit>();
          for (const r of [...byName.items, ...byEmail.items]) seen.set(r.key, hitOf(r));
          setHits([...seen.values()].slice(0, 10));
          for (const h of seen.values()) names.remember(h.key, { name: h.name, email: h.email });
        })
        .catch(() => live && setHits([]))
        .finally(() => live && setSearching(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, client, names]);

  return { text, setText, hits, searching, nameOf };
}
