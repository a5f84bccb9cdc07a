/**
 * The group helpers of spec/001 section 7, as server calls (POST, module auth):
 * - `add_clock_employees {user_id}`: creates or extends the group 'Clock Employees' so that it holds
 *   TIME:CanUseModule and TIME:CanUseClock and lists the user;
 * - `add_pto_employees {user_id}`: the same for 'PTO Employees' with TIME:CanUsePTO and TIME:CanUseModule;
 * - `remove_user_from_groups {user_id}`: takes the user out of every group that lists them, or out
 *   of none when one of them holds a permission the caller lacks (403).
 * Each group write goes through the generic record pipeline, so access (AUTH:CanManageGroups), the
 * grant rule (only permissions the editor holds), validation and audit apply as for any save.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { requestInfo } from '../http/context.ts';
import { ApiError, validationFailed } from '../http/errors.ts';
import { permissionsNotHeld } from '../data/hooks/groups.ts';
import { readJsonObject } from '../http/json-body.ts';
import { mayAtAll, target, type WireRecord } from '../data/records.ts';
import { writeRecord } from '../data/write-lifecycle.ts';
import type { Services } from '../services.ts';
import { isUuid, type Caller } from './principal.ts';
import { signedIn, type SignedInEnv } from './signed-in.ts';
import { notAuthorized } from '../http/errors.ts';
import type { Context } from 'hono';

export const GROUP_HELPERS = {
  clock: { name: 'Clock Employees', permissions: ['TIME:CanUseModule', 'TIME:CanUseClock'] },
  pto: { name: 'PTO Employees', permissions: ['TIME:CanUsePTO', 'TIME:CanUseModule'] },
} as const;

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The caller, allowed to change groups, and the user named by `user_id` in the body. */
async function callerAndUser(s: Services, c: Context<SignedInEnv>): Promise<{ caller: Caller; userId: string }> {
  const caller = c.var.caller;
  const { user_id } = await readJsonObject(c);
  const t = target(s, caller, 'auth', 'groups');
  if (mayAtAll(t, 'edit', caller) === 'none') throw notAuthorized();
  if (!isUuid(user_id) || !(await s.storage.get('auth/users', caller.org.id, user_id))) {
    throw validationFailed([{ path: '/user_id', message: 'Must be the key of a user of this company' }]);
  }
  return { caller, userId: user_id };
}

async function addToHelperGroup(
  s: Services,
  c: Context<SignedInEnv>,
  helper: (typeof GROUP_HELPERS)[keyof typeof GROUP_HELPERS],
): Promise<{ record: WireRecord; created: boolean }> {
  const { caller, userId } = await callerAndUser(s, c);
  const t = target(s, caller, 'auth', 'groups');
  const found = (
    await s.storage.find('auth/groups', caller.org.id, {
      criteria: [{ field: 'name', is: '=', value: helper.name }],
      sort: [{ field: 'created_time', dir: 'asc' }],
      limit: 1,
      offset: 0,
    })
  ).items[0];
  const opts = { request: requestInfo(c) };
  if (!found) {
    const data = {
      name: helper.name,
      description: `Users who hold ${helper.permissions.join(' and ')}.`,
      permissions: [...helper.permissions],
      users: [userId],
      notes: '',
    };
    return writeRecord(s, caller, t, undefined, data, 'create', opts);
  }
  const d = found.data;
  const data = {
    ...d,
    permissions: [...new Set([...list(d.permissions), ...helper.permissions])],
    users: [...new Set([...list(d.users), userId])],
  };
  const out = await writeRecord(s, caller, t, found.key, data, 'save', {
    ...opts,
    ifMatch: String(found.meta.version),
  });
  return { record: out.record, created: false };
}

export function groupHelperRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);

  app.post('/add_clock_employees', auth, async (c) => {
    const { record, created } = await addToHelperGroup(s, c, GROUP_HELPERS.clock);
    return c.json(record, created ? 201 : 200);
  });

  app.post('/add_pto_employees', auth, async (c) => {
    const { record, created } = await addToHelperGroup(s, c, GROUP_HELPERS.pto);
    return c.json(record, created ? 201 : 200);
  });

  app.post('/remove_user_from_groups', auth, async (c) => {
    const { caller, userId } = await callerAndUser(s, c);
    const t = target(s, caller, 'auth', 'groups');
    const groups = (
      await s.storage.find('auth/groups', caller.org.id, {
        criteria: [{ field: 'users', is: 'contains', value: userId }],
        limit: 500,
        offset: 0,
      })
    ).items;
    // All or none: a group holding a permission the caller lacks is not theirs to take anyone from
    // (../data/hooks/groups.ts), and would refuse its save after others were saved.
    if (!caller.principal.isAdmin) {
      const beyond = groups.filter(
        (g) => permissionsNotHeld(list(g.data.permissions), caller.principal.permissions).length,
      );
      if (beyond.length) {
        const names = beyond.map((g) => `'${String(g.data.name)}'`).join(', ');
        throw new ApiError(403, `You may not change groups holding permissions you do not hold: ${names}.`);
      }
    }
    const changed: string[] = [];
    for (const g of groups) {
      const data = { ...g.data, users: list(g.data.users).filter((u) => u !== userId) };
      await writeRecord(s, caller, t, g.key, data, 'save', {
        request: requestInfo(c),
        ifMatch: String(g.meta.version),
      });
      changed.push(g.key);
    }
    return c.json({ groups: changed });
  });

  return app;
}
