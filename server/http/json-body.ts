/**
 * Reads a request's JSON body safely: only `application/json` (415), at most 1 MiB whatever the
 * transfer encoding (413), valid UTF-8, nesting at most 32 levels, lists, objects and the body as a
 * whole of bounded size (400), no prototype keys and no NUL in any string or key (400 naming each,
 * docs/input-limits.md). The sizes are counted in the text before it
 * is parsed, so every later stage (copies, transforms, validation, storage) handles a bounded
 * document whatever a request holds (docs/input-limits.md).
 */
import type { Context } from 'hono';
import { nulErrors } from '../../engine/control-characters.ts';
import { MAX_ERRORS, moreErrors, type FieldError } from '../../engine/messages.ts';
import { ApiError, badRequest, validationFailed } from './errors.ts';
import { BodyTooLarge, readBody, requestHeader } from './node-request.ts';

/** The largest body a request may send (413 past it): no text of it can be longer. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_DEPTH = 32;
/** Items of one list: the longest list of any schema has 2,000 (maxItems); more is refused unread. */
export const MAX_LIST_ITEMS = 5_000;
/**
 * Fields of one object: the widest form has 25. An object of many keys is slow to copy, walk and
 * transform (a save transform may call a function per key).
 */
export const MAX_OBJECT_KEYS = 200;
/**
 * Values of a whole body: the body and every member of every list and object. A group with 2,000
 * users and 2,000 team members holds about 4,000.
 */
export const MAX_VALUES = 20_000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Each request's body as read, so that a middleware and its route may both read it. */
const bodies = new WeakMap<Request, Promise<Uint8Array>>();

function readLimited(c: Context): Promise<Uint8Array> {
  let body = bodies.get(c.req.raw);
  if (!body) {
    body = readOnce(c);
    // Whoever reads the body meets its failure; a reader that gave up on it leaves none unhandled.
    body.catch(() => undefined);
    bodies.set(c.req.raw, body);
  }
  return body;
}

async function readOnce(c: Context): Promise<Uint8Array> {
  const declared = Number(requestHeader(c, 'content-length') ?? NaN);
  if (declared > MAX_BODY_BYTES) throw new ApiError(413, 'Payload too large');
  try {
    return await readBody(c, MAX_BODY_BYTES);
  } catch (err) {
    if (err instanceof BodyTooLarge) throw new ApiError(413, 'Payload too large');
    throw err;
  }
}

export interface JsonShape {
  /** Depth of the deepest list or object. */
  depth: number;
  /** Items of the longest list. */
  items: number;
  /** Keys of the widest object. */
  keys: number;
  /** Values in all: the body and every member of every list and object. */
  values: number;
}

/** The index of the quote that closes the string opened at `open`, or the text's length. */
function stringEnd(text: string, open: number): number {
  let at = open + 1;
  for (;;) {
    at = text.indexOf('"', at);
    if (at < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return at;
    at++;
  }
}

/**
 * The shape of a JSON text, counted without parsing it: the text is assumed well formed, as
 * JSON.parse checks next. Counting stops once the depth passes MAX_DEPTH.
 */
export function jsonShape(text: string): JsonShape {
  // For each open container: whether it is a list, its commas, and whether it has a member yet.
  const isList: boolean[] = [];
  const commas: number[] = [];
  const filled: boolean[] = [];
  const shape: JsonShape = { depth: 0, items: 0, keys: 0, values: 1 };
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 32 || ch === 10 || ch === 13 || ch === 9 || ch === 58) continue; // blank, ':'
    if (ch === 125 || ch === 93) {
      // '}' or ']'
      if (depth === 0) continue;
      depth--;
      const members = filled[depth] ? commas[depth] + 1 : 0;
      if (isList[depth]) shape.items = Math.max(shape.items, members);
      else shape.keys = Math.max(shape.keys, members);
      shape.values += members;
    } else if (ch === 44) {
      // ','
      if (depth > 0) commas[depth - 1]++;
    } else {
      if (depth > 0) filled[depth - 1] = true;
      if (ch === 34) i = stringEnd(text, i);
      else if (ch === 123 || ch === 91) {
        // '{' or '['
        isList[depth] = ch === 91;
        commas[depth] = 0;
        filled[depth] = false;
        if (++depth > shape.depth) shape.depth = depth;
        if (depth > MAX_DEPTH) break;
      }
    }
  }
  return shape;
}

/** What a body's key that could reach an object's prototype answers, at its path. */
export const prototypeKeyMessage = (key: string) => `'${key}' cannot be a field name: choose another.`;

/**
 * The paths of the keys that could reach an object's prototype through a later copy (at most
 * `max`, and how many more): such a body is refused naming them, rather than stored without them.
 */
function prototypeKeyErrors(value: unknown, max: number): { errors: FieldError[]; more: number } {
  const errors: FieldError[] = [];
  let more = 0;
  const visit = (v: unknown, at: string) => {
    if (Array.isArray(v)) {
      v.forEach((item, i) => item && typeof item === 'object' && visit(item, `${at}/${i}`));
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const here = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        if (FORBIDDEN_KEYS.has(key)) {
          if (errors.length < max) errors.push({ path: here, message: prototypeKeyMessage(key) });
          else more++;
        }
        if (child && typeof child === 'object') visit(child, here);
      }
    }
  };
  visit(value, '');
  return { errors, more };
}

