/**
 * A find as one SQL statement over `dform_records.data` (jsonb), giving the answers docs/criteria.md
 * defines (engine/criteria.ts; tests/unit/engine/criteria.test.ts runs its table against this):
 * a dotted field steps through objects only; `=` matches type and value (1 is not '1'), a missing
 * field matches only `!=`; ranges compare values of the criterion's own type (strings by code
 * point, COLLATE "C"); `in` and `contains` use `=`'s equality; `like` is a substring under
 * `lower()`, which is the table's simple case folding under the builtin C.UTF-8 collation
 * (docs/postgresql.md). Sorting puts missing values last in either direction, numbers before
 * strings before booleans before the rest (all tied), and breaks ties by insertion order.
 * A criterion the engine refuses is refused here by the engine's own check.
 */
import { valueTest } from '../../../engine/criteria.ts';
import { checkFindQuery } from '../find-checks.ts';
import type { Criterion, FindQuery, SortSpec } from '../types.ts';

export interface SqlFind {
  text: string;
  values: unknown[];
}

/** A SQL string literal (standard_conforming_strings, the default since PostgreSQL 9.1). */
export function literal(text: string): string {
  if (text.includes('\0')) throw new Error('storage: a field name cannot hold NUL');
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The jsonb value at a dotted path, stepping through objects only (an array on the way makes it
 * missing). Field names are literals, not parameters, so that a find's expressions are the very
 * expressions the list indexes are built on (./list-indexes.ts) and the planner can use them.
 */
export function fieldExpr(field: string): string {
  const parts = field.split('.');
  if (parts.length === 1) return `(data -> ${literal(field)})`;
  const array = (upTo: number) => `ARRAY[${parts.slice(0, upTo).map(literal).join(', ')}]::text[]`;
  const objects = parts.slice(1).map((_, i) => `jsonb_typeof(data #> ${array(i + 1)}) = 'object'`);
  return `(CASE WHEN ${objects.join(' AND ')} THEN data #> ${array(parts.length)} END)`;
}

/** The text a `like` compares: the string at `field`, folded by lower(); missing for any other type. */
export function likeExpr(field: string): string {
  const v = fieldExpr(field);
  return `lower(CASE WHEN jsonb_typeof(${v}) = 'string' THEN ${v} #>> '{}' END)`;
}

/**
 * The sort keys of one field, in ORDER BY order: missing (absent or null) last, then the type's
 * rank, then the value of each type. `desc` reverses all but the first, as the embedded comparator does.
 */
export function sortExprs(field: string): string[] {
  const v = fieldExpr(field);
  const type = `jsonb_typeof(${v})`;
  return [
    `(${v} IS NULL OR ${type} = 'null')`,
    `(CASE ${type} WHEN 'number' THEN 0 WHEN 'string' THEN 1 WHEN 'boolean' THEN 2 ELSE 3 END)`,
    `(CASE WHEN ${type} = 'number' THEN (${v})::numeric END)`,
    `(CASE WHEN ${type} = 'string' THEN (${v} #>> '{}') END) COLLATE "C"`,
    `(CASE WHEN ${type} = 'boolean' THEN (${v})::boolean END)`,
  ];
}

/** `sortExprs` with their directions, as ORDER BY terms or index columns. */
export function sortTerms(spec: SortSpec): string[] {
  if (spec.dir !== 'asc' && spec.dir !== 'desc') throw new Error(`storage: bad sort direction on ${spec.field}`);
  const dir = spec.dir === 'desc' ? 'DESC' : 'ASC';
  return sortExprs(spec.field).map((e, i) => `${e} ${i === 0 ? 'ASC' : dir}`);
}

class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  json(value: unknown): string {
    return `${this.add(JSON.stringify(value))}::jsonb`;
  }
  path(field: string): string {
    return fieldExpr(field);
  }
}

/**
 * SELECT of one page of matching rows. The collection is written into the text (a checked name,
 * ../record-shape.ts), so that a statement prepared once (pg-store.ts) can still use the
 * collection's partial indexes, whose predicate names it; with `withTotal`, each row also carries the total of matches
 * (`total`, a window count). A find with criteria reads its matches once for both (the count
 * would read them again); a find without any pages through a list's sort index and is counted
 * apart (countSql), since a window count would read every record of the company first.
 */
