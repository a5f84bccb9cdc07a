/**
 * The steps every call that answers a whole sensitive number shares (retrieve_ssn, retrieve_tin,
 * retrieve_sensitive): throttled per caller and per address, then allowed only to a caller who may
 * manage payroll data (./ssn-access.ts). Every answer to a caller who asked is audited as a reveal
 * (`revealed`, `not found` or `refused`), committed before the value leaves; a throttled attempt is
 * not, so a flood cannot fill the log.
 */
import { commitReveal } from '../data/reveal-audit.ts';
import type { Context } from 'hono';
import type { Caller } from '../auth/principal.ts';
import { requestInfo } from '../http/context.ts';
import { notAuthorized, tooManyAttempts } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { SSN_MANAGERS } from './ssn-access.ts';

export type RevealOutcome = 'revealed' | 'not found' | 'refused';

/** What a reveal's audit entries name: the record type and key asked for, and the field. */
export interface RevealSubject {
  type: string;
  key: string;
  field: string;
  detail?: Record<string, unknown>;
}

/** Commits the audit entry of one answer to a reveal; `owner` is the employee whose number left. */
export type RevealAudit = (outcome: RevealOutcome, owner?: string) => Promise<void>;

export function revealAudit(s: Services, c: Context, caller: Caller, subject: RevealSubject): RevealAudit {
  return (outcome, owner) =>
    commitReveal(s, c, caller, {
      module: 'payroll',
      type: subject.type,
      key: subject.key,
      affectedUser: outcome === 'revealed' ? owner : undefined,
      fields: [subject.field],
      outcome,
      ...(subject.detail ? { detail: subject.detail } : {}),
    });
}

/**
 * Admits a reveal: 429 past the throttle of `scope` (not audited), 403 for a caller who may not
 * manage payroll data (audited as refused).
 */
export async function admitReveal(
  s: Services,
  c: Context,
  caller: Caller,
  scope: string,
  audit: RevealAudit,
): Promise<void> {
  const address = requestInfo(c).address ?? '';
  if (!(await s.throttle.attempt(`${scope}\u0000${caller.user.key}`, `${scope}\u0000${address}`))) {
    // The window is the longest wait: by then every call it counted has left it.
    throw tooManyAttempts(s.config.throttle.windowSeconds);
  }
  const p = caller.principal;
  if (!p.isAdmin && !p.permissions.has(SSN_MANAGERS)) {
    await audit('refused');
    throw notAuthorized();
  }
}
