/**
 * The auth module's calls (../shared/API.md "Sign-in"): resolve_org, login, session, logout,
 * logout_all, forgot_password, change_password, sudo_login, get_available_permissions.
 */
import { Hono } from 'hono';
import { PERMISSIONS } from '../../engine/permissions.ts';
import { allows, hiddenBy, MEMBER, namesToken, SHARED, typeUsable } from '../../engine/access.ts';
import type { Verb } from '../../engine/entity.ts';
import { ApiError, badRequest, invalidCredentials, notAuthorized, tooManyAttempts } from '../http/errors.ts';
import { afterAnswerQueue } from '../http/after-answer.ts';
import { readJsonObject, requireTextFields } from '../http/json-body.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import { currentOrg, findOrgByHostname, getOrg, rootOrgId } from '../orgs.ts';
import type { Services } from '../services.ts';
import { actorOf, auditOp } from '../data/audit.ts';
import { isUuid, sessionView } from './principal.ts';
import { signedIn } from './signed-in.ts';
import { findUser, signIn, singleUseOp, sudoTarget, type LoginType } from './sign-in.ts';
import { endSessionsOps, sessionEpoch } from './sessions.ts';
import { endSessionFamily } from './refresh-tokens.ts';
import { brandingOf } from './branding.ts';
import { impersonatorFor } from './impersonation.ts';
import { needsCurrentPassword, storeNewPassword } from './new-password.ts';
import { requestHeader } from '../http/node-request.ts';
import { mailSignInLink } from './forgot-password.ts';
import { signInAttempt, throttledCheck } from './throttled-check.ts';

const VERBS: Verb[] = ['list', 'read', 'create', 'edit', 'delete'];
const LOGIN_TYPES = new Set<LoginType>(['password', 'sudo_login', 'forgot_password']);

/**
 * The company sudo_login enters (spec/000 section 7 names it in the query and the body): one
 * 36-character key, the query's when given, and then the body's, if any, names the same.
 */
function sudoTargetId(query: string | undefined, inBody: unknown): string {
  const refuse = (message: string) => badRequest(message, [{ path: '/organization_id', message }]);
  const key = (v: unknown) => (typeof v === 'string' && isUuid(v.toLowerCase()) ? v.toLowerCase() : undefined);
  if (inBody !== undefined && key(inBody) === undefined) throw refuse('Must be a 36-character organization key');
  if (query === undefined) {
    if (inBody === undefined) throw refuse('Must be a 36-character organization key');
    return key(inBody)!;
  }
  const fromQuery = key(query);
  if (fromQuery === undefined) throw refuse('Must be a 36-character organization key');
  if (inBody !== undefined && key(inBody) !== fromQuery) throw refuse('Must name the same organization as the query');
  return fromQuery;
}

