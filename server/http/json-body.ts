/**
 * Reads a request's JSON body safely: only `application/json` (415), at most 1 MiB whatever the
 * transfer encoding (413), valid UTF-8, nesting at most 32 levels, and no prototype keys.
 */
import type { Context } from 'hono';
import { ApiError, badRequest } from './errors.ts';
import { BodyTooLarge, readBody, requestHeader } from './node-request.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

async function readLimited(c: Context): Promise<Uint8Array> {
  const declared = Number(requestHeader(c, 'content-length') ?? NaN);
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, 'Payload too large');
  try {
    return await readBody(c, MAX_BODY_BYTES);
  } catch (err) {
    if (err instanceof BodyTooLarge) throw new ApiError(413, 'Payload too large');
    throw err;
  }
}

/** Depth of the deepest array or object, counted without parsing (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92) i++;
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 || ch === 91) {
      if (++depth > max) max = depth;
    } else if (ch === 125 || ch === 93) depth--;
  }
  return max;
}

export function parseJsonText(text: string): unknown {
  if (jsonDepth(text) > MAX_DEPTH) throw badRequest(`JSON nesting is deeper than ${MAX_DEPTH} levels`);
  try {
    // The reviver drops prototype keys, so no later copy can change an object's prototype.
    return JSON.parse(text, (k, v) => (FORBIDDEN_KEYS.has(k) ? undefined : v));
  } catch {
    throw badRequest('Malformed JSON body');
  }
}

export async function readJson(c: Context, { allowEmpty = false } = {}): Promise<unknown> {
  const type = (requestHeader(c, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
  const bytes = await readLimited(c);
  if (bytes.byteLength === 0 && allowEmpty) return {};
  if (type !== 'application/json') {
    throw new ApiError(415, `Unsupported content type '${type || 'none'}': send application/json`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('Body is not valid UTF-8');
  }
  return parseJsonText(text);
}

export async function readJsonObject(c: Context, opts?: { allowEmpty?: boolean }): Promise<Record<string, unknown>> {
  const v = await readJson(c, opts);
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest('Body must be a JSON object');
  return v as Record<string, unknown>;
}
