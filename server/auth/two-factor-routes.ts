/**
 * The calls of two-factor sign-in, refresh tokens and get_org_name (../shared/API.md "v2
 * additions: Two-factor sign-in and refresh tokens"; docs/two-factor.md), mounted at /auth/api.
 * The rules live in ./two-factor.ts, the state in ./sign-in-state.ts, refresh families in
 * ./refresh-tokens.ts.
 */
import { Hono, type Context } from 'hono';
import { actorOf, auditOp } from '../data/audit.ts';
import { systemUpdate } from '../data/system-write.ts';
import { sealSensitive } from '../crypto/field-cipher.ts';
import {
  ApiError,
  badRequest,
  invalidToken,
  notAuthorized,
  notFound,
  tooManyAttempts,
  validationFailed,
} from '../http/errors.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import { readJsonObject, requireTextFields } from '../http/json-body.ts';
import { requestHeader } from '../http/node-request.ts';
import { currentOrg, getOrg, type OrgInfo } from '../orgs.ts';
import { SYSTEM, type Services } from '../services.ts';
import { VersionConflictError, type StoredRecord, type WriteOp } from '../storage/types.ts';
import { mayActOnAccount } from './account-rights.ts';
import { sudoOnlyAccount, impersonatorOf } from './impersonation.ts';
import { authenticate, callerOfSession, isUuid, userMaySignIn, type Caller } from './principal.ts';
import { signedIn } from './signed-in.ts';
import { checkRefresh, newFamilyOps, rotateOps } from './refresh-tokens.ts';
import { newSessionOp, sessionEpoch, signedInAt } from './sessions.ts';
import { openSession, sessionToken } from './sign-in.ts';
import { signInState, type Challenge, type TwoFactorMethod } from './sign-in-state.ts';
import { signInAttempt, throttledCheck } from './throttled-check.ts';
import {
  AUTHENTICATOR_KEY,
  INVALID_CODE,
  INVALID_KEY,
  MAX_WRONG_CODES,
  METHODS,
  RESEND_SECONDS,
  SENT_CODE_SECONDS,
  challengeSecretHash,
  deliverable,
  looksLikeRecoveryCode,
  methodOf,
  newAuthenticatorKey,
  newRecoveryCodes,
  newSentCode,
  secondFactorOffNotice,
  secondFactorOnNotice,
  otpauthUri,
  recoveryCodeHash,
  sameDigest,
  codeMessage,
  sentCodeHash,
  sentCodeRight,
  totpStep,
  twoFactorRequired,
} from './two-factor.ts';
import { queueMessages } from '../mail/outbox.ts';
import { currentPasswordProblems } from './new-password.ts';

const invalidCode = () => new ApiError(401, INVALID_CODE);
/** How long an old session token keeps working after a refresh: requests already under way finish. */
const REFRESH_GRACE_SECONDS = 30;
export const SETUP_REQUIRED = 'Two-factor sign-in must be set up first.';

function stringField(body: Record<string, unknown>, name: string, max: number, required = true): string | undefined {
  const v = body[name];
  if (v === undefined && !required) return undefined;
  requireTextFields(body, { [name]: max });
  return v as string;
}

function userIdOf(body: Record<string, unknown>): string {
  const id = typeof body.user_id === 'string' ? body.user_id.toLowerCase() : '';
  if (!isUuid(id)) {
    throw badRequest('user_id must be a 36-character user key', [
      { path: '/user_id', message: 'Must be a 36-character user key' },
    ]);
  }
  return id;
}

function issuerOf(org: OrgInfo): string {
  return org.name || 'dform';
}

/** The account's authenticator key in clear, if it holds one. */
function storedKeyOf(s: Services, user: StoredRecord): string | undefined {
  const v = user.data.authenticator_key;
  return typeof v === 'string' && v ? s.cipher.decrypt(v) : undefined;
}

