/**
 * Sign-in: password and single-use keys (sudo_login, forgot_password) open a session; a session is
 * a system record named by the token, so logout takes effect at once.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { productStaffAdminKey } from '../../engine/access.ts';
import { ApiError, invalidCredentials } from '../http/errors.ts';
import { getOrg, type OrgInfo } from '../orgs.ts';
import type { Services } from '../services.ts';
import { VersionConflictError, type StoredRecord, type WriteOp } from '../storage/types.ts';
import { actorOf, auditOp } from '../data/audit.ts';
import { verifyPassword } from '../crypto/passwords.ts';
import { impersonatorActs, isUuid, principalFor, sessionView, userMaySignIn } from './principal.ts';
import { impersonatorOf, sessionPrincipal, sudoOnlyAccount, type Impersonator } from './impersonation.ts';
import { signToken } from './tokens.ts';
import { expiredSessionOps, newSessionOp, sessionEpoch } from './sessions.ts';
import { newFamilyOps, type IssuedRefresh } from './refresh-tokens.ts';
import { signInState, type Challenge, type TwoFactorMethod } from './sign-in-state.ts';
import { queueMessages } from '../mail/outbox.ts';
import {
  CHALLENGE_SECONDS,
  SENT_CODE_SECONDS,
  methodOf,
  newChallengeToken,
  newSentCode,
  codeMessage,
  sentCodeHash,
} from './two-factor.ts';

export const SINGLE_USE = 'auth/single_use_logins';
export type LoginType = 'password' | 'sudo_login' | 'forgot_password';

export async function findUser(s: Services, orgId: string, userid: string): Promise<StoredRecord | undefined> {
  const id = userid.trim().toLowerCase();
  if (isUuid(id)) return await s.storage.get('auth/users', orgId, id);
  return (
    await s.storage.find('auth/users', orgId, {
      criteria: [{ field: 'email', is: '=', value: id }],
      limit: 1,
      offset: 0,
    })
  ).items[0];
}

function meta(actor: string, now: number, version = 1) {
  return { created_by: actor, created_time: now, updated_by: actor, updated_time: now, version };
}

/**
 * Spends every unused single-use key of the account (forgot-password links, invitations): a new
 * password makes them moot, and a changed e-mail means they went to an address that is no longer
 * the account's (whoever reads the old mailbox would otherwise set the password).
 */
export async function spendSingleUseKeysOps(s: Services, org: string, userKey: string): Promise<WriteOp[]> {
  const keys = await s.storage.find(SINGLE_USE, org, {
    criteria: [{ field: 'user_key', is: '=', value: userKey }],
    limit: Infinity,
    offset: 0,
  });
  return keys.items.map((k) => ({ op: 'delete', collection: SINGLE_USE, org, key: k.key }));
}

/** Issues a single-use key (`<record key>.<secret>`); only a keyed digest of the secret is stored. */
export function singleUseOp(
  s: Services,
  org: string,
  user: Pick<StoredRecord, 'key'>,
  type: 'sudo_login' | 'forgot_password',
  lifetime: number,
  metadata: Record<string, unknown> = {},
): { op: WriteOp; key: string } {
  const id = randomUUID();
  const secret = randomBytes(24).toString('base64url');
  const now = s.now();
  return {
    key: `${id}.${secret}`,
    op: {
      op: 'put',
      expectVersion: 0,
      record: {
        collection: SINGLE_USE,
        org,
        key: id,
        data: {
          user_identifier: user.key,
          user_key: user.key,
          key_hash: s.cipher.lookup(secret),
          type,
          expiration: now + lifetime,
          session_length: s.config.sessionSeconds,
          metadata,
        },
        meta: meta('system', now),
      },
    },
  };
}

/** Checks a single-use key and the op that consumes it; undefined when it does not open this door. */
async function redeem(
  s: Services,
  org: string,
  user: StoredRecord,
  key: string,
  type: LoginType,
): Promise<{ consume: WriteOp; sessionLength: number; metadata: Record<string, unknown> } | undefined> {
  const [id, secret] = key.split('.');
  if (!isUuid(id) || !secret) return undefined;
  const rec = await s.storage.get(SINGLE_USE, org, id);
  if (!rec) return undefined;
  const d = rec.data;
  const expected = Buffer.from(String(d.key_hash));
  const given = Buffer.from(s.cipher.lookup(secret));
  const ok =
    expected.length === given.length &&
    timingSafeEqual(expected, given) &&
    d.type === type &&
    d.user_key === user.key &&
    Number(d.expiration) > s.now();
  if (!ok) return undefined;
  return {
    consume: { op: 'delete', collection: SINGLE_USE, org, key: id, expectVersion: rec.meta.version },
    sessionLength: Number(d.session_length) || s.config.sessionSeconds,
    metadata: (d.metadata as Record<string, unknown> | undefined) ?? {},
  };
}

export interface SignInResult extends IssuedRefresh {
  token: string;
  exp: number;
  session: Record<string, unknown>;
}

