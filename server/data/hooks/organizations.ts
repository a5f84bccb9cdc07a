/**
 * Companies (spec/001 section 5): a new company's hostname is derived from its name under the
 * product domain when none is given; a hostname sits under one of the allowed domains, is unique, and
 * only the product-staff admin chooses it; the company belongs to the caller's organization. Each
 * organization record has a directory entry (parent and hostname) written with it, so that requests
 * can find the company by id or host.
 */
import { deriveHostname, hostnameDomainMessage, underAllowedDomain } from '../../../engine/hostname.ts';
import type { JsonSchema } from '../../../engine/entity.ts';
import { fieldMessage, type FieldError } from '../../../engine/messages.ts';
import { ApiError } from '../../http/errors.ts';
import { companyCopyOps, companyExtras, hostnameClaimOps } from '../../companies.ts';
import { directoryOp, getOrg } from '../../orgs.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../../services.ts';
import type { DataObject } from '../../storage/types.ts';
import type { EntityHooks } from '../hooks.ts';

/** A rule's message from the companies' schema (auth/organizations.json). */
const message = (s: Services, field: string, rule: string) =>
  fieldMessage(s.catalogue.registry.require('auth', 'organizations').file as unknown as JsonSchema, field, rule);

export const ROOT_STAYS_ACTIVE = "The product's own organization stays active: product staff sign in there.";

const text = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');

export const HOSTNAME_TAKEN = 'This hostname is already in use.';

/** The refusal of a hostname made from a new company's name: name the company apart, or (product staff) choose one. */
const derivedHostnameTaken = (host: string, mayChoose: boolean) =>
  `The hostname made from the company's name, ${host}, is already in use: ${mayChoose ? 'choose a hostname, or ' : ''}give the company a name that sets it apart.`;

/** The hostname rule that depends on the server's configuration: under one of its domains. */
export function hostnameErrors(s: Services, host: string): FieldError[] {
  return underAllowedDomain(host, s.config.hostnameDomains)
    ? []
    : [{ path: '/hostname', message: hostnameDomainMessage(s.config.hostnameDomains) }];
}

/**
 * Refuses a hostname another company holds: a duplicate, so a conflict (409, API.md "Errors"), as a
 * taken e-mail is; checked once the data is otherwise valid.
 */
export async function assertHostnameFree(
  s: Services,
  host: string,
  ownKey?: string,
  taken: string = HOSTNAME_TAKEN,
): Promise<void> {
  const found = (
    await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, {
      criteria: [{ field: 'hostname', is: '=', value: host }],
      limit: 1,
      offset: 0,
    })
  ).items[0];
  if (found && found.key !== ownKey) {
    throw new ApiError(409, taken, [{ path: '/hostname', message: taken }]);
  }
}

export const organizationHooks: EntityHooks = {
  // The company form sends the hostname it derived from the name: from anyone, that is no choice.
  createValue({ s, data }, field) {
    return field === 'hostname' && text(data.hostname) === deriveHostname(data.name, s.config.productDomain)
      ? data.hostname
      : undefined;
  },
  derive({ s, caller, data, before }) {
    if (before) return { ...data, parent_organization: before.parent_organization };
    // A company lives under the organization that creates it.
    const out: DataObject = { ...data, parent_organization: caller.org.id };
    if (!text(out.hostname)) out.hostname = deriveHostname(out.name, s.config.productDomain);
    return out;
  },
  async validate({ s, caller, key, data, before, incoming }) {
    // x-immutable refuses changing a saved ID; a company saved without one keeps none.
    if (before && before.company_id === undefined && data.company_id !== undefined) {
      return [{ path: '/company_id', message: message(s, 'company_id', 'immutable') }];
    }
    // The product's own organization turned inactive would end every product-staff session and
    // refuse every sign-in, leaving no one to turn it on again.
    if (before && data.status !== 'active' && (await getOrg(s, key))?.root === true) {
      return [{ path: '/status', message: ROOT_STAYS_ACTIVE }];
    }
    const host = text(data.hostname);
    if (!host || (before && host === text(before.hostname))) return [];
    // On a new company anyone but product staff (a reseller inside a client company is its admin, not
    // product staff) gets the derived hostname; changes are refused by x-edit and x-messages.edit.
    const given = text(incoming.hostname);
    if (
      !before &&
      caller.principal.productStaff !== true &&
      given &&
      given !== deriveHostname(data.name, s.config.productDomain)
    ) {
      return [{ path: '/hostname', message: message(s, 'hostname', 'edit') }];
    }
    const errors = hostnameErrors(s, host);
    // A hostname the server made from the name is no one's choice: the refusal says where it came from.
    const derived = !before && !given;
    if (!errors.length)
      await assertHostnameFree(
        s,
        host,
        key,
        derived ? derivedHostnameTaken(host, caller.principal.productStaff === true) : undefined,
      );
    return errors;
  },
  async extraOps({ s, caller, key, data, before }) {
    // A new company gets its directory entry, product-staff account, administrator and branding with it.
    if (!before) return (await companyExtras(s, key, caller.org.id, data)).ops;
    const existing = await getOrg(s, key);
    const dir = await s.storage.get(SYSTEM.orgs, SYSTEM_ORG, key);
    const host = String(data.hostname ?? '');
    const previous = String(before.hostname ?? '');
    return [
      ...(text(host) === text(previous) ? [] : hostnameClaimOps(s, key, host, previous)),
      directoryOp(
        key,
        existing?.parent ?? caller.org.id,
        String(data.hostname ?? ''),
        s.now(),
        dir?.data.root === true,
        dir?.meta.version,
      ),
      // Its preferences page shows the company's name, hostname, ID, status and modules as they are now.
      ...(await companyCopyOps(s, key, data)),
    ];
  },
};
