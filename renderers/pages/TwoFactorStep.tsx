/**
 * The second sign-in step (../shared/API.md verify_2fa): the code of the user's authenticator app,
 * or the one sent by e-mail or text message (which can be sent again once a minute), or one of the
 * recovery codes. The challenge of the password step lasts 5 minutes; 5 wrong codes end it, and
 * the user signs in again from the start.
 */
import { useState, type FormEvent } from 'react';
import { isFailure } from '../api/failure.ts';
import type { ApiClient } from '../api/client.ts';
import type { LoginAnswer, TwoFactorChallenge } from '../api/types.ts';
import { TextInput } from './TextInput.tsx';

const WHERE: Record<TwoFactorChallenge['method'], string> = {
  authenticator: 'Enter the 6-digit code your authenticator app shows.',
  email: 'We sent a 6-digit code to your e-mail address. It works for 10 minutes.',
  text: 'We sent a 6-digit code to your phone by text message. It works for 10 minutes.',
};

export function TwoFactorStep(props: {
  client: ApiClient;
  asked: TwoFactorChallenge;
  onSignedIn: (answer: LoginAnswer) => void;
  onRestart: () => void;
}) {
  const { client, asked } = props;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed) {
      setError('Enter the code.');
      return;
    }
    setBusy(true);
    setError(undefined);
    setStatus(undefined);
    try {
      props.onSignedIn(await client.verifySignIn(asked.challenge, typed));
    } catch (err) {
      setError(
        isFailure(err, 401)
          ? 'That code did not work. Check it and try again; after 5 wrong codes, sign in again.'
          : isFailure(err)
            ? err.message
            : 'Sign-in failed.',
      );
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(undefined);
    try {
      await client.resendCode(asked.challenge);
      setStatus('A new code is on its way.');
    } catch (err) {
      setError(
        isFailure(err, 429) ? 'Please wait a minute before asking for another code.' : 'No new code could be sent.',
      );
    }
  };

  return (
    <section className="card card--narrow" aria-labelledby="second-step-title">
      <h1 id="second-step-title">Two-factor sign-in</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextInput
          label="Code"
          name="code"
          autoComplete="one-time-code"
          inputMode={asked.method === 'authenticator' ? 'numeric' : 'text'}
          value={code}
          onChange={setCode}
          hint={`${WHERE[asked.method]} Lost it? Enter one of your recovery codes instead.`}
          autoFocus
          required
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {status && <p role="status">{status}</p>}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
      </form>
      <p className="card__footer">
        {asked.method !== 'authenticator' && (
          <button type="button" className="btn" onClick={() => void resend()}>
            Send a new code
          </button>
        )}{' '}
        <button type="button" className="btn" onClick={props.onRestart}>
          Start over
        </button>
      </p>
    </section>
  );
}