/** What proving a code for `c` stores: the TOTP step used, or the recovery code spent; undefined when wrong. */
async function proofOps(
  s: Services,
  c: Challenge,
  user: StoredRecord,
  key: string | undefined,
  code: string,
): Promise<WriteOp[] | undefined> {
  const st = signInState(s);
  const now = s.now();
  if (c.method === 'authenticator' && key) {
    const last = await st.lastTotpStep(c.org, user.key);
    const step = totpStep(key, code, now, last.step);
    if (step !== undefined) return [st.useTotpStep(c.org, user.key, step, last.version)];
  }
  if (c.method !== 'authenticator' && sentCodeRight(s, c, code)) return [];
  // A recovery code stands in for any method's code at sign-in, once.
  if (c.purpose === 'login' && looksLikeRecoveryCode(code)) {
    const { hashes, version } = await st.recoveryCodes(c.org, user.key);
    const h = recoveryCodeHash(s, user.key, code);
    if (hashes.some((x) => sameDigest(x, h))) {
      return [
        st.putRecoveryCodes(
          c.org,
          user.key,
          hashes.filter((x) => x !== h),
          version,
        ),
      ];
    }
  }
  return undefined;
}

/**
 * Counts an attempt at `c` before its code is looked at, so that attempts sent at once, to one
 * process or to several on one database, get no more looks than MAX_WRONG_CODES one after another
 * would: each count is a versioned write, and one that meets another's count reads the challenge
 * again and counts anew. Answers the challenge as counted (its version the count's, so that the
 * commit a right code makes conflicts with any attempt counted since), or undefined once it has
 * ended (its wrong codes used up, or gone).
 */
async function countAttempt(s: Services, c: Challenge): Promise<Challenge | undefined> {
  const st = signInState(s);
  const again = () => (c.purpose === 'setup' && c.sid ? st.setupOf(c.org, c.sid) : st.challenge(c.org, c.id));
  let ch: Challenge | undefined = c;
  while (ch && ch.id === c.id && ch.attempts < MAX_WRONG_CODES && ch.exp > s.now()) {
    const counted: Challenge = { ...ch, attempts: ch.attempts + 1 };
    try {
      await s.storage.commit([st.putChallenge(counted)]);
      return { ...counted, version: ch.version + 1 };
    } catch (e) {
      if (!(e instanceof VersionConflictError)) throw e;
      ch = await again();
    }
  }
  return undefined;
}

/** A wrong code, counted already (countAttempt): the fifth ends the challenge. Then answers 401. */
async function wrongCode(s: Services, counted: Challenge): Promise<never> {
  if (counted.attempts >= MAX_WRONG_CODES) {
    // Whatever else changed it meanwhile, it has had its last look.
    await s.storage.commit([signInState(s).deleteChallenge({ org: counted.org, id: counted.id })]);
  }
  throw invalidCode();
}

/** What a code or token proves once: a second commit using the same one conflicts on these. */
const SINGLE_USE: ReadonlySet<string> = new Set([
  SYSTEM.twoFactorChallenges,
  SYSTEM.totpSteps,
  SYSTEM.recoveryCodes,
  SYSTEM.refreshTokens,
]);

async function commitOrInvalid(s: Services, ops: WriteOp[]): Promise<void> {
  try {
    await s.storage.commit(ops);
  } catch (e) {
    if (!(e instanceof VersionConflictError)) throw e;
    // The same challenge, code or refresh token used twice at once: only the first commit wins.
    if (SINGLE_USE.has(e.collection)) throw invalidCode();
    // The account itself changed meanwhile (an administrator's edit): nothing was used up; try again.
    throw new ApiError(409, 'The account changed meanwhile; try again.');
  }
}

