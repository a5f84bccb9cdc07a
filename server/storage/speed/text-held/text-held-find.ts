/**
 * `find` over one organization's records of a TextHeldCollection, as steps (speed/steps.ts). The
 * rows are taken in one step, and a row never changes (a write replaces a record, a text stays as it
 * was read), so writes committed while a find is under way are not seen by it. Equality criteria go
 * through the collection's indexes; other criteria and sorts read records held as text through its
 * columns. What criteria and sorts mean is engine/criteria.ts's (docs/criteria.md).
 */
import { compareForSort, equalityKey, fieldValue, valueTest } from '../../../../engine/criteria.ts';
import { MAX_COLUMNS, type TextHeldCollection, type Row } from './text-held-collection.ts';
import type { FindQuery, FindResult } from '../../types.ts';

/** A criterion as a find tests it: on the value of `fields[field]`. */
interface Test {
  field: number;
  test: (value: unknown) => boolean;
}

export function* findSteps(collection: TextHeldCollection, org: string, query: FindQuery): Generator<void, FindResult> {
  const compiled = query.criteria.map((criterion) => ({ criterion, test: valueTest(criterion) }));
  if (collection.orgSize(org) === 0) return { items: [], total: 0 };
  const sort = query.sort ?? [];

  // The equality indexes a find needs are built first, in steps (and kept for later finds).
  const equalities = compiled.filter(({ criterion }) => criterion.is === '=');
  for (const { criterion } of equalities) yield* collection.indexSteps(criterion.field);
  const sets: ReadonlySet<string>[] = [];
  for (const { criterion } of equalities) {
    const vkey = equalityKey(criterion.value);
    const keys = vkey === undefined ? undefined : collection.lookup(criterion.field, org, vkey);
    if (keys === undefined) return { items: [], total: 0 };
    sets.push(keys);
  }
  sets.sort((a, b) => a.size - b.size);
  // A small index set gives the candidates; past an eighth of the records, a scan in insertion
  // order that tests the equalities like any other criterion is cheaper (and needs no re-sort).
  const candidates = sets.length > 0 && sets[0].size * 8 < collection.orgSize(org) ? sets : undefined;
  const tested = candidates ? compiled.filter(({ criterion }) => criterion.is !== '=') : compiled;

  const anyOf = (query.anyOf ?? []).map((criterion) => ({ criterion, test: valueTest(criterion) }));
  const fields = [
    ...new Set([...[...tested, ...anyOf].map(({ criterion }) => criterion.field), ...sort.map((s) => s.field)]),
  ];
  const tests: Test[] = tested.map(({ criterion, test }) => ({ field: fields.indexOf(criterion.field), test }));
  const anyTests: Test[] = anyOf.map(({ criterion, test }) => ({ field: fields.indexOf(criterion.field), test }));
  const sortFields = sort.map((s) => fields.indexOf(s.field));
  // Records held as text are read through columns (built in steps, before the rows are taken,
  // so that they hold every row's value); past MAX_COLUMNS fields a text is parsed instead.
  const columns: (readonly unknown[] | undefined)[] = [];
  const build = fields.length <= MAX_COLUMNS && collection.holdsText(org);
  for (const field of fields) {
    const built = collection.builtColumn(field);
    columns.push(built ?? (build ? yield* collection.columnSteps(field) : undefined));
  }

  // The rows, in one step: the consistent state this find answers from.
  let rows: Row[];
  let ranks: number[] | undefined;
  if (candidates) {
    rows = [];
    ranks = [];
    for (const key of candidates[0]) {
      let inAll = true;
      for (let i = 1; i < candidates.length && inAll; i++) inAll = candidates[i].has(key);
      const row = inAll ? collection.rowIn(org, key) : undefined;
      if (row === undefined) continue;
      rows.push(row);
      ranks.push(collection.rankOf(row));
    }
  } else {
    rows = collection.rowsOf(org);
  }
  yield;

  const scan: Scan = {
    collection,
    rows,
    fields,
    columns,
    parseTexts: columns.includes(undefined),
    tests,
    anyTests,
    sortFields,
    found: [],
    sortValues: sort.map(() => []),
  };
  for (let from = 0; from < rows.length; from += SCAN_STEP) {
    scanRows(scan, from, Math.min(from + SCAN_STEP, rows.length));
    yield;
  }
  const { found, sortValues } = scan;

  // Ties, and a find without sort, keep insertion order.
  const rank = ranks === undefined ? (j: number) => found[j] : (j: number) => ranks[found[j]];
  let order: Uint32Array | undefined;
  if (sort.length > 0) {
    order = yield* sortSteps(found.length, (a, b) => {
      for (let k = 0; k < sort.length; k++) {
        const c = compareForSort(sortValues[k][a], sortValues[k][b], sort[k].dir);
        if (c !== 0) return c;
      }
      return rank(a) - rank(b);
    });
  } else if (ranks !== undefined) {
    order = yield* sortSteps(found.length, (a, b) => rank(a) - rank(b));
  }

  const items = [];
  const end = Math.min(found.length, query.offset + query.limit);
  for (let j = query.offset; j < end; j++) {
    const at = order === undefined ? j : order[j];
    // A text is parsed as it was when the rows were taken; `recordOfRow` checks it against its table.
    items.push(collection.recordOfRow(rows[found[at]]));
    if ((j & 63) === 63) yield;
  }
  return { items, total: found.length };
}

