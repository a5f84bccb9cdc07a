/**
 * The meaning of criteria and sorts (API.md "Generic data API", docs/criteria.md) as data: seven
 * records, in insertion order, and what each criterion and sort answers over them. Every store and
 * every in-memory find must give exactly these answers; tests/unit/engine/criteria.test.ts runs the
 * table against each of them (and a SQL store's test can import it as it is).
 */
import type { Criterion, SortSpec } from '../../../engine/criteria.ts';

export interface TableRecord {
  key: string;
  data: Record<string, unknown>;
}

export const RECORDS: TableRecord[] = [
  {
    key: 'r1',
    data: {
      name: 'Alice Smith',
      age: 34,
      state: 'CA',
      code: '34',
      tags: ['ft', 'remote'],
      addr: { state: 'NY', zip: '10001' },
      active: true,
      sym: 'a',
      mix: 2,
    },
  },
  {
    key: 'r2',
    data: {
      name: 'bob JONES',
      age: 27,
      state: 'NY',
      tags: [],
      addr: { state: 'CA' },
      active: false,
      note: null,
      mix: '10',
    },
  },
  {
    key: 'r3',
    data: { name: 'Émile Ñúñez', age: 41.5, state: 'ca', tags: ['ft'], active: true, note: 'x', mix: true },
  },
  {
    key: 'r4',
    data: { name: 'ΟΔΟΣ', age: '41', state: null, tags: 'ft', addr: 'NY', items: [{ state: 'NY' }], mix: [1] },
  },
  {
    key: 'r5',
    data: {
      name: 'İstanbul 100% _x_',
      age: -0,
      tags: [1, '1', true, null, { a: 1 }],
      addr: { state: { code: 'NY' } },
      sym: '\u{1F600}',
      mix: 'b',
    },
  },
  { key: 'r6', data: {} },
  { key: 'r7', data: { name: '\uE000 private', age: 1e21, state: '\uFFFD', sym: '\uFFFD', mix: 10 } },
];

export interface MatchRow {
  /** The rule the row pins (docs/criteria.md). */
  rule: string;
  criterion: Criterion;
  /** Keys of the matching records, in insertion order. */
  matches: string[];
}

const c = (field: string, is: Criterion['is'], value: unknown): Criterion => ({ field, is, value });
const ALL = RECORDS.map((r) => r.key);
const except = (...keys: string[]) => ALL.filter((k) => !keys.includes(k));

