/** `find` over one organization's records of one collection. */
import type { Collection } from './collection-index.ts';
import type { HeldRecord } from './lazy-record.ts';
import { compareForSort, equalityKey, valueTest } from '../../engine/criteria.ts';
import type { FindQuery, FindResult, SortSpec, StoredRecord } from './types.ts';

/** A criterion other than `=`, tested on the field's value. */
interface Predicate {
  field: string;
  test: (value: unknown) => boolean;
}

export function runFind(collection: Collection | undefined, org: string, query: FindQuery): FindResult {
  const result = findIn(collection, org, query);
  // Records kept as text were grouped by organization from their table: each answered one is
  // checked to be of the organization asked for, as a last guard of tenancy.
  for (const record of result.items) {
    if (record.org !== org)
      throw new Error(`storage: ${record.collection}/${record.key} listed under another organization`);
  }
  return result;
}

function findIn(collection: Collection | undefined, org: string, query: FindQuery): FindResult {
  checkPaging(query);
  if (collection === undefined || collection.orgSize(org) === 0) return { items: [], total: 0 };

  // Equality criteria are answered by hash sets; everything else becomes a predicate on data.
  const eqSets: ReadonlySet<string>[] = [];
  const predicates: Predicate[] = [];
  for (const criterion of query.criteria) {
    // Compiled for every criterion, so that a value the operator cannot take is refused alike.
    const test = valueTest(criterion);
    if (criterion.is === '=') {
      const vkey = equalityKey(criterion.value);
      const keys = vkey === undefined ? undefined : collection.lookup(criterion.field, org, vkey);
      if (keys === undefined) return { items: [], total: 0 };
      eqSets.push(keys);
    } else {
      predicates.push({ field: criterion.field, test });
    }
  }
  eqSets.sort((a, b) => a.size - b.size);
  // Equality is decided on keys alone, other criteria and sorts on the field's value (which the
  // collection keeps by field for records held as text): only the page's records are parsed.
  const matches = (key: string, held: HeldRecord, from: number): boolean => {
    for (let i = from; i < eqSets.length; i++) if (!eqSets[i].has(key)) return false;
    for (const { field, test } of predicates) if (!test(collection.valueOf(key, held, field))) return false;
    return true;
  };

  const sort = query.sort ?? [];
  const smallest = eqSets[0];
  const end = query.offset + query.limit;
  // A large candidate set is cheaper to scan in insertion order than to re-sort by ordinal.
  const useCandidates = smallest !== undefined && (sort.length > 0 || smallest.size * 8 < collection.orgSize(org));

  if (!useCandidates && sort.length === 0) {
    // Insertion order for free: keep only the requested page, count the rest.
    const items: StoredRecord[] = [];
    let total = 0;
    collection.each(org, (key, held) => {
      if (!matches(key, held, 0)) return;
      if (total >= query.offset && total < end) items.push(collection.get(key)!);
      total++;
    });
    return { items, total };
  }

  const found: string[] = [];
  if (useCandidates) {
    for (const key of smallest) {
      const held = collection.heldIn(org, key);
      if (held !== undefined && matches(key, held, 1)) found.push(key);
    }
  } else {
    collection.each(org, (key, held) => {
      if (matches(key, held, 0)) found.push(key);
    });
  }
  // Through `get`, which checks a record parsed from text against its table.
  const recordOf = (key: string) => collection.get(key)!;
  if (sort.length === 0) {
    // Insertion order needs keys only: just the page is parsed.
    found.sort((a, b) => collection.ordinal(a) - collection.ordinal(b));
    return { items: found.slice(query.offset, end).map(recordOf), total: found.length };
  }
  const ordered = sortKeys(found, sort, collection);
  return { items: ordered.slice(query.offset, end).map(recordOf), total: found.length };
}

function checkPaging(query: FindQuery): void {
  const ok = (n: number): boolean => n === Infinity || (Number.isInteger(n) && n >= 0);
  if (!ok(query.limit) || !Number.isInteger(query.offset) || query.offset < 0) {
    throw new Error(`storage: bad paging limit=${query.limit} offset=${query.offset}`);
  }
  if (!Array.isArray(query.criteria)) throw new Error('storage: criteria must be an array');
}

/** Ties fall back to insertion order (engine/criteria.ts orders the values). */
function sortKeys(keys: string[], sort: SortSpec[], collection: Collection): string[] {
  const rows = keys.map((key) => ({
    key,
    values: sort.map((spec) => collection.valueAt(key, spec.field)),
    ordinal: collection.ordinal(key),
  }));
  rows.sort((a, b) => {
    for (let i = 0; i < sort.length; i++) {
      const c = compareForSort(a.values[i], b.values[i], sort[i].dir);
      if (c !== 0) return c;
    }
    return a.ordinal - b.ordinal;
  });
  return rows.map((row) => row.key);
}
