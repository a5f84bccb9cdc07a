/**
 * A person gives their own Social Security number (docs/decisions.md, "Who enters a hire's SSN"):
 *
 * - `GET /payroll/api/my_ssn`: whether the caller's SSN is on file, masked, and which record holds
 *   it: their employee record when they have one, else their hire (onboarding_user).
 * - `POST /payroll/api/my_ssn {ssn}`: stores it on that record when none is on file (`200 {ssn}`,
 *   masked). One on file answers `409`: a correction goes through the employer, who can reveal and
 *   check it; the person cannot overwrite what the printed forms and the SSN index rely on. A
 *   caller with neither record answers `404`.
 *
 * The write is the data API's own (validation with the schema's messages, encryption, the SSN
 * index, the audit entry naming the person), made with the edit right of payroll staff for this one
 * field: the person neither reads nor changes anything else of the record, which stays the employer's.
 */
import { Hono } from 'hono';
import { looksMasked, maskValue } from '../../engine/masking.ts';
import { toPointer } from '../../engine/schema-walk.ts';
import type { Caller } from '../auth/principal.ts';
import { signedIn } from '../auth/signed-in.ts';
import { writeRecord } from '../data/write-lifecycle.ts';
import type { Target } from '../data/records.ts';
import type { AppEnv } from '../http/context.ts';
import { requestInfo } from '../http/context.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';

const WRITER = 'PAYROLL:CanManageUserPayrollData';

interface Holder {
  t: Target;
  record: StoredRecord;
  kind: 'employee' | 'hire';
}

/** The record that holds the caller's SSN: their employee record, else their hire. */
async function holderOf(s: Services, caller: Caller): Promise<Holder | undefined> {
  const org = caller.org.id;
  const me = caller.principal.userKey;
  const target = (type: string): Target => ({ entity: s.catalogue.registry.require('payroll', type), my: false });
  const employee = await s.storage.get('payroll/employee', org, me);
  if (employee) return { t: target('employee'), record: employee, kind: 'employee' };
  // A hire's account is made by its invitation under the hire's own key (../payroll/hire-account.ts).
  const hire = await s.storage.get('payroll/onboarding_user', org, me);
  if (hire && hire.data.status !== 'cancelled') return { t: target('onboarding_user'), record: hire, kind: 'hire' };
  return undefined;
}

function maskedOf(s: Services, stored: unknown): string | undefined {
  if (typeof stored !== 'string' || stored === '') return undefined;
  return maskValue('ssn', s.cipher.decrypt(stored));
}

export function mySsnRoutes(s: Services) {
  const app = new Hono<AppEnv & { Variables: { caller: Caller } }>();
  const auth = signedIn(s);

  app.get('/my_ssn', auth, async (c) => {
    const holder = await holderOf(s, c.var.caller);
    const ssn = holder && maskedOf(s, holder.record.data.ssn);
    return c.json({ on_file: ssn !== undefined, ...(ssn ? { ssn } : {}), record: holder?.kind ?? null });
  });

  const SSN_TAKEN =
    "This SSN is on file for another person: check the number, and if it is right, ask your employer's payroll contact.";
  app.post('/my_ssn', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    const others = Object.keys(body).filter((k) => k !== 'ssn');
    if (others.length) {
      throw badRequest(
        'Validation failed',
        others.map((k) => ({ path: toPointer([k]), message: 'Only the SSN is given here.' })),
      );
    }
    const ssn = body.ssn;
    if (typeof ssn !== 'string' || ssn === '') {
      throw badRequest('Validation failed', [{ path: '/ssn', message: 'Enter your SSN.' }]);
    }
    // A masked value stands for the stored number everywhere else; here there is none to stand for.
    // However it is masked (x, *, •): there is no stored number for it to stand for.
    if (looksMasked('ssn', ssn) || /[x*\u2022\u25cf]/i.test(ssn)) {
      throw badRequest('Validation failed', [{ path: '/ssn', message: 'Enter all nine digits of your SSN.' }]);
    }
    const holder = await holderOf(s, caller);
    if (!holder) throw new ApiError(404, 'There is no payroll record of yours to hold an SSN: ask your employer.');
    const onFile = maskedOf(s, holder.record.data.ssn);
    if (onFile) {
      throw new ApiError(409, `Your SSN is on file (${onFile}). To correct it, ask your employer's payroll contact.`);
    }
    // The edit right of payroll staff for this one write, so that every stage of a data write runs.
    const writer: Caller = {
      ...caller,
      principal: { ...caller.principal, permissions: new Set([...caller.principal.permissions, WRITER]) },
    };
    try {
      await writeRecord(s, writer, holder.t, holder.record.key, { ssn }, 'update', {
        ifMatch: String(holder.record.meta.version),
        request: requestInfo(c),
      });
    } catch (e) {
      // Another hire holds the number (x-unique): said to the person, who cannot open that hire.
      if (e instanceof ApiError && e.status === 409 && e.errors?.some((x) => x.path === '/ssn')) {
        throw new ApiError(409, SSN_TAKEN, [{ path: '/ssn', message: SSN_TAKEN }]);
      }
      throw e;
    }
    const stored = await s.storage.get(holder.t.entity.id, caller.org.id, holder.record.key);
    return c.json({ on_file: true, ssn: maskedOf(s, stored?.data.ssn), record: holder.kind });
  });

  return app;
}
