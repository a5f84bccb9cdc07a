/**
 * The signed-in state kept in this browser's local storage (spec/000 section 7): the token, the
 * session it carries and the refresh token. Free of React, so the page's first script
 * (web/early-data.ts) reads it as the app does.
 */
import type { RefreshPair, Session } from '../api/types.ts';

export const TOKEN_KEY = 'dform.auth_token';
export const SESSION_KEY = 'dform.session';
export const REFRESH_KEY = 'dform.refresh';

export interface AuthState {
  token: string | undefined;
  session: Session | undefined;
  refresh?: RefreshPair;
}

export function readStoredAuth(): AuthState {
  try {
    const token = localStorage.getItem(TOKEN_KEY) ?? undefined;
    const raw = localStorage.getItem(SESSION_KEY);
    const session = token && raw ? (JSON.parse(raw) as Session) : undefined;
    const refreshRaw = localStorage.getItem(REFRESH_KEY);
    const refresh = session && refreshRaw ? (JSON.parse(refreshRaw) as RefreshPair) : undefined;
    return { token: session ? token : undefined, session, refresh };
  } catch (e) {
    console.warn('session: cannot read local storage', e);
    return { token: undefined, session: undefined };
  }
}

/** Saves the token again (spec/000 section 2: after each navigation); failures are only logged. */
export function saveAuth(a: AuthState): void {
  try {
    if (a.token && a.session) {
      // The token last: another tab reading on its change finds the session and refresh token it goes with.
      localStorage.setItem(SESSION_KEY, JSON.stringify(a.session));
      if (a.refresh) localStorage.setItem(REFRESH_KEY, JSON.stringify(a.refresh));
      else localStorage.removeItem(REFRESH_KEY);
      localStorage.setItem(TOKEN_KEY, a.token);
    } else {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(SESSION_KEY);
      localStorage.removeItem(REFRESH_KEY);
    }
  } catch (e) {
    console.warn('session: cannot save to local storage', e);
  }
}
