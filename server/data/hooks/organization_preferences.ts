/**
 * A company's preferences are one record a module (spec/001 section 3: module and attributes); the
 * auth one, made with the company, is its branding (spec/000 section 1, the /organization_preferences
 * page). A second one for the same module would be preferences nobody sees and a page that opens
 * either, so creating one where the module has one is refused (409); the existing one is changed
 * instead.
 */
import { ApiError } from '../../http/errors.ts';
import type { EntityHooks } from '../hooks.ts';

export const PREFERENCES_EXIST = 'The company has its preferences already; change them at Organization preferences.';

export const organizationPreferencesHooks: EntityHooks = {
  async validate({ s, caller, data, mode }) {
    if (mode !== 'create') return [];
    // The schema's default module is auth.
    const module = typeof data.module === 'string' ? data.module : 'auth';
    const found = await s.storage.find('auth/organization_preferences', caller.org.id, {
      criteria: [{ field: 'module', is: '=', value: module }],
      limit: 1,
      offset: 0,
    });
    if (found.items.length) throw new ApiError(409, PREFERENCES_EXIST);
    return [];
  },
};
