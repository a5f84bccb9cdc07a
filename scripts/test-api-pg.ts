/**
 * `npm run test:api:pg`: the API test suite against the PostgreSQL store. Starts one embedded
 * PostgreSQL cluster for the run (tests/helpers/postgres.ts) and runs tests/api with
 * DFORM_TEST_PG_URL set, so that every server a test starts gets a fresh database of its own
 * (copied from a migrated template) as DATABASE_URL.
 *
 * Left out: the tests of the embedded store's own files (its journal, lock and data folder), which
 * PostgreSQL does not have.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { startCluster } from '../tests/helpers/postgres.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Files that test the embedded store's files on disk, not the wire contract. */
export const EMBEDDED_ONLY = new Set([
  'crash.test.ts', // kill -9 against the journal's fsync; the PostgreSQL twin is pg-processes.test.ts
  'data-dir.test.ts', // DATA_DIR's lock, permissions and layout
  'faults.test.ts', // a file layer that fails writes
]);

// Test files given on the command line run instead of the whole suite; other arguments go to node --test.
const args = process.argv.slice(2);
const named = args.filter((a) => a.endsWith('.test.ts'));
const flags = args.filter((a) => !a.endsWith('.test.ts'));
const files = named.length
  ? named
  : readdirSync(path.join(ROOT, 'tests', 'api'))
      .filter((name) => name.endsWith('.test.ts') && !EMBEDDED_ONLY.has(name))
      .sort()
      .map((name) => path.join('tests', 'api', name));

const started = Date.now();
const cluster = await startCluster();
process.stdout.write(`PostgreSQL cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
let code = 1;
try {
  code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--test',
        '--test-concurrency=2',
        ...(flags.some((f) => f.startsWith('--test-reporter')) ? [] : ['--test-reporter=spec']),
        ...flags,
        ...files,
      ],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DFORM_TEST_PG_URL: cluster.adminUrl } },
    );
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
} finally {
  await cluster.stop();
}
process.stdout.write(`test:api:pg finished in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
process.exit(code);
