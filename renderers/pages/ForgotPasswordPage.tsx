/**
 * /password-forgot: asks for a single-use sign-in link. The answer is the same whether or not the
 * account exists.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isFailure } from '../api/failure.ts';
import { useServices } from '../session/session.tsx';
import { TextInput } from './TextInput.tsx';

export function ForgotPasswordPage() {
  const { client } = useServices();
  const [username, setUsername] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'busy' } | { kind: 'sent' | 'failed'; message: string }>({
    kind: 'idle',
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim()) return setState({ kind: 'failed', message: 'Enter your e-mail.' });
    setState({ kind: 'busy' });
    try {
      const r = await client.forgotPassword(username.trim());
      setState({ kind: 'sent', message: r?.message ?? 'If the account exists, a sign-in link has been sent.' });
    } catch (err) {
      setState({ kind: 'failed', message: isFailure(err) ? err.message : 'The request failed.' });
    }
  };
  return (
    <section className="card card--narrow" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {state.kind === 'sent' ? (
        <p role="status">{state.message}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>Enter your e-mail and we will send you a link to sign in and choose a new password.</p>
          <TextInput
            label="E-mail"
            name="username"
            type="email"
            autoComplete="username"
            value={username}
            onChange={setUsername}
            required
          />
          {state.kind === 'failed' && (
            <p className="form-error" role="alert">
              {state.message}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={state.kind === 'busy'}>
            Send the link
          </button>
        </form>
      )}
      <p className="card__footer">
        <Link to="/login">Back to sign in</Link>
      </p>
    </section>
  );
}
