/**
 * The group screen (spec/001 section 7): the group helpers (Clock Employees, PTO Employees, remove
 * from all groups) for a user picked by name, with AUTH:CanManageGroups. A group holding a
 * permission the viewer lacks is shown read-only, as the server refuses its change and delete
 * (server/data/hooks/groups.ts).
 */
import type { ScreenExtension } from '../../../renderers/contract/forms-registry.ts';
import { holds } from '../session-rights.ts';
import { GroupHelperActions } from './GroupHelperActions.tsx';

export const groupsScreen: ScreenExtension = {
  Actions: GroupHelperActions,
  locked: (ctx) => {
    const held = ctx.record?.data.permissions;
    const beyond = Array.isArray(held) ? held.filter((p) => typeof p === 'string' && !holds(ctx.session, p)) : [];
    return beyond.length
      ? `This group holds permissions you do not hold (${beyond.join(', ')}): only someone who holds them may change or delete it.`
      : undefined;
  },
};
