/** Field access and value identity shared by the query engine and the equality indexes. */
import type { DataObject } from './types.ts';

const pathCache = new Map<string, string[]>();

/** The value at a dotted path of `data`; own properties only, so `constructor` is never found. */
export function getPath(data: DataObject, field: string): unknown {
  let parts = pathCache.get(field);
  if (parts === undefined) {
    parts = field.split('.');
    if (pathCache.size < 10_000) pathCache.set(field, parts);
  }
  let value: unknown = data;
  for (const part of parts) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * A string that is equal for two values exactly when `=` should match them: type-tagged so that
 * 1 and '1' differ, undefined (missing) and NaN have none so they never match.
 * The scan path and the hash index both use it, so they can never disagree.
 */
export function valueKey(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return 's' + value;
    case 'number':
      return Number.isNaN(value) ? undefined : 'n' + String(value);
    case 'boolean':
      return value ? 'T' : 'F';
    case 'object':
      return value === null ? 'z' : 'j' + JSON.stringify(value);
    default:
      return undefined;
  }
}

/** Rank of a value's type for sorting mixed columns; null and undefined are "missing". */
function typeRank(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return 0;
    case 'string':
      return 1;
    case 'boolean':
      return 2;
    default:
      return 3;
  }
}

export function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

/** Total order for sorting present (non-missing) values: numbers, then strings, booleans, rest. */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') {
    if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : 1) : -1;
    return a - b;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const ka = valueKey(a) ?? '';
  const kb = valueKey(b) ?? '';
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * Freezes a JSON value (plain objects and arrays) in depth: stored records are shared by reference
 * with readers. Children first, so a frozen object's children are known frozen. Index loops and
 * for-in rather than Object.values, which allocates: twice as fast, and a record's first read pays it.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) deepFreeze(value[i]);
  } else {
    const object = value as Record<string, unknown>;
    for (const key in object) deepFreeze(object[key]);
  }
  return Object.freeze(value);
}
