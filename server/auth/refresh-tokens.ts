/**
 * Refresh tokens (../shared/API.md "Two-factor sign-in and refresh tokens"): each renews one live
 * session once. A sign-in starts a family; each refresh spends its token and answers the next of the
 * family with a new session token. A spent token used again means two holders: the whole family
 * and every session it renewed or made end. A session a refresh replaced answers for its last
 * seconds (requests under way) but starts no new family. Only a keyed digest of a token is kept; spent ones stay (as
 * digests) until their family ends, so their reuse is seen.
 *
 * A refresh never revives a session: the session the token renews must still be live (not logged
 * out, not idle past its limit, of the user's current epoch), and a family ends
 * DFORM_REFRESH_SECONDS after the sign-in that began it, whatever its refreshes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SYSTEM, type Services } from '../services.ts';
import { VersionConflictError, type WriteOp } from '../storage/types.ts';
import { sameDigest } from './two-factor.ts';
import { signInState, type RefreshToken } from './sign-in-state.ts';

export interface IssuedRefresh {
  refresh_id: string;
  refresh_token: string;
}

function hashOf(s: Services, secret: string): string {
  return s.cipher.lookup(`refresh\u0000${secret}`);
}

/** The op that stores a new token of a family, and what the client gets. */
function nextToken(
  s: Services,
  base: Omit<RefreshToken, 'id' | 'hash' | 'spent' | 'version'>,
): { op: WriteOp; issued: IssuedRefresh } {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const op = signInState(s).putRefreshToken({ ...base, id, hash: hashOf(s, secret), spent: false, version: 0 });
  return { op, issued: { refresh_id: id, refresh_token: secret } };
}

/** A new family for the session `sid`, ending any other family of that session. */
export async function newFamilyOps(
  s: Services,
  org: string,
  user: string,
  sid: string,
  epoch: number,
): Promise<{ ops: WriteOp[]; issued: IssuedRefresh }> {
  const ops = await endRefreshOps(s, org, 'sid', sid);
  const { op, issued } = nextToken(s, {
    org,
    user,
    family: randomUUID(),
    sid,
    epoch,
    familyExp: s.now() + s.config.refreshSeconds,
  });
  return { ops: [...ops, op], issued };
}

/** The deletion of every refresh token of a user, a family or a session. */
export async function endRefreshOps(
  s: Services,
  org: string,
  field: 'user' | 'family' | 'sid',
  value: string,
): Promise<WriteOp[]> {
  return (await signInState(s).refreshTokensWhere(org, field, value)).map((t) => ({
    op: 'delete',
    collection: SYSTEM.refreshTokens,
    org,
    key: t.id,
  }));
}

/**
 * What a logout of session `sid` ends: the session, every refresh token of its families and every
 * session of those families, so a session signed out is signed out whichever of its tokens the
 * logout came with: the one a refresh replaced (still answering for its last seconds) ends with the
 * one that replaced it, and the other way round, with the refresh token that would renew it.
 *
 * Each session is deleted at the version read here: a refresh renewing one of them meanwhile
 * changes it (it is marked replaced), so this commit fails rather than miss the session that
 * refresh made, and `endSessionFamily` reads the family again.
 */
export async function endSessionFamilyOps(s: Services, org: string, sid: string): Promise<WriteOp[]> {
  const st = signInState(s);
  const tokens = new Map((await st.refreshTokensWhere(org, 'sid', sid)).map((t) => [t.id, t]));
  for (const family of new Set([...tokens.values()].map((t) => t.family))) {
    for (const t of await st.refreshTokensWhere(org, 'family', family)) tokens.set(t.id, t);
  }
  const ops: WriteOp[] = [];
  for (const key of new Set([sid, ...[...tokens.values()].map((t) => t.sid)])) {
    const session = await s.storage.get(SYSTEM.sessions, org, key);
    if (session) ops.push({ op: 'delete', collection: SYSTEM.sessions, org, key, expectVersion: session.meta.version });
  }
  // Each token too at the version read: the family's tokens and its sessions are read apart, so a
  // refresh committed between the two reads (it spends the token read, and makes a session the
  // reads missed) fails this commit, which then reads the family again.
  for (const t of tokens.values())
    ops.push({ op: 'delete', collection: SYSTEM.refreshTokens, org, key: t.id, expectVersion: t.version });
  return ops;
}

/**
 * Ends session `sid` and its refresh family (`endSessionFamilyOps`), whatever order a refresh of
 * the same session commits in: a logout wins. Either the refresh commits first, and the logout,
 * finding a session changed under it, reads the family again, now with the session the refresh
 * made; or the logout commits first, and the refresh, finding its session gone, renews nothing.
 */
export async function endSessionFamily(s: Services, org: string, sid: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const ops = await endSessionFamilyOps(s, org, sid);
    if (ops.length === 0) return;
    try {
      // Past many tries (each lost to a session's own bookkeeping), the ops as read end it anyway.
      await s.storage.commit(attempt < 20 ? ops : ops.map(withoutVersion));
      return;
    } catch (e) {
      if (!(e instanceof VersionConflictError) || attempt >= 20) throw e;
    }
  }
}

function withoutVersion(op: WriteOp): WriteOp {
  if (op.op !== 'delete') return op;
  const { expectVersion: _, ...rest } = op;
  return rest;
}

export type RefreshCheck =
  | { ok: true; token: RefreshToken }
  /** `reuse`: a spent token came back: `revoke` ends its family and the session it renews. */
  | { ok: false; revoke?: WriteOp[] };

/** Checks a presented refresh token: right, unspent, of a family still running. */
export async function checkRefresh(s: Services, org: string, id: string, secret: string): Promise<RefreshCheck> {
  const token = await signInState(s).refreshToken(org, id);
  if (!token || !sameDigest(token.hash, hashOf(s, secret))) return { ok: false };
  if (token.spent) {
    // Every session of the family ends: the one it began with and each one a refresh made.
    const family = await signInState(s).refreshTokensWhere(org, 'family', token.family);
    const sessions: string[] = [];
    for (const sid of new Set(family.map((t) => t.sid))) {
      if (await s.storage.get(SYSTEM.sessions, org, sid)) sessions.push(sid);
    }
    return {
      ok: false,
      revoke: [
        ...(await endRefreshOps(s, org, 'family', token.family)),
        ...sessions.map((sid): WriteOp => ({ op: 'delete', collection: SYSTEM.sessions, org, key: sid })),
      ],
    };
  }
  if (token.familyExp <= s.now()) return { ok: false };
  return { ok: true, token };
}

/** The ops that spend `token` and store the next of its family, renewing session `sid`. */
export function rotateOps(s: Services, token: RefreshToken, sid: string): { ops: WriteOp[]; issued: IssuedRefresh } {
  const st = signInState(s);
  const { op, issued } = nextToken(s, {
    org: token.org,
    user: token.user,
    family: token.family,
    sid,
    epoch: token.epoch,
    familyExp: token.familyExp,
  });
  return { ops: [st.putRefreshToken({ ...token, spent: true }), op], issued };
}
