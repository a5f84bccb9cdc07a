/**
 * Change password (/password-change, /settings/change-password, /inactive/password-change) with
 * the rules of engine/passwords.ts, checked here and by the server. The current password is asked
 * for, except in a session opened by a forgot-password link, which sets one password without it.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useNotify } from '../notify/notify.tsx';
import { useServices } from '../session/session.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';

export function ChangePasswordPage({ inApp = false }: { inApp?: boolean }) {
  const { client, auth, signIn } = useServices();
  const notify = useNotify();
  const [done, setDone] = useState(false);
  // A session opened by an invitation or a forgot-password link sets a password rather than changing
  // one the person may never have had; kept once saved (the session is then like any other).
  const [choosing] = useState(() => auth.session?.password_reset === true);
  // Once changed, the form is gone: the keyboard goes to the way on (Continue), else to the news.
  const news = useRef<HTMLParagraphElement>(null);
  const onward = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (done) (onward.current ?? news.current)?.focus();
  }, [done]);

  if (!auth.token) {
    return (
      <section className="card card--narrow">
        <h1>Change password</h1>
        <p>
          Please <Link to="/login?redirect=%2Fpassword-change">sign in</Link> first.
        </p>
      </section>
    );
  }

  const session = auth.session;
  const token = auth.token;
  return (
    <section className={inApp ? 'page page--narrow' : 'card card--narrow'} aria-labelledby="pw-title">
      <h1 id="pw-title">{choosing ? 'Choose your password' : 'Change password'}</h1>
      {done ? (
        <>
          <p role="status" tabIndex={-1} ref={news}>
            Your password has been changed.
          </p>
          {/* Out of the app's frame (a link's first sign-in), the way on is not on the page otherwise. */}
          {!inApp && (
            <p>
              <Link className="btn btn--primary" to="/" ref={onward}>
                Continue
              </Link>
            </p>
          )}
        </>
      ) : (
        <NewPasswordForm
          submitLabel="Change password"
          askCurrent={!session?.password_reset}
          policy={{
            minLength: session?.organization.data.password_min_length as number | undefined,
            personal: [session?.user.email, session?.user.display_name],
          }}
          save={async (password, password2, current) => {
            await client.changePassword(password, password2, current);
            setDone(true);
            notify({ type: 'positive', message: 'Password changed.' });
            // The session now asks for the current password like any other.
            if (session?.password_reset) {
              const fresh = await client.session().catch(() => undefined);
              if (fresh) signIn({ token, exp: fresh.exp, session: fresh });
            }
          }}
          onFailure={(message) => notify({ type: 'negative', message })}
          failureMessage="The password was not changed."
        />
      )}
    </section>
  );
}
