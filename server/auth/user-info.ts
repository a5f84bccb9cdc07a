/**
 * `POST /auth/api/get_userinfo {user_ids}` (spec/001 section 7): names for user keys, so screens
 * show "Created by Alice Admin" instead of a key. Any signed-in caller may ask, for keys they hold
 * (a record they read names its creator, a manager, a group's users); user keys are random, so the
 * answer cannot list the company. It holds the display name of accounts of the caller's own
 * organization, and the e-mail only where the caller may read that account (auth/users x-access
 * read: managers of users or groups, and the account's owner), so an employee's screens name people
 * without handing out the company's addresses. A key of another organization, or of no account, is
 * left out of the answer (never an error, never a hint). The spec's other lookups, `{emails}` and
 * `{permissions}`, list the company's people and are for those who may list the accounts
 * (./user-lookups.ts).
 *
 * `POST /auth/api/search_people {text}`: the people pickers' search (docs/directory.md). Those who
 * may list the accounts search names and e-mails; a manager who may only fill in forms naming other
 * people (choosesPeople) searches display names and gets names only. Anyone else, choosing a secure
 * file's recipient or a share request's people (`for`), is offered a few people by name
 * (./offered-people.ts); otherwise refused.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { badRequest, notAuthorized } from '../http/errors.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { Services } from '../services.ts';
import { isUuid } from './principal.ts';
import { signedIn } from './signed-in.ts';
import { allows, can, moduleUsable, productStaffAdminKey, type Principal } from '../../engine/access.ts';
import type { Entity } from '../../engine/entity.ts';
import type { Catalogue } from '../schemas.ts';
import type { Criterion } from '../storage/types.ts';
import { OFFERED_FORMS, offeredPeople, offersPeople } from './offered-people.ts';
import { MAX_PEOPLE_TEXT } from '../../engine/people-search.ts';
import { usersByEmails, usersHolding } from './user-lookups.ts';

/** What get_userinfo looks accounts up by: one of these a call. */
const LOOKUPS = ['user_ids', 'emails', 'permissions'] as const;

/** At most this many keys a call: a screen's page of records names fewer. */
export const MAX_USER_IDS = 100;

/** At most this many people a search answers: a picker shows the first few. */
export const MAX_PEOPLE = 20;

/** A form naming people: a person picker in it, or keyed by its person (a W-4, a PTO enrolment). */
function namesPeople(entity: Entity): boolean {
  const picker = (o: unknown): boolean =>
    !!o &&
    typeof o === 'object' &&
    ((o as Record<string, unknown>)['ui:widget'] === 'userSelect' || Object.values(o).some(picker));
  return entity.file['x-key'] === 'user' || picker(entity.file['x-ui']);
}

/**
 * May this caller choose among the company's people: they fill in, by a permission of theirs, some
 * form that names other people (an HR manager requesting an employee's document, a PTO manager
 * enrolling someone), in a module they may use. Only permission alternatives count: what anyone
 * signed in or a record's owner may do (a share, a channel's member) gives no directory. The
 * schemas say who, so a new form naming people brings its managers with it.
 */
export function choosesPeople(catalogue: Catalogue, p: Principal, activeModules: readonly string[]): boolean {
  if (p.isAdmin) return true;
  return catalogue.registry
    .all()
    .filter((entity) => namesPeople(entity) && moduleUsable(entity.module, activeModules, p))
    .some((entity) => {
      const access = entity.file['x-access'];
      return [...access.create, ...access.edit]
        .filter((alt) => alt.split('+').every((token) => !token.startsWith('@')))
        .some((alt) => allows([alt], p));
    });
}

/** At most this many groups a search answers: a team choice offers them all, by name. */
export const MAX_GROUPS = 200;

/** A form naming a group by the group choice (a PTO team). */
function namesGroups(entity: Entity): boolean {
  const picker = (o: unknown): boolean =>
    !!o &&
    typeof o === 'object' &&
    ((o as Record<string, unknown>)['ui:widget'] === 'groupSelect' || Object.values(o).some(picker));
  return picker(entity.file['x-ui']);
}

