/**
 * A page's data asked for by its first, small script (web/early-data.ts) while the app's code is
 * still loading, and handed to the data client when the app's start asks for the same address with
 * the same company and token. The app's code takes about a tenth of a second to arrive and start on
 * a form page; the answers are then in, instead of asked for only then.
 *
 * Only the app's start takes them (claimEarly): a later call must see the record as it is then, and
 * a first script that runs after the app has started asks for nothing.
 */
export interface Early {
  org: string;
  token: string;
  response: Promise<Response>;
}

const HOLDER = '__dformEarly';
/** The answers asked for, or 'claimed' once the app has started. */
type Holder = { [HOLDER]?: Map<string, Early> | 'claimed' };
const holder = globalThis as Holder;

/** The headers the data client sends on a signed-in GET (./client.ts). */
const headersFor = (org: string, token: string): Record<string, string> => ({
  accept: 'application/json',
  'organization-id': org,
  auth_token: token,
});

/** Asks for `paths` at once, signed in as `token` for `org`, unless the app has started already. */
export function askEarly(paths: readonly string[], org: string, token: string): void {
  if (holder[HOLDER] !== undefined) return;
  const held = new Map<string, Early>();
  for (const path of paths) {
    const response = fetch(path, { headers: headersFor(org, token), credentials: 'same-origin', redirect: 'error' });
    // Taken or not, a failure here is the client's to report when it asks.
    response.catch(() => undefined);
    held.set(path, { org, token, response });
  }
  holder[HOLDER] = held;
}

/** The app's start: takes what the first script asked for (nothing if it has not run) and closes it. */
export function claimEarly(): Map<string, Early> {
  const held = holder[HOLDER];
  holder[HOLDER] = 'claimed';
  return held instanceof Map ? held : new Map();
}

/**
 * `fetchFn` that first looks in `held` for the answer to a GET without a body, of the same address,
 * company and token. Each is taken once; the caller clears `held` once its start has asked.
 */
export function takingEarly(fetchFn: typeof fetch, held: Map<string, Early>): typeof fetch {
  return (input, init) => {
    if (held.size > 0 && typeof input === 'string' && (init?.method ?? 'GET') === 'GET' && init?.body == null) {
      const early = held.get(input);
      held.delete(input);
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (early && headers['organization-id'] === early.org && headers.auth_token === early.token) {
        return early.response;
      }
    }
    return fetchFn(input, init);
  };
}
