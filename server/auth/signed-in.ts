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
import type { Principal } from '../../engine/access.ts';
import type { FindOf, FindResult, RecordRef, StoredRecord } from '../storage/types.ts';
import { authenticate, authenticateReading, type Caller } from './principal.ts';

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

/** A record read with the session, before the caller was known (`signedInReading`). */
export interface ReadAhead {
  ref: RecordRef;
  org: string;
  record: StoredRecord | undefined;
}

/** A find made with the session, before the caller was known (`signedInFinding`). */
export interface FindAhead {
  org: string;
  find: FindOf;
  result: FindResult;
}

/** The environment of a route behind `signedInReading` or `signedInFinding`. */
export type ReadingEnv = AppEnv & { Variables: { caller: Caller; readAhead?: ReadAhead; findAhead?: FindAhead } };

/**
 * `signedIn` for a route that reads one record it can name from the request alone (`refOf`): the
 * record is read in the same round trip as the session and set as `c.var.readAhead`. The route
 * answers with it only after its own access rules passed, as with a record it read itself.
 */
export function signedInReading(s: Services, refOf: (c: Context) => RecordRef | undefined) {
  return createMiddleware<ReadingEnv>(async function signedInReadingMiddleware(c, next) {
    const ref = refOf(c);
    const { caller, also } = await authenticateReading(s, c, () => ({ refs: ref ? [ref] : [] }));
    c.set('caller', caller);
    if (ref) c.set('readAhead', { ref, org: caller.org.id, record: also[0] });
    await next();
  });
}

/**
 * `signedIn` for a search: the find the request would make (`findOf`, told the principal its user
 * had when this process last saw them, if it did) runs in the same round trip as the session and
 * is set as `c.var.findAhead`. The route answers with it only when, its caller known and its access
 * rules passed, it would make that very find; otherwise it finds again.
 */
export function signedInFinding(
  s: Services,
  findOf: (c: Context, expected: Principal | undefined) => Promise<FindOf | undefined>,
) {
  return createMiddleware<ReadingEnv>(async function signedInFindingMiddleware(c, next) {
    const { caller, found } = await authenticateReading(s, c, async (expected) => ({
      refs: [],
      find: await findOf(c, expected),
    }));
    c.set('caller', caller);
    if (found) c.set('findAhead', { org: caller.org.id, ...found });
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
