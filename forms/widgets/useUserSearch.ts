/**
 * The user picker's controller: searches the company's people (POST /auth/api/search_people) and
 * names the chosen keys through the app's cached lookup (get_userinfo, renderers/users/). Headless:
 * the widget draws it.
 *
 * Who may search, and what they get, the server decides (docs/directory.md): those who manage users
 * or groups search names and e-mails; a manager who fills in forms naming people (a W-4, an
 * employee's document, a PTO enrolment) searches names; anyone else is refused, and told so.
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import { isFailure } from '../../renderers/api/failure.ts';
import { useUserNames } from '../../renderers/users/useUserNames.ts';

export interface UserHit {
  key: string;
  name: string;
  email: string;
}

/** The most hits the picker offers. */
const SHOWN = 10;

/** Why nothing can be found: the viewer may not search the company's people. */
export const NO_PEOPLE_TO_SEARCH = 'You may not search the company’s people.';

/**
 * `purpose`: the form whose person is chosen (ui:options `for`: "hr/secure_files", "hr/share_request"): one who may
 * choose no one else is offered, with no text typed, those they may choose (an employee: HR).
 */
export function useUserSearch(client: ApiClient, chosen: readonly string[], purpose?: string) {
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<UserHit[]>([]);
  const [searching, setSearching] = useState(false);
  const [refused, setRefused] = useState(false);
  // Names for the chosen keys (the stored record's): the app's shared, cached lookup.
  const { names, nameOf } = useUserNames(client, chosen);

  useEffect(() => {
    const q = query.trim();
    if (!q && !purpose) {
      setHits([]);
      return;
    }
    let live = true;
    setSearching(true);
    const search = async (): Promise<UserHit[]> => {
      try {
        const found = await client.searchPeople(q, purpose);
        return found.slice(0, SHOWN).map((p) => ({
          key: p.key,
          name: p.data.display_name || p.data.email || p.key,
          email: p.data.email ?? '',
        }));
      } catch (e) {
        if (!isFailure(e, 403)) throw e;
        setRefused(true);
        return [];
      }
    };
    const timer = setTimeout(
      () => {
        void search()
          .then((found) => {
            if (!live) return;
            setHits(found);
            for (const h of found) names.remember(h.key, { name: h.name, email: h.email });
          })
          .catch(() => live && setHits([]))
          .finally(() => live && setSearching(false));
      },
      q ? 200 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, client, names, purpose]);

  return { text: query, setText: setQuery, hits, searching, refused, nameOf };
}
