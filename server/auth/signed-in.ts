/**
 * Authentication as Hono middleware: it proves the session of the request (`authenticate` in
 * ./principal.ts) and sets the caller on the context, which the route's handler reads as
 * `c.var.caller`. A route anyone may call (login, forgot_password, resolve_org, healthz, the
 * second sign-in step) does not use it; a failed proof answers as `authenticate` does, before the
 * handler reads anything of the request.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import { authenticate, type Caller } from './principal.ts';

/** The environment of a route behind `signedIn`: `c.var.caller` is the caller. */
export type SignedInEnv = AppEnv & { Variables: { caller: Caller } };

/** The environment of a route behind `signedInUnless`: no caller when the request brought its own credential. */
export type MaybeSignedInEnv = AppEnv & { Variables: { caller?: Caller } };

/** The middleware that admits only a signed-in caller and sets it as `c.var.caller`. */
export function signedIn(s: Services) {
  return createMiddleware<SignedInEnv>(async function signedInMiddleware(c, next) {
    c.set('caller', await authenticate(s, c));
    await next();
  });
}

/**
 * As `signedIn`, except for a request that carries another credential the route proves itself
 * (a single-use download key): that one passes without a caller.
 */
export function signedInUnless(s: Services, hasOwnCredential: (c: Context) => boolean) {
  return createMiddleware<MaybeSignedInEnv>(async function signedInUnlessMiddleware(c, next) {
    if (!hasOwnCredential(c)) c.set('caller', await authenticate(s, c));
    await next();
  });
}
