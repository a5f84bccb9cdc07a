/**
 * A company's settings (the org_settings page): kept by the organization that administers the
 * company, so org_id names the caller's own organization or a company directly under it.
 */
import { getOrg } from '../../orgs.ts';
import type { EntityHooks } from '../hooks.ts';

export const ORG_SETTINGS_OWNER = 'Settings can be kept only for this organization or a company under it.';

export const organizationSettingsHooks: EntityHooks = {
  async validate({ s, caller, data }) {
    const id = String(data.org_id ?? '');
    if (id === caller.org.id || (await getOrg(s, id))?.parent === caller.org.id) return [];
    return [{ path: '/org_id', message: ORG_SETTINGS_OWNER }];
  },
};
