/**
 * Screen extensions by entity id (module/type; a my_ variant uses its type's entry), one module a
 * file under ./<module>/<type>.ts beside the components it uses. Add one by adding an entry; the
 * app root hands them to the record screen (web/record-forms.ts).
 */
import { printableActions } from '../printable/PrintableButton.tsx';
import type { ScreenExtension } from '../../renderers/contract/forms-registry.ts';
import { groupsScreen } from './auth/groups.ts';
import { organizationPreferencesScreen } from './auth/organization_preferences.ts';
import { organizationsScreen } from './auth/organizations.ts';
import { usersScreen } from './auth/users.ts';
import { onboardingUserScreen } from './payroll/onboarding_user.ts';
import { ptoRequestScreen } from './time/pto_request.ts';

export const screenExtensions: Readonly<Record<string, ScreenExtension>> = {
  'auth/organizations': organizationsScreen,
  'auth/groups': groupsScreen,
  'auth/organization_preferences': organizationPreferencesScreen,
  'auth/users': usersScreen,
  'payroll/onboarding_user': onboardingUserScreen,
  'time/pto_request': ptoRequestScreen,
  // The printable viewer's buttons (spec/001 section 2).
  'payroll/i9': { Actions: printableActions('i9') },
  'payroll/w4': { Actions: printableActions('w4') },
  'payroll/w9': { Actions: printableActions('w9') },
  'payroll/state_w4': { Actions: printableActions('state_w4') },
};