/**
 * May this caller choose among the company's groups by name (docs/directory.md "Searching groups"):
 * they fill in, by a permission of theirs, a form naming a group (a PTO manager choosing a team's
 * preferences or an enrolment's team), in a module they may use. As for people, what anyone signed
 * in or a record's owner may do gives no list of groups.
 */
export function choosesGroups(catalogue: Catalogue, p: Principal, activeModules: readonly string[]): boolean {
  if (p.isAdmin) return true;
  return catalogue.registry
    .all()
    .filter((entity) => namesGroups(entity) && moduleUsable(entity.module, activeModules, p))
    .some((entity) => {
      const access = entity.file['x-access'];
      return [...access.create, ...access.edit]
        .filter((alt) => alt.split('+').every((token) => !token.startsWith('@')))
        .some((alt) => allows([alt], p));
    });
}

export function userInfoRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);

  app.post('/get_userinfo', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    const given = LOOKUPS.filter((k) => body[k] !== undefined);
    if (given.length > 1) {
      throw badRequest('Give one of user_ids, emails or permissions', [
        { path: `/${given[1]}`, message: `Give one of user_ids, emails or permissions, not ${given.join(' and ')}` },
      ]);
    }
    if (given[0] === 'emails') return c.json(await usersByEmails(s, caller, body.emails));
    if (given[0] === 'permissions') return c.json(await usersHolding(s, caller, body.permissions));
    const { user_ids } = body;
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

  app.post('/search_people', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    if (typeof body.text !== 'string' || body.text.length > MAX_PEOPLE_TEXT) {
      throw badRequest(`text must be text of at most ${MAX_PEOPLE_TEXT} characters`, [
        { path: '/text', message: `Must be text of at most ${MAX_PEOPLE_TEXT} characters` },
      ]);
    }
    if (body.for !== undefined && !offersPeople(body.for)) {
      const forms = OFFERED_FORMS.join(' or ');
      throw badRequest(`for, when given, must be ${forms}`, [
        { path: '/for', message: `Must be ${forms}, the form whose person is chosen.` },
      ]);
    }
    const text = body.text.trim();
    const users = s.catalogue.registry.resolve('auth', 'users')!.entity;
    const listsAccounts = allows(users.file['x-access'].list, caller.principal);
    if (!listsAccounts && !choosesPeople(s.catalogue, caller.principal, caller.org.activeModules)) {
      // A form that offers a few people (a secure file's recipient, a share request's people:
      // ./offered-people.ts): names only; an empty text offers all of them, so she need not know
      // their names.
      if (!offersPeople(body.for) || !moduleUsable('hr', caller.org.activeModules, caller.principal)) {
        throw notAuthorized();
      }
      const lower = text.toLocaleLowerCase();
      const offered = (await offeredPeople(s, caller.org.id, body.for, caller.user.key)).flatMap((u) => {
        const display_name = String(u.data.display_name ?? '');
        // One of them whose whole address is typed (a link to send them a secure file names it,
        // /secure_file/{email}) is found, with that address: it tells only that the address the
        // caller already has is one of those offered to them anyway.
        const email = typeof u.data.email === 'string' ? u.data.email : '';
        if (lower && email.toLocaleLowerCase() === lower) return [{ key: u.key, data: { display_name, email } }];
        return display_name.toLocaleLowerCase().includes(lower) ? [{ key: u.key, data: { display_name } }] : [];
      });
      return c.json(offered.slice(0, MAX_PEOPLE));
    }
    // An empty text finds no one: a screen asks it to learn whether this person may choose people
    // (a New whose form names a person is offered only then).
    if (!text) return c.json([]);
    const org = caller.org.id;
    // A manager without the accounts gets names only, so names are all they search by: an e-mail
    // typed would otherwise tell them whose address it is.
    const fields = listsAccounts ? ['display_name', 'email'] : ['display_name'];
    const search = (criterion: Criterion) =>
      s.searches.run(org, () =>
        s.storage.findInSlices('auth/users', org, {
          criteria: [criterion],
          sort: [{ field: 'display_name', dir: 'asc' }],
          limit: MAX_PEOPLE + 1,
          offset: 0,
        }),
      );
    const pages = await Promise.all(fields.map((field) => search({ field, is: 'like', value: text })));
    const found = new Map<string, { key: string; data: { display_name: string; email?: string } }>();
    // The account product staff enter the company by (sudo_login) is nobody's colleague.
    const staff = productStaffAdminKey(org);
    for (const user of pages.flatMap((p) => p.items)) {
      if (found.has(user.key) || user.key === staff) continue;
      const data: { display_name: string; email?: string } = { display_name: String(user.data.display_name ?? '') };
      if (can(users, 'read', caller.principal, user)) data.email = String(user.data.email ?? '');
      found.set(user.key, { key: user.key, data });
    }
    const out = [...found.values()].sort((a, b) => a.data.display_name.localeCompare(b.data.display_name));
    return c.json(out.slice(0, MAX_PEOPLE));
  });

  /**
   * `POST /auth/api/search_groups {text}` or `{keys}`: the company's groups by name, names only, for
   * those who list the groups and those who choose one in a form (choosesGroups), and for anyone
   * else the groups that list them: `text` (at most 100 characters; empty: the first ones by name)
   * finds those whose name holds it. `keys` (1 to 100 group keys), for anyone signed in, names
   * those of the company. At most MAX_GROUPS, by name.
   */
  app.post('/search_groups', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    const byKeys = body.keys !== undefined;
    if (byKeys) {
      if (!Array.isArray(body.keys) || body.keys.length === 0 || body.keys.length > MAX_USER_IDS) {
        throw badRequest(`keys must list 1 to ${MAX_USER_IDS} group keys`, [
          { path: '/keys', message: `Must list 1 to ${MAX_USER_IDS} group keys` },
        ]);
      }
      const bad = (body.keys as unknown[]).findIndex((k) => typeof k !== 'string' || !isUuid(k.toLowerCase()));
      if (bad >= 0) {
        throw badRequest('keys must hold 36-character group keys', [
          { path: `/keys/${bad}`, message: 'Must be a 36-character group key' },
        ]);
      }
    } else if (typeof body.text !== 'string' || body.text.length > MAX_PEOPLE_TEXT) {
      throw badRequest(`text must be text of at most ${MAX_PEOPLE_TEXT} characters`, [
        { path: '/text', message: `Must be text of at most ${MAX_PEOPLE_TEXT} characters` },
      ]);
    }
    const groups = s.catalogue.registry.resolve('auth', 'groups')!.entity;
    // Naming groups by key is for anyone of the company: a key comes from a record they read (a
    // team's PTO preferences), which a list shows by the group's name. Searching the company's
    // groups is for those who list them or choose one in a form; anyone else searches the groups
    // that list them, which their own list of groups holds (x-owner).
    const ownOnly =
      !byKeys &&
      !allows(groups.file['x-access'].list, caller.principal) &&
      !choosesGroups(s.catalogue, caller.principal, caller.org.activeModules);
    const org = caller.org.id;
    const named = (g: { key: string; data: Record<string, unknown> }) => ({
      key: g.key,
      data: { name: String(g.data.name ?? '') },
    });
    if (byKeys) {
      const out = [];
      for (const key of new Set((body.keys as string[]).map((k) => k.toLowerCase()))) {
        const g = await s.storage.get('auth/groups', org, key);
        if (g) out.push(named(g));
      }
      return c.json(out);
    }
    const text = (body.text as string).trim();
    const found = await s.searches.run(org, () =>
      s.storage.findInSlices('auth/groups', org, {
        criteria: [
          ...(text ? [{ field: 'name', is: 'like' as const, value: text }] : []),
          ...(ownOnly ? [{ field: 'users', is: 'contains' as const, value: caller.user.key }] : []),
        ],
        sort: [{ field: 'name', dir: 'asc' }],
        limit: MAX_GROUPS,
        offset: 0,
      }),
    );
    return c.json(found.items.map(named));
  });

  return app;
}
