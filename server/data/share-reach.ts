/**
 * Who a caller is to the records shared with them (@shared, x-shared-with): their user key and the
 * file groups they are a member or an administrator of. Read from the store at each request that
 * needs it, never kept across requests: a person taken out of a group, or a share withdrawn, reaches
 * nothing more from the next request on (docs/files.md "Sharing").
 */
import { namesToken, SHARED, type ShareReach } from '../../engine/access.ts';
import type { Entity, Verb } from '../../engine/entity.ts';
import type { Caller } from '../auth/principal.ts';
import type { Services } from '../services.ts';
import type { Criterion } from '../storage/types.ts';

export const FILE_GROUPS = 'storage/fgroups';

/** One request's reach per caller, so a request that needs it twice reads the groups once. */
const perRequest = new WeakMap<Caller, Promise<ShareReach>>();

export function shareReachOf(s: Services, caller: Caller): Promise<ShareReach> {
  let reach = perRequest.get(caller);
  if (!reach) {
    reach = readReach(s, caller);
    perRequest.set(caller, reach);
  }
  return reach;
}

async function readReach(s: Services, caller: Caller): Promise<ShareReach> {
  const user = caller.principal.userKey;
  // A search of the company's groups, in its turn as its other searches (../company-turns.ts).
  const found = await s.searches.run(caller.org.id, () =>
    s.storage.findInSlices(FILE_GROUPS, caller.org.id, {
      criteria: [],
      anyOf: [
        { field: 'group_members', is: 'contains', value: user },
        { field: 'group_admins', is: 'contains', value: user },
      ],
      limit: Infinity,
      offset: 0,
    }),
  );
  return { user, groups: new Set(found.items.map((g) => g.key)) };
}

/** Whether this verb's rule of the type lets a share reach a caller (names @shared, with fields to read). */
export function sharesReach(entity: Entity, verb: Verb): boolean {
  return !!entity.file['x-shared-with'] && namesToken(entity.file['x-access'][verb], SHARED);
}

/** The criteria of which at least one holds for a record shared with this caller (FindQuery.anyOf). */
export function sharedCriteria(entity: Entity, reach: ShareReach): Criterion[] {
  const fields = entity.file['x-shared-with'];
  if (!fields) return [];
  const out: Criterion[] = [];
  if (fields.users) out.push({ field: fields.users, is: 'contains', value: reach.user });
  if (fields.public) out.push({ field: fields.public, is: '=', value: true });
  // One criterion however many groups they are in (a person in thousands of groups).
  if (fields.groups && reach.groups.size) out.push({ field: fields.groups, is: 'overlaps', value: [...reach.groups] });
  return out;
}
