/**
 * The audit entry of a reveal: a whole sensitive value (an SSN, a TIN, an EIN, an I-9 identifier, an
 * encrypted file) leaving to the caller. Committed on its own, before the value leaves, so nothing
 * sensitive is answered unaudited; the callers (retrieve_*, the printed forms, file downloads) say
 * what was revealed and about whom.
 */
import type { Context } from 'hono';
import type { Caller } from '../auth/principal.ts';
import { requestInfo } from '../http/context.ts';
import type { Services } from '../services.ts';
import { actorOf, auditOp, type AuditEvent } from './audit.ts';

export type Reveal = Pick<AuditEvent, 'module' | 'type' | 'key' | 'affectedUser' | 'fields' | 'outcome' | 'detail'>;

export async function commitReveal(s: Services, c: Context, caller: Caller, reveal: Reveal): Promise<void> {
  await s.storage.commit([
    auditOp({
      org: caller.org.id,
      actor: actorOf(caller),
      action: 'reveal',
      ...reveal,
      ...requestInfo(c),
      now: s.now(),
    }),
  ]);
}