/** Rows tested between two steps of a find. */
const SCAN_STEP = 256;

/** What the scan of a find's rows needs and what it finds. */
interface Scan {
  collection: TextHeldCollection;
  rows: Row[];
  fields: string[];
  /** By field: the values of records held as text, by table slot; undefined where they are parsed. */
  columns: (readonly unknown[] | undefined)[];
  parseTexts: boolean;
  tests: Test[];
  /** At least one of these holds too, when there are any (FindQuery.anyOf). */
  anyTests: Test[];
  sortFields: number[];
  /** Positions in `rows` of the matches, in row order. */
  found: number[];
  /** By sort key: the value of each match. */
  sortValues: unknown[][];
}

/** Tests rows[from..to) (a plain function: a generator's own loops keep their variables on the heap). */
function scanRows(scan: Scan, from: number, to: number): void {
  const { collection, rows, fields, columns, tests, anyTests, sortFields, found, sortValues } = scan;
  for (let i = from; i < to; i++) {
    const row = rows[i];
    const text = typeof row === 'number';
    const data = text ? (scan.parseTexts ? collection.recordOfRow(row).data : undefined) : row.data;
    let match = true;
    for (let t = 0; t < tests.length && match; t++) {
      const f = tests[t].field;
      const column = text ? columns[f] : undefined;
      match = tests[t].test(column !== undefined ? column[row as number] : fieldValue(data, fields[f]));
    }
    if (match && anyTests.length > 0) {
      match = false;
      for (let t = 0; t < anyTests.length && !match; t++) {
        const f = anyTests[t].field;
        const column = text ? columns[f] : undefined;
        match = anyTests[t].test(column !== undefined ? column[row as number] : fieldValue(data, fields[f]));
      }
    }
    if (!match) continue;
    found.push(i);
    for (let k = 0; k < sortFields.length; k++) {
      const f = sortFields[k];
      const column = text ? columns[f] : undefined;
      sortValues[k].push(column !== undefined ? column[row as number] : fieldValue(data, fields[f]));
    }
  }
}

/** Sorted runs of this many positions are merged, one merge step at a time. */
const RUN = 512;

/**
 * The positions 0..n-1 in `compare`'s order, in steps: runs sorted whole, then merged pairwise,
 * yielding every few thousand moves. `compare` must be a total order (ties broken by rank).
 */
function* sortSteps(n: number, compare: (a: number, b: number) => number): Generator<void, Uint32Array> {
  let from = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  for (let lo = 0; lo < n; lo += RUN) {
    from.subarray(lo, Math.min(lo + RUN, n)).sort(compare);
    yield;
  }
  let to = new Uint32Array(n);
  let moves = 0;
  for (let width = RUN; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        to[k++] = compare(from[j], from[i]) < 0 ? from[j++] : from[i++];
        if ((++moves & 4095) === 0) yield;
      }
      while (i < mid) to[k++] = from[i++];
      while (j < hi) to[k++] = from[j++];
    }
    [from, to] = [to, from];
  }
  return from;
}
