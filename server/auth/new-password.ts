/**
 * Stores a new password for an account, whether its holder changes it (change_password) or a user
 * manager sets it (set_user_password): the rules of engine/passwords.ts with the company's minimum,
 * the holder's current password when asked for, an argon2id hash, the record committed on its
 * version as it is once hashing is done (it may have changed meanwhile), every other session of
 * the account and every single-use key of it ended, and an audit entry; the holder is told by e-mail
 * when it was not they who set it.
 */
import type { Context } from 'hono';
import { PASSWORD_MESSAGES, passwordProblems } from '../../engine/passwords.ts';
import { loadCommonPasswords } from '../../engine/common-passwords.ts';
import type { FieldError } from '../../engine/messages.ts';
import { hashPassword, verifyPassword } from '../crypto/passwords.ts';
import { actorOf, auditOp } from '../data/audit.ts';
import { notAuthorized, notFound, validationFailed } from '../http/errors.ts';
import { requestInfo } from '../http/context.ts';
import { SYSTEM, type Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';
import type { Caller } from './principal.ts';
import { sudoOnlyAccount } from './impersonation.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { queueMessages, type QueuedMessage } from '../mail/outbox.ts';
import { passwordHashOf, spendSingleUseKeysOps } from './sign-in.ts';
import { endSessionsOps, signedInAt } from './sessions.ts';
import { signInAttempt, throttledCheck } from './throttled-check.ts';

/**
 * Whether a change by the account's holder must prove the current password: not in a session opened
 * by a forgot-password key (or an invitation), whose holder has none to give (such a session sets
 * one password; after that it is a session like any other), nor within DFORM_RECENT_SIGN_IN_SECONDS of
 * signing in, where API.md's `{password, password2}` is the whole call (a current password given is
 * checked all the same). Later, a session token taken from an unlocked computer or a log must not
 * be enough to take the account: the current password is asked for (OWASP ASVS 5.0 6.2.3).
 */
export async function needsCurrentPassword(s: Services, caller: Caller): Promise<boolean> {
  if (caller.type === 'forgot_password') return false;
  const session = await s.storage.get(SYSTEM.sessions, caller.org.id, caller.sid);
  return !session || s.now() - signedInAt(session) >= s.config.recentSignInSeconds;
}

export async function storeNewPassword(
  s: Services,
  c: Context,
  caller: Caller,
  userKey: string,
  body: { current_password?: unknown; password?: unknown; password2?: unknown },
  opts: { checkCurrent?: boolean } = {},
): Promise<void> {
  const org = caller.org.id;
  const target = await s.storage.get('auth/users', org, userKey);
  if (!target) throw notFound();
  // A company's product-staff account holds no password (./impersonation.ts).
  if (sudoOnlyAccount(caller.org, userKey)) throw notAuthorized();
  const current =
    opts.checkCurrent || body.current_password !== undefined
      ? await currentPasswordProblems(s, c, caller, target, body.current_password)
      : [];
  const problems = [
    ...current,
    ...passwordProblems(body.password, body.password2, {
      minLength: caller.org.record.data.password_min_length as number | undefined,
      common: await loadCommonPasswords(),
      personal: [target.data.email, target.data.display_name],
    }),
  ];
  if (problems.length) throw validationFailed(problems);
  const secret = await hashPassword(body.password as string);
  const user = await s.storage.get('auth/users', org, userKey);
  if (!user) throw notFound();
  const now = s.now();
  const singleUseKeys = await spendSingleUseKeysOps(s, org, userKey);
  const notice = queueMessages(s, org, userKey === caller.user.key ? undefined : passwordSetNotice(caller, user));
  await s.storage.commit([
    {
      op: 'put',
      expectVersion: user.meta.version,
      record: {
        ...user,
        data: { ...user.data, secret },
        meta: { ...user.meta, updated_by: caller.user.key, updated_time: now, version: user.meta.version + 1 },
      },
    },
    // The caller's own session goes on, as a session that needs the current password from now on.
    ...(await endSessionsOps(s, org, userKey, { sid: caller.sid, changes: { type: 'password' } })),
    ...singleUseKeys,
    auditOp({
      org,
      actor: actorOf(caller),
      action: 'password',
      module: 'auth',
      type: 'users',
      key: userKey,
      affectedUser: userKey,
      fields: ['secret'],
      ...requestInfo(c),
      now,
    }),
    ...notice.ops,
  ]);
  await notice.deliver();
}

/**
 * The e-mail telling an account's holder that a user manager set their password (their sessions
 * have just ended), as a reset of their second factor tells them: a change they did not ask for
 * does not go unnoticed. Undefined for an account with no e-mail address.
 */
function passwordSetNotice(caller: Caller, user: StoredRecord): QueuedMessage | undefined {
  const email = typeof user.data.email === 'string' ? user.data.email : '';
  if (!email.includes('@')) return undefined;
  const company = caller.org.name;
  const text = `The password of your ${company} account was set by a user manager; any session of yours has ended. Sign in with the password they give you, or choose your own with "Forgot your password?". If you did not expect this, tell your administrator.`;
  return { to: email, subject: `${company}: your password was set`, text, html: `<p>${escapeHtml(text)}</p>` };
}

/**
 * The current password, checked as a sign-in is, under the same throttle (./throttled-check.ts): a
 * wrong one counts as a failed sign-in of the account (so a stolen session cannot guess it), and
 * too many answer 429.
 */
export async function currentPasswordProblems(
  s: Services,
  c: Context,
  caller: Caller,
  user: StoredRecord,
  given: unknown,
): Promise<FieldError[]> {
  if (typeof given !== 'string' || !given) {
    return [{ path: '/current_password', message: PASSWORD_MESSAGES.currentRequired }];
  }
  const right = await throttledCheck(
    s,
    signInAttempt(c, 'password', `${caller.org.id}\u0000${user.key}`),
    async () => given.length <= 1024 && (await verifyPassword(passwordHashOf(s, user.data.secret), given)),
    (ok) => !ok,
  );
  return right ? [] : [{ path: '/current_password', message: PASSWORD_MESSAGES.currentWrong }];
}
