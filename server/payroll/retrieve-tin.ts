/**
 * `POST /payroll/api/retrieve_tin {data: {employee_id, last_four}}` answers `{tin_type, tin}`, the
 * taxpayer identification number of an employee's Form W-9 (payroll/w9) whole: like retrieve_ssn
 * (./retrieve-ssn.ts), to a caller allowed to manage payroll data, for a W-9 whose last four digits
 * the caller already knows. A wrong last four, an unknown employee, a W-9 without a TIN and another
 * company's employee all answer the same 404. Every answer to a signed-in caller who asked is audited
 * (`revealed`, `not found` or `refused`), the reveal committed before the answer; a throttled attempt
 * is not, so a flood cannot fill the log.
 */
import { Hono } from 'hono';
import { authenticate, isUuid, type Caller } from '../auth/principal.ts';
import { ApiError, badRequest, notAuthorized, notFound } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import { actorOf, auditOp } from '../data/audit.ts';
import { lastFourOf } from './ssn-index.ts';
import { SSN_MANAGERS } from './ssn-access.ts';

type Outcome = 'revealed' | 'not found' | 'refused';

export function retrieveTinRoute(s: Services) {
  const app = new Hono<AppEnv>();
  app.post('/retrieve_tin', async (c) => {
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
    if (!s.throttle.attempt(`tin\u0000${caller.user.key}`, `tin\u0000${requestInfo(c).address ?? ''}`)) {
      throw new ApiError(429, 'Too many attempts');
    }
    const p = caller.principal;
    if (!p.isAdmin && !p.permissions.has(SSN_MANAGERS)) {
      await audit('refused');
      throw notAuthorized();
    }
    // The W-9 is keyed by the employee's user key: the record of the caller's own company, or none.
    const stored = asked ? s.storage.get('payroll/w9', caller.org.id, asked)?.data : undefined;
    const tin = typeof stored?.tin === 'string' ? s.cipher.decrypt(stored.tin) : undefined;
    if (tin === undefined || lastFourOf(tin) !== lastFour) {
      await audit('not found');
      throw notFound();
    }
    // Committed before the answer: no whole TIN leaves unaudited.
    await audit('revealed');
    return c.json({ tin_type: stored?.tin_type, tin });
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
    type: 'w9',
    key: employee,
    affectedUser: outcome === 'revealed' ? employee : undefined,
    fields: ['tin'],
    outcome,
    ...request,
    now: s.now(),
  });
}
