/**
 * The signed-in state: the token (kept in localStorage, spec/000 section 7), the session it
 * carries and the refresh token that renews it, plus the organization resolved from the host name
 * and the one API client. A minute before the session ends it is renewed quietly
 * (refresh_auth_token); when that fails, the app signs out.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { dropDrafts } from '../screens/record/drafts.ts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { isFailure } from '../api/failure.ts';
import type { LoginAnswer, RefreshPair, ResolvedOrg } from '../api/types.ts';
import { readStoredAuth, saveAuth, TOKEN_KEY, type AuthState } from './stored-auth.ts';

export { readStoredAuth, saveAuth, type AuthState } from './stored-auth.ts';

/** How long before the session's end it is renewed. */
const RENEW_BEFORE_SECONDS = 60;

/**
 * The tabs of one browser share a sign-in (local storage) and would renew it at the same moment,
 * each with the same refresh token: the second use of a spent one ends the whole family on the
 * server, and local storage reaches the other tabs a moment late, so no tab can tell in time that
 * another renewed. One tab renews: the one holding the `dform.renewer` Web Lock, which it keeps
 * while it is open (the next tab gets it when it closes); the others take its token as it is
 * stored. Without Web Locks every tab renews, as one tab alone does.
 */
function useRenewer(): { current: boolean } {
  const renewer = useRef(typeof navigator === 'undefined' || !navigator.locks);
  useEffect(() => {
    if (renewer.current) return;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    void navigator.locks.request('dform.renewer', () => {
      renewer.current = true;
      return held;
    });
    return () => {
      renewer.current = false;
      release();
    };
  }, []);
  return renewer;
}

export interface AppServices {
  client: ApiClient;
  org: ResolvedOrg;
  auth: AuthState;
  signIn(answer: LoginAnswer): void;
  /** Forgets the token here (the caller revokes it on the server first when it can). */
  signOut(): void;
  /** Saves the current token again (after each navigation); reads the latest state, not a render's. */
  resave(): void;
}

const ServicesContext = createContext<AppServices | undefined>(undefined);

/**
 * Drops what was fetched as the previous user, keeping the company resolved from the host name:
 * the app shell is rendered from that, and a cache without it would unmount the whole app on the
 * shell's next render, signed-in state included.
 */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'resolve_org' });
  queryClient.getMutationCache().clear();
}

