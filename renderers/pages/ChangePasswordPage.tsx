/**
 * Change password (/password-change, /settings/change-password, /inactive/password-change) with
 * the messages of spec/001 section 5, checked here and by the server.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isFailure } from '../api/failure.ts';
import { useNotify } from '../notify/notify.tsx';
import { useServices } from '../session/session.tsx';
import { TextInput } from './TextInput.tsx';

export function passwordProblems(
  password: string,
  password2: string,
): { field: 'password' | 'password2'; message: string }[] {
  const out: { field: 'password' | 'password2'; message: string }[] = [];
  if (password.length < 6) out.push({ field: 'password', message: 'Password must be at least 6 characters' });
  else if (/^\d+$/.test(password)) out.push({ field: 'password', message: 'Password cannot be all numbers' });
  if (password !== password2) out.push({ field: 'password2', message: 'Passwords do not match' });
  return out;
}

export function ChangePasswordPage({ inApp = false }: { inApp?: boolean }) {
  const { client, auth } = useServices();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = passwordProblems(password, password2);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length) return;
    setBusy(true);
    try {
      await client.changePassword(password, password2);
      setDone(true);
      notify({ type: 'positive', message: 'Password changed.' });
    } catch (err) {
      if (isFailure(err, 400)) {
        setErrors(Object.fromEntries(err.errors.map((x) => [x.path.replace(/^\//, '') || 'password', x.message])));
      } else notify({ type: 'negative', message: isFailure(err) ? err.message : 'The password was not changed.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={inApp ? 'page page--narrow' : 'card card--narrow'} aria-labelledby="pw-title">
      <h1 id="pw-title">Change password</h1>
      {done ? (
        <p role="status">Your password has been changed.</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <TextInput
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            required
          />
          <TextInput
            label="Retype the new password"
            name="password2"
            type="password"
            autoComplete="new-password"
            value={password2}
            onChange={setPassword2}
            error={errors.password2}
            required
          />
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Change password
          </button>
        </form>
      )}
    </section>
  );
}
