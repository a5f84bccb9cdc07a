/**
 * The user screen (spec/001 sections 2 and 4): header actions (Set password, Audit Log, the
 * invites, the superuser Delete); with cross_site_login_only on, the save reads 'Save & Reload',
 * reloads the page once saved, and the other actions are hidden.
 */
import { productStaffAdminKey } from '../../../engine/access.ts';
import type { ScreenExtension } from '../../../renderers/contract/forms-registry.ts';
import { UserActions } from './UserActions.tsx';

export const STAFF_ACCOUNT_LOCKED =
  "This is the company's product-staff account, through which product staff enter the company: nobody changes it.";

const crossSiteOnly = (data: Record<string, unknown>) => data.cross_site_login_only === true;

export const usersScreen: ScreenExtension = {
  saveLabel: (ctx) => (crossSiteOnly(ctx.data) ? 'Save & Reload' : undefined),
  hideActions: (ctx) => ctx.mode !== 'view' && crossSiteOnly(ctx.data),
  afterSave: (_ctx, saved) => {
    // The account's sign-in mode changed what the app offers it: start again from the server.
    if (crossSiteOnly(saved.data)) window.location.reload();
  },
  Actions: UserActions,
  // The superuser delete (every record of the user) replaces the plain one.
  ownDelete: true,
  // As the server refuses (server/auth/account-rights.ts): a company's product-staff account is
  // changed by nobody, product staff who entered the company through it included. In the product's
  // own organization that key is its admin, signed in as such, who edits it.
  locked: (ctx) =>
    ctx.session &&
    ctx.record?.key === productStaffAdminKey(ctx.session.organization_id) &&
    (ctx.session.user.key !== ctx.record.key || ctx.session.impersonated_by)
      ? STAFF_ACCOUNT_LOCKED
      : undefined,
};
