/**
 * When a person was last sent an e-mail of one kind (an invitation, a forgot-password link), kept
 * as one record per account and written in the commit that queues the message, over the version
 * read: of two sends at once, one commits and the other meets a version conflict, however many
 * processes share the store.
 */
import type { Services } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';
import { putOver } from '../data/system-write.ts';

/** The account's mark in `collection`, if any. */
export function sentMark(s: Services, collection: string, org: string, userKey: string) {
  return s.storage.get(collection, org, userKey);
}

/** When the mark says the last message went (epoch seconds; 0 for none). */
export function lastSent(mark: StoredRecord | undefined): number {
  return Number(mark?.data.last_sent ?? 0);
}

/** The put that moves `mark` (as read) to now. */
export function sentMarkOp(
  s: Services,
  collection: string,
  org: string,
  userKey: string,
  mark: StoredRecord | undefined,
): WriteOp {
  const now = s.now();
  return putOver(collection, org, userKey, { last_sent: now }, mark, now);
}
