/**
 * Two-factor sign-in settings (/settings/two-factor, docs/two-factor.md): the user chooses a method
 * and sees their 10 recovery codes, once. Codes by e-mail or text are on at once (to the address or
 * phone on file, told there); an authenticator app is proven first with a code from it (it scans
 * the QR code of the `otpauth://` URI, or the key is typed in). While the company requires a second factor the user has not set up, this
 * is the only page the app opens, and turning it off is not offered.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { isFailure } from '../api/failure.ts';
import type { TwoFactorMethod } from '../api/types.ts';
import { useNotify } from '../notify/notify.tsx';
import { useServices } from '../session/session.tsx';
import { TextInput } from './TextInput.tsx';

const LABELS: Record<TwoFactorMethod, string> = {
  none: 'Off: sign in with the password alone',
  authenticator: 'Authenticator app (recommended)',
  email: 'Code by e-mail',
  text: 'Code by text message',
};

type Step = { kind: 'choose' } | { kind: 'prove'; key: string; uri: string } | { kind: 'codes'; codes: string[] };

/** The QR code of the otpauth URI, drawn here (the `qrcode` package, loaded with this page only). */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode').then((q) =>
      q.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 200 }).then((url) => live && setSrc(url)),
    );
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img
      className="two-factor__qr"
      src={src}
      width={200}
      height={200}
      alt="QR code to scan with your authenticator app"
    />
  ) : (
    <p role="status">Drawing the QR code…</p>
  );
}

export function TwoFactorPage() {
  const { client, auth, signIn } = useServices();
  const notify = useNotify();
  const session = auth.session;
  const current = session?.two_factor_method ?? 'none';
  const required = session?.two_factor_setup_required === true;
  const [choice, setChoice] = useState<TwoFactorMethod>(current === 'none' ? 'authenticator' : current);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [code, setCode] = useState('');
  // A factor that is on changes only with the password (a session left open must not change it).
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  /** The session view again, so the app knows the method (and that the setup is done). */
  const reloadSession = async () => {
    const fresh = await client.session().catch(() => undefined);
    if (fresh && auth.token) signIn({ token: auth.token, exp: fresh.exp, session: fresh });
  };

  const choose = async (e: FormEvent) => {
    e.preventDefault();
    const asksPassword = current !== 'none';
    if (asksPassword && !password) {
      setPasswordError('Enter your password to change two-factor sign-in.');
      return;
    }
    setBusy(true);
    setError(undefined);
    setPasswordError(undefined);
    try {
      const r = await client.setTwoFactorMethod(choice, asksPassword ? password : undefined);
      setPassword('');
      if (choice === 'none') {
        notify({ type: 'positive', message: 'Two-factor sign-in is off.' });
        await reloadSession();
        setStep({ kind: 'choose' });
      } else if (r.recovery_codes) {
        // Codes by e-mail or text are on at once (an authenticator waits for a code from its app).
        await reloadSession();
        setStep({ kind: 'codes', codes: r.recovery_codes });
      } else if (r.authenticator_key && r.otpauth_uri) {
        setCode('');
        setStep({ kind: 'prove', key: r.authenticator_key, uri: r.otpauth_uri });
      }
    } catch (err) {
      const first = isFailure(err) ? err.errors?.[0] : undefined;
      if (first?.path === '/current_password') setPasswordError(first.message);
      else setError(isFailure(err) ? (first?.message ?? err.message) : 'The method could not be set.');
    } finally {
      setBusy(false);
    }
  };

  const prove = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) {
      setError('Enter the code.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const r = await client.proveTwoFactor(code.trim());
      setStep({ kind: 'codes', codes: r.recovery_codes });
    } catch (err) {
      setError(
        isFailure(err, 401)
          ? 'That code did not work. Check it and try again.'
          : isFailure(err)
            ? err.message
            : 'The code could not be checked.',
      );
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    await reloadSession();
    setStep({ kind: 'choose' });
    notify({ type: 'positive', message: 'Two-factor sign-in is on.' });
  };

  return (
    <section className="page page--narrow" aria-labelledby="two-factor-title">
      <h1 id="two-factor-title">Two-factor sign-in</h1>
      {required && step.kind !== 'codes' && (
        <p className="two-factor__required" role="status">
          Your company requires two-factor sign-in for your role. Set it up to continue.
        </p>
      )}
      {step.kind === 'choose' && (
        <form onSubmit={(e) => void choose(e)} noValidate>
          <p>
            Now: <strong>{current === 'none' ? 'off' : LABELS[current]}</strong>
          </p>
          <fieldset className="field">
            <legend className="field__label">Sign in with</legend>
            {(['authenticator', 'email', 'text', 'none'] as const)
              .filter((m) => m !== 'none' || !required)
              .map((m) => (
                <label key={m} className="choice">
                  <input type="radio" name="method" value={m} checked={choice === m} onChange={() => setChoice(m)} />{' '}
                  {LABELS[m]}
                </label>
              ))}
          </fieldset>
          {current !== 'none' && (
            <TextInput
              label="Your password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              hint="Two-factor sign-in is on: changing it takes your password."
              error={passwordError}
              required
            />
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {choice === 'none' ? 'Turn off' : 'Continue'}
          </button>
        </form>
      )}
      {step.kind === 'prove' && (
        <form onSubmit={(e) => void prove(e)} noValidate>
          <p>Scan this QR code with your authenticator app, or type the key into it.</p>
          <QrCode uri={step.uri} />
          <p>
            Key: <code className="two-factor__key">{step.key}</code>
          </p>
          <TextInput
            label="Code"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={setCode}
            hint="Enter the code to turn the method on."
            required
          />
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Turn on
          </button>{' '}
          <button type="button" className="btn" onClick={() => setStep({ kind: 'choose' })}>
            Back
          </button>
        </form>
      )}
      {step.kind === 'codes' && (
        <div>
          <h2>Your recovery codes</h2>
          <p role="status">
            Two-factor sign-in is on. Keep these codes somewhere safe: each signs you in once if you lose your device.
            They are shown only now.
          </p>
          <ul className="two-factor__codes" aria-label="Recovery codes">
            {step.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--primary" onClick={() => void finish()}>
            I have saved them
          </button>
        </div>
      )}
    </section>
  );
}
