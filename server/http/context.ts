/**
 * Request facts the routes share: the Hono environment type and who is on the other end.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { requestHeader } from './node-request.ts';

export type AppEnv = { Bindings: { incoming?: unknown } };

export function requestInfo(c: Context): { browser?: string; address?: string } {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined; // app.request() in tests has no socket
  }
  return { browser: requestHeader(c, 'user-agent')?.slice(0, 255), address };
}
