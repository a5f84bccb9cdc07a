/**
 * The one call that answers a full SSN (../shared/API.md): to a caller allowed to manage payroll
 * data, for an employee whose last four digits the caller already knows; every answer is audited.
 */
import { Hono } from 'hono';
import { authenticate } from '../auth/principal.ts';
import { ApiError, badRequest, notAuthorized, notFound } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import { auditOp } from '../data/audit.ts';
import { isUuid } from '../auth/principal.ts';

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
    const p = caller.principal;
    if (!p.isAdmin && !p.permissions.has('PAYROLL:CanManageUserPayrollData')) throw notAuthorized();
    if (!s.throttle.attempt(`ssn\u0000${caller.user.key}`, `ssn\u0000${requestInfo(c).address ?? ''}`)) {
      throw new ApiError(429, 'Too many attempts');
    }
    const record = isUuid(employeeId) ? s.storage.get('payroll/employee', caller.org.id, employeeId) : undefined;
    const stored = record?.data.ssn;
    if (typeof stored !== 'string') throw notFound();
    const ssn = s.cipher.decrypt(stored);
    if (ssn.replace(/\D/g, '').slice(-4) !== lastFour) throw notFound();
    await s.storage.commit([
      auditOp({
        org: caller.org.id,
        actor: { key: caller.user.key, name: String(caller.user.data.display_name ?? '') },
        action: 'reveal',
        module: 'payroll',
        type: 'employee',
        key: employeeId,
        affectedUser: employeeId,
        fields: ['ssn'],
        ...requestInfo(c),
        now: s.now(),
      }),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json({ ssn });
  });
  return app;
}
