/**
 * Companies: each organization record has a directory entry (parent and hostname) written with it,
 * so that requests can find the company by id or host.
 */
import { companyExtras } from '../../companies.ts';
import { directoryOp, getOrg } from '../../orgs.ts';
import { SYSTEM, SYSTEM_ORG } from '../../services.ts';
import type { EntityHooks } from '../hooks.ts';

export const organizationHooks: EntityHooks = {
  validate({ s, key, data }) {
    const host = typeof data.hostname === 'string' ? data.hostname.toLowerCase() : '';
    if (!host) return [];
    const found = s.storage.find(SYSTEM.orgs, SYSTEM_ORG, {
      criteria: [{ field: 'hostname', is: '=', value: host }],
      limit: 1,
      offset: 0,
    }).items[0];
    return found && found.key !== key ? [{ path: '/hostname', message: 'This hostname is already in use.' }] : [];
  },
  async extraOps({ s, caller, key, data, before }) {
    // A new company gets its directory entry, admin account and branding with it.
    if (!before) return (await companyExtras(s, key, caller.org.id, data, undefined)).ops;
    const existing = getOrg(s, key);
    const dir = s.storage.get(SYSTEM.orgs, SYSTEM_ORG, key);
    return [
      directoryOp(
        key,
        existing?.parent ?? caller.org.id,
        String(data.hostname ?? ''),
        s.now(),
        dir?.data.root === true,
        dir?.meta.version,
      ),
    ];
  },
};
