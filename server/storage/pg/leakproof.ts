/**
 * Lets a find's criteria use the indexes while row-level security is on.
 *
 * Under a row-security policy PostgreSQL evaluates the policy before any condition that is not
 * LEAKPROOF, and such a condition cannot be an index condition (the planner's rule against leaking
 * rows through a function's errors). No jsonb operator is marked LEAKPROOF, so as `dform_app` a
 * find by `=` (containment, GIN) or `like` (trigram GIN) read every row of the company: 87 ms for
 * two criteria over 100,000 employees against 6.6 ms as a role that bypasses the policy.
 *
 * The functions below are the ones a criterion applies to a row's `data` (./sql-query.ts). None
 * reports a row's value in an error, and every statement the server runs is its own (no user
 * function or user SQL ever runs), so marking them LEAKPROOF in this database loses nothing of what
 * the policy guards. Only a superuser may mark a function; without one the server says what to run
 * and finds stay correct, only slower.
 */
import type pg from 'pg';

/** The functions a criterion applies to `data`, by signature. */
export const CRITERIA_FUNCTIONS = [
  'jsonb_contains(jsonb, jsonb)', // `=`: data @> {...}
  'jsonb_object_field(jsonb, text)', // data -> 'field'
  'jsonb_extract_path(jsonb, text[])', // data #> '{a,b}' (a dotted field)
  'jsonb_extract_path_text(jsonb, text[])', // value #>> '{}'
  'jsonb_typeof(jsonb)',
  'lower(text)', // `like`: the folded text the trigram index holds
  'textlike(text, text)',
] as const;

/** Marks the criteria's functions LEAKPROOF where they are not; answers what is still unmarked. */
export async function markCriteriaLeakproof(client: pg.Client, log: (msg: string) => void): Promise<string[]> {
  const unmarked = async () =>
    (
      await client.query<{ fn: string }>(
        'SELECT fn FROM unnest($1::text[]) AS fn WHERE NOT (SELECT proleakproof FROM pg_proc WHERE oid = fn::regprocedure)',
        [[...CRITERIA_FUNCTIONS]],
      )
    ).rows.map((r) => r.fn);
  const missing = await unmarked();
  if (missing.length === 0) return [];
  const superuser = (
    await client.query<{ su: boolean }>('SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user')
  ).rows[0]?.su;
  if (superuser) {
    for (const fn of missing) await client.query(`ALTER FUNCTION ${fn} LEAKPROOF`);
    return unmarked();
  }
  log(
    'storage: finds by = and like cannot use their indexes under row-level security until a superuser runs, in this database: ' +
      missing.map((fn) => `ALTER FUNCTION ${fn} LEAKPROOF;`).join(' ') +
      ' (docs/postgresql.md, "Indexes under row-level security")',
  );
  return missing;
}
