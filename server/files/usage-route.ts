/**
 * `GET /storage/api/file_usage`: how much room the signed-in person has used before an upload is
 * refused (docs/files.md "Quotas"). Their own files in their company, always; the company's, for
 * those who manage others' files or the company's users (managesCompanyFiles). Only the caller's
 * own company is ever answered: the organization-id header the session is bound to.
 */
import { Hono } from 'hono';
import { allows, type Principal } from '../../engine/access.ts';
import { signedIn } from '../auth/signed-in.ts';
import { fieldFacts } from '../data/fields.ts';
import type { AppEnv } from '../http/context.ts';
import type { Catalogue } from '../schemas.ts';
import type { Services } from '../services.ts';
import { quotaOf } from './file-quota.ts';
import { usageOf } from './file-usage.ts';

/**
 * Whether the company's figures are this caller's business: they may change or remove files of
 * records neither theirs nor created by them (an alternative of a file-holding type's edit or
 * delete rule that holds for someone else's record), or manage the company's users (deleting a
 * user lets go of their files). The schemas say who; an employee who holds only their own
 * documents sees only their own figures.
 */
export function managesCompanyFiles(catalogue: Catalogue, p: Principal): boolean {
  if (p.permissions.has('AUTH:CanManageUsers') || p.isAdmin) return true;
  return catalogue.registry
    .all()
    .filter((entity) => fieldFacts(catalogue, entity).files.length > 0)
    .some((entity) => {
      const access = entity.file['x-access'];
      return [...access.edit, ...access.delete].some((alt) => allows([alt], p, false, false));
    });
}

export function fileUsageRoutes(s: Services) {
  const app = new Hono<AppEnv>();

  app.get('/file_usage', signedIn(s), async (c) => {
    const caller = c.var.caller;
    const org = caller.org.id;
    const quota = await quotaOf(s, org);
    const own = await usageOf(s, org, caller.user.key);
    const person = { bytes: own.bytes, files: own.files, limit: quota.perUser };
    if (!managesCompanyFiles(s.catalogue, caller.principal)) return c.json({ person });
    const all = await usageOf(s, org);
    return c.json({
      person,
      company: { name: caller.org.name, bytes: all.bytes, files: all.files, limit: quota.perCompany },
    });
  });

  return app;
}
