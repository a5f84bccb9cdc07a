/**
 * `npm run db:migrate`: applies the PostgreSQL migrations DATABASE_URL's database lacks (the server
 * also does this at start), for a deployment that migrates before it rolls out new processes.
 */
import { migrate } from '../server/storage/pg/migrate.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write('db:migrate: set DATABASE_URL=postgres://user:password@host:5432/database\n');
  process.exit(2);
}
const applied = await migrate(url, (msg) => process.stdout.write(msg + '\n'));
process.stdout.write(applied.length ? `applied ${applied.length} migration(s)\n` : 'the database is up to date\n');
