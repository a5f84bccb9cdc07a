/**
 * `GET /payroll/api/i9_section2_proposal/{key}`: what Section 2 of an employee's I-9 is proposed
 * with when the employer opens it, so that the person completing it confirms rather than types
 * what the company already knows: the first day of employment (the employee's hire date), the
 * business name (the company's) and address (the company's employer record). Nothing is stored: the
 * signer sees each value in the form and changes it where it differs (another worksite, a first day
 * that moved), and the signature attests what the form then holds.
 *
 * For whoever may save that I-9 (the data API's edit rules, 404 or 403 as a save would answer), and
 * only while Section 2 is unsigned: a signed one is corrected field by field, not proposed again.
 */
import { Hono } from 'hono';
import { signedIn } from '../auth/signed-in.ts';
import { editableRecord, target } from '../data/records.ts';
import type { AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';
import { companyEmployerKey } from './employer.ts';
import { employmentOf } from './employment.ts';

const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'postal_code'] as const;

/** The address fields of `value` that hold text: an address proposed whole or not at all. */
function addressOf(value: unknown): DataObject | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const a = value as DataObject;
  const out = Object.fromEntries(
    ADDRESS_FIELDS.flatMap((f) => (typeof a[f] === 'string' && (a[f] as string).trim() ? [[f, a[f]]] : [])),
  );
  return ['address1', 'city', 'state', 'postal_code'].every((f) => f in out) ? out : undefined;
}

export function section2ProposalRoute(s: Services) {
  const app = new Hono<AppEnv>();
  app.get('/i9_section2_proposal/:key', signedIn(s), async (c) => {
    const caller = c.var.caller;
    const i9 = await editableRecord(s, caller, target(s, caller, 'payroll', 'i9'), c.req.param('key'));
    if (i9.key === caller.principal.userKey || i9.data.employer_signature) return c.json({});
    const org = caller.org.id;
    const employment = await employmentOf(s, org, i9.key);
    const employerKey = await companyEmployerKey(s, org);
    // The address is not sensitive (the EIN beside it is, and is not read here).
    const employer = employerKey ? (await s.storage.get('payroll/employer', org, employerKey))?.data : undefined;
    const address = addressOf(employer?.address);
    return c.json({
      ...(typeof employment.hire_date === 'number' ? { first_day: employment.hire_date } : {}),
      // The name Section 2 prints when none is given (the I-9's save rule, $orgName).
      ...(caller.org.name ? { orgname: caller.org.name.slice(0, 128) } : {}),
      ...(address ? { employer_address: address } : {}),
    });
  });
  return app;
}
