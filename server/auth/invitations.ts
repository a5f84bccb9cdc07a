/**
 * What every invitation e-mail obeys, whichever screen sends it (a new hire's, Resend invitation, a
 * user's invite e-mail or code; docs/decisions.md "Invitations"):
 *
 * - a budget per company and per sender in the sign-in throttle's window (DFORM_INVITATIONS_COMPANY,
 *   DFORM_INVITATIONS_USER): each message carries a live sign-in link and leaves from the product's
 *   own address, so one company's flood neither fills strangers' mailboxes nor holds the outbox that
 *   every company shares;
 * - only the latest invitation of an account signs in: a new one spends the links before it, and
 *   one person gets one invitation per DFORM_RESEND_SECONDS, however sent (`invitationMarkOp`).
 */
import { ApiError } from '../http/errors.ts';
import { SYSTEM, type Services } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';
import { lastSent, sentMark, sentMarkOp } from './sent-marks.ts';
import { SINGLE_USE } from './sign-in.ts';

/** The purposes of the single-use keys that invitations carry (./user-admin.ts, ../payroll/hire-account.ts). */
const INVITATION_PURPOSES: ReadonlySet<unknown> = new Set(['hire_invite', 'invite', 'cross_site']);

/**
 * Counts an invitation about to be sent against the sending company and the person who asked (a
 * user key: a partner asking from their home company is counted in the client company by theirs);
 * refuses it (429, nothing written) past either budget. Called once the request is otherwise good,
 * so that a refused save costs nothing.
 */
export async function spendInvitation(s: Services, company: string, sender: string): Promise<void> {
  if (await s.invitations.attempt(`invite\u0000${company}`, `invite\u0000${company}\u0000${sender}`)) return;
  const { perCompany, perUser } = s.config.invitations;
  const minutes = Math.max(1, Math.round(s.config.throttle.windowSeconds / 60));
  throw new ApiError(
    429,
    `Too many invitations: at most ${perUser} from one person and ${perCompany} from one company in ${minutes} minutes. Try again later.`,
  );
}

/** The account's live invitation keys. */
export async function invitationKeys(s: Services, org: string, userKey: string): Promise<StoredRecord[]> {
  const keys = await s.storage.find(SINGLE_USE, org, {
    criteria: [{ field: 'user_key', is: '=', value: userKey }],
    limit: 1000,
    offset: 0,
  });
  return keys.items.filter((k) =>
    INVITATION_PURPOSES.has((k.data.metadata as { purpose?: unknown } | undefined)?.purpose),
  );
}

/** Spends these invitation keys: only the one sent in the same commit signs in. */
export function spentOps(org: string, keys: readonly StoredRecord[]): WriteOp[] {
  return keys.map((k) => ({ op: 'delete', collection: SINGLE_USE, org, key: k.key, expectVersion: k.meta.version }));
}

/** Spends the account's earlier invitation links: only the one sent with these ops signs in. */
export async function earlierInvitationOps(s: Services, org: string, userKey: string): Promise<WriteOp[]> {
  return spentOps(org, await invitationKeys(s, org, userKey));
}

/**
 * The mark an invitation to `userKey` writes in its commit, after refusing one asked for within
 * DFORM_RESEND_SECONDS of the last (409; `wait` false for a first invitation, or one resent after a
 * failed send). Written over the version read, so that of two invitations sent at once one commits
 * and the other meets a version conflict: never two live links. `since` is a time known otherwise
 * (a hire's history from before the marks).
 */
export async function invitationMarkOp(
  s: Services,
  org: string,
  userKey: string,
  opts: { whom: 'hire' | 'account'; wait: boolean; since?: number },
): Promise<WriteOp> {
  const mark = await sentMark(s, SYSTEM.invitationMarks, org, userKey);
  if (opts.wait) refuseTooSoon(s, opts.whom, Math.max(lastSent(mark), opts.since ?? 0));
  return sentMarkOp(s, SYSTEM.invitationMarks, org, userKey, mark);
}

/** Refuses an invitation asked for within DFORM_RESEND_SECONDS of the one sent at `lastSent` (409). */
function refuseTooSoon(s: Services, whom: 'hire' | 'account', lastSent: number): void {
  const wait = s.config.resendSeconds;
  if (s.now() - lastSent >= wait) return;
  const span = wait === 60 ? 'a minute' : wait % 60 === 0 ? `${wait / 60} minutes` : `${wait} seconds`;
  throw new ApiError(409, `An invitation went to this ${whom} less than ${span} ago: wait before sending another.`);
}
