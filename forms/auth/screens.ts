/**
 * The administration screens' extensions (forms/screens/extension.ts): the company's ID questions
 * and header actions, the group helpers, and branding applied after the preferences are saved.
 */
import type { ScreenExtension } from '../screens/extension.ts';
import { CompanyActions } from './CompanyActions.tsx';
import { confirmCompanyId } from './company-id.ts';
import { GroupHelperActions } from './UserGroupActions.tsx';

export const organizationsScreen: ScreenExtension = {
  beforeSave: confirmCompanyId,
  Actions: CompanyActions,
};

export const groupsScreen: ScreenExtension = {
  Actions: GroupHelperActions,
};

export const organizationPreferencesScreen: ScreenExtension = {
  // The company's colours and name come from resolve_org: load it again so they apply at once.
  afterSave: (ctx) => ctx.reloadOrganization(),
  savedMessage: () => 'Preferences saved. The new branding is applied.',
};
