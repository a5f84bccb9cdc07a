/**
 * `POST /payroll/api/retrieve_ein` (spec/001 section 7): an empty payload; answers `{ein}`, the
 * company's employer identification number whole. The EIN is stored encrypted and answered masked
 * everywhere else (with the company name it is what fraudulent W-2 and business-credit filings
 * need), so this call is for those who manage payroll data, and each answer is audited as a reveal.
 * Printed forms take it server-side (server/printable/records.ts) and need no call.
 */
import { commitReveal } from '../data/reveal-audit.ts';
import { Hono } from 'hono';
import { signedIn } from '../auth/signed-in.ts';
import { decryptedData, readRecord, target } from '../data/records.ts';
import { notAuthorized, notFound } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import { companyEmployerKey } from './employer.ts';

export function retrieveEinRoute(s: Services) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);
  app.post('/retrieve_ein', auth, async (c) => {
    const caller = c.var.caller;
    // The payload is empty; a body, when sent, must still be a JSON object.
    await readJsonObject(c, { allowEmpty: true });
    const p = caller.principal;
    if (!p.isAdmin && !p.permissions.has('PAYROLL:CanManageUserPayrollData')) throw notAuthorized();
    const key = await companyEmployerKey(s, caller.org.id);
    if (!key) throw notFound();
    // Read as any client read is: tenancy, the module and the employer's own access rules.
    const t = target(s, caller, 'payroll', 'employer');
    await readRecord(s, caller, t, key);
    const stored = await s.storage.get(t.entity.id, caller.org.id, key);
    const ein = stored ? decryptedData(s, t.entity, stored).ein : undefined;
    if (typeof ein !== 'string' || !ein) throw notFound();
    await commitReveal(s, c, caller, { module: 'payroll', type: 'employer', key, fields: ['ein'] });
    return c.json({ ein });
  });
  return app;
}
