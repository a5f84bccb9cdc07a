/**
 * The error shape of the wire contract: `{message, errors?}`, never a stack trace.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { capErrors, NOT_AUTHORIZED_MESSAGE, type FieldError } from '../../engine/messages.ts';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldError[],
    /** Headers the answer carries (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = () => new ApiError(404, 'Not found');
export const notAuthorized = () => new ApiError(403, NOT_AUTHORIZED_MESSAGE);
export const invalidToken = () => new ApiError(401, 'Invalid token specified');
export const invalidCredentials = () => new ApiError(401, 'Invalid credentials');
export const validationFailed = (errors: FieldError[]) => new ApiError(400, 'Validation failed', errors);
export const badRequest = (message: string, errors?: FieldError[]) => new ApiError(400, message, errors);
export const tooManyAttempts = (retryAfterSeconds?: number) =>
  new ApiError(
    429,
    'Too many attempts',
    undefined,
    retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(retryAfterSeconds) },
  );

export function errorResponse(c: Context, err: ApiError) {
  const body: { message: string; errors?: FieldError[] } = { message: err.message };
  // At most MAX_ERRORS items, then one that counts the rest: a hopeless document gets a short answer.
  if (err.errors?.length) body.errors = capErrors(err.errors).map(({ path, message }) => ({ path, message }));
  // The unread rest of an oversized body would poison a kept-alive connection.
  if (err.status === 413) c.header('Connection', 'close');
  // A 401 names how to authenticate (RFC 9110 section 11.6.1): the token in the auth_token header.
  if (err.status === 401) c.header('WWW-Authenticate', 'auth_token realm="dform"');
  for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
  return c.json(body, err.status);
}
