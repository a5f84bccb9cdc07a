/**
 * What sign-in keeps beside sessions (./sessions.ts): two-factor challenges (of a sign-in under way,
 * or of a setup waiting for its first code), the last TOTP step each user used, unused recovery
 * codes and refresh tokens in their families. All of it sits behind this one small interface, kept
 * today as system records of the server's store (../services.ts SYSTEM), so that moving it to
 * another store changes this file alone. Reads are asynchronous like the store's; writes are ops, so
 * that each lands in the same atomic commit as the session or user record it goes with.
 *
 * Every record carries the version it was read at: a write naming it fails when another request
 * changed the record meanwhile (two uses of one code, one refresh token, at once: one wins).
 */
import { SYSTEM, type Services } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';

export type TwoFactorMethod = 'none' | 'authenticator' | 'email' | 'text';

export interface Challenge {
  id: string;
  org: string;
  user: string;
  /** `login`: the password (or key) step passed; `setup`: a method chosen in a session, not yet proven. */
  purpose: 'login' | 'setup';
  method: Exclude<TwoFactorMethod, 'none'>;
  /** Keyed digest of the challenge's secret half (login); setup challenges are found by session. */
  secretHash?: string;
  /** setup: the session that chose the method, the only one that may prove it. */
  sid?: string;
  /** login: what the session it opens is (password, forgot_password, cross_site) and how long it lasts. */
  loginType?: string;
  sessionLength?: number;
  /** setup of an authenticator: the proposed key, encrypted; whether retrieve_2fa_key answered it. */
  sealedKey?: string;
  keyRetrieved?: boolean;
  /** email/text: keyed digest of the code sent, when it stops working and when it was sent. */
  codeHash?: string;
  codeExp?: number;
  sentAt?: number;
  attempts: number;
  exp: number;
  version: number;
}

export interface RefreshToken {
  id: string;
  org: string;
  user: string;
  family: string;
  /** The session this token renews. */
  sid: string;
  hash: string;
  spent: boolean;
  /** The user's session epoch when the family began: logout_all and a password change end it. */
  epoch: number;
  /** The family's absolute end (DFORM_REFRESH_SECONDS after its first sign-in). */
  familyExp: number;
  version: number;
}

export interface SignInState {
  challenge(org: string, id: string): Promise<Challenge | undefined>;
  /** The setup challenge of a session, if one is waiting. */
  setupOf(org: string, sid: string): Promise<Challenge | undefined>;
  challengesOfUser(org: string, user: string): Promise<Challenge[]>;
  putChallenge(c: Challenge): WriteOp;
  deleteChallenge(c: Pick<Challenge, 'org' | 'id'> & { version?: number }): WriteOp;

  /** The last TOTP time step the user signed in with (0: none yet) and the record's version. */
  lastTotpStep(org: string, user: string): Promise<{ step: number; version: number }>;
  useTotpStep(org: string, user: string, step: number, version: number): WriteOp;

  recoveryCodes(org: string, user: string): Promise<{ hashes: string[]; version: number }>;
  putRecoveryCodes(org: string, user: string, hashes: string[], version: number): WriteOp;

  refreshToken(org: string, id: string): Promise<RefreshToken | undefined>;
  putRefreshToken(t: RefreshToken): WriteOp;
  refreshTokensWhere(org: string, field: 'user' | 'family' | 'sid', value: string): Promise<RefreshToken[]>;

  /** Everything kept for the user, to go with their account, their second factor or their sessions. */
  forgetUserOps(
    org: string,
    user: string,
    what: { challenges?: boolean; totp?: boolean; recovery?: boolean; refresh?: boolean },
  ): Promise<WriteOp[]>;
}

const ALL = Infinity;

function meta(now: number, version: number) {
  return { created_by: 'system', created_time: now, updated_by: 'system', updated_time: now, version };
}

function challengeOf(r: StoredRecord): Challenge {
  const d = r.data;
  return {
    id: r.key,
    org: r.org,
    user: String(d.user),
    purpose: d.purpose === 'setup' ? 'setup' : 'login',
    method: d.method as Challenge['method'],
    secretHash: d.secret_hash as string | undefined,
    sid: d.sid as string | undefined,
    loginType: d.login_type as string | undefined,
    sessionLength: d.session_length as number | undefined,
    sealedKey: d.sealed_key as string | undefined,
    keyRetrieved: d.key_retrieved === true,
    codeHash: d.code_hash as string | undefined,
    codeExp: d.code_exp as number | undefined,
    sentAt: d.sent_at as number | undefined,
    attempts: Number(d.attempts ?? 0),
    exp: Number(d.exp),
    version: r.meta.version,
  };
}

