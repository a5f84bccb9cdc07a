/**
 * Shared pieces of the hardening suites (tests/hardening): the short/long profile switch, figures
 * printed one per line, percentiles, a bounded-concurrency runner, sudo sign-in and new companies,
 * and the checks every answer must pass (no stack trace, no secret, no cipher text).
 */
import assert from 'node:assert/strict';
import type { DemoWorld } from './demo.ts';
import { as } from './demo.ts';

/** DFORM_SOAK=1 selects the long profile. */
export const SOAK = !!process.env.DFORM_SOAK && process.env.DFORM_SOAK !== '0';

/** Prints one measured figure on its own line, for docs/reliability.md. */
export function figure(suite: string, name: string, value: number | string, unit = ''): void {
  const v = typeof value === 'number' ? (Number.isInteger(value) ? String(value) : value.toFixed(2)) : value;
  console.log(`[figure] ${suite}: ${name} = ${v}${unit ? ' ' + unit : ''}`);
}

export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

/** Runs `fn` over the items with at most `width` calls in flight; answers results in item order. */
export async function pool<T, R>(
  items: readonly T[],
  width: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= items.length) return;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}

/** A small deterministic generator (mulberry32), for seeded choices outside fast-check. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export { sudoInto } from './demo.ts';

/** Creates a company below the root organization as the root's product-staff admin; answers its id. */
export async function createCompany(
  w: Pick<DemoWorld, 'call' | 'rootOrg' | 'staff'>,
  name: string,
  hostname: string,
  modules: string[] = ['auth', 'payroll'],
): Promise<string> {
  const r = await w.call('POST', '/auth/api/data/organizations/', {
    ...as(w.staff),
    body: {
      name,
      hostname,
      admin_email: `admin@${hostname}`,
      active_modules: modules,
      status: 'active',
      parent_organization: w.rootOrg,
    },
  });
  assert.equal(r.status, 201, `create company ${name}: ${r.text}`);
  return r.body.key;
}

/** What no answer may carry (../shared/API.md "Errors"); answers the problems found, empty when clean. */
export function leaks(text: string, sentSecrets: readonly string[] = []): string[] {
  const out: string[] = [];
  if (/\bat .*\.(ts|js):\d+/.test(text)) out.push('stack trace');
  if (text.includes('node_modules')) out.push('node_modules path');
  if (/enc:v[12]:/.test(text)) out.push('cipher text (enc:v1: or enc:v2:)');
  if (text.includes('$argon2')) out.push('password hash ($argon2)');
  for (const s of sentSecrets) {
    if (s.length >= 5 && holdsToken(text, JSON.stringify(s).slice(1, -1))) out.push(`unmasked sensitive value ${s}`);
  }
  return out;
}

/**
 * Whether `text` holds `token` as a token of its own: a sent 'labor' is not leaked by a name 'in
 * labore'. A search rather than a regular expression, as the fuzzer's values reach 200,000
 * characters (too large for a RegExp of V8).
 */
function holdsToken(text: string, token: string): boolean {
  const word = /[A-Za-z0-9]/;
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    const before = text[at - 1] ?? '';
    const after = text[at + token.length] ?? '';
    if (!word.test(before) && !word.test(after)) return true;
  }
  return false;
}

/** Problems with the shape of an error answer: `{message, errors?}` with errors `[{path, message}]`. */
export function errorShapeProblems(body: unknown, needErrors: boolean): string[] {
  const out: string[] = [];
  const b = body as { message?: unknown; errors?: unknown } | undefined;
  if (!b || typeof b !== 'object') return ['not a JSON object'];
  if (typeof b.message !== 'string' || !b.message) out.push('no message');
  if (b.errors === undefined) {
    if (needErrors) out.push('no errors[]');
    return out;
  }
  if (!Array.isArray(b.errors) || (needErrors && b.errors.length === 0)) {
    out.push('errors is not a non-empty list');
    return out;
  }
  for (const e of b.errors as unknown[]) {
    const item = e as { path?: unknown; message?: unknown };
    if (!item || typeof item.path !== 'string' || typeof item.message !== 'string' || !item.message) {
      out.push(`malformed errors item ${JSON.stringify(e)}`);
      break;
    }
    if (item.path !== '' && !item.path.startsWith('/')) out.push(`errors path is not a JSON Pointer: ${item.path}`);
  }
  return out;
}

/** Depth of the deepest array or object of a JSON text, counted as the server documents it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') max = Math.max(max, ++depth);
    else if (ch === '}' || ch === ']') depth--;
  }
  return max;
}

/**
 * Does a JSON body pass the body-level counts of docs/input-limits.md (5,000 items in a list, 200
 * fields in an object, 20,000 values in all: the body and every member of every list and object)?
 * Past one the server refuses the body as a whole (400 saying which), before any field is read.
 */
export function overCounts(value: unknown): boolean {
  let values = 1;
  const walk = (v: unknown): boolean => {
    if (!v || typeof v !== 'object') return false;
    const members = Array.isArray(v) ? v : Object.values(v);
    if (members.length > (Array.isArray(v) ? 5_000 : 200)) return true;
    values += members.length;
    return values > 20_000 || members.some(walk);
  };
  return walk(value);
}

/** Sends `fn` and answers its result, or undefined after a network error (a refused or reset connection). */
export async function orNetworkError<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof TypeError || (e as NodeJS.ErrnoException).code) return undefined;
    throw e;
  }
}