/**
 * The place of the first key given twice in one object, as a JSON pointer, or undefined: JSON.parse
 * keeps the last and drops the other without a word (a definition's field written twice lost its
 * first rules). Read from the text, assumed well formed and at most MAX_DEPTH deep (checked first).
 */
export function repeatedKeyAt(text: string): string | undefined {
  // For each open container: a list or not, its members so far, its keys and the key last read.
  const frames: { list: boolean; index: number; keys: Set<string>; key: string; wantsKey: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    const top = frames[frames.length - 1];
    if (ch === 123 || ch === 91) {
      // '{' or '['
      frames.push({ list: ch === 91, index: 0, keys: new Set(), key: '', wantsKey: ch === 123 });
    } else if (ch === 125 || ch === 93) {
      frames.pop();
    } else if (ch === 44) {
      // ','
      if (top) {
        top.index++;
        top.wantsKey = !top.list;
      }
    } else if (ch === 34) {
      const end = stringEnd(text, i);
      if (top?.wantsKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        top.wantsKey = false;
        top.key = key;
        if (top.keys.has(key)) {
          const at = frames.map((f) => (f.list ? String(f.index) : f.key));
          return `/${at.map((k) => k.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
        }
        top.keys.add(key);
      }
      i = end;
    }
  }
  return undefined;
}

export function parseJsonText(text: string): unknown {
  const shape = jsonShape(text);
  if (shape.depth > MAX_DEPTH) throw badRequest(`JSON nesting is deeper than ${MAX_DEPTH} levels`);
  if (shape.items > MAX_LIST_ITEMS) throw badRequest(`A JSON list holds more than ${MAX_LIST_ITEMS} items`);
  if (shape.keys > MAX_OBJECT_KEYS) throw badRequest(`A JSON object holds more than ${MAX_OBJECT_KEYS} fields`);
  if (shape.values > MAX_VALUES) throw badRequest(`The JSON body holds more than ${MAX_VALUES} values`);
  let value: unknown;
  try {
    // JSON.parse makes "__proto__" an own key (it does not set the prototype); the body is refused
    // below before any copy could. A reviver would do the same at many times the cost.
    value = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
  const repeated = repeatedKeyAt(text);
  if (repeated !== undefined) {
    const key = repeated
      .slice(repeated.lastIndexOf('/') + 1)
      .replaceAll('~1', '/')
      .replaceAll('~0', '~');
    throw validationFailed([{ path: repeated, message: `'${key}' is given twice in one object: give it once.` }]);
  }
  // JSON can spell NUL and a lone surrogate only as escapes (UTF-8 cannot carry a surrogate), so a
  // text without one holds none.
  if (/\\u(?:0000|[dD][89a-fA-F])/.test(text)) {
    const nul = nulErrors(value, MAX_ERRORS);
    if (nul.errors.length > 0) {
      throw validationFailed(nul.more ? [...nul.errors, moreErrors(nul.more)] : nul.errors);
    }
  }
  // A prototype key can only be spelled by name or with \u escapes. Dropped, it was a field lost
  // without a word (a definition's field 'constructor' saved without it): refused, naming each.
  if (/__proto__|constructor|prototype|\\u/.test(text)) {
    const proto = prototypeKeyErrors(value, MAX_ERRORS);
    if (proto.errors.length > 0) {
      throw validationFailed(proto.more ? [...proto.errors, moreErrors(proto.more)] : proto.errors);
    }
  }
  return value;
}

export async function readJson(c: Context, { allowEmpty = false } = {}): Promise<unknown> {
  const type = (requestHeader(c, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
  const bytes = await readLimited(c);
  if (bytes.byteLength === 0 && allowEmpty) return {};
  if (type !== 'application/json') {
    throw new ApiError(415, `Unsupported content type '${type || 'none'}': send application/json`);
  }
  const encoding = (requestHeader(c, 'content-encoding') ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && bytes.byteLength > 0) {
    // Compressed bodies are not read: an inflated body could pass the 1 MiB limit many times over.
    throw new ApiError(415, `Unsupported content encoding '${encoding}': send the body uncompressed`);
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

/**
 * A text field a call requires: its error (`Required` when missing or empty, `Must be text` when it
 * holds another JSON type, `At most N characters` past `max`), or undefined when it is fine.
 */
export function textFieldProblem(body: Record<string, unknown>, name: string, max: number): FieldError | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === '') return { path: `/${name}`, message: 'Required' };
  if (typeof v !== 'string') return { path: `/${name}`, message: 'Must be text' };
  if (v.length > max) return { path: `/${name}`, message: `At most ${max} characters` };
  return undefined;
}

/** Refuses a call whose text fields `textFieldProblem` finds wrong, naming each: 400. */
export function requireTextFields(body: Record<string, unknown>, limits: Record<string, number>): void {
  const problems = Object.entries(limits).flatMap(([name, max]) => textFieldProblem(body, name, max) ?? []);
  if (!problems.length) return;
  // The message names the fields of the first kind of problem found: missing, not text, too long.
  const of = (message: (p: FieldError) => boolean) => problems.filter(message).map((p) => p.path.slice(1));
  const missing = of((p) => p.message === 'Required');
  const notText = of((p) => p.message === 'Must be text');
  const are = (names: string[]) => `${names.join(' and ')} ${names.length > 1 ? 'are' : 'is'}`;
  const message = missing.length
    ? `${are(missing)} required`
    : notText.length
      ? `${notText.join(' and ')} must be text`
      : `${are(of(() => true))} too long`;
  throw badRequest(message, problems);
}
