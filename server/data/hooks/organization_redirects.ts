/**
 * Organization redirects (spec/001 section 5): the hostname follows the company hostname rule, a
 * lowercase word under one of the product's domains (which are configuration, not schema data), and
 * is no company's hostname in use: a redirect sends away the visitors of a hostname no company
 * answers for (an old one, a renamed company's), never a live company's. The target is a hostname
 * or an http(s) address, never another scheme (`javascript:`, `data:`) a link would run.
 */
import { fieldMessage } from '../../../engine/messages.ts';
import type { JsonSchema } from '../../../engine/entity.ts';
import type { EntityHooks } from '../hooks.ts';
import { assertHostnameFree, hostnameErrors } from './organizations.ts';

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
/** A hostname with at least one dot, optionally a scheme http(s), a port and a path, query or fragment. */
const TARGET = new RegExp(`^(?:https?://)?${LABEL}(?:\\.${LABEL})+(?::[0-9]{1,5})?(?:[/?#]\\S*)?$`);

export const organizationRedirectHooks: EntityHooks = {
  async validate({ s, data, before }) {
    const errors = [];
    const host = typeof data.hostname === 'string' ? data.hostname : '';
    const newHost = host && host !== before?.hostname;
    if (newHost) errors.push(...hostnameErrors(s, host));
    const target = typeof data.redirect_to === 'string' ? data.redirect_to.trim() : '';
    if (target.length >= 5 && target !== before?.redirect_to && !TARGET.test(target)) {
      const schema = s.catalogue.registry.require('auth', 'organization_redirects').file as unknown as JsonSchema;
      errors.push({ path: '/redirect_to', message: fieldMessage(schema, 'redirect_to', 'target') });
    }
    // A company's hostname is a duplicate (409), once the rest is valid.
    if (newHost && !errors.length) await assertHostnameFree(s, host);
    return errors;
  },
};
