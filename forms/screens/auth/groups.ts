/**
 * The group screen (spec/001 section 7): the group helpers (Clock Employees, PTO Employees, remove
 * from all groups) for a user picked by name, with AUTH:CanManageGroups.
 */
import type { ScreenExtension } from '../../../renderers/contract/forms-registry.ts';
import { GroupHelperActions } from './GroupHelperActions.tsx';

export const groupsScreen: ScreenExtension = {
  Actions: GroupHelperActions,
};
