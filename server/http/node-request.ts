/**
 * The request as Node parsed it. Under @hono/node-server, `c.req.header()` first builds a whole web
 * Headers object and a body goes through a web ReadableStream; reading Node's own IncomingMessage
 * instead cost about a twelfth of the server's CPU per read and a tenth per write
 * (npm run bench -- --cpu-prof). In-process requests (app.request in tests) have no Node request
 * and use Hono's.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Thrown by `readBody` when the body grows past its limit; the rest is left unread. */
export class BodyTooLarge extends Error {}

/** The whole body, at most `limit` bytes whatever the transfer encoding. */
export async function readBody(c: Context, limit: number): Promise<Uint8Array> {
  const incoming = incomingOf(c);
  if (!incoming) return readWebBody(c.req.raw.body, limit);
  if (incoming.readableEnded) return new Uint8Array();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (err?: Error) => {
      incoming.off('data', onData).off('end', onEnd).off('error', done).off('close', onClose);
      if (err) reject(err);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      // Stop reading (not destroy: the 413 must still reach the client, on a closed connection).
      if (size > limit) {
        incoming.pause();
        done(new BodyTooLarge());
      } else chunks.push(chunk);
    };
    const onEnd = () => done();
    const onClose = () => {
      if (!incoming.complete) done(new Error('request aborted'));
    };
    incoming.on('data', onData).on('end', onEnd).on('error', done).on('close', onClose);
  });
}

async function readWebBody(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
