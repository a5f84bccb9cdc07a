/**
 * The one call that answers a full SSN (../shared/API.md): to a caller allowed to manage payroll
 * data, for an employee whose last four digits the caller already knows. The record is found
 * through the SSN index (a keyed digest, ./ssn-index.ts), so a wrong last four, an unknown
 * employee and another company's employee take the same path and get the same 404; only a match
 * is decrypted. Every answer to a signed-in caller who asked for an employee is audited
 * (`revealed`, `not found` or `refused`); a throttled attempt is not, so a flood cannot fill the log.
 */
import { Hono } from 'hono';
import { authenticate, isUuid, type Caller } from '../auth/principal.ts';
import { ApiError, badRequest, notAuthorized, notFound } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import { actorOf, auditOp } from '../data/audit.ts';
import { findBySsn, lastFourOf } from './ssn-index.ts';
import { SSN_MANAGERS } from './ssn-access.ts';

type Outcome = 'revealed' | 'not found' | 'refused';

export function retrieveSsnRoute(s: Services) {
  const app = new Hono<AppEnv>();
  app.post('/retrieve_ssn', async (c) => {
    const caller = await authenticate(s, c);
    const body = await readJsonObject(c);
    const data = body.data as Record<string, unknown> | undefined;
    const employeeId = data?.employee_id;
    const lastFour = data?.last_four;
    if (typeof employeeId !== 'string' || typeof lastFour !== 'string' || !/^\d{4}$/.test(lastFour)) {
      throw badRequest('data.employee_id and data.last_four (4 digits) are required');
    }
    const asked = isUuid(employeeId) ? employeeId.toLowerCase() : '';
    const audit = (outcome: Outcome) => s.storage.commit([revealAudit(s, caller, asked, outcome, requestInfo(c))]);
    if (!s.throttle.attempt(`ssn\u0000${caller.user.key}`, `ssn\u0000${requestInfo(c).address ?? ''}`)) {
      throw new ApiError(429, 'Too many attempts');
    }
    const p = caller.principal;
    if (!p.isAdmin && !p.permissions.has(SSN_MANAGERS)) {
      await audit('refused');
      throw notAuthorized();
    }
    const key = asked ? findBySsn(s, caller.org.id, asked, lastFour) : undefined;
    const stored = key ? s.storage.get('payroll/employee', caller.org.id, key)?.data.ssn : undefined;
    const ssn = typeof stored === 'string' ? s.cipher.decrypt(stored) : undefined;
    // The index decides; the decrypted value agreeing is a second check, never the search.
    if (ssn === undefined || lastFourOf(ssn) !== lastFour) {
      await audit('not found');
      throw notFound();
    }
    // Committed before the answer: no full SSN leaves unaudited.
    await audit('revealed');
    return c.json({ ssn });
  });
  return app;
}

function revealAudit(
  s: Services,
  caller: Caller,
  employee: string,
  outcome: Outcome,
  request: { browser?: string; address?: string },
) {
  return auditOp({
    org: caller.org.id,
    actor: actorOf(caller),
    action: 'reveal',
    module: 'payroll',
    type: 'employee',
    key: employee,
    affectedUser: outcome === 'revealed' ? employee : undefined,
    fields: ['ssn'],
    outcome,
    ...request,
    now: s.now(),
  });
}
