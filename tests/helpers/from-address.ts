/**
 * A client of the wire contract whose requests leave from a chosen local address (127.0.0.2,
 * 127.0.0.3, ...: on Linux all of 127/8 is this machine), so that a test speaks to the server from
 * as many client addresses as it likes. The server takes the client's address from the socket
 * (server/http/context.ts), not from any header.
 */
import http from 'node:http';
import type { Answer, CallOptions } from './server.ts';

export function clientFrom(url: string, localAddress: string) {
  const { hostname, port } = new URL(url);
  return function call<T = any>(method: string, p: string, o: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.org) headers['organization-id'] = o.org;
    if (o.token) headers['auth_token'] = o.token;
    const body = o.body === undefined ? undefined : JSON.stringify(o.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: hostname, port: Number(port), localAddress, method, path: p, headers, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              parsed = undefined;
            }
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, String(v));
            resolve({ status: res.statusCode ?? 0, body: parsed as T, headers: h, text });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  };
}
