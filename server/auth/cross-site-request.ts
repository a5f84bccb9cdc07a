/**
 * A partner's own request for a sign-in code to a client company (the My clients page),
 * `POST /auth/api/request_cross_site_sign_in {account}`: `account` is the key of one of the
 * caller's cross-organization accounts (schemas/auth/cross_org_accounts.json), a record of the
 * caller's own company.
 *
 * Trust model (docs/two-factor.md "Partner accounts"): that record is written by the partner's own
 * company, so it grants nothing by itself. The code is the client company's own
 * `get_cross_site_invite` (./account-invitation.ts), sent by the client's server to the e-mail
 * address the client's administrator set on the client's account, and only when that account is a
 * partner account (`cross_site_login_only`) that may sign in and whose address is the caller's own.
 * A record pointing at any other account (the client's administrator, someone else's partner
 * account) sends nothing; and since the code goes to the client account's address, a partner
 * company that set the caller's address to someone else's reaches only that someone's mailbox.
 */
import { Hono, type Context } from 'hono';
import { actorOf } from '../data/audit.ts';
import { ApiError, badRequest, notAuthorized, notFound } from '../http/errors.ts';
import type { AppEnv } from '../http/context.ts';
import { readJsonObject } from '../http/json-body.ts';
import { getOrg, type OrgInfo } from '../orgs.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';
import { sendAccountInvitation } from './account-invitation.ts';
import { sudoOnlyAccount } from './impersonation.ts';
import { isUuid, userMaySignIn, type Caller } from './principal.ts';
import { signedIn, type SignedInEnv } from './signed-in.ts';

export const CROSS_ORG_ACCOUNTS = 'auth/cross_org_accounts';

/** The one answer of every link that does not lead to a partner account of the caller's. */
export const NOT_SET_UP = "This client account is not set up for your sign-in: ask the client company's administrator.";

const notSetUp = () => new ApiError(409, NOT_SET_UP);

function accountKeyOf(body: Record<string, unknown>): string {
  const key = typeof body.account === 'string' ? body.account.toLowerCase() : '';
  if (!isUuid(key))
    throw badRequest('account must be the 36-character key of a cross-organization account', [
      { path: '/account', message: 'Must be a 36-character key' },
    ]);
  return key;
}

const sameAddress = (a: unknown, b: unknown) =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  a.trim() !== '' &&
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** The caller's own link: another's, or another company's, is not found, as the data API answers. */
async function ownLink(s: Services, caller: Caller, key: string): Promise<StoredRecord> {
  const link = await s.storage.get(CROSS_ORG_ACCOUNTS, caller.org.id, key);
  if (!link || link.data.user_id !== caller.user.key) throw notFound();
  return link;
}

/** The client company and its account the link names, when that account is the caller's partner account there. */
async function partnerAccount(
  s: Services,
  caller: Caller,
  link: StoredRecord,
): Promise<{ client: OrgInfo; account: StoredRecord }> {
  const orgId = String(link.data.org_id ?? '');
  const client = isUuid(orgId) ? await getOrg(s, orgId) : undefined;
  // A client is another company, active; never the product's own organization.
  if (!client || client.id === caller.org.id || client.root || client.status !== 'active') throw notSetUp();
  const accountKey = String(link.data.org_user_id ?? '');
  const account = isUuid(accountKey) ? await s.storage.get('auth/users', client.id, accountKey) : undefined;
  if (
    !account ||
    sudoOnlyAccount(client, account.key) ||
    account.data.cross_site_login_only !== true ||
    account.data.status !== 'active' ||
    !userMaySignIn(account) ||
    !sameAddress(account.data.email, caller.user.data.email)
  ) {
    throw notSetUp();
  }
  return { client, account };
}

export function crossSiteRequestRoutes(s: Services) {
  const app = new Hono<AppEnv>();

  app.post('/request_cross_site_sign_in', signedIn(s), async (c: Context<SignedInEnv>) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    const p = caller.principal;
    if (!p.isAdmin && !p.permissions.has('AUTH:CanUseCrossSiteLogin')) throw notAuthorized();
    const link = await ownLink(s, caller, accountKeyOf(body));
    const { client, account } = await partnerAccount(s, caller, link);
    const actor = actorOf(caller);
    const to = await sendAccountInvitation(s, c, client, account, 'cross_site', {
      // In the client's audit log: who asked, from which company, through which link.
      actor: { ...actor, name: `${actor.name} (partner, ${caller.org.name})` },
      org: caller.org.id,
      detail: { requested_from: caller.org.id, requested_by: caller.user.key, cross_org_account: link.key },
    });
    return c.json({ message: `A sign-in code for ${client.name} was sent to ${to}.`, email: to, client: client.name });
  });

  return app;
}
