/**
 * Indexes derived from the schemas' `x-list` (docs/postgresql.md, "Indexes"): what a list screen
 * asks for is answered from an index whatever the company's size. For each collection with a list,
 * partial indexes (`WHERE collection = …`, so a write touches only its own collection's) on
 *
 * - every free-text column (a string without a fixed set of values): trigram GIN on the `like`
 *   expression, for the list's text filters;
 * - the list's sort: btree on `(org, sort keys…, ord)` in the sort's directions, so the first page
 *   in the default order is read in order.
 *
 * `=` and `in` on any field (a list's choice filters) use the GIN index over all of `data`
 * (migration 1). A btree per column was tried: with the 275 columns' partial indexes on the one
 * table, planning a statement, even a read by key, took about 2.5 ms (every index of a table is
 * looked at to plan a statement on it); docs/postgresql.md has the figures.
 *
 * The expressions are sql-query.ts's own (fieldExpr, likeExpr, sortTerms), so a find's terms are
 * the indexes' terms. Names are a digest of the definition: a changed schema gives new names; the
 * sync at every start (migrate.ts) creates the missing and drops those no schema asks for.
 * Sensitive fields (encrypted, never searched) get none.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Catalogue } from '../../schemas.ts';
import { likeExpr, literal, sortTerms } from './sql-query.ts';

const PREFIX = 'dform_list_';
/** Above this many rows an index is built CONCURRENTLY, so writes go on meanwhile. */
const CONCURRENT_ABOVE = 10_000;

export interface ListIndex {
  name: string;
  /** The whole CREATE INDEX statement but its first words (`CREATE INDEX [CONCURRENTLY] name`). */
  definition: string;
}

type Json = Record<string, unknown>;

/** The property schema of a top-level or dotted field, through local $refs (their names kept in `x-refs`). */
function propertyOf(root: Json, field: string): Json | undefined {
  const defs = (root.definitions ?? {}) as Record<string, Json>;
  const deref = (s: Json | undefined): Json | undefined => {
    const refs: string[] = [];
    for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) {
      const ref = s.$ref.replace(/^#\/definitions\//, '');
      refs.push(ref);
      s = { ...defs[ref], ...s, $ref: undefined };
    }
    return s && { ...s, 'x-refs': refs };
  };
  let node: Json | undefined = deref(root);
  for (const part of field.split('.')) node = deref((node?.properties as Record<string, Json> | undefined)?.[part]);
  return node;
}

/** A string a person searches by part (not a fixed set of values, an id, or a date). */
function isFreeText(schema: Json | undefined): boolean {
  if (!schema || schema['x-sensitive'] || schema.enum || schema.const !== undefined) return false;
  if ((schema['x-refs'] as string[]).includes('uuid')) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') && schema.format !== 'date' && schema.format !== 'date-time';
}

function named(kind: string, collection: string, definition: string): ListIndex {
  const digest = createHash('sha256').update(definition).digest('hex').slice(0, 20);
  const tag = collection.replace(/[^a-z0-9]+/gi, '_').slice(0, 20);
  return { name: `${PREFIX}${kind}_${tag}_${digest}`.toLowerCase(), definition };
}

/** Every list index the schemas ask for. */
export function listIndexes(catalogue: Catalogue): ListIndex[] {
  const out = new Map<string, ListIndex>();
  const add = (index: ListIndex) => out.set(index.name, index);
  for (const entity of catalogue.registry.all()) {
    const list = entity.file['x-list'] as { columns?: string[]; sort?: { field: string; dir: 'asc' | 'desc' }[] };
    if (!list) continue;
    const collection = entity.id;
    const where = `WHERE collection = ${literal(collection)}`;
    const schema = catalogue.bundled(entity) as Json;
    for (const column of list.columns ?? []) {
      const property = propertyOf(schema, column);
      if (isFreeText(property)) {
        // Without a pending list, as the records' own GIN index (migration 3).
        add(
          named(
            'like',
            collection,
            `ON dform_records USING gin (${likeExpr(column)} gin_trgm_ops) WITH (fastupdate = off) ${where}`,
          ),
        );
      }
    }
    if (list.sort?.length) {
      const terms = list.sort.flatMap((spec) => sortTerms(spec));
      add(named('sort', collection, `ON dform_records (org, ${terms.join(', ')}, ord) ${where}`));
    }
  }
  return [...out.values()];
}

/**
 * Makes the database's list indexes those of `wanted`: creates the missing, drops the others of
 * ours. Answers how many it created and dropped. Runs under the migration lock (migrate.ts).
 */
export async function syncListIndexes(
  client: pg.Client,
  wanted: readonly ListIndex[],
  log: (msg: string) => void,
): Promise<{ created: number; dropped: number }> {
  const present = new Set(
    (
      await client.query<{ name: string }>(
        "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'dform_records' AND indexname LIKE $1",
        [`${PREFIX}%`],
      )
    ).rows.map((r) => r.name),
  );
  const missing = wanted.filter((index) => !present.has(index.name));
  const keep = new Set(wanted.map((index) => index.name));
  const stale = [...present].filter((name) => !keep.has(name));
  if (missing.length === 0 && stale.length === 0) return { created: 0, dropped: 0 };
  const rows = Number(
    (
      await client.query<{ n: string }>('SELECT count(*) AS n FROM (SELECT 1 FROM dform_records LIMIT $1) t', [
        CONCURRENT_ABOVE + 1,
      ])
    ).rows[0].n,
  );
  const concurrently = rows > CONCURRENT_ABOVE ? ' CONCURRENTLY' : '';
  if (concurrently) log(`storage: building ${missing.length} list indexes concurrently (writes go on meanwhile)`);
  for (const index of missing) {
    await client.query(`CREATE INDEX${concurrently} IF NOT EXISTS ${index.name} ${index.definition}`);
  }
  for (const name of stale) await client.query(`DROP INDEX${concurrently} IF EXISTS ${name}`);
  log(`storage: list indexes: ${missing.length} created, ${stale.length} dropped`);
  return { created: missing.length, dropped: stale.length };
}