export const MATCH_ROWS: MatchRow[] = [
  // =
  { rule: '= is exact, case-sensitive', criterion: c('state', '=', 'CA'), matches: ['r1'] },
  { rule: '= is exact, case-sensitive', criterion: c('state', '=', 'ca'), matches: ['r3'] },
  { rule: '= compares numbers as numbers', criterion: c('age', '=', 34), matches: ['r1'] },
  { rule: '= never equates a number and a string', criterion: c('age', '=', '34'), matches: [] },
  { rule: '= never equates a number and a string', criterion: c('age', '=', 41), matches: [] },
  { rule: '= never equates a number and a string', criterion: c('age', '=', '41'), matches: ['r4'] },
  { rule: '= 0 matches -0', criterion: c('age', '=', 0), matches: ['r5'] },
  {
    rule: '= null matches an explicit null only, not a missing field',
    criterion: c('state', '=', null),
    matches: ['r4'],
  },
  { rule: '= on booleans', criterion: c('active', '=', true), matches: ['r1', 'r3'] },
  { rule: '= on booleans', criterion: c('active', '=', false), matches: ['r2'] },
  { rule: '= through a nested object', criterion: c('addr.state', '=', 'NY'), matches: ['r1'] },
  { rule: '= through a nested object', criterion: c('addr.state.code', '=', 'NY'), matches: ['r5'] },
  { rule: 'a path through a scalar (r4) is missing', criterion: c('addr.state', '=', 'CA'), matches: ['r2'] },
  { rule: 'a path through an array is missing', criterion: c('items.state', '=', 'NY'), matches: [] },
  { rule: 'an array field never equals a value', criterion: c('tags', '=', 'ft'), matches: ['r4'] },
  { rule: 'an object field never equals a value', criterion: c('addr', '=', 'NY'), matches: ['r4'] },
  { rule: 'an unknown field is missing', criterion: c('nothing', '=', 'x'), matches: [] },
  // !=
  {
    rule: '!= is the negation of =: missing and null fields match',
    criterion: c('state', '!=', 'CA'),
    matches: except('r1'),
  },
  {
    rule: '!= null matches every record without an explicit null',
    criterion: c('state', '!=', null),
    matches: except('r4'),
  },
  { rule: '!= never equates a number and a string', criterion: c('age', '!=', '34'), matches: ALL },
  {
    rule: '!= objects, arrays and paths through them differ from a value',
    criterion: c('addr.state', '!=', 'NY'),
    matches: except('r1'),
  },
  { rule: '!= an array field differs from its item', criterion: c('tags', '!=', 'ft'), matches: except('r4') },
  { rule: '!= on an unknown field matches everything', criterion: c('nothing', '!=', 'x'), matches: ALL },
  // < <= > >=
  { rule: 'ranges compare numbers with numbers only', criterion: c('age', '<', 34), matches: ['r2', 'r5'] },
  { rule: 'ranges compare numbers with numbers only', criterion: c('age', '<=', 34), matches: ['r1', 'r2', 'r5'] },
  { rule: 'ranges compare numbers with numbers only', criterion: c('age', '>', 34), matches: ['r3', 'r7'] },
  { rule: 'ranges compare numbers with numbers only', criterion: c('age', '>=', 41.5), matches: ['r3', 'r7'] },
  { rule: 'ranges compare strings with strings only', criterion: c('age', '>=', '4'), matches: ['r4'] },
  { rule: 'ranges order strings by code point: upper case first', criterion: c('state', '<', 'NY'), matches: ['r1'] },
  {
    rule: 'ranges order strings by code point: upper case first',
    criterion: c('state', '>', 'NY'),
    matches: ['r3', 'r7'],
  },
  { rule: 'ranges never match missing or null', criterion: c('state', '>=', ''), matches: ['r1', 'r2', 'r3', 'r7'] },
  { rule: 'ranges order by code point, not UTF-16 unit', criterion: c('sym', '>', '\uFFFD'), matches: ['r5'] },
  { rule: 'ranges order by code point, not UTF-16 unit', criterion: c('sym', '<', '\uFFFD'), matches: ['r1'] },
  { rule: 'ranges never match arrays or objects', criterion: c('addr', '>', ''), matches: ['r4'] },
  // in
  { rule: 'in is = against any item', criterion: c('state', 'in', ['CA', 'NY']), matches: ['r1', 'r2'] },
  { rule: 'in keeps the types of =', criterion: c('age', 'in', ['34', 27]), matches: ['r2'] },
  { rule: 'in [null] matches an explicit null only', criterion: c('state', 'in', [null]), matches: ['r4'] },
  { rule: 'in [] matches nothing', criterion: c('state', 'in', []), matches: [] },
  { rule: 'in on booleans', criterion: c('active', 'in', [true]), matches: ['r1', 'r3'] },
  // contains
  { rule: 'contains: an array field holds the value', criterion: c('tags', 'contains', 'ft'), matches: ['r1', 'r3'] },
  { rule: 'contains is = on items: case-sensitive', criterion: c('tags', 'contains', 'FT'), matches: [] },
  { rule: 'contains is = on items: typed', criterion: c('tags', 'contains', 1), matches: ['r5'] },
  { rule: 'contains is = on items: typed', criterion: c('tags', 'contains', '1'), matches: ['r5'] },
  { rule: 'contains null matches an explicit null item', criterion: c('tags', 'contains', null), matches: ['r5'] },
  {
    rule: 'contains on a field that is not an array matches nothing',
    criterion: c('name', 'contains', 'Alice Smith'),
    matches: [],
  },
  // overlaps (the server's own, never a client's)
  {
    rule: 'overlaps: an array field holds one of the values',
    criterion: c('tags', 'overlaps', ['remote', 'zz']),
    matches: ['r1'],
  },
  { rule: 'overlaps: any of them', criterion: c('tags', 'overlaps', ['ft', 1]), matches: ['r1', 'r3', 'r5'] },
  { rule: 'overlaps is = on items: typed', criterion: c('tags', 'overlaps', ['1']), matches: ['r5'] },
  { rule: 'overlaps nothing matches nothing', criterion: c('tags', 'overlaps', []), matches: [] },
  {
    rule: 'overlaps on a field that is not an array matches nothing',
    criterion: c('tags', 'overlaps', ['ft']),
    matches: ['r1', 'r3'],
  },
  // like
  { rule: 'like is a case-insensitive substring', criterion: c('name', 'like', 'smith'), matches: ['r1'] },
  { rule: 'like is a case-insensitive substring', criterion: c('name', 'like', 'JONES'), matches: ['r2'] },
  { rule: "like '' matches every string, nothing else", criterion: c('name', 'like', ''), matches: except('r6') },
  { rule: 'like folds case beyond ASCII', criterion: c('name', 'like', 'émile ÑÚÑ'), matches: ['r3'] },
  { rule: 'like folds Σ to σ wherever it stands', criterion: c('name', 'like', 'οδοσ'), matches: ['r4'] },
  { rule: 'like folds Σ to σ wherever it stands', criterion: c('name', 'like', 'Σ'), matches: ['r4'] },
  { rule: 'like folds İ to i', criterion: c('name', 'like', 'istanbul'), matches: ['r5'] },
  { rule: "like has no wildcards: '%' is a percent sign", criterion: c('name', 'like', '100%'), matches: ['r5'] },
  { rule: "like has no wildcards: '%' is a percent sign", criterion: c('name', 'like', 'ce%sm'), matches: [] },
  { rule: "like has no wildcards: '_' is an underscore", criterion: c('name', 'like', 'e_s'), matches: [] },
  { rule: "like has no wildcards: '_' is an underscore", criterion: c('name', 'like', '_x_'), matches: ['r5'] },
  { rule: 'like matches string fields only', criterion: c('age', 'like', '4'), matches: ['r4'] },
  { rule: 'like matches string fields only', criterion: c('tags', 'like', 'ft'), matches: ['r4'] },
];

