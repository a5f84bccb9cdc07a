/**
 * What a find means: the matching of a criterion `{field, is, value}` and the order of a sort, once,
 * for every store (the embedded store's scans and indexes, a SQL translation), the data API's own
 * paths and the story fixtures. docs/criteria.md states each rule and why;
 * tests/unit/engine/criteria-table.ts pins every edge, and any store must pass that table.
 */
export type Operator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'contains' | 'like' | 'overlaps';

/**
 * The operators a client's search may use. `overlaps` (an array field holding an item equal to one
 * of the list's) is the server's own, for its restriction of a find to what a caller reaches (a
 * file shared with any of their groups: one criterion however many groups), never a client's.
 */
export const OPERATORS: readonly Operator[] = ['=', '!=', '<', '<=', '>', '>=', 'in', 'contains', 'like'];

/**
 * The longest text a criterion compares with (each of an `in` list's too). A name, an e-mail or an
 * id is far shorter; the limit keeps a search's cost (a trigram index is looked up once for every
 * three letters of a `like`) that of a person's search whatever a caller sends.
 */
export const MAX_CRITERION_TEXT = 1_000;

export interface Criterion {
  /** A data field, dotted for nested ones (`legal_address.state`). */
  field: string;
  is: Operator;
  value: unknown;
}

export interface SortSpec {
  field: string;
  dir: 'asc' | 'desc';
}

/** A criterion or sort the engine cannot give a meaning to (the data API refuses these with a 400 first). */
export class CriteriaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CriteriaError';
  }
}

const pathCache = new Map<string, string[]>();

/**
 * The value at a dotted path: each step names an own member of an object, so an array or a
 * scalar on the way (or `constructor`, `__proto__`) makes the value missing (undefined).
 */
export function fieldValue(data: unknown, field: string): unknown {
  let parts = pathCache.get(field);
  if (parts === undefined) {
    parts = field.split('.');
    if (pathCache.size < 10_000) pathCache.set(field, parts);
  }
  let value = data;
  for (const part of parts) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, part)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Missing and null are alike in sorts (both last); only an explicit null equals `null`. */
export function isMissing(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/**
 * A string equal for two values exactly when `=` matches them: type-tagged (1 and '1' differ),
 * none for a missing value, which equals nothing. Arrays and objects get their JSON text so an
 * index can hold them, but a criterion's value is a scalar, so they never equal one.
 */
export function equalityKey(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return 's' + value;
    case 'number':
      return Number.isFinite(value) ? 'n' + String(value) : undefined;
    case 'boolean':
      return value ? 'T' : 'F';
    case 'object':
      return value === null ? 'z' : 'j' + JSON.stringify(value);
    default:
      return undefined;
  }
}

function isScalar(value: unknown): value is string | number | boolean | null {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value);
}

/**
 * Strings order by Unicode code point (the order of their UTF-8 bytes, PostgreSQL's `COLLATE "C"`),
 * not by UTF-16 unit: the two differ only when one side is past U+FFFF, whose surrogate units
 * (D800-DFFF) must then come after U+E000-U+FFFF.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x >= 0xd800 && y >= 0xd800 ? codePointRank(x) - codePointRank(y) : x - y;
  }
  return a.length - b.length;
}

function codePointRank(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/**
 * Case folding for `like`: each character's own lowercase (Unicode simple case mapping, no locale,
 * no context). `toLowerCase` is that but for two characters: U+0130 (İ, lowercased to two units)
 * and Σ, which it makes a final ς at a word's end.
 */
export function foldCase(text: string): string {
  return text.replace(/[\u0130\u03a3]/g, (c) => (c === '\u0130' ? 'i' : '\u03c3')).toLowerCase();
}

/** Order of value types in a sort: numbers, strings, booleans, then arrays and objects. */
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

/**
 * Total order of present (not missing) values, ascending: numbers by value, then strings by code
 * point, then false, true, then arrays and objects, all equal to each other.
 */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return (a as number) - (b as number);
  if (ra === 1) return compareText(a as string, b as string);
  if (ra === 2) return Number(a) - Number(b);
  return 0;
}

/** One sort key: `desc` is the reverse of `asc`, but missing values (and null) are last either way. */
export function compareForSort(a: unknown, b: unknown, dir: SortSpec['dir']): number {
  const ma = isMissing(a);
  const mb = isMissing(b);
  if (ma || mb) return ma === mb ? 0 : ma ? 1 : -1;
  const c = compareValues(a, b);
  return dir === 'desc' ? -c : c;
}