function refreshOf(r: StoredRecord): RefreshToken {
  const d = r.data;
  return {
    id: r.key,
    org: r.org,
    user: String(d.user),
    family: String(d.family),
    sid: String(d.sid),
    hash: String(d.hash),
    spent: d.spent === true,
    epoch: Number(d.epoch ?? 0),
    familyExp: Number(d.family_exp),
    version: r.meta.version,
  };
}

/** Drops the fields that are undefined: a stored record holds JSON values only. */
function defined(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

/** The state kept as system records of the server's store. */
export function storeSignInState(s: Services): SignInState {
  const find = async (collection: string, org: string, field: string, value: string) =>
    (await s.storage.find(collection, org, { criteria: [{ field, is: '=', value }], limit: ALL, offset: 0 })).items;
  const put = (
    collection: string,
    org: string,
    key: string,
    data: Record<string, unknown>,
    version: number,
  ): WriteOp => ({
    op: 'put',
    expectVersion: version,
    record: { collection, org, key, data: defined(data), meta: meta(s.now(), version + 1) },
  });
  const del = (collection: string, org: string, key: string, version?: number): WriteOp => ({
    op: 'delete',
    collection,
    org,
    key,
    ...(version === undefined ? {} : { expectVersion: version }),
  });

  const state: SignInState = {
    async challenge(org, id) {
      const r = await s.storage.get(SYSTEM.twoFactorChallenges, org, id);
      return r && challengeOf(r);
    },
    async setupOf(org, sid) {
      const r = (await find(SYSTEM.twoFactorChallenges, org, 'sid', sid)).find((x) => x.data.purpose === 'setup');
      return r && challengeOf(r);
    },
    async challengesOfUser(org, user) {
      return (await find(SYSTEM.twoFactorChallenges, org, 'user', user)).map(challengeOf);
    },
    putChallenge(c) {
      return put(
        SYSTEM.twoFactorChallenges,
        c.org,
        c.id,
        {
          user: c.user,
          purpose: c.purpose,
          method: c.method,
          secret_hash: c.secretHash,
          sid: c.sid,
          login_type: c.loginType,
          session_length: c.sessionLength,
          sealed_key: c.sealedKey,
          key_retrieved: c.keyRetrieved || undefined,
          code_hash: c.codeHash,
          code_exp: c.codeExp,
          sent_at: c.sentAt,
          attempts: c.attempts,
          exp: c.exp,
        },
        c.version,
      );
    },
    deleteChallenge(c) {
      return del(SYSTEM.twoFactorChallenges, c.org, c.id, c.version);
    },

    async lastTotpStep(org, user) {
      const r = await s.storage.get(SYSTEM.totpSteps, org, user);
      return { step: Number(r?.data.step ?? 0), version: r?.meta.version ?? 0 };
    },
    useTotpStep(org, user, step, version) {
      return put(SYSTEM.totpSteps, org, user, { step }, version);
    },

    async recoveryCodes(org, user) {
      const r = await s.storage.get(SYSTEM.recoveryCodes, org, user);
      return {
        hashes: Array.isArray(r?.data.hashes) ? (r.data.hashes as string[]) : [],
        version: r?.meta.version ?? 0,
      };
    },
    putRecoveryCodes(org, user, hashes, version) {
      return put(SYSTEM.recoveryCodes, org, user, { hashes }, version);
    },

    async refreshToken(org, id) {
      const r = await s.storage.get(SYSTEM.refreshTokens, org, id);
      return r && refreshOf(r);
    },
    putRefreshToken(t) {
      return put(
        SYSTEM.refreshTokens,
        t.org,
        t.id,
        {
          user: t.user,
          family: t.family,
          sid: t.sid,
          hash: t.hash,
          spent: t.spent,
          epoch: t.epoch,
          family_exp: t.familyExp,
        },
        t.version,
      );
    },
    async refreshTokensWhere(org, field, value) {
      return (await find(SYSTEM.refreshTokens, org, field, value)).map(refreshOf);
    },

    async forgetUserOps(org, user, what) {
      const ops: WriteOp[] = [];
      if (what.challenges) {
        for (const c of await state.challengesOfUser(org, user)) ops.push(del(SYSTEM.twoFactorChallenges, org, c.id));
      }
      if (what.totp && (await s.storage.get(SYSTEM.totpSteps, org, user))) ops.push(del(SYSTEM.totpSteps, org, user));
      if (what.recovery && (await s.storage.get(SYSTEM.recoveryCodes, org, user)))
        ops.push(del(SYSTEM.recoveryCodes, org, user));
      if (what.refresh) {
        for (const t of await state.refreshTokensWhere(org, 'user', user))
          ops.push(del(SYSTEM.refreshTokens, org, t.id));
      }
      return ops;
    },
  };
  return state;
}

/** The state of a running server (one per Services). */
const states = new WeakMap<Services, SignInState>();
export function signInState(s: Services): SignInState {
  let st = states.get(s);
  if (!st) states.set(s, (st = storeSignInState(s)));
  return st;
}
