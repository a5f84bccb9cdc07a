/**
 * The calls that answer a whole number by its last four digits (retrieve_ssn, retrieve_tin): signed
 * in, `{data: {employee_id, last_four}}` (the employee's user key, or the payroll ID their account
 * holds), throttled per caller and per address, for a caller allowed to manage payroll data, audited
 * (./reveal-steps.ts). A wrong last four, an unknown employee and
 * another company's employee all answer the same 404.
 */
import { Hono } from 'hono';
import { isUuid, type Caller } from '../auth/principal.ts';
import { signedIn } from '../auth/signed-in.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import { admitReveal, revealAudit } from './reveal-steps.ts';

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

/** The user key of the one account of the company whose payroll ID (employee_id) this is; '' for none or several. */
async function keyOfEmployeeId(s: Services, org: string, employeeId: string): Promise<string> {
  const id = employeeId.trim();
  if (!id || id.length > 64) return '';
  const found = await s.storage.find('auth/users', org, {
    criteria: [{ field: 'employee_id', is: '=', value: id }],
    limit: 2,
    offset: 0,
  });
  return found.items.length === 1 ? found.items[0].key : '';
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
    // The employee named by their user key, or by the payroll ID their account holds (employee_id).
    const asked = isUuid(employeeId) ? employeeId.toLowerCase() : await keyOfEmployeeId(s, caller.org.id, employeeId);
    const audit = revealAudit(s, c, caller, { type: r.type, key: asked, field: r.field });
    await admitReveal(s, c, caller, r.scope, audit);
    const answer = asked ? await r.find(s, caller, asked, lastFour) : undefined;
    if (!answer) {
      await audit('not found');
      throw notFound();
    }
    // Committed before the answer: no whole number leaves unaudited.
    await audit('revealed', asked);
    return c.json(answer);
  });
  return app;
}