export function findSql(collection: string, org: string, query: FindQuery, withTotal: boolean): SqlFind {
  checkFindQuery(query);
  const p = new Params();
  const where = `WHERE ${conditions(p, collection, org, query).join(' AND ')}`;
  let paging = '';
  if (query.limit !== Infinity) paging += ` LIMIT ${p.add(query.limit)}`;
  if (query.offset > 0) paging += ` OFFSET ${p.add(query.offset)}`;
  const order = `ORDER BY ${[...(query.sort ?? []).flatMap((spec) => sortTerms(spec)), 'ord'].join(', ')}`;
  if (!withTotal)
    return { text: `SELECT key, org, doc, meta FROM dform_records ${where} ${order}${paging}`, values: p.values };
  // The count runs over the matches' row addresses only, and the page's rows are read whole by
  // address after it: a window over whole rows kept every match's document (2.7 MB for 4,850
  // matches of a million employees) and took a sixth longer. The outer ORDER BY is the inner one,
  // over the same row versions (one statement, one snapshot).
  const page = `SELECT ctid AS found_row, count(*) OVER () AS total FROM dform_records ${where} ${order}${paging}`;
  return {
    text: `SELECT key, org, doc, meta, page.total FROM (${page}) AS page JOIN dform_records ON ctid = page.found_row ${order}`,
    values: p.values,
  };
}

/**
 * `count` records of one organization ($1) by collection and key ($2 and $3, $4 and $5, …), each
 * row tagged `i` with its place: one probe of the primary key per record, whatever plan a prepared
 * statement settles on (`collection = ANY(…) AND key = ANY(…)` had its generic plan read a
 * company's whole collection through another index).
 */
export function getManySql(count: number): string {
  return probes(count, 1, '');
}

/** `getManySql`'s probes, the organization being parameter `$org` and the refs the ones after it. */
function probes(count: number, org: number, extra: string): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `SELECT ${i} AS i, key, org, doc, meta${extra} FROM dform_records WHERE collection = $${org + 2 * i + 1} AND key = $${org + 2 * i + 2} AND org = $${org}`,
  ).join(' UNION ALL ');
}

/**
 * `getManySql`'s probes and a find's page in one statement (PgStore.getManyAndFind). The find's
 * parameters come first, then the organization and the refs. A probe's row is tagged `i` with its
 * place (0, 1, …); the page's rows with -1, -2, … in the page's order, so that the answer does not
 * depend on the order in which UNION ALL returns its branches. `total` is the find's window count
 * (null on probes, and on a page of a find without criteria, which has none).
 */
export function getManyAndFindSql(count: number, find: SqlFind, withTotal: boolean): string {
  const page =
    `SELECT -(row_number() OVER ())::int AS i, key, org, doc, meta, ${withTotal ? 'total' : 'NULL::bigint AS total'} ` +
    `FROM (${find.text}) AS found`;
  return `${probes(count, find.values.length + 1, ', NULL::bigint AS total')} UNION ALL ${page}`;
}

/** The number of matches alone (asked when a page past the end came back empty). */
export function countSql(collection: string, org: string, query: FindQuery): SqlFind {
  const p = new Params();
  const where = conditions(p, collection, org, query);
  return { text: `SELECT count(*) AS total FROM dform_records WHERE ${where.join(' AND ')}`, values: p.values };
}

/** The WHERE terms of a find: its collection and organization, every criterion, and one of `anyOf`. */
function conditions(p: Params, collection: string, org: string, query: FindQuery): string[] {
  const where = [`collection = ${literal(collection)}`, `org = ${p.add(org)}`];
  for (const criterion of query.criteria) where.push(condition(p, criterion));
  if (query.anyOf) where.push(`(${query.anyOf.map((criterion) => condition(p, criterion)).join(' OR ')})`);
  return where;
}

/** A JSON value `=` can match: undefined and NaN (no JSON form) match nothing. */
function matchable(value: unknown): boolean {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
    return false;
  }
  return !(typeof value === 'number' && !Number.isFinite(value));
}