/** The password step's answer for an account with a second factor: no session yet. */
export interface TwoFactorAsked {
  two_factor_required: true;
  challenge: string;
  method: Exclude<TwoFactorMethod, 'none'>;
}

/**
 * The account changed between the sign-in's read of it (its password checked against it) and the
 * commit that opens the session or the challenge: a password change, a block, an administrator's
 * edit. signIn reads it again and decides anew; verify_2fa answers this 409 (nothing was used up).
 */
export class AccountChangedError extends ApiError {
  constructor() {
    super(409, 'The account changed meanwhile; try again.');
  }
}

/** The account as read: a commit naming it fails when it changed since (AccountChangedError). */
function unchanged(user: StoredRecord): WriteOp {
  return { op: 'check', collection: 'auth/users', org: user.org, key: user.key, expectVersion: user.meta.version };
}

/** A commit of a sign-in: a change of the account meanwhile is AccountChangedError, another conflict a wrong key. */
async function commitSignIn(s: Services, ops: WriteOp[]): Promise<void> {
  try {
    await s.storage.commit(ops);
  } catch (e) {
    if (e instanceof VersionConflictError) {
      if (e.collection === 'auth/users') throw new AccountChangedError();
      // A single-use key (or a challenge) redeemed twice at once: only the first commit wins.
      throw invalidCredentials();
    }
    throw e;
  }
}

/**
 * The stored password hash. Versions before 2026-11-26 sealed it as a sensitive value when an
 * administrator saved the account; such an account signs in again with its own password.
 */
export function passwordHashOf(s: Services, secret: unknown): string | undefined {
  if (typeof secret !== 'string') return undefined;
  return s.cipher.isEncrypted(secret) ? s.cipher.decrypt(secret) : secret;
}

export async function signIn(
  s: Services,
  org: OrgInfo | undefined,
  userid: string,
  key: string,
  type: LoginType,
  request: { browser?: string; address?: string },
): Promise<SignInResult | TwoFactorAsked> {
  const user = org ? await findUser(s, org.id, userid) : undefined;
  let ops: WriteOp[] = [];
  let sessionLength = s.config.sessionSeconds;
  let impersonatedBy: Impersonator | undefined;
  let sessionType: string = type;
  if (type === 'password') {
    // Unknown users cost the same hashing work as known ones.
    const ok = await verifyPassword(passwordHashOf(s, user?.data.secret), key);
    if (!ok) throw invalidCredentials();
  } else {
    const r = org && user ? await redeem(s, org.id, user, key, type) : undefined;
    if (!r) throw invalidCredentials();
    ops = [r.consume];
    sessionLength = r.sessionLength;
    // A sudo key names the staff member who asked for it (routes.ts sudo_login).
    const m = r.metadata;
    if (type === 'sudo_login') {
      impersonatedBy = impersonatorOf({ key: m.by, org: m.from_org, name: m.by_name, epoch: m.by_epoch });
      // A key asked for by a staff member whose sessions have ended since opens nothing.
      if (!impersonatedBy || !(await impersonatorActs(s, impersonatedBy))) throw invalidCredentials();
    }
    // The key of get_cross_site_invite (user-admin.ts) opens a session of a partner account.
    if (m.purpose === 'cross_site' && user?.data.cross_site_login_only === true) sessionType = 'cross_site';
  }
  if (!org) throw invalidCredentials();
  let account = user;
  for (let tries = 0; ; tries++) {
    if (org.status !== 'active' || !userMaySignIn(account)) throw invalidCredentials();
    // A company's product-staff account has no credentials: a sudo key naming its staff member opens
    // it, and opens nothing else.
    if (sudoOnlyAccount(org, account.key) !== (impersonatedBy !== undefined)) throw invalidCredentials();
    // spec/001: a partner account signs in only through the cross-site flow, never by password.
    if (account.data.cross_site_login_only === true && sessionType !== 'cross_site') throw invalidCredentials();
    const method = methodOf(account);
    try {
      if (type !== 'sudo_login' && method !== 'none') {
        return await askSecondFactor(s, org, account, method, { type: sessionType, sessionLength, ops, request });
      }
      return await openSession(s, org, account, { type: sessionType, sessionLength, impersonatedBy, ops, request });
    } catch (e) {
      if (!(e instanceof AccountChangedError) || tries >= 4) throw e;
      // The password was checked against the account as it was: it still holds only if the password
      // is the same (a password change ends every session, this one too, API.md).
      const now = await s.storage.get('auth/users', org.id, account.key);
      if (!now || now.data.secret !== account.data.secret) throw invalidCredentials();
      account = now;
    }
  }
}

/**
 * The password (or key) step of an account with a second factor: a challenge for verify_2fa in
 * place of a session, the key consumed; for e-mail and text the code goes out at once.
 */
