/**
 * The app factory: `createApp(services)` answers a Hono app; only server/main.ts listens.
 */
import { Hono } from 'hono';
import { MODULES } from '../engine/entity.ts';
import { VERSION_CONFLICT_MESSAGE } from '../engine/messages.ts';
import { authRoutes } from './auth/routes.ts';
import { groupHelperRoutes } from './auth/group-helpers.ts';
import { userAdminRoutes } from './auth/user-admin.ts';
import { crossSiteRequestRoutes } from './auth/cross-site-request.ts';
import { twoFactorRoutes } from './auth/two-factor-routes.ts';
import { userInfoRoutes } from './auth/user-info.ts';
import { dataRoutes } from './data/routes.ts';
import { fileRoutes } from './files/routes.ts';
import { fileUsageRoutes } from './files/usage-route.ts';
import { ApiError, errorResponse, tooManyAttempts } from './http/errors.ts';
import type { AppEnv } from './http/context.ts';
import { retrieveEinRoute } from './payroll/retrieve-ein.ts';
import { section2ProposalRoute } from './payroll/section2-proposal.ts';
import { retrieveSsnRoute } from './payroll/retrieve-ssn.ts';
import { mySsnRoutes } from './payroll/my-ssn.ts';
import { retrieveTinRoute } from './payroll/retrieve-tin.ts';
import { retrieveSensitiveRoute } from './payroll/retrieve-sensitive.ts';
import { printableRoutes } from './printable/routes.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from './services.ts';
import { HashingBusyError } from './crypto/passwords.ts';
import { StorageUnavailableError, VersionConflictError } from './storage/types.ts';
import { sourceStack } from './http/stack-trace.ts';
import { onboardingRoutes } from './payroll/onboarding.ts';
import { hireInvitationRoutes } from './payroll/hire-invitations.ts';

const API_PATH = /^\/[^/]+\/api(\/|$)/;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods an API route of `app` takes at `path`: middleware registered for every method aside,
 * and the web app's pages (a GET of any path, registered when the web app is built) too.
 */
function methodsAt(app: Hono<AppEnv>, path: string): string[] {
  return METHODS.filter((m) =>
    app.router.match(m, path)[0].some(([[, route]]) => route.method === m && API_PATH.test(route.path)),
  );
}

export function createApp(s: Services, extra?: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Bodies are read only through readJson (http/json-body.ts), which holds the 1 MiB limit for any
  // transfer encoding; Hono's body-limit middleware would wrap every body in one more web stream.
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // Whether the store answers: a load balancer routes by it (/healthz says only that the process
  // takes requests, and stayed 200 while PostgreSQL was down and every data call answered 503).
  app.get('/readyz', async (c) => {
    try {
      await s.storage.get(SYSTEM.keyCheck, SYSTEM_ORG, 'keys');
      return c.json({ status: 'ready' });
    } catch (e) {
      s.log('warn', 'readyz: the store does not answer', { error: e instanceof Error ? e.message : String(e) });
      return c.json({ status: 'unavailable' }, 503);
    }
  });
  app.route('/auth/api', authRoutes(s));
  app.route('/auth/api', groupHelperRoutes(s));
  app.route('/auth/api', userAdminRoutes(s));
  app.route('/auth/api', crossSiteRequestRoutes(s));
  app.route('/auth/api', twoFactorRoutes(s));
  app.route('/auth/api', userInfoRoutes(s));
  app.route('/payroll/api', retrieveSsnRoute(s));
  app.route('/payroll/api', mySsnRoutes(s));
  app.route('/payroll/api', retrieveTinRoute(s));
  app.route('/payroll/api', retrieveSensitiveRoute(s));
  app.route('/payroll/api', retrieveEinRoute(s));
  app.route('/payroll/api', section2ProposalRoute(s));
  app.route('/payroll/api', onboardingRoutes(s));
  app.route('/payroll/api', hireInvitationRoutes(s));
  app.route('/payroll/api', printableRoutes(s));
  app.route('/storage/api', fileUsageRoutes(s));
  for (const m of MODULES) app.route(`/${m}/api`, dataRoutes(s, m));
  for (const m of MODULES) app.route(`/${m}/api`, fileRoutes(s, m));
  // Any other '/<name>/api/...' answers JSON, not the web app's page: 405 naming the methods an
  // address takes when it takes others (a PUT on a record, a GET of logout), else 404 (an unknown
  // call or module).
  app.all('*', async (c, next) => {
    if (API_PATH.test(c.req.path)) {
      const allow = methodsAt(app, c.req.path);
      if (allow.length) throw new ApiError(405, 'Method not allowed', undefined, { Allow: allow.join(', ') });
      return c.json({ message: 'Not found' }, 404);
    }
    await next();
  });
  extra?.(app);
  app.notFound((c) => c.json({ message: 'Not found' }, 404));

  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    // A full hasher is a moment's load, not a budget spent: try again in a second, not at once.
    if (err instanceof HashingBusyError) return errorResponse(c, tooManyAttempts(1));
    if (err instanceof VersionConflictError) {
      return c.json({ message: VERSION_CONFLICT_MESSAGE }, 409);
    }
    if (err instanceof StorageUnavailableError) {
      s.log('error', 'storage unavailable', { code: err.code });
      const full = err.code === 'ENOSPC' || err.code === 'EDQUOT';
      return c.json({ message: full ? 'Insufficient storage' : 'Service unavailable' }, full ? 507 : 503);
    }
    // A malformed request line or header that Hono itself rejected.
    if ((err as { status?: number }).status === 400) return c.json({ message: 'Bad request' }, 400);
    // The client closed the connection while its body was read (Node's 'aborted'): nothing failed
    // here, and no one is left to read the answer.
    if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') {
      s.log('info', 'request cut off by the client', { path: c.req.path });
      return c.json({ message: 'The request was cut off' }, 400);
    }
    s.log('error', 'unhandled error', {
      error: err instanceof Error ? (err.stack === undefined ? err.message : sourceStack(err.stack)) : String(err),
    });
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
