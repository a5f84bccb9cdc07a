/**
 * Applies the migrations of ./migrations.ts that a database lacks. Several processes may start at
 * once: an advisory lock lets one apply them while the others wait, then find nothing to do.
 */
import pg from 'pg';
import { loadCatalogue, type Catalogue } from '../../schemas.ts';
import { markCriteriaLeakproof } from './leakproof.ts';
import { listIndexes, syncListIndexes } from './list-indexes.ts';
import { MIGRATIONS } from './migrations.ts';

/** Arbitrary, fixed: the advisory lock that serializes migrations of one database. */
const MIGRATION_LOCK = 72_417_025;

/** Returns the versions it applied. Then the list indexes follow the schemas (./list-indexes.ts). */
export async function migrate(
  url: string,
  log: (msg: string) => void = () => undefined,
  catalogue: Catalogue = loadCatalogue(),
): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: number[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS dform_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM dform_migrations')).rows.map((r) => r.version),
    );
    const newest = Math.max(0, ...done);
    const known = Math.max(...MIGRATIONS.map((m) => m.version));
    if (newest > known) {
      throw new Error(`storage: the database is at migration ${newest}, newer than this server (${known})`);
    }
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO dform_migrations (version, name) VALUES ($1, $2)', [
          migration.version,
          migration.name,
        ]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new Error(
          `storage: migration ${migration.version} (${migration.name}) failed: ${(err as Error).message}`,
        );
      }
      log(`storage: applied migration ${migration.version} (${migration.name})`);
      applied.push(migration.version);
    }
    // Derived from the schemas, not numbered: a schema's list changes with a release, and so do these.
    await syncListIndexes(client, listIndexes(catalogue), log);
    await markCriteriaLeakproof(client, log);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
  return applied;
}
