/**
 * Request facts the routes share: the Hono environment type and who is on the other end.
 *
 * The client's address is the socket's peer. Only when that peer is a reverse proxy named in
 * DFORM_TRUSTED_PROXIES does X-Forwarded-For count, and then only the hops the trusted proxies
 * appended: the rightmost address that is not one of them. Anything further left was written by
 * the client and is never believed, so a client cannot pick its own address (the sign-in throttle
 * and the audit log use it).
 */
import { withoutControlCharacters } from '../../engine/control-characters.ts';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { requestHeader } from './node-request.ts';

export type AppEnv = { Bindings: { incoming?: unknown } };

let trusted: ReadonlySet<string> = new Set();

/** The reverse proxies whose X-Forwarded-For is believed (DFORM_TRUSTED_PROXIES); set once at start. */
export function trustProxies(addresses: readonly string[]): void {
  trusted = new Set(addresses.map(plainAddress));
}

/** An IPv4 address as a dual-stack socket reports it (`::ffff:10.0.0.1`) is the IPv4 address. */
function plainAddress(address: string): string {
  const a = address.trim().toLowerCase();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/.test(a) ? a.slice(7) : a;
}

/** The client's address, from the socket's peer and its X-Forwarded-For, given the trusted proxies. */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  proxies: ReadonlySet<string> = trusted,
): string | undefined {
  if (peer === undefined) return undefined;
  let address = plainAddress(peer);
  if (!proxies.has(address) || !forwardedFor) return address;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0 && proxies.has(address); i--) {
    const hop = plainAddress(hops[i]);
    // A hop that is no address ends the walk at the last proxy: a shared address, never a chosen one.
    if (isIP(hop) === 0) break;
    address = hop;
  }
  return address;
}

export function requestInfo(c: Context): { browser?: string; address?: string } {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined; // app.request() in tests has no socket
  }
  const address = trusted.size ? clientAddress(peer, requestHeader(c, 'x-forwarded-for')) : peer;
  // Kept in audit records, shown and exported: a client's control characters (a C1 CSI acts on a
  // terminal) and bidirectional overrides are made spaces, as a signature's user agent is.
  const agent = requestHeader(c, 'user-agent');
  return { browser: agent === undefined ? undefined : withoutControlCharacters(agent).slice(0, 255), address };
}
