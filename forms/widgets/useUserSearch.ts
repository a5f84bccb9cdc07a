/**
 * The user picker's controller: searches the company's accounts (POST /auth/api/data/find/users,
 * display name or e-mail containing the text) and names the chosen keys. Headless: the widget draws it.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';

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
  const [names, setNames] = useState<Record<string, UserHit>>({});
  const asked = useRef(new Set<string>());

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
          setNames((n) => ({ ...n, ...Object.fromEntries([...seen.values()].map((h) => [h.key, h])) }));
        })
        .catch(() => live && setHits([]))
        .finally(() => live && setSearching(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, client]);

  // Names for keys chosen before (the stored record): read each account once.
  useEffect(() => {
    for (const key of chosen) {
      if (asked.current.has(key)) continue;
      asked.current.add(key);
      client.read('auth', 'users', key).then(
        (r) => setNames((n) => ({ ...n, [key]: hitOf(r) })),
        () => undefined,
      );
    }
  }, [chosen, client]);

  return { text, setText, hits, searching, nameOf: (key: string) => names[key]?.name ?? key };
}
