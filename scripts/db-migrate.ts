/**
 * `npm run db:migrate`: applies the PostgreSQL migrations DATABASE_URL's database lacks (the server
 * also does this at start), for a deployment that migrates before it rolls out new processes.
 */
import { migrate } from '../server/storage/pg/migrate.ts';
import { redact } from '../server/http/log.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write('db:migrate: set DATABASE_URL=postgres://user:password@host:5432/database\n');
  process.exit(2);
}
try {
  const applied = await migrate(url, (msg) => process.stdout.write(msg + '\n'));
  process.stdout.write(applied.length ? `applied ${applied.length} migration(s)\n` : 'the database is up to date\n');
} catch (e) {
  // One line, as the server's start says it (a missing database, a wrong password, a newer
  // migration): it printed a stack trace, a password in the URL redacted all the same.
  process.stderr.write(redact(`db:migrate: ${e instanceof Error ? e.message : String(e)}`) + '\n');
  process.exit(1);
}