export interface SortRow {
  rule: string;
  sort: SortSpec[];
  /** Every record's key in the order of the sort. */
  order: string[];
}

export const SORT_ROWS: SortRow[] = [
  { rule: 'no sort: insertion order', sort: [], order: ALL },
  {
    rule: 'numbers before strings; missing last',
    sort: [{ field: 'age', dir: 'asc' }],
    order: ['r5', 'r2', 'r1', 'r3', 'r7', 'r4', 'r6'],
  },
  {
    rule: 'desc reverses the present values; missing stays last',
    sort: [{ field: 'age', dir: 'desc' }],
    order: ['r4', 'r7', 'r3', 'r1', 'r2', 'r5', 'r6'],
  },
  {
    rule: 'strings by code point; null and missing last, in insertion order',
    sort: [{ field: 'state', dir: 'asc' }],
    order: ['r1', 'r2', 'r3', 'r7', 'r4', 'r5', 'r6'],
  },
  {
    rule: 'strings by code point; null and missing last, in insertion order',
    sort: [{ field: 'state', dir: 'desc' }],
    order: ['r7', 'r3', 'r2', 'r1', 'r4', 'r5', 'r6'],
  },
  {
    rule: 'code point order puts U+1F600 after U+FFFD',
    sort: [{ field: 'sym', dir: 'asc' }],
    order: ['r1', 'r7', 'r5', 'r2', 'r3', 'r4', 'r6'],
  },
  {
    rule: 'code points, not a locale: upper case, then lower, then accents and other scripts',
    sort: [{ field: 'name', dir: 'asc' }],
    order: ['r1', 'r2', 'r3', 'r5', 'r4', 'r7', 'r6'],
  },
  {
    rule: 'false before true; ties in insertion order',
    sort: [{ field: 'active', dir: 'asc' }],
    order: ['r2', 'r1', 'r3', 'r4', 'r5', 'r6', 'r7'],
  },
  {
    rule: 'numbers, strings, booleans, then arrays and objects (all equal)',
    sort: [{ field: 'mix', dir: 'asc' }],
    order: ['r1', 'r7', 'r2', 'r5', 'r3', 'r4', 'r6'],
  },
  {
    rule: 'numbers, strings, booleans, then arrays and objects (all equal)',
    sort: [{ field: 'mix', dir: 'desc' }],
    order: ['r4', 'r3', 'r5', 'r2', 'r7', 'r1', 'r6'],
  },
  {
    rule: 'objects tie with each other, in insertion order, either way',
    sort: [{ field: 'addr', dir: 'asc' }],
    order: ['r4', 'r1', 'r2', 'r5', 'r3', 'r6', 'r7'],
  },
  {
    rule: 'objects tie with each other, in insertion order, either way',
    sort: [{ field: 'addr', dir: 'desc' }],
    order: ['r1', 'r2', 'r5', 'r4', 'r3', 'r6', 'r7'],
  },
  {
    rule: 'later keys order the ties of earlier ones',
    sort: [
      { field: 'active', dir: 'desc' },
      { field: 'age', dir: 'asc' },
    ],
    order: ['r1', 'r3', 'r2', 'r5', 'r7', 'r4', 'r6'],
  },
];

/** Criteria the engine refuses (the data API answers 400 before a store sees them). */
export const REFUSED: Criterion[] = [
  c('active', '<', true),
  c('age', '>', null),
  c('age', '<', [1]),
  c('name', 'like', 1),
  c('name', 'like', null),
  c('state', 'in', 'CA'),
  c('state', 'in', [['CA']]),
  c('state', 'in', [{ a: 1 }]),
  c('state', '=', { a: 1 }),
  c('state', '!=', ['CA']),
  c('tags', 'contains', { a: 1 }),
  c('tags', 'overlaps', 'ft'),
  c('tags', 'overlaps', [{ a: 1 }]),
  c('state', 'near' as Criterion['is'], 'CA'),
];
