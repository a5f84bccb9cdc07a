/**
 * Product staff in a company. Each company has a product-staff account (its id derived from the
 * organization, engine/access.ts productStaffAdminKey) that holds no password and no e-mail of the
 * company's: it is entered only through sudo_login, and the session that opens names the staff
 * member who asked for it, who then acts there as themselves (their key and name on every audit
 * record). The company's own administrators are ordinary users holding permissions.
 */
import { productStaffAdminKey, type Principal } from '../../engine/access.ts';
import { getOrg, type OrgInfo } from '../orgs.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';

/**
 * Who opened a sudo_login session: their user key and name in their own organization, and their
 * session epoch there when they asked (../auth/sessions.ts): ending their own sessions all at once
 * (logout_all, a password change) ends the sessions they opened in companies too.
 */
export interface Impersonator {
  key: string;
  org: string;
  name: string;
  epoch: number;
}

/**
 * A company's product-staff account: only sudo_login opens it. The root organization's is the
 * product-staff admin's own account, signed in to with a password.
 */
export function sudoOnlyAccount(org: Pick<OrgInfo, 'id' | 'root'>, userKey: string): boolean {
  return !org.root && userKey === productStaffAdminKey(org.id);
}

/** The staff member a sudo key or a session names; undefined when it names none. */
export function impersonatorOf(value: unknown): Impersonator | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.key !== 'string' || typeof v.org !== 'string') return undefined;
  return {
    key: v.key,
    org: v.org,
    name: typeof v.name === 'string' ? v.name : '',
    // A session opened before the epoch was kept names epoch 0: it outlives no ending of the staff member's sessions.
    epoch: typeof v.epoch === 'number' && Number.isInteger(v.epoch) ? v.epoch : 0,
  };
}

/**
 * Who asks for a sudo_login: the caller (`epoch`: their current session epoch), or, in a session
 * that is itself one, the staff member who opened it, so that entering a company from a company
 * keeps the first identity.
 */
export function impersonatorFor(
  caller: {
    org: OrgInfo;
    user: StoredRecord;
    impersonatedBy?: Impersonator;
  },
  epoch: number,
): Impersonator {
  return (
    caller.impersonatedBy ?? {
      key: caller.user.key,
      org: caller.org.id,
      name: String(caller.user.data.display_name ?? ''),
      epoch,
    }
  );
}

/**
 * The principal a session acts with: a company's product-staff account acts only in a session
 * opened by sudo_login that names its staff member (undefined: the session is refused), and is
 * product staff when that member came from the root organization (a reseller who entered a client
 * company is its admin, not product staff).
 */
export async function sessionPrincipal(
  s: Services,
  org: OrgInfo,
  session: { type: string; impersonatedBy: Impersonator | undefined },
  principal: Principal,
): Promise<Principal | undefined> {
  if (!sudoOnlyAccount(org, principal.userKey)) return principal;
  if (session.type !== 'sudo_login' || !session.impersonatedBy) return undefined;
  return { ...principal, productStaff: (await getOrg(s, session.impersonatedBy.org))?.root === true };
}

/** What the session answer says of the staff member acting in a company. */
export function impersonationView(impersonatedBy: Impersonator | undefined): Record<string, unknown> {
  return impersonatedBy
    ? { impersonated_by: { key: impersonatedBy.key, name: impersonatedBy.name, organization_id: impersonatedBy.org } }
    : {};
}
