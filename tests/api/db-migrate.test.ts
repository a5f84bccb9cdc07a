/**
 * `npm run db:migrate` against a database it cannot reach says so in one line and exits 1, the
 * password of the URL kept out of it: it printed an uncaught stack trace.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('a database out of reach: one line naming why, exit 1, no stack, no password', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: 'postgres://dform:s3cret-pw@127.0.0.1:1/nodb' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 1, run.stderr);
  const lines = run.stderr.trim().split('\n');
  assert.equal(lines.length, 1, run.stderr);
  assert.match(lines[0], /^db:migrate: connect ECONNREFUSED 127\.0\.0\.1:1$/);
  assert.doesNotMatch(run.stdout + run.stderr, /s3cret-pw|\n\s+at /);
});
