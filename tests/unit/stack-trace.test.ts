/**
 * The error log's stack traces, and a crash's, name source files, not the minified bundle: fixtures
 * are bundled exactly as the server is (scripts/build-server.ts) and throw from a known line.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { execFileSync, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from '../../scripts/build-server.ts';

type Traces = { raw: string; mapped: string };

/**
 * Bundles the fixture and runs it in a plain node (this test runs under tsx, which would map the
 * trace itself).
 */
async function bundle(fixture: string, withMap = true): Promise<{ file: string; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-stack-'));
  await build({ ...bundleOptions({ bundle: path.join(import.meta.dirname, 'fixtures', fixture) }, dir), minify: true });
  const file = path.join(dir, 'bundle.cjs');
  if (!withMap) await unlink(file + '.map');
  return { file, dir };
}

async function bundled(withMap: boolean): Promise<{ traces: Traces; file: string; dir: string }> {
  const { file, dir } = await bundle('throws.ts', withMap);
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

test('a crash prints its stack mapped to the sources and redacted, and exits with 1', async () => {
  const { file, dir } = await bundle('crashes.ts');
  try {
    const run = spawnSync(process.execPath, [file], { encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^Error: expected crash with \[number\]\n/);
    const source = path.join(import.meta.dirname, 'fixtures', 'crashes.ts');
    assert.ok(run.stderr.includes(`${source}:6:`), `the throwing line of the source:\n${run.stderr}`);
    assert.ok(!run.stderr.includes('219-09-9999') && !run.stderr.includes(`${file}:`), run.stderr);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
