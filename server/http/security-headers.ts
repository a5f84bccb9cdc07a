/**
 * The security headers of every answer (the web app's pages, the API's JSON, PDFs), set on Node's
 * response before the app runs. Setting them on the Hono Response after the fact (hono/secure-headers)
 * turns @hono/node-server's lightweight responses into full web Responses, and that cost about a
 * tenth of the CPU of a read; a header the app sets itself still wins.
 *
 * Every answer is also `Cache-Control: no-store` unless the app says otherwise (the web app's files
 * do): API answers hold personal data. Set here rather than per route, because a route passing it to
 * `c.json` made Hono build a web `Headers` object for every answer (measured: bench/results.md,
 * History).
 */
import {
  createServer,
  ServerResponse,
  STATUS_CODES,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
} from 'node:http';
import type { Duplex } from 'node:stream';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'Referrer-Policy': 'no-referrer',
  'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
};
/** What Node's response carries before the app runs; a header the app sets replaces its default. */
export const RESPONSE_DEFAULTS: readonly (readonly [string, string])[] = [
  ...Object.entries(SECURITY_HEADERS),
  ['Cache-Control', 'no-store'],
];

/**
 * A request Node refuses before the app sees it (headers over its limit, a malformed request line)
 * answers the contract's JSON `{message}` too, not Node's empty body.
 */
function refuseMalformed(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request headers too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request timeout']
        : [400, 'Malformed request'];
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * An answer with no content (`204`, `304`) names no content type. @hono/node-server gives every
 * answer without one `text/plain; charset=UTF-8`, an empty `204` too (a logout, a delete), which
 * told clients there was a text to read.
 */
class NodeResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(statusCode: number, ...rest: unknown[]): this {
    if (statusCode === 204 || statusCode === 304) {
      this.removeHeader('content-type');
      const headers = rest.find((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
      if (headers && !Array.isArray(headers))
        for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-type') delete headers[name];
    }
    return (super.writeHead as (statusCode: number, ...rest: unknown[]) => this)(statusCode, ...rest);
  }
}

/** node:http's createServer, with the security headers on every response. */
export const createSecureServer = ((options: ServerOptions | RequestListener, listener?: RequestListener) => {
  const opts = { ...(typeof options === 'function' ? {} : options), ServerResponse: NodeResponse };
  const handle = typeof options === 'function' ? options : listener;
  const server = createServer(opts, (req, res) => {
    for (const [name, value] of RESPONSE_DEFAULTS) res.setHeader(name, value);
    handle?.(req, res);
  });
  server.on('clientError', refuseMalformed);
  return server;
}) as typeof createServer;
