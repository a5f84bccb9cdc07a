/**
 * `POST /payroll/api/resend_hire_invitation {hire_id}`: a hire's invitation sent again (a send that
 * failed, a hire who lost it), by whoever may change the hire. Its history says so, a failed one is
 * `created` again, and the message goes through the outbox (../data/hooks/onboarding-user.ts).
 */
import { Hono } from 'hono';
import { signedIn } from '../auth/signed-in.ts';
import { isUuid } from '../auth/principal.ts';
import { resendInvitation } from '../data/hooks/onboarding-user.ts';
import { editableRecord, target } from '../data/records.ts';
import { badRequest } from '../http/errors.ts';
import type { AppEnv } from '../http/context.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { Services } from '../services.ts';

export function hireInvitationRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.post('/resend_hire_invitation', signedIn(s), async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    const id = typeof body.hire_id === 'string' ? body.hire_id.toLowerCase() : '';
    if (!isUuid(id)) {
      throw badRequest('hire_id must be a 36-character hire key', [
        { path: '/hire_id', message: 'Must be a 36-character hire key' },
      ]);
    }
    const t = target(s, caller, 'payroll', 'onboarding_user');
    const hire = await editableRecord(s, caller, t, id);
    const to = await resendInvitation(s, caller, hire);
    return c.json({ message: `Invitation sent to ${to}.`, email: to });
  });
  return app;
}