export function authRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const afterAnswer = afterAnswerQueue({ log: s.log });
  const auth = signedIn(s);

  app.get('/resolve_org', async (c) => {
    // A fully qualified name's trailing dot (`acme.dform.app.`) names the same host.
    const host = (c.req.query('hostname') ?? requestHeader(c, 'host') ?? '')
      .replace(/:\d+$/, '')
      .replace(/\.$/, '')
      .toLowerCase();
    const id = (host && (await findOrgByHostname(s, host))) || (await rootOrgId(s));
    const org = id ? await getOrg(s, id) : undefined;
    if (!org) throw new ApiError(503, 'The server has no organization yet');
    return c.json({
      organization_id: org.id,
      name: org.name,
      hostname: org.hostname,
      branding: await brandingOf(s, org),
      // The product's own site: its sign-in page lets a visitor go on to their company's.
      is_root: org.root,
      // What the company form needs to derive and check hostnames as the server does.
      product_domain: s.config.productDomain,
      hostname_domains: s.config.hostnameDomains,
    });
  });

  app.post('/login', async (c) => {
    const body = await readJsonObject(c);
    requireTextFields(body, { userid: 256, key: 1024 });
    const { type = 'password' } = body;
    const userid = body.userid as string;
    const key = body.key as string;
    if (!LOGIN_TYPES.has(type as LoginType)) throw badRequest('type must be password, sudo_login or forgot_password');
    const orgHeader = (requestHeader(c, 'organization-id') ?? '').toLowerCase();
    const info = requestInfo(c);
    const org = isUuid(orgHeader) ? await currentOrg(s, orgHeader) : undefined;
    // One account however its name is spelled (e-mail, case, spaces or user key); an unknown name
    // is counted as typed, alike.
    const account = `${orgHeader}\u0000${(org && (await findUser(s, org.id, userid))?.key) || userid.trim().toLowerCase()}`;
    const result = await throttledCheck(s, signInAttempt(c, type as LoginType, account), () =>
      signIn(s, org, userid, key, type as LoginType, info),
    );
    return c.json(result);
  });

  app.get('/session', auth, async (c) => {
    const caller = c.var.caller;
    return c.json(sessionView(s, caller));
  });

  app.post('/logout', auth, async (c) => {
    const caller = c.var.caller;
    // The session ends with its refresh tokens and the sessions of its refresh family (the one a
    // refresh replaced, the one that replaced it): whichever of its tokens came, it is signed out.
    await endSessionFamily(s, caller.org.id, caller.sid);
    return c.body(null, 204);
  });

  app.post('/logout_all', auth, async (c) => {
    const caller = c.var.caller;
    await readJsonObject(c, { allowEmpty: true });
    await s.storage.commit(await endSessionsOps(s, caller.org.id, caller.user.key));
    return c.body(null, 204);
  });

  app.post('/forgot_password', async (c) => {
    const body = await readJsonObject(c);
    requireTextFields(body, { username: 256 });
    const username = body.username as string;
    const orgHeader = (requestHeader(c, 'organization-id') ?? '').toLowerCase();
    if (
      !(await s.throttle.attempt(
        `forgot\u0000${orgHeader}\u0000${username.trim().toLowerCase()}`,
        requestInfo(c).address ?? '',
      ))
    ) {
      throw tooManyAttempts(s.config.throttle.windowSeconds);
    }
    // The same answer, at once, whether or not the account exists: looking it up, making its key
    // and sending the message come after the answer, so that its time tells nothing either.
    afterAnswer.push('forgot_password', () => mailSignInLink(s, orgHeader, username));
    return c.json({ message: 'If the account exists, a sign-in link has been sent.' });
  });

  app.post('/change_password', auth, async (c) => {
    const caller = c.var.caller;
    await storeNewPassword(s, c, caller, caller.user.key, await readJsonObject(c), {
      checkCurrent: await needsCurrentPassword(s, caller),
    });
    return c.json({ message: 'Password changed.' });
  });

  app.post('/sudo_login', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c, { allowEmpty: true });
    if (!caller.principal.isAdmin && !caller.principal.permissions.has('AUTH:CanLoginToOrganizations')) {
      throw notAuthorized();
    }
    const targetId = sudoTargetId(c.req.query('organization_id'), body.organization_id);
    const { org, admin } = await sudoTarget(s, caller.org, targetId);
    // Its sessions are refused while it is inactive (principal.ts): a key would open nothing.
    if (org.status !== 'active') throw new ApiError(409, 'This company is inactive: make it active to log in to it.');
    // The session it opens names who asked, so that they act in the company as themselves.
    const staff = impersonatorFor(caller, await sessionEpoch(s, caller.org.id, caller.user.key));
    const { op, key } = singleUseOp(s, org.id, admin, 'sudo_login', 120, {
      from_org: staff.org,
      by: staff.key,
      by_name: staff.name,
      by_epoch: staff.epoch,
    });
    await s.storage.commit([
      op,
      auditOp({
        org: caller.org.id,
        actor: actorOf(caller),
        action: 'login',
        module: 'auth',
        type: 'organizations',
        key: org.id,
        fields: ['sudo_login'],
        ...requestInfo(c),
        now: s.now(),
      }),
    ]);
    return c.json({ hostname: org.hostname, identifier: admin.key, single_use_key: key });
  });

  // The types the caller may use, for the navigation menu: every type whose module is usable and
  // which the caller may list or read (their own record counts). A type reached by sharing (its list
  // names @shared: a person's stored files, the shares and file groups that concern them) is listed
  // for everyone it may concern, with what they may do to their own, as a my_ type is: the list
  // answers theirs and what is shared with them, each record's actions decided on it.
  app.get('/catalogue', auth, async (c) => {
    const caller = c.var.caller;
    const out: {
      module: string;
      type: string;
      title: string;
      plural: string;
      can: Record<string, boolean>;
      mine?: true;
    }[] = [];
    for (const e of s.catalogue.registry.all()) {
      if (!typeUsable(e.module, e.type, caller.org.activeModules, caller.principal)) continue;
      const variants: [string, boolean][] = [[e.type, false]];
      if (e.file['x-my']) variants.push([`my_${e.type}`, true]);
      for (const [type, my] of variants) {
        const ownOnly = my || !allows(e.file['x-access'].read, caller.principal, false);
        const shared = !my && namesToken(e.file['x-access'].list, SHARED);
        // @member (a channel's records): what a member of some channel may do.
        const member = !my && namesToken(e.file['x-access'].list, MEMBER);
        // x-my-menu: to one who reaches only her own records of the type, the list is hers (what
        // she may do decided as for her own), offered under My records; those who manage the type
        // find it under All records.
        const mine = !my && ownOnly && e.file['x-my-menu'] === true;
        if (hiddenBy(e, caller.org.enabledFeatures, ownOnly)) continue;
        const can = Object.fromEntries(
          VERBS.map((v) => {
            const rule = e.file['x-access'][v];
            if (my || mine) return [v, allows(rule, caller.principal, true)];
            if (shared) return [v, allows(rule, caller.principal, true, true, false, true)];
            if (member) return [v, allows(rule, caller.principal, true, true, false, false, true)];
            return [v, allows(rule, caller.principal, false)];
          }),
        );
        if (!can.list && !can.read) continue;
        out.push({
          module: e.module,
          type,
          title: e.file.title,
          plural: e.file['x-plural'],
          can,
          ...(mine ? { mine: true as const } : {}),
        });
      }
    }
    return c.json(out);
  });

  app.get('/get_available_permissions', auth, async (c) => {
    const caller = c.var.caller;
    const list = caller.principal.isAdmin
      ? [...PERMISSIONS]
      : PERMISSIONS.filter((p) => caller.principal.permissions.has(p));
    return c.json(list);
  });

  return app;
}

export { invalidCredentials };
