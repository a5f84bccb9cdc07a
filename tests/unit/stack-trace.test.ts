/**
 * The error log's stack traces name source files, not the minified bundle: a fixture is bundled
 * exactly as the server is (scripts/build-server.ts) and throws from a known line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from '../../scripts/build-server.ts';

type Traces = { raw: string; mapped: string };

/**
 * Bundles the fixture and runs it in a plain node (this test runs under tsx, which would map the
 * trace itself).
 */
async function bundled(withMap: boolean): Promise<{ traces: Traces; file: string; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-stack-'));
  await build({
    ...bundleOptions({ bundle: path.join(import.meta.dirname, 'fixtures', 'throws.ts') }, dir),
    minify: true,
  });
  const file = path.join(dir, 'bundle.cjs');
  if (!withMap) await unlink(file + '.map');
  const run = `process.stdout.write(JSON.stringify(require(${JSON.stringify(file)}).failingStack()))`;
  const traces = JSON.parse(execFileSync(process.execPath, ['-e', run], { encoding: 'utf8' })) as Traces;
  return { traces, file, dir };
}

test('a stack trace from the bundle is mapped to the source file, line and column', async () => {
  const { traces, file, dir } = await bundled(true);
  try {
    const { raw, mapped } = traces;
    assert.ok(raw.includes(`${file}:`), 'the raw trace points into the bundle');
    assert.match(mapped, /^Error: expected failure\n/);
    const source = path.join(import.meta.dirname, 'fixtures', 'throws.ts');
    assert.ok(mapped.includes(` (${source}:6:`), `the throwing line of the source:\n${mapped}`);
    assert.ok(!mapped.includes(`${file}:`), `no frame left in the bundle:\n${mapped}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('without its source map the trace is left as it is', async () => {
  const { traces, dir } = await bundled(false);
  try {
    const { raw, mapped } = traces;
    assert.equal(mapped, raw);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
