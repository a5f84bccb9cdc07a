/**
 * Organization redirects (spec/001 section 5): the hostname follows the company hostname rule, a
 * lowercase word under one of the product's domains (which are configuration, not schema data).
 */
import { hostnameDomainMessage, underAllowedDomain } from '../../../engine/hostname.ts';
import type { EntityHooks } from '../hooks.ts';

export const organizationRedirectHooks: EntityHooks = {
  validate({ s, data, before }) {
    const host = typeof data.hostname === 'string' ? data.hostname : '';
    if (!host || host === before?.hostname || underAllowedDomain(host, s.config.hostnameDomains)) return [];
    return [{ path: '/hostname', message: hostnameDomainMessage(s.config.hostnameDomains) }];
  },
};