export function ServicesProvider(props: {
  client: ApiClient;
  org: ResolvedOrg;
  initial: AuthState;
  /** Lets the client read the current token without React. */
  onAuthChange: (a: AuthState) => void;
  children: ReactNode;
}) {
  const { client, org, initial, onAuthChange } = props;
  const [auth, setAuth] = useState<AuthState>(initial);
  const latest = useRef<AuthState>(initial);
  const renewer = useRenewer();
  const queryClient = useQueryClient();

  const apply = useCallback(
    (a: AuthState) => {
      latest.current = a;
      onAuthChange(a);
      saveAuth(a);
      setAuth(a);
    },
    [onAuthChange],
  );
  const signIn = useCallback(
    (answer: LoginAnswer) => {
      forgetUserData(queryClient);
      // What another person left unsaved in this tab is not this one's to see.
      dropDrafts(answer.session.user.key);
      const refresh =
        answer.refresh_id && answer.refresh_token
          ? { refresh_id: answer.refresh_id, refresh_token: answer.refresh_token }
          : // The same session again (a session view fetched anew): its refresh token stays.
            latest.current.token === answer.token
            ? latest.current.refresh
            : undefined;
      apply({ token: answer.token, session: { ...answer.session, exp: answer.exp ?? answer.session.exp }, refresh });
    },
    [apply, queryClient],
  );
  const signOut = useCallback(() => {
    apply({ token: undefined, session: undefined });
    forgetUserData(queryClient);
  }, [apply, queryClient]);

  // A stored session is checked once with the server: a revoked or expired token signs out.
  useEffect(() => {
    if (!initial.token) return;
    // Another tab may have renewed the sign-in while this one asked: its token is then the one to
    // keep, never overwritten with this tab's older one (whose spent refresh token would end both).
    const renewedElsewhere = () => {
      const stored = readStoredAuth();
      return stored.token && stored.token !== initial.token ? stored : undefined;
    };
    client.session().then(
      (session) => {
        if (latest.current.token !== initial.token) return;
        apply(renewedElsewhere() ?? { token: initial.token, session, refresh: latest.current.refresh });
      },
      (e: { code?: number }) => {
        if (e.code !== 401 || latest.current.token !== initial.token) return;
        apply(renewedElsewhere() ?? { token: undefined, session: undefined });
      },
    );
  }, []);

  // The tabs of one browser share the sign-in: a token another tab stored (renewed, signed in, or
  // signed out) is this tab's too, at once.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      // The token is written last (stored-auth.ts): its change finds its session and refresh token stored.
      if (e.key !== null && e.key !== TOKEN_KEY) return;
      const stored = readStoredAuth();
      if (stored.token === latest.current.token) return;
      latest.current = stored;
      onAuthChange(stored);
      setAuth(stored);
      if (!stored.token) forgetUserData(queryClient);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [onAuthChange, queryClient]);

  // The quiet renewal: a minute before the end, the refresh token buys a new session token. A spent
  // or ended one (a password change ends them) is replaced once through get_refresh_token while the
  // session lives; when nothing renews it, the app signs out.
  useEffect(() => {
    const { token, session } = auth;
    if (!token || !session) return;
    const wait = Math.max(0, session.exp - RENEW_BEFORE_SECONDS - Date.now() / 1000);
    let live = true;
    const renew = async () => {
      const state = latest.current;
      if (!live || state.token !== token || !state.session) return;
      // Another tab renews: its token reaches this one as it is stored. Should none come (that tab
      // closed just then), this one asks again shortly, while the session lasts.
      if (!renewer.current) {
        if (state.session.exp > Date.now() / 1000 + 5) timer = setTimeout(() => void renew(), 5_000);
        return;
      }
      // Another tab of this browser renewed the same sign-in first: take its token, not a turn.
      const stored = readStoredAuth();
      if (
        stored.token &&
        stored.session &&
        stored.token !== token &&
        stored.session.user.key === state.session.user.key
      ) {
        apply(stored);
        return;
      }
      const attempt = (pair: RefreshPair) => client.refreshAuthToken(pair);
      try {
        let next;
        try {
          if (!state.refresh) throw new Error('no refresh token');
          next = await attempt(state.refresh);
        } catch (e) {
          if (isFailure(e) && e.code === 0) throw e;
          next = await attempt(await client.getRefreshToken());
        }
        if (!live || latest.current.token !== token) return;
        apply({
          token: next.token,
          session: { ...state.session, exp: next.exp },
          refresh: { refresh_id: next.refresh_id, refresh_token: next.refresh_token },
        });
      } catch (e) {
        if (!live || latest.current.token !== token) return;
        // Offline: try again shortly while the session lasts; anything else ends it here.
        if (isFailure(e) && e.code === 0 && state.session.exp > Date.now() / 1000 + 5) {
          timer = setTimeout(() => void renew(), 10_000);
          return;
        }
        apply({ token: undefined, session: undefined });
        forgetUserData(queryClient);
      }
    };
    // setTimeout holds at most about 24.8 days.
    let timer = setTimeout(() => void renew(), Math.min(wait * 1000, 2 ** 31 - 1));
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [auth.token, auth.session?.exp, apply, client, queryClient]);

  const resave = useCallback(() => {
    if (latest.current.token) saveAuth(latest.current);
  }, []);

  const value = useMemo(
    () => ({ client, org, auth, signIn, signOut, resave }),
    [client, org, auth, signIn, signOut, resave],
  );
  return <ServicesContext.Provider value={value}>{props.children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('session: no ServicesProvider above this component');
  return s;
}

export function useClient(): ApiClient {
  return useServices().client;
}

/** The data client inside the app, or undefined outside it (stories, component tests). */
export function useOptionalClient(): ApiClient | undefined {
  return useContext(ServicesContext)?.client;
}
