/**
 * The calls that answer a whole number by its last four digits (retrieve_ssn, retrieve_tin): signed
 * in, `{data: {employee_id, last_four}}`, throttled per caller and per address, for a caller allowed
 * to manage payroll data. A wrong last four, an unknown employee and another company's employee all
 * answer the same 404. Every answer to a caller who asked is audited (`revealed`, `not found` or
 * `refused`), the reveal committed before the answer; a throttled attempt is not, so a flood cannot
 * fill the log.
 */
import { Hono } from 'hono';
import { isUuid, type Caller } from '../auth/principal.ts';
import { signedIn } from '../auth/signed-in.ts';
import { ApiError, badRequest, notAuthorized, notFound } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import { actorOf, auditOp } from '../data/audit.ts';
import { SSN_MANAGERS } from './ssn-access.ts';

type Outcome = 'revealed' | 'not found' | 'refused';

export interface LastFourReveal {
  /** The call's path and throttle scope, as `/retrieve_ssn` and `ssn`. */
  path: string;
  scope: string;
  /** The audited record type and field. */
  type: string;
  field: string;
  /** The answer for the employee whose number ends in `lastFour`, or undefined (a 404). */
  find(s: Services, caller: Caller, employee: string, lastFour: string): Promise<Record<string, unknown> | undefined>;
}

export function lastFourRevealRoute(s: Services, r: LastFourReveal) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);
  app.post(r.path, auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    const data = body.data as Record<string, unknown> | undefined;
    const employeeId = data?.employee_id;
    const lastFour = data?.last_four;
    if (typeof employeeId !== 'string' || typeof lastFour !== 'string' || !/^\d{4}$/.test(lastFour)) {
      throw badRequest('data.employee_id and data.last_four (4 digits) are required');
    }
    const asked = isUuid(employeeId) ? employeeId.toLowerCase() : '';
    const audit = (outcome: Outcome) =>
      s.storage.commit([
        auditOp({
          org: caller.org.id,
          actor: actorOf(caller),
          action: 'reveal',
          module: 'payroll',
          type: r.type,
          key: asked,
          affectedUser: outcome === 'revealed' ? asked : undefined,
          fields: [r.field],
          outcome,
          ...requestInfo(c),
          now: s.now(),
        }),
      ]);
    const address = requestInfo(c).address ?? '';
    if (!s.throttle.attempt(`${r.scope}\u0000${caller.user.key}`, `${r.scope}\u0000${address}`)) {
      throw new ApiError(429, 'Too many attempts');
    }
    const p = caller.principal;
    if (!p.isAdmin && !p.permissions.has(SSN_MANAGERS)) {
      await audit('refused');
      throw notAuthorized();
    }
    const answer = asked ? await r.find(s, caller, asked, lastFour) : undefined;
    if (!answer) {
      await audit('not found');
      throw notFound();
    }
    // Committed before the answer: no whole number leaves unaudited.
    await audit('revealed');
    return c.json(answer);
  });
  return app;
}
