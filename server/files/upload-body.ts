/**
 * An upload's body as a stream of chunks, read as it arrives: the size limit is enforced while
 * streaming (the body stops being read at the first byte past it), and the type is decided from
 * the first bytes (magic numbers, with file-type), never from the client's Content-Type alone.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { fileTypeFromBuffer } from 'file-type';
import { accepts, TEXT_TYPES } from '../../engine/files.ts';

/** The body grew past the field's limit; the rest is left unread. */
export class FileTooLarge extends Error {}

/** The content is not of a type the field accepts; `found` is what it is, when known. */
export class FileTypeRefused extends Error {
  constructor(readonly found: string | undefined) {
    super('file type refused');
  }
}

/** An upload that held no bytes: no file at all, whatever type it declared. */
export class FileEmpty extends Error {
  constructor() {
    super('file empty');
  }
}

/** How many bytes the type check reads before it decides. */
const SNIFF_BYTES = 4100;

/** The request body's chunks, from Node's request when there is one, else the web request's body. */
export function bodyChunks(c: Context): AsyncIterable<Uint8Array> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // Not destroyed when the reading stops early: the 413 or 415 must still reach the client.
  if (incoming) return incoming.iterator({ destroyOnReturn: false });
  const body = c.req.raw.body;
  return (async function* () {
    if (!body) return;
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      await reader.cancel().catch(() => {});
    }
  })();
}

/**
 * The source's chunks, throwing FileTooLarge as soon as they pass `limit` bytes. The Node request
 * is paused, not destroyed, so the 413 still reaches the client (on a connection then closed).
 */
export async function* limitBytes(source: AsyncIterable<Uint8Array>, limit: number): AsyncIterable<Uint8Array> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.byteLength;
    if (size > limit) throw new FileTooLarge();
    yield chunk;
  }
}

/** A valid UTF-8 start of a text without NUL: what a text file's first bytes look like. */
function looksLikeText(head: Uint8Array, complete: boolean): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads the first bytes, decides the file's type from them and answers it with the whole stream
 * (the bytes read included). Types with magic bytes are what file-type finds; a text type the field
 * accepts (text/plain, text/csv) is taken from the declared Content-Type when the bytes are text.
 */
export async function sniffType(
  source: AsyncIterable<Uint8Array>,
  accept: readonly string[],
  declared: string,
): Promise<{ type: string; chunks: AsyncIterable<Uint8Array> }> {
  const it = source[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < SNIFF_BYTES) {
    const next = await it.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    size += next.value.byteLength;
  }
  if (ended && size === 0) throw new FileEmpty();
  const first = Buffer.concat(head, size);
  const found = (await fileTypeFromBuffer(first))?.mime;
  let type: string | undefined;
  if (found) type = accepts(accept, found) ? found : undefined;
  else if (TEXT_TYPES.has(declared) && accepts(accept, declared) && size > 0 && looksLikeText(first, ended)) {
    type = declared;
  }
  if (!type) {
    await it.return?.();
    throw new FileTypeRefused(found);
  }
  return {
    type,
    chunks: (async function* () {
      if (size) yield first;
      if (ended) return;
      for (;;) {
        const next = await it.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  };
}
