/**
 * Screen extensions by entity id (module/type; a my_ variant uses its type's entry). Add one by
 * adding an entry.
 */
import type { ScreenExtension } from './extension.ts';
import { groupsScreen, organizationPreferencesScreen, organizationsScreen } from '../auth/screens.ts';

export const screenExtensions: Readonly<Record<string, ScreenExtension>> = {
  'auth/organizations': organizationsScreen,
  'auth/groups': groupsScreen,
  'auth/organization_preferences': organizationPreferencesScreen,
};

export function screenExtensionFor(module: string, type: string): ScreenExtension | undefined {
  return screenExtensions[`${module}/${type.replace(/^my_/, '')}`];
}
