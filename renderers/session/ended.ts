/**
 * A sign-in ended elsewhere (logout_all, a password change, the account locked, made inactive or
 * deleted) is noticed by the quiet renewal only a minute before the token's end; until then every
 * call answered 401 and the page stayed as if signed in, a Save saying only "Invalid token
 * specified". Now the first 401 of a signed-in call has the session checked once: if it has ended,
 * the app signs out and says why, as when the renewal fails (../session/session.tsx).
 */
import { useEffect } from 'react';
import { isFailure } from '../api/failure.ts';
import { useNotify } from '../notify/notify.tsx';
import { useServices } from './session.tsx';

export const SESSION_ENDED = 'You were signed out: your sign-in ended elsewhere, or expired. Sign in again to go on.';

export function useEndedSessionSignOut(): void {
  const { client, auth, signOut } = useServices();
  const notify = useNotify();
  const token = auth.token;
  useEffect(() => {
    if (!token) return;
    let live = true;
    let checking = false;
    const off = client.onUnauthorized(() => {
      if (checking) return;
      checking = true;
      // A call's 401 may be an older token's (renewed since): the session as it stands decides.
      client.session().then(
        () => {
          checking = false;
        },
        (e: unknown) => {
          checking = false;
          if (!live || !isFailure(e, 401)) return;
          signOut();
          notify({ type: 'info', message: SESSION_ENDED, timeout: 0 });
        },
      );
    });
    return () => {
      live = false;
      off();
    };
  }, [token, client, signOut, notify]);
}
