/**
 * The branding preferences screen: once saved, the company's colours and name are loaded again
 * (resolve_org) so the new branding applies at once.
 */
import type { ScreenExtension } from '../../../renderers/contract/forms-registry.ts';

export const organizationPreferencesScreen: ScreenExtension = {
  afterSave: (ctx) => ctx.reloadOrganization(),
  savedMessage: () => 'Preferences saved. The new branding is applied.',
};
