/**
 * How sessions end (OWASP ASVS 5.0 V7): at their absolute end (`exp`, DFORM_SESSION_SECONDS), after
 * an idle time (DFORM_IDLE_SECONDS for users who manage people's data, DFORM_IDLE_SECONDS_OTHERS for
 * the rest), all at once for one user (logout_all, a password change, the user deleted), and their
 * records purged once expired.
 *
 * Ending all of a user's sessions moves the user's session epoch on: every session carries the
 * epoch it was opened in and is checked against the current one on every request, so however many
 * sessions there are, and even one being opened at that moment, none outlives the change. Their
 * records are deleted in the same commit.
 */
import type { Principal } from '../../engine/access.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';
import { SINGLE_USE } from './sign-in.ts';
import { endRefreshOps } from './refresh-tokens.ts';
import { signInState } from './sign-in-state.ts';

/** The user's current session epoch (0 until their sessions are first ended all at once). */
export async function sessionEpoch(s: Services, org: string, userKey: string): Promise<number> {
  return epochOf(await s.storage.get(SYSTEM.sessionEpochs, org, userKey));
}

function epochOf(record: StoredRecord | undefined): number {
  return Number(record?.data.epoch ?? 0);
}

/** Whether the session was opened in the user's current epoch (`epoch`: their epoch record, if any). */
export function ofEpoch(session: StoredRecord, epoch: StoredRecord | undefined): boolean {
  return epochOf(session) === epochOf(epoch);
}

/**
 * When the session's holder last proved who they are (a password, a key, a second factor): kept
 * as `signed_in` by the sign-in and carried by every refresh of it; a session opened before it was
 * kept counts from its record's creation.
 */
export function signedInAt(session: StoredRecord): number {
  const at = Number(session.data.signed_in);
  return Number.isFinite(at) ? at : session.meta.created_time;
}

/** The op that writes a new session record `sid` for `user`, made by them at `now` (a sign-in's, a refresh's). */
export function newSessionOp(
  org: string,
  sid: string,
  user: string,
  data: Record<string, unknown>,
  now: number,
): WriteOp {
  return {
    op: 'put',
    expectVersion: 0,
    record: {
      collection: SYSTEM.sessions,
      org,
      key: sid,
      data,
      meta: { created_by: user, created_time: now, updated_by: user, updated_time: now, version: 1 },
    },
  };
}

/** Every session record of the user, however many. */
export async function sessionsOf(s: Services, org: string, userKey: string): Promise<StoredRecord[]> {
  return (
    await s.storage.find(SYSTEM.sessions, org, {
      criteria: [{ field: 'user', is: '=', value: userKey }],
      limit: Infinity,
      offset: 0,
    })
  ).items;
}

/**
 * The ops that end every session of the user: the next epoch and the deletion of each session
 * record, except `keep` (the caller's own, on a password change), which moves to the new epoch
 * with `keep.changes` applied; every refresh token of the user, the kept session's too (its
 * client asks for a new one with get_refresh_token); and every sign-in waiting for its second factor.
 */
export async function endSessionsOps(
  s: Services,
  org: string,
  userKey: string,
  keep?: { sid: string; changes?: Record<string, unknown> },
): Promise<WriteOp[]> {
  const now = s.now();
  const current = await s.storage.get(SYSTEM.sessionEpochs, org, userKey);
  const epoch = epochOf(current) + 1;
  const ops: WriteOp[] = [
    {
      op: 'put',
      record: {
        collection: SYSTEM.sessionEpochs,
        org,
        key: userKey,
        data: { epoch, since: now },
        meta: {
          created_by: current?.meta.created_by ?? 'system',
          created_time: current?.meta.created_time ?? now,
          updated_by: 'system',
          updated_time: now,
          version: (current?.meta.version ?? 0) + 1,
        },
      },
    },
  ];
  for (const r of await sessionsOf(s, org, userKey)) {
    if (r.key === keep?.sid) {
      ops.push({
        op: 'put',
        record: { ...r, data: { ...r.data, ...keep.changes, epoch }, meta: { ...r.meta, version: r.meta.version + 1 } },
      });
    } else {
      ops.push({ op: 'delete', collection: SYSTEM.sessions, org, key: r.key });
    }
  }
  ops.push(...(await endRefreshOps(s, org, 'user', userKey)));
  // A sign-in waiting for its second factor had its password checked before: it ends with the rest.
  const st = signInState(s);
  for (const c of await st.challengesOfUser(org, userKey)) {
    if (c.purpose === 'login') ops.push(st.deleteChallenge({ org, id: c.id }));
  }
  return ops;
}

/** The deletion of the user's epoch record, when the user goes. */
export async function forgetEpochOps(s: Services, org: string, userKey: string): Promise<WriteOp[]> {
  return (await s.storage.get(SYSTEM.sessionEpochs, org, userKey))
    ? [{ op: 'delete', collection: SYSTEM.sessionEpochs, org, key: userKey }]
    : [];
}

/**
 * The deletion of the user's sessions that are past their end, for the commit of a new one, with
 * their refresh tokens (a refresh renews a live session only: ./refresh-tokens.ts).
 */
