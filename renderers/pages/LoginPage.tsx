/**
 * Sign-in (/login, /, and /auto-login?userid=&key=&type= for single-use keys; /auto-login without
 * them is the plain sign-in). An account with a second factor answers a challenge instead of a
 * session: the second step (TwoFactorStep) asks for the code. After signing in the visitor goes to
 * the redirect query, else to their landing page (spec/000 section 4).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isFailure } from '../api/failure.ts';
import { asksSecondFactor, type LoginAnswer, type TwoFactorChallenge } from '../api/types.ts';
import { guardSession, landing, safeRedirect, sessionValid, TWO_FACTOR_SETTINGS } from '../guard/decide.ts';
import { useServices } from '../session/session.tsx';
import { TextInput } from './TextInput.tsx';
import { CompanyChooser } from './CompanyChooser.tsx';
import { TwoFactorStep } from './TwoFactorStep.tsx';

type LoginType = 'password' | 'sudo_login' | 'forgot_password';

/**
 * The single-use key of an /auto-login link, or undefined for a link of no single-use type. A link
 * never signs in with a password: one colleague could send another a link to their own account
 * (`?userid=me&key=<my password>`), and the other would type their details into it.
 */
function autoParams(
  search: URLSearchParams,
  hash: string,
): { userid?: string; key?: string; type: LoginType } | undefined {
  // The hash-route form (#/auto-login?userid=...) is read too.
  const q = search.get('userid') ? search : new URLSearchParams(hash.split('?')[1] ?? '');
  const t = q.get('type');
  if (t !== 'sudo_login' && t !== 'forgot_password') return undefined;
  return { userid: q.get('userid') ?? undefined, key: q.get('key') ?? undefined, type: t };
}

/** A link's key refused: used already, expired, or not one; the same answer for each (API.md). */
export const LINK_SPENT =
  'This sign-in link was used already or has expired. Get a new one with "Forgot your password?", or ask your employer to send the invitation again.';

export function LoginPage({ auto: autoRoute = false }: { auto?: boolean }) {
  const { client, auth, signIn, org } = useServices();
  const [params] = useSearchParams();
  const location = useLocation();
  // /auto-login without a single-use key is an alias of /login (spec/000 section 2): the sign-in form.
  const keys = autoRoute ? autoParams(params, location.hash) : undefined;
  const auto = !!(keys?.userid || keys?.key);
  const navigate = useNavigate();
  const [userid, setUserid] = useState('');
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<{ challenge: TwoFactorChallenge; type: LoginType }>();
  /** Who is signed in here while the link is for another account, until the person chooses. */
  const [signedInAs, setSignedInAs] = useState<string>();
  const redirect = safeRedirect(params.get('redirect'));

  const finish = (answer: LoginAnswer, type: LoginType) => {
    signIn(answer);
    const gs = guardSession({ ...answer.session, exp: answer.exp ?? answer.session.exp });
    // A session that owes its company a second factor goes to set one up first.
    const to = answer.session.two_factor_setup_required
      ? TWO_FACTOR_SETTINGS
      : type === 'forgot_password' && answer.session.password_reset
        ? '/password-change'
        : (redirect ?? landing(gs));
    navigate(to, { replace: true, state: { fromLogin: true } });
  };

  const attempt = async (u: string, k: string, type: LoginType) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await client.login(u, k, type);
      if (asksSecondFactor(answer)) {
        setAsked({ challenge: answer, type });
        setBusy(false);
        setKey('');
        return;
      }
      finish(answer, type);
    } catch (e) {
      setError(isFailure(e) ? e.message : 'Sign-in failed.');
      setBusy(false);
    }
  };

  const tried = useRef(false);
  useEffect(() => {
    if (!auto || !keys || tried.current) return;
    tried.current = true;
    // The link opened again in the browser it signed in (the password not chosen yet, say): its key
    // is spent, but the session it opened is still here.
    const current = auth.session;
    const held = current ? guardSession(current) : null;
    if (current && held && sessionValid(held, Date.now() / 1000)) {
      if (current.user.key === keys.userid) {
        navigate(current.password_reset ? '/password-change' : landing(held), { replace: true });
        return;
      }
      // Someone else's link (a colleague could send their own): asked before it replaces this session.
      if (keys.userid && keys.key) return setSignedInAs(current.user.display_name || current.user.email);
    }
    if (keys.userid && keys.key) void attempt(keys.userid, keys.key, keys.type);
    else setError('This sign-in link is incomplete.');
  }, [auto]);
  // The form at /login starts clean, whatever a link just answered.
  useEffect(() => setError(undefined), [autoRoute]);

  const gs = auth.session ? guardSession(auth.session) : null;
  if (!auto && !busy && sessionValid(gs, Date.now() / 1000)) return <Navigate to={redirect ?? landing(gs)} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!userid || !key) {
      setError('Enter your e-mail and password.');
      return;
    }
    void attempt(userid.trim(), key, 'password');
  };

  if (asked) {
    return (
      <TwoFactorStep
        client={client}
        asked={asked.challenge}
        onSignedIn={(answer) => finish(answer, asked.type)}
        onRestart={() => {
          setAsked(undefined);
          if (auto) navigate('/login', { replace: true });
        }}
      />
    );
  }

  if (auto && signedInAs && keys?.userid && keys.key) {
    const { userid: linkUser, key: linkKey, type: linkType } = keys;
    return (
      <section className="card card--narrow" aria-labelledby="auto-title">
        <h1 id="auto-title">A sign-in link to another account</h1>
        <p>
          You are signed in as {signedInAs}. This link signs in to another account: what you do next is done in that
          account.
        </p>
        <p className="page__actions">
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => navigate(gs ? landing(gs) : '/login', { replace: true })}
          >
            Stay signed in as {signedInAs}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setSignedInAs(undefined);
              void attempt(linkUser, linkKey, linkType);
            }}
          >
            Sign in with the link
          </button>
        </p>
      </section>
    );
  }

  if (auto) {
    return (
      <section className="card card--narrow" aria-labelledby="auto-title">
        <h1 id="auto-title">{error ? 'This link did not sign you in' : 'Signing in…'}</h1>
        {error ? (
          <>
            <p className="form-error" role="alert">
              {error === 'Invalid credentials' ? LINK_SPENT : error}
            </p>
            <p>
              <Link to="/password-forgot">Forgot your password?</Link> ·{' '}
              <Link to="/login">Sign in with your password</Link>
            </p>
          </>
        ) : (
          <p role="status">Please wait.</p>
        )}
      </section>
    );
  }

  return (
    <section className="card card--narrow" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      {org.is_root && <CompanyChooser />}
      <form onSubmit={submit} noValidate>
        <TextInput
          label="E-mail"
          name="userid"
          type="email"
          autoComplete="username"
          value={userid}
          onChange={setUserid}
          required
        />
        <TextInput
          label="Password"
          name="key"
          type="password"
          autoComplete="current-password"
          value={key}
          onChange={setKey}
          required
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="card__footer">
        <Link to="/password-forgot">Forgot your password?</Link>
      </p>
    </section>
  );
}