/**
 * Compares two records' data by every sort key in turn; 0 when all tie, and the caller keeps
 * insertion order then (a stable sort, or its own tie-break on insertion rank).
 */
export function sortComparator(sort: readonly SortSpec[]): (a: unknown, b: unknown) => number {
  return (a, b) => {
    for (const { field, dir } of sort) {
      const c = compareForSort(fieldValue(a, field), fieldValue(b, field), dir);
      if (c !== 0) return c;
    }
    return 0;
  };
}

const RANGE: Record<'<' | '<=' | '>' | '>=', (c: number) => boolean> = {
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
};

/**
 * The test a criterion makes of a field's value (undefined when missing). Built once per find, so
 * a scan pays only the test. Throws CriteriaError for a value the operator cannot take.
 */
export function valueTest(criterion: Criterion): (value: unknown) => boolean {
  const { field, is, value } = criterion;
  const refuse = (need: string) => new CriteriaError(`operator ${is} on ${field} needs ${need}`);
  switch (is) {
    case '=':
    case '!=': {
      if (!isScalar(value)) throw refuse('a plain value');
      const key = equalityKey(value);
      return is === '=' ? (v) => equalityKey(v) === key : (v) => equalityKey(v) !== key;
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const accept = RANGE[is];
      if (typeof value === 'number' && Number.isFinite(value)) {
        return (v) => typeof v === 'number' && accept(v - value);
      }
      if (typeof value === 'string') return (v) => typeof v === 'string' && accept(compareText(v, value));
      throw refuse('a number or a string');
    }
    case 'in': {
      if (!Array.isArray(value) || !value.every(isScalar)) throw refuse('a list of plain values');
      const keys = new Set(value.map(equalityKey));
      return (v) => {
        const key = equalityKey(v);
        return key !== undefined && keys.has(key);
      };
    }
    case 'contains': {
      if (!isScalar(value)) throw refuse('a plain value');
      const key = equalityKey(value);
      return (v) => Array.isArray(v) && v.some((item) => equalityKey(item) === key);
    }
    case 'overlaps': {
      if (!Array.isArray(value) || !value.every(isScalar)) throw refuse('a list of plain values');
      const keys = new Set(value.map(equalityKey));
      return (v) => Array.isArray(v) && v.some((item) => keys.has(equalityKey(item)!));
    }
    case 'like': {
      if (typeof value !== 'string') throw refuse('text');
      const needle = foldCase(value);
      return (v) => typeof v === 'string' && foldCase(v).includes(needle);
    }
    default:
      throw new CriteriaError(`unknown operator ${String(is)} on ${field}`);
  }
}

/** A test of one record's data against every criterion (AND); an empty list matches everything. */
export function matcher(criteria: readonly Criterion[]): (data: unknown) => boolean {
  const tests = criteria.map((c) => ({ field: c.field, test: valueTest(c) }));
  return (data) => {
    for (const { field, test } of tests) if (!test(fieldValue(data, field))) return false;
    return true;
  };
}

export function matchesOne(data: unknown, criterion: Criterion): boolean {
  return valueTest(criterion)(fieldValue(data, criterion.field));
}

export function matchesAll(data: unknown, criteria: readonly Criterion[]): boolean {
  return matcher(criteria)(data);
}

/** A find's filter: every criterion holds and, when `anyOf` is given, at least one of its criteria too. */
export function findMatcher(query: {
  criteria: readonly Criterion[];
  anyOf?: readonly Criterion[];
}): (data: unknown) => boolean {
  const all = matcher(query.criteria);
  const any = query.anyOf?.map((c) => ({ field: c.field, test: valueTest(c) }));
  if (!any) return all;
  return (data) => all(data) && any.some(({ field, test }) => test(fieldValue(data, field)));
}

/**
 * A find over an in-memory list, in the list's order: the reference every store must agree with
 * (the story fixtures answer with it; the table test runs it beside the stores).
 */
export function findIn<T>(
  items: readonly T[],
  dataOf: (item: T) => unknown,
  query: {
    criteria: readonly Criterion[];
    anyOf?: readonly Criterion[];
    sort?: readonly SortSpec[];
    limit: number;
    offset: number;
  },
): { items: T[]; total: number } {
  const test = findMatcher(query);
  const hits = items.filter((item) => test(dataOf(item)));
  if (query.sort?.length) {
    const compare = sortComparator(query.sort);
    // Array.prototype.sort is stable: ties keep the list's order.
    hits.sort((a, b) => compare(dataOf(a), dataOf(b)));
  }
  return { items: hits.slice(query.offset, query.offset + query.limit), total: hits.length };
}