async function askSecondFactor(
  s: Services,
  org: OrgInfo,
  user: StoredRecord,
  method: Exclude<TwoFactorMethod, 'none'>,
  o: { type: string; sessionLength: number; ops: WriteOp[]; request: { browser?: string; address?: string } },
): Promise<TwoFactorAsked> {
  const now = s.now();
  const { id, token, secretHash } = newChallengeToken(s);
  const code = method === 'authenticator' ? undefined : newSentCode();
  const challenge: Challenge = {
    id,
    org: org.id,
    user: user.key,
    purpose: 'login',
    method,
    secretHash,
    loginType: o.type,
    sessionLength: o.sessionLength,
    attempts: 0,
    exp: now + CHALLENGE_SECONDS,
    version: 0,
    ...(code ? { codeHash: sentCodeHash(s, id, code), codeExp: now + SENT_CODE_SECONDS, sentAt: now } : {}),
  };
  const mail = queueMessages(
    s,
    org.id,
    code && (method === 'email' || method === 'text') ? codeMessage(org, user, method, code) : undefined,
  );
  await commitSignIn(s, [
    unchanged(user),
    ...o.ops,
    signInState(s).putChallenge(challenge),
    ...mail.ops,
    auditOp({
      org: org.id,
      actor: actorOf({ user }),
      action: 'login',
      module: 'auth',
      type: 'users',
      key: user.key,
      affectedUser: user.key,
      fields: [o.type],
      outcome: `second factor asked (${method})`,
      browser: o.request.browser,
      address: o.request.address,
      now,
    }),
  ]);
  await mail.deliver();
  return { two_factor_required: true, challenge: token, method };
}

/**
 * Opens a session for a user whose sign-in is complete: the session record, the first refresh
 * token of a new family, an audit entry and `ops` (a key consumed, a challenge spent) in one
 * commit; then the signed token.
 */
export async function openSession(
  s: Services,
  org: OrgInfo,
  user: StoredRecord,
  o: {
    type: string;
    sessionLength?: number;
    impersonatedBy?: Impersonator;
    ops?: WriteOp[];
    request: { browser?: string; address?: string };
    /** What the audit entry says of how the sign-in ended (a second factor used). */
    outcome?: string;
  },
): Promise<SignInResult> {
  const { type, impersonatedBy } = o;
  const ops = [...(o.ops ?? [])];
  const now = s.now();
  const sid = randomUUID();
  const exp = now + (o.sessionLength ?? s.config.sessionSeconds);
  const epoch = await sessionEpoch(s, org.id, user.key);
  const refresh = await newFamilyOps(s, org.id, user.key, sid, epoch);
  ops.push(
    // The user's sessions that are over go as a new one comes (the rest by startSessionPurge).
    ...(await expiredSessionOps(s, org.id, user.key)),
    newSessionOp(
      org.id,
      sid,
      user.key,
      {
        user: user.key,
        exp,
        type,
        epoch,
        signed_in: now,
        ...(impersonatedBy ? { impersonated_by: impersonatedBy } : {}),
      },
      now,
    ),
    ...refresh.ops,
    auditOp({
      org: org.id,
      actor: actorOf({ user, impersonatedBy }),
      action: 'login',
      module: 'auth',
      type: 'users',
      key: user.key,
      affectedUser: user.key,
      fields: [type],
      ...(o.outcome ? { outcome: o.outcome } : {}),
      browser: o.request.browser,
      address: o.request.address,
      now,
    }),
  );
  await commitSignIn(s, [unchanged(user), ...ops]);
  return { ...(await sessionToken(s, org, user, { sid, exp, type, impersonatedBy })), ...refresh.issued };
}

/** The signed token and session content of a stored session. */
export async function sessionToken(
  s: Services,
  org: OrgInfo,
  user: StoredRecord,
  o: { sid: string; exp: number; type: string; impersonatedBy?: Impersonator },
): Promise<{ token: string; exp: number; session: Record<string, unknown> }> {
  const { sid, exp, type, impersonatedBy } = o;
  const principal = (await sessionPrincipal(s, org, { type, impersonatedBy }, await principalFor(s, org, user)))!;
  const session = sessionView(s, { org, user, principal, exp, type, impersonatedBy });
  const token = await signToken(s.tokenKey, { sub: user.key, org: org.id, sid, exp, session }, s.now());
  return { token, exp, session };
}

/** The target of a sudo login: a company below the caller's, and its product-staff admin account. */
export async function sudoTarget(
  s: Services,
  from: OrgInfo,
  targetId: string,
): Promise<{ org: OrgInfo; admin: StoredRecord }> {
  const target = isUuid(targetId) ? await getOrg(s, targetId) : undefined;
  let ok = false;
  for (
    let o = target, hops = 0;
    o && hops < 16;
    o = o.parent === o.id ? undefined : await getOrg(s, o.parent), hops++
  ) {
    if (o.parent === from.id && o.id !== from.id) ok = true;
  }
  if (!target || !ok) throw new ApiError(404, 'Not found');
  const admin = await s.storage.get('auth/users', target.id, productStaffAdminKey(target.id));
  if (!admin || !userMaySignIn(admin)) throw new ApiError(404, 'Not found');
  return { org: target, admin };
}
