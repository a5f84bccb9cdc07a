/**
 * User accounts: an e-mail is unique in its organization, and the password hash (`secret`) is
 * never set through the data API: passwords go through change_password or the password mode.
 */
import type { EntityHooks } from '../hooks.ts';
import { claimOps, claimOwner } from './unique.ts';

export const EMAIL_EXISTS = 'An account with this email already exists.';

export const userHooks: EntityHooks = {
  validate({ s, caller, key, data }) {
    const email = typeof data.email === 'string' ? data.email.toLowerCase() : undefined;
    if (!email) return [];
    const owner = claimOwner(s, caller.org.id, 'email', email);
    return owner && owner !== key ? [{ path: '/email', message: EMAIL_EXISTS }] : [];
  },
  extraOps({ s, caller, key, data, before }) {
    const email = String(data.email ?? '').toLowerCase();
    const previous = typeof before?.email === 'string' ? before.email.toLowerCase() : undefined;
    return email ? claimOps(s, caller.org.id, 'email', key, email, previous) : [];
  },
  onDelete({ s, caller, record }) {
    const email = typeof record.data.email === 'string' ? record.data.email.toLowerCase() : undefined;
    return email ? claimOps(s, caller.org.id, 'email', record.key, '', email).slice(1) : [];
  },
};