export async function expiredSessionOps(s: Services, org: string, userKey: string): Promise<WriteOp[]> {
  const now = s.now();
  const ops: WriteOp[] = [];
  for (const r of await sessionsOf(s, org, userKey)) {
    if (Number(r.data.exp) > now) continue;
    ops.push(
      { op: 'delete', collection: SYSTEM.sessions, org, key: r.key },
      ...(await endRefreshOps(s, org, 'sid', r.key)),
    );
  }
  return ops;
}

/** Permissions over other people's payroll data, accounts, rights or companies. */
export const MANAGING_PERMISSIONS = [
  'PAYROLL:CanManageUserPayrollData',
  'PAYROLL:CanManageOnboarding',
  'AUTH:CanManageUsers',
  'AUTH:CanManageGroups',
  'AUTH:CanManageOrganizations',
  'AUTH:CanLoginToOrganizations',
];

/** Seconds without a request after which the principal's session ends; 0 for never. */
export function idleLimit(s: Services, principal: Principal): number {
  const managing = principal.isAdmin || MANAGING_PERMISSIONS.some((p) => principal.permissions.has(p));
  return managing ? s.config.idleSeconds.managing : s.config.idleSeconds.others;
}

/** A session's last request is written to its record at most this often (a restart loses no more). */
const SEEN_WRITE_SECONDS = 60;
const MAX_TRACKED = 100_000;
const lastSeenBy = new WeakMap<Services, Map<string, number>>();
/** Sessions whose `seen` write is under way, so that a burst of requests makes one write. */
const writing = new Set<string>();

/**
 * Whether the session is still in use (a request within its idle limit); when it is, this request
 * counts as its latest. The time of the latest request is kept in memory and written to the
 * session record once a minute, so a restart does not reset the idle clock.
 */
export async function touchSession(s: Services, session: StoredRecord, principal: Principal): Promise<boolean> {
  let seen = lastSeenBy.get(s);
  if (!seen) lastSeenBy.set(s, (seen = new Map()));
  const now = s.now();
  const stored = Number(session.data.seen ?? session.meta.created_time);
  const last = Math.max(seen.get(session.key) ?? 0, stored);
  const limit = idleLimit(s, principal);
  if (limit > 0 && now - last > limit) {
    seen.delete(session.key);
    s.storage
      .commit([
        { op: 'delete', collection: SYSTEM.sessions, org: session.org, key: session.key },
        ...(await endRefreshOps(s, session.org, 'sid', session.key)),
      ])
      .catch(() => undefined);
    return false;
  }
  if (seen.size >= MAX_TRACKED && !seen.has(session.key)) seen.delete(seen.keys().next().value!);
  seen.set(session.key, now);
  if (now - stored >= SEEN_WRITE_SECONDS && !writing.has(session.key)) {
    // Not awaited: the request does not wait for it, and a session ended meanwhile stays ended.
    writing.add(session.key);
    s.storage
      .commit([
        {
          op: 'put',
          expectVersion: session.meta.version,
          record: {
            ...session,
            data: { ...session.data, seen: now },
            meta: { ...session.meta, version: session.meta.version + 1 },
          },
        },
      ])
      .catch(() => undefined)
      .finally(() => writing.delete(session.key));
  }
  return true;
}

/**
 * Deletes what is past its end in every organization: sessions, single-use keys, two-factor
 * challenges and refresh tokens whose family is over.
 */
export async function purgeExpired(s: Services): Promise<number> {
  const now = s.now();
  const orgs = (await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, { criteria: [], limit: Infinity, offset: 0 })).items;
  let purged = 0;
  for (const { key: org } of orgs) {
    for (const [collection, field] of [
      [SYSTEM.sessions, 'exp'],
      [SINGLE_USE, 'expiration'],
      [SYSTEM.twoFactorChallenges, 'exp'],
      [SYSTEM.refreshTokens, 'family_exp'],
    ] as const) {
      const dead = (
        await s.storage.find(collection, org, {
          criteria: [{ field, is: '<=', value: now }],
          limit: Infinity,
          offset: 0,
        })
      ).items;
      for (let i = 0; i < dead.length; i += 500) {
        const page = dead.slice(i, i + 500);
        const refresh: WriteOp[] = [];
        if (collection === SYSTEM.sessions) {
          for (const r of page) refresh.push(...(await endRefreshOps(s, org, 'sid', r.key)));
        }
        await s.storage.commit([
          ...page.map((r): WriteOp => ({ op: 'delete', collection, org, key: r.key })),
          ...refresh,
        ]);
        purged += page.length;
      }
    }
  }
  return purged;
}

/**
 * Purges now and then every `everySeconds` until stopped (the timer does not keep the process up);
 * a purge that fails is logged and tried again at the next turn.
 */
export function startSessionPurge(s: Services, everySeconds = 600): { stop(): void; first: Promise<void> } {
  const run = () =>
    purgeExpired(s).then(
      () => undefined,
      (e: unknown) => s.log('warn', `sessions: purge failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  const timer = setInterval(() => void run(), everySeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer), first: run() };
}
