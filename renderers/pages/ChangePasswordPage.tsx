/**
 * Change password (/password-change, /settings/change-password, /inactive/password-change) with
 * the messages of spec/001 section 5, checked here and by the server.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useNotify } from '../notify/notify.tsx';
import { useServices } from '../session/session.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';

export function ChangePasswordPage({ inApp = false }: { inApp?: boolean }) {
  const { client, auth } = useServices();
  const notify = useNotify();
  const [done, setDone] = useState(false);

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

  return (
    <section className={inApp ? 'page page--narrow' : 'card card--narrow'} aria-labelledby="pw-title">
      <h1 id="pw-title">Change password</h1>
      {done ? (
        <p role="status">Your password has been changed.</p>
      ) : (
        <NewPasswordForm
          submitLabel="Change password"
          save={async (password, password2) => {
            await client.changePassword(password, password2);
            setDone(true);
            notify({ type: 'positive', message: 'Password changed.' });
          }}
          onFailure={(message) => notify({ type: 'negative', message })}
          failureMessage="The password was not changed."
        />
      )}
    </section>
  );
}
