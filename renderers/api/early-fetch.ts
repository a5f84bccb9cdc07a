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

/** A call asked for early: a GET of its address, or a POST of `body` (a find) to it. */
export type EarlyCall = string | { path: string; body: unknown };

/** The headers the data client sends on a signed-in call (./client.ts). */
const headersFor = (org: string, token: string, body: boolean): Record<string, string> => ({
  accept: 'application/json',
  'organization-id': org,
  auth_token: token,
  ...(body ? { 'content-type': 'application/json' } : {}),
});

/** What identifies a call: its method, address and body as sent. */
const callKey = (method: string, path: string, body: string | undefined) => `${method} ${path} ${body ?? ''}`;

/** Asks for `calls` at once, signed in as `token` for `org`, unless the app has started already. */
export function askEarly(calls: readonly EarlyCall[], org: string, token: string): void {
  if (holder[HOLDER] !== undefined) return;
  const held = new Map<string, Early>();
  for (const call of calls) {
    const { path, body } = typeof call === 'string' ? { path: call, body: undefined } : call;
    const sent = body === undefined ? undefined : JSON.stringify(body);
    const method = sent === undefined ? 'GET' : 'POST';
    const response = fetch(path, {
      method,
      headers: headersFor(org, token, sent !== undefined),
      body: sent,
      credentials: 'same-origin',
      redirect: 'error',
    });
    // Taken or not, a failure here is the client's to report when it asks.
    response.catch(() => undefined);
    held.set(callKey(method, path, sent), { org, token, response });
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
 * `fetchFn` that first looks in `held` for the answer to the same call (method, address and body),
 * of the same company and token. Each is taken once; the caller clears `held` once its start has asked.
 */
export function takingEarly(fetchFn: typeof fetch, held: Map<string, Early>): typeof fetch {
  return (input, init) => {
    const body = init?.body;
    if (held.size > 0 && typeof input === 'string' && (body == null || typeof body === 'string')) {
      const key = callKey(init?.method ?? 'GET', input, body ?? undefined);
      const early = held.get(key);
      held.delete(key);
      const headers = (init?.headers ?? {}) as Record<string, string>;
      if (early && headers['organization-id'] === early.org && headers.auth_token === early.token) {
        return early.response;
      }
    }
    return fetchFn(input, init);
  };
}