export function twoFactorRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);
  const st = signInState(s);

  const audit = (
    c: Context,
    caller: Pick<Caller, 'org' | 'user' | 'impersonatedBy'>,
    user: string,
    outcome: string,
    fields: string[],
  ) =>
    auditOp({
      org: caller.org.id,
      actor: actorOf(caller),
      action: 'two_factor',
      module: 'auth',
      type: 'users',
      key: user,
      affectedUser: user,
      fields,
      outcome,
      ...requestInfo(c),
      now: s.now(),
    });

  /** The login challenge a token names, while it runs; undefined otherwise. */
  const loginChallenge = async (org: OrgInfo | undefined, token: string): Promise<Challenge | undefined> => {
    const [id, secret] = token.split('.');
    if (!org || !isUuid(id) || !secret) return undefined;
    const ch = await st.challenge(org.id, id);
    if (!ch || ch.purpose !== 'login' || ch.exp <= s.now()) return undefined;
    return sameDigest(ch.secretHash, challengeSecretHash(s, secret)) ? ch : undefined;
  };

  // As stored now (not as cached): these open sessions (../orgs.ts, currentOrg).
  const headerOrg = async (c: Context): Promise<OrgInfo | undefined> => {
    const id = (requestHeader(c, 'organization-id') ?? '').toLowerCase();
    return isUuid(id) ? await currentOrg(s, id) : undefined;
  };

  // verify_2fa and trigger_2fa are open: with a `challenge` they are the second sign-in step; without
  // one verify_2fa proves the authenticator set up in the caller's session, authenticated there once
  // the body says which.
  app.post('/verify_2fa', async (c) => {
    const body = await readJsonObject(c);
    const code = stringField(body, 'code', 32)!.trim();
    const challengeToken = stringField(body, 'challenge', 256, false);
    if (challengeToken !== undefined) {
      // The second sign-in step.
      const org = await headerOrg(c);
      const ch = await loginChallenge(org, challengeToken);
      const account = `${org?.id ?? ''}\u0000${ch?.user ?? challengeToken.slice(0, 36)}`;
      const answer = await throttledCheck(s, signInAttempt(c, 'two_factor', account), async () => {
        if (!org || !ch) throw invalidCode();
        const user = await s.storage.get('auth/users', org.id, ch.user);
        if (!userMaySignIn(user) || org.status !== 'active') throw invalidCode();
        const counted = await countAttempt(s, ch);
        if (!counted) throw invalidCode();
        const proof = await proofOps(s, counted, user, storedKeyOf(s, user), code);
        if (!proof) return wrongCode(s, counted);
        try {
          return await openSession(s, org, user, {
            type: ch.loginType ?? 'password',
            sessionLength: ch.sessionLength,
            ops: [st.deleteChallenge(counted), ...proof],
            request: requestInfo(c),
            outcome: `second factor (${looksLikeRecoveryCode(code) ? 'recovery code' : ch.method})`,
          });
        } catch (e) {
          if (e instanceof ApiError && e.status === 401) throw invalidCode();
          throw e;
        }
      });
      return c.json(answer);
    }
    // Proof of a method chosen with set_2fa_options in this session.
    const caller = await authenticate(s, c);
    const setup = await st.setupOf(caller.org.id, caller.sid);
    if (!setup || setup.exp <= s.now()) {
      throw new ApiError(409, 'No two-factor setup is waiting in this session; choose a method first.');
    }
    const result = await throttledCheck(
      s,
      signInAttempt(c, 'two_factor', `${caller.org.id}\u0000${caller.user.key}`),
      async () => {
        const counted = await countAttempt(s, setup);
        if (!counted) throw invalidCode();
        const key = counted.sealedKey ? s.cipher.decrypt(counted.sealedKey) : undefined;
        const proof = await proofOps(s, counted, caller.user, key, code);
        if (!proof) return wrongCode(s, counted);
        const codes = newRecoveryCodes();
        const user = (await s.storage.get('auth/users', caller.org.id, caller.user.key))!;
        const recovery = await st.recoveryCodes(caller.org.id, user.key);
        await commitOrInvalid(s, [
          st.deleteChallenge(counted),
          ...proof,
          systemUpdate(s, user, caller.user.key, {
            '2fa_method': setup.method,
            ...(setup.sealedKey ? { authenticator_key: setup.sealedKey } : {}),
          }),
          st.putRecoveryCodes(
            caller.org.id,
            user.key,
            codes.map((x) => recoveryCodeHash(s, user.key, x)),
            recovery.version,
          ),
          audit(c, caller, user.key, `turned on (${setup.method})`, ['2fa_method']),
        ]);
        return { '2fa_method': setup.method, recovery_codes: codes };
      },
    );
    return c.json(result);
  });

  app.post('/trigger_2fa', async (c) => {
    const body = await readJsonObject(c, { allowEmpty: true });
    // A new code for a sign-in's challenge (e-mailed and texted codes need no setup: they are on at once).
    const challengeToken = stringField(body, 'challenge', 256)!;
    const org = await headerOrg(c);
    let ch = await loginChallenge(org, challengeToken);
    const user = ch && org ? await s.storage.get('auth/users', org.id, ch.user) : undefined;
    if (!ch || !org || !userMaySignIn(user)) throw new ApiError(401, 'Invalid challenge');
    if (ch.method === 'authenticator') {
      throw badRequest('An authenticator app makes its own codes; none is sent.', [
        { path: '/challenge', message: 'The method of this challenge sends no code' },
      ]);
    }
    const method = ch.method;
    const now = s.now();
    // Another request may change the challenge between this read and the commit: a new code asked
    // for at the same moment (on this process or another), or an attempt counted. Read again, and
    // judge again: the one that sent a code makes this one wait its minute.
    for (let tries = 0; ; tries++) {
      if ((ch.sentAt ?? 0) > now - RESEND_SECONDS) throw tooManyAttempts((ch.sentAt ?? 0) + RESEND_SECONDS - now);
      const code = newSentCode();
      const mail = queueMessages(s, org.id, codeMessage(org, user, method, code));
      try {
        await s.storage.commit([
          st.putChallenge({
            ...ch,
            codeHash: sentCodeHash(s, ch.id, code),
            codeExp: now + SENT_CODE_SECONDS,
            sentAt: now,
          }),
          ...mail.ops,
        ]);
      } catch (e) {
        if (!(e instanceof VersionConflictError)) throw e;
        if (e.collection !== SYSTEM.twoFactorChallenges || tries >= 4) {
          throw new ApiError(409, 'The sign-in changed meanwhile; try again.');
        }
        const id: string = ch.id;
        const again = await st.challenge(org.id, id);
        // Ended meanwhile (its last wrong code, or its sign-in).
        if (!again || again.id !== id || again.exp <= now) throw new ApiError(401, 'Invalid challenge');
        ch = again;
        continue;
      }
      await mail.deliver();
      return c.json({ message: 'A new code has been sent.' });
    }
  });

  app.post('/set_2fa_options', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    const method = body['2fa_method'] as TwoFactorMethod;
    if (!METHODS.includes(method)) {
      throw validationFailed([{ path: '/2fa_method', message: `Must be one of: ${METHODS.join(', ')}` }]);
    }
    // A company's product-staff account holds no credentials (./impersonation.ts).
    if (sudoOnlyAccount(caller.org, caller.user.key) || caller.impersonatedBy) throw notAuthorized();
    const user = caller.user;
    const now = s.now();
    if (methodOf(user) !== 'none') await proveHolder(c, caller, body.current_password, now);
    const previous = await st.setupOf(caller.org.id, caller.sid);
    const dropPrevious = previous ? [st.deleteChallenge(previous)] : [];
    if (method === 'none') {
      if (twoFactorRequired(caller.org, caller.principal)) {
        throw validationFailed([
          { path: '/2fa_method', message: 'Your company requires two-factor sign-in for your role.' },
        ]);
      }
      const notice = queueMessages(s, caller.org.id, secondFactorOffNotice(caller.org, user, 'turned off'));
      await commitOrInvalid(s, [
        ...dropPrevious,
        systemUpdate(s, user, user.key, { '2fa_method': 'none', authenticator_key: undefined }),
        ...(await st.forgetUserOps(caller.org.id, user.key, { totp: true, recovery: true })),
        audit(c, caller, user.key, 'turned off', ['2fa_method']),
        ...notice.ops,
      ]);
      await notice.deliver();
      return c.json({ '2fa_method': 'none' });
    }
    const setup: Challenge = {
      id: crypto.randomUUID(),
      org: caller.org.id,
      user: user.key,
      purpose: 'setup',
      method,
      sid: caller.sid,
      attempts: 0,
      exp: now + SENT_CODE_SECONDS,
      version: 0,
    };
    if (method === 'authenticator') {
      // A key a user manager assigned (reset_2fa_key) and not yet proven is the one to prove.
      const assigned = methodOf(user) === 'none' ? storedKeyOf(s, user) : undefined;
      const key = assigned && AUTHENTICATOR_KEY.test(assigned) ? assigned : newAuthenticatorKey();
      setup.sealedKey = sealSensitive(s.cipher, 'secret', key);
      await commitOrInvalid(s, [...dropPrevious, st.putChallenge(setup)]);
      return c.json({
        authenticator_key: key,
        otpauth_uri: otpauthUri(key, issuerOf(caller.org), String(user.data.email ?? '')),
      });
    }
    if (!deliverable(user, method)) {
      throw validationFailed([
        {
          path: '/2fa_method',
          message:
            method === 'text'
              ? 'Text messages need a phone number of 10 digits on the account.'
              : 'E-mail codes need an e-mail address on the account.',
        },
      ]);
    }
    // API.md: choosing e-mailed or texted codes sets the method at once (only an authenticator's key
    // waits for a code proving it). The account's e-mail or phone is the one on file; a notice goes
    // there, and the recovery codes answered now let the holder in should the messages not arrive.
    const codes = newRecoveryCodes();
    const recovery = await st.recoveryCodes(caller.org.id, user.key);
    const notice = queueMessages(s, caller.org.id, secondFactorOnNotice(caller.org, user, method));
    await commitOrInvalid(s, [
      ...dropPrevious,
      systemUpdate(s, user, user.key, { '2fa_method': method }),
      st.putRecoveryCodes(
        caller.org.id,
        user.key,
        codes.map((x) => recoveryCodeHash(s, user.key, x)),
        recovery.version,
      ),
      audit(c, caller, user.key, `turned on (${method})`, ['2fa_method']),
      ...notice.ops,
    ]);
    await notice.deliver();
    return c.json({ '2fa_method': method, recovery_codes: codes });
  });

  /**
   * An active second factor is changed by its holder: a session signed in within
   * DFORM_RECENT_SIGN_IN_SECONDS (./sessions.ts signedInAt), or one that gives the current
   * password (checked as a sign-in is).
   * A password given is checked even then.
   */
  async function proveHolder(c: Context, caller: Caller, password: unknown, now: number) {
    const session = await s.storage.get(SYSTEM.sessions, caller.org.id, caller.sid);
    const recent = session !== undefined && now - signedInAt(session) < s.config.recentSignInSeconds;
    if (recent && password === undefined) return;
    const problems = await currentPasswordProblems(s, c, caller, caller.user, password);
    if (problems.length) throw validationFailed(problems);
  }

  app.post('/retrieve_2fa_key', auth, async (c) => {
    const caller = c.var.caller;
    const id = userIdOf(await readJsonObject(c));
    if (id !== caller.user.key) throw notAuthorized();
    const setup = await st.setupOf(caller.org.id, caller.sid);
    if (!setup || setup.method !== 'authenticator' || !setup.sealedKey || setup.keyRetrieved || setup.exp <= s.now()) {
      throw new ApiError(409, 'The authenticator key is shown only while it is being set up, and once.');
    }
    await commitOrInvalid(s, [st.putChallenge({ ...setup, keyRetrieved: true })]);
    const key = s.cipher.decrypt(setup.sealedKey);
    return c.json({
      authenticator_key: key,
      otpauth_uri: otpauthUri(key, issuerOf(caller.org), String(caller.user.data.email ?? '')),
    });
  });

  app.post('/reset_2fa_key', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    if (!caller.principal.isAdmin && !caller.principal.permissions.has('AUTH:CanManageUsers')) throw notAuthorized();
    const user = await s.storage.get('auth/users', caller.org.id, userIdOf(body));
    if (!user) throw notFound();
    if (!(await mayActOnAccount(s, caller, user))) throw notAuthorized();
    // A user manager's own factor is theirs to change: the same proof as set_2fa_options.
    if (user.key === caller.user.key && methodOf(user) !== 'none') {
      await proveHolder(c, caller, body.current_password, s.now());
    }
    const given = body.authenticator_key;
    if (given !== undefined && (typeof given !== 'string' || !AUTHENTICATOR_KEY.test(given))) {
      throw validationFailed([{ path: '/authenticator_key', message: INVALID_KEY }]);
    }
    const key = typeof given === 'string' ? given : newAuthenticatorKey();
    const notice = queueMessages(s, caller.org.id, secondFactorOffNotice(caller.org, user, 'reset by a user manager'));
    await commitOrInvalid(s, [
      systemUpdate(s, user, caller.user.key, {
        '2fa_method': 'none',
        authenticator_key: sealSensitive(s.cipher, 'secret', key),
      }),
      ...(await st.forgetUserOps(caller.org.id, user.key, { challenges: true, totp: true, recovery: true })),
      audit(c, caller, user.key, given === undefined ? 'reset' : 'reset with a given key', [
        '2fa_method',
        'authenticator_key',
      ]),
      ...notice.ops,
    ]);
    await notice.deliver();
    return c.json({ message: 'Two-factor sign-in reset.', '2fa_method': 'none' });
  });

  app.post('/get_refresh_token', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c, { allowEmpty: true });
    stringField(body, 'refresh_id', 128, false);
    const session = await s.storage.get(SYSTEM.sessions, caller.org.id, caller.sid);
    // A session a refresh replaced lives its last seconds only: a family of its own would renew it.
    if (session?.data.renewed === true) throw invalidToken();
    const epoch = Number(session?.data.epoch ?? (await sessionEpoch(s, caller.org.id, caller.user.key)));
    const { ops, issued } = await newFamilyOps(s, caller.org.id, caller.user.key, caller.sid, epoch);
    await s.storage.commit(ops);
    return c.json(issued);
  });

  app.post('/refresh_auth_token', async (c) => {
    const body = await readJsonObject(c);
    const id = stringField(body, 'refresh_id', 128)!;
    const secret = stringField(body, 'refresh_token', 256)!;
    // A pair presented to no organization renews nothing: the refusal of any other wrong pair.
    const org = await headerOrg(c);
    if (!org) throw invalidToken();
    const check = await checkRefresh(s, org.id, id, secret);
    if (!check.ok) {
      if (check.revoke?.length) {
        const t = await st.refreshToken(org.id, id);
        await s.storage.commit([
          ...check.revoke,
          auditOp({
            org: org.id,
            actor: undefined,
            action: 'logout',
            module: 'auth',
            type: 'users',
            key: t?.user ?? id,
            affectedUser: t?.user,
            fields: ['refresh_token'],
            outcome: 'a spent refresh token came back: its family ended',
            ...requestInfo(c),
            now: s.now(),
          }),
        ]);
      }
      throw invalidToken();
    }
    const token = check.token;
    const session = await s.storage.get(SYSTEM.sessions, org.id, token.sid);
    if (!session || token.epoch !== (await sessionEpoch(s, org.id, token.user))) throw invalidToken();
    // The session must still be live: a refresh renews it, it never revives one that ended.
    const caller = await callerOfSession(s, org.id, token.sid, token.user, Number(session.data.exp));
    const now = s.now();
    const sid = crypto.randomUUID();
    const exp = Math.min(now + s.config.sessionSeconds, token.familyExp);
    const rotated = rotateOps(s, token, sid);
    // Checking the session just now may have written its last-seen time (sessions.ts touchSession,
    // not awaited), moving its version under this commit: read it again and retry. A session gone
    // meanwhile was logged out: the refresh renews nothing.
    for (let attempt = 1; ; attempt++) {
      const fresh = await s.storage.get(SYSTEM.sessions, org.id, token.sid);
      if (!fresh) throw invalidToken();
      try {
        await s.storage.commit([
          {
            op: 'put',
            expectVersion: fresh.meta.version,
            record: {
              ...fresh,
              data: {
                ...fresh.data,
                exp: Math.min(Number(fresh.data.exp), now + REFRESH_GRACE_SECONDS),
                renewed: true,
              },
              meta: { ...fresh.meta, version: fresh.meta.version + 1, updated_time: now },
            },
          },
          // The renewed session carries the sign-in's facts (its type, epoch and time, signed_in).
          newSessionOp(org.id, sid, token.user, { ...session.data, exp, seen: now }, now),
          ...rotated.ops,
        ]);
        break;
      } catch (e) {
        if (e instanceof VersionConflictError && e.collection === SYSTEM.sessions && attempt < 5) continue;
        if (e instanceof VersionConflictError) throw invalidToken();
        throw e;
      }
    }
    const answer = await sessionToken(s, caller.org, caller.user, {
      sid,
      exp,
      type: caller.type,
      impersonatedBy: impersonatorOf(session.data.impersonated_by),
    });
    return c.json({ token: answer.token, exp, ...rotated.issued });
  });

  app.post('/get_org_name', async (c) => {
    const body = await readJsonObject(c);
    const id = typeof body.organization_id === 'string' ? body.organization_id.toLowerCase() : '';
    if (!isUuid(id)) {
      throw badRequest('organization_id must be a 36-character organization key', [
        { path: '/organization_id', message: 'Must be a 36-character organization key' },
      ]);
    }
    const org = await getOrg(s, id);
    if (!org) throw notFound();
    return c.json({ name: org.name });
  });

  return app;
}
