/**
 * The sign-in throttle (./throttle.ts) around every check of a password or single-use key: a login
 * of each type and change_password's current password. While a budget of the attempt is closed the
 * secret is not even looked at: `429 Too many attempts` with Retry-After, the right secret too.
 */
import type { Context } from 'hono';
import { ApiError, tooManyAttempts } from '../http/errors.ts';
import { requestInfo } from '../http/context.ts';
import { requestHeader } from '../http/node-request.ts';
import type { Services } from '../services.ts';
import type { SignInAttempt } from './throttle.ts';

/** A device id as the web app makes one (renderers/api/device-id.ts); anything else is no device. */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/;

/** Who tries which door of which account: `account` is the organization and user key (or the name as typed). */
export function signInAttempt(c: Context, door: string, account: string): SignInAttempt {
  const device = requestHeader(c, 'x-device-id');
  return {
    door,
    account,
    address: requestInfo(c).address ?? '',
    device: device !== undefined && DEVICE_ID.test(device) ? device : undefined,
  };
}

/**
 * Runs `check` under the throttle. A failure is a 401 thrown by `check` or an answer `wrong` calls
 * wrong; anything else thrown (a busy hasher, storage) counts for nothing.
 */
export async function throttledCheck<T>(
  s: Services,
  attempt: SignInAttempt,
  check: () => Promise<T>,
  wrong: (answer: T) => boolean = () => false,
): Promise<T> {
  const ticket = await s.signInThrottle.begin(attempt);
  if (!ticket.ok) throw tooManyAttempts(ticket.retryAfter);
  let answer: T;
  try {
    answer = await check();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) await ticket.failed();
    else await ticket.release();
    throw e;
  }
  if (wrong(answer)) await ticket.failed();
  else await ticket.succeeded();
  return answer;
}