/** `data` holds `value` at `field` exactly: the containment test finds candidates in the GIN index. */
function equals(p: Params, field: string, value: unknown): string {
  const nested = field.split('.').reduceRight<unknown>((inner, part) => ({ [part]: inner }), value);
  const contains = `data @> ${p.json(nested)}`;
  // Below the top level, containment of a plain value is equality: an array holding it is not
  // enough. An object or an array would also be contained in a larger one, so they are compared
  // too. (Every row the index finds is tested again; a second test of plain values cost about a
  // fifth of a find with thousands of matches.)
  if (value === null || typeof value !== 'object') return `(${contains})`;
  return `(${contains} AND ${p.path(field)} = ${p.json(value)})`;
}

function condition(p: Params, criterion: Criterion): string {
  const { field, value } = criterion;
  if (typeof field !== 'string' || field === '') throw new Error('storage: a criterion needs a field');
  // Refused exactly as every other store refuses it (CriteriaError naming the operator and field).
  valueTest(criterion);
  switch (criterion.is) {
    case '=':
      return matchable(value) ? equals(p, field, value) : 'false';
    case '!=': {
      if (!matchable(value)) return 'true';
      const v = p.path(field);
      return `(${v} IS NULL OR ${v} <> ${p.json(value)})`;
    }
    case '<':
    case '<=':
    case '>':
    case '>=': {
      if (typeof value === 'number') {
        const v = p.path(field);
        // CASE, not AND: SQL may evaluate the cast before the type test.
        return `((CASE WHEN jsonb_typeof(${v}) = 'number' THEN (${v})::numeric END) ${criterion.is} ${p.add(value)}::numeric)`;
      }
      if (typeof value === 'string') {
        const v = p.path(field);
        return `((CASE WHEN jsonb_typeof(${v}) = 'string' THEN ${v} #>> '{}' END) COLLATE "C" ${criterion.is} ${p.add(value)}::text COLLATE "C")`;
      }
      throw new Error(`storage: operator ${criterion.is} on ${field} needs a number or a string`);
    }
    case 'in': {
      if (!Array.isArray(value)) throw new Error(`storage: operator in on ${field} needs an array`);
      const options = value.filter(matchable);
      if (options.length === 0) return 'false';
      return `(${p.path(field)} = ANY (${p.add(options.map((o) => JSON.stringify(o)))}::jsonb[]))`;
    }
    case 'contains': {
      if (!matchable(value)) return 'false';
      const v = p.path(field);
      const item = p.json(value);
      // `data` holding the field as a list with the item finds the candidates in the GIN index (a
      // person among a channel's direct members); the tests after it decide.
      const nested = field.split('.').reduceRight<unknown>((inner, part) => ({ [part]: inner }), [value]);
      return `(data @> ${p.json(nested)} AND jsonb_typeof(${v}) = 'array' AND ${v} @> jsonb_build_array(${item}) AND EXISTS (SELECT 1 FROM jsonb_array_elements(${v}) AS e(item) WHERE e.item = ${item}))`;
    }
    case 'overlaps': {
      // One parameter however long the list: the items as JSON texts, compared as jsonb.
      const options = (value as unknown[]).filter(matchable);
      if (!options.length) return 'false';
      const v = p.path(field);
      return `(jsonb_typeof(${v}) = 'array' AND EXISTS (SELECT 1 FROM jsonb_array_elements(${v}) AS e(item) WHERE e.item = ANY (${p.add(options.map((o) => JSON.stringify(o)))}::jsonb[])))`;
    }
    case 'like': {
      if (typeof value !== 'string') throw new Error(`storage: operator like on ${field} needs a string`);
      // No wildcards: % _ and \ stand for themselves. Both sides folded by the database's lower().
      const escaped = value.replace(/[\\%_]/g, (c) => '\\' + c);
      return `(${likeExpr(field)} LIKE '%' || lower(${p.add(escaped)}::text) || '%')`;
    }
    default:
      throw new Error(`storage: unknown operator ${String(criterion.is)} on ${field}`);
  }
}
