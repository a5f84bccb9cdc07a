/**
 * The signed-in state: the token (kept in localStorage, spec/000 section 7) and the session it
 * carries, plus the organization resolved from the host name and the one API client.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import type { LoginAnswer, ResolvedOrg, Session } from '../api/types.ts';

export const TOKEN_KEY = 'dform.auth_token';
export const SESSION_KEY = 'dform.session';

export interface AuthState {
  token: string | undefined;
  session: Session | undefined;
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

export function readStoredAuth(): AuthState {
  try {
    const token = localStorage.getItem(TOKEN_KEY) ?? undefined;
    const raw = localStorage.getItem(SESSION_KEY);
    const session = token && raw ? (JSON.parse(raw) as Session) : undefined;
    return { token: session ? token : undefined, session };
  } catch (e) {
    console.warn('session: cannot read local storage', e);
    return { token: undefined, session: undefined };
  }
}

/** Saves the token again (spec/000 section 2: after each navigation); failures are only logged. */
export function saveAuth(a: AuthState): void {
  try {
    if (a.token && a.session) {
      localStorage.setItem(TOKEN_KEY, a.token);
      localStorage.setItem(SESSION_KEY, JSON.stringify(a.session));
    } else {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(SESSION_KEY);
    }
  } catch (e) {
    console.warn('session: cannot save to local storage', e);
  }
}

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
      apply({ token: answer.token, session: { ...answer.session, exp: answer.exp ?? answer.session.exp } });
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
    client.session().then(
      (session) => {
        if (latest.current.token === initial.token) apply({ token: initial.token, session });
      },
      (e: { code?: number }) => {
        if (e.code === 401 && latest.current.token === initial.token) apply({ token: undefined, session: undefined });
      },
    );
  }, []);

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
