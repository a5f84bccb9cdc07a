/**
 * `POST /auth/api/get_userinfo {user_ids}` (spec/001 section 7): names for user keys, so screens
 * show "Created by Alice Admin" instead of a key. Any signed-in caller may ask, for keys they hold
 * (a record they read names its creator, a manager, a group's users); user keys are random, so the
 * answer cannot list the company. It holds the display name of accounts of the caller's own
 * organization, and the e-mail only where the caller may read that account (auth/users x-access
 * read: managers of users or groups, and the account's owner), so an employee's screens name people
 * without handing out the company's addresses. A key of another organization, or of no account, is
 * left out of the answer (never an error, never a hint). The spec's other lookups (by e-mails or
 * permissions) are not offered.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { badRequest } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { Services } from '../services.ts';
import { isUuid } from './principal.ts';
import { signedIn } from './signed-in.ts';
import { can } from '../../engine/access.ts';

/** At most this many keys a call: a screen's page of records names fewer. */
export const MAX_USER_IDS = 100;

export function userInfoRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);

  app.post('/get_userinfo', auth, async (c) => {
    const caller = c.var.caller;
    const { user_ids } = await readJsonObject(c);
    if (!Array.isArray(user_ids) || user_ids.length === 0 || user_ids.length > MAX_USER_IDS) {
      throw badRequest(`user_ids must list 1 to ${MAX_USER_IDS} user keys`, [
        { path: '/user_ids', message: `Must list 1 to ${MAX_USER_IDS} user keys` },
      ]);
    }
    const keys = user_ids.map((k) => (typeof k === 'string' ? k.toLowerCase() : k));
    const bad = keys.findIndex((k) => !isUuid(k));
    if (bad >= 0) {
      throw badRequest('user_ids must hold 36-character user keys', [
        { path: `/user_ids/${bad}`, message: 'Must be a 36-character user key' },
      ]);
    }
    const users = s.catalogue.registry.resolve('auth', 'users')!.entity;
    const out: { key: string; data: { display_name: string; email?: string } }[] = [];
    for (const key of new Set(keys as string[])) {
      const user = await s.storage.get('auth/users', caller.org.id, key);
      if (!user) continue;
      const data: { display_name: string; email?: string } = { display_name: String(user.data.display_name ?? '') };
      if (can(users, 'read', caller.principal, user)) data.email = String(user.data.email ?? '');
      out.push({ key, data });
    }
    return c.json(out);
  });

  return app;
}
