/**
 * server/start.ts, what `npm start` runs: it runs the bundle beside it as node would (module
 * variables, require, import()), writes V8's code cache for it, and never uses a cache made for
 * another bundle text, even one of the same length (V8 itself would accept that one).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, test } from 'vitest';
import { build } from 'esbuild';
import { bundleOptions } from '../../scripts/build-server.ts';

let dir = '';
const main = () => path.join(dir, 'main.cjs');
const cache = () => path.join(dir, 'main.cjs.cache');

/** Stays alive past the loader's cache write, then reports what the bundle saw. */
const bundleText = (answer: number) => `
const path = require('node:path');
module.exports.answer = ${answer};
import('node:os').then((os) => {
  setTimeout(() => {
    console.log(JSON.stringify({
      file: path.basename(__filename),
      dirname: __dirname,
      exported: module.exports.answer,
      dynamicImport: typeof os.cpus,
    }));
  }, 2500);
});
`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dform-start-'));
  await build(bundleOptions({ start: path.join(import.meta.dirname, '..', '..', 'server', 'start.ts') }, dir));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function run(): Record<string, unknown> {
  const out = spawnSync(process.execPath, [path.join(dir, 'start.cjs')], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(out.status, 0, out.stderr);
  return JSON.parse(out.stdout) as Record<string, unknown>;
}

async function cacheDigest(): Promise<string> {
  return (await readFile(cache())).subarray(0, 32).toString('hex');
}

const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');

test('runs the bundle as node would run it, then writes a code cache named by its text', async () => {
  await writeFile(main(), bundleText(41));
  assert.deepEqual(run(), { file: 'main.cjs', dirname: dir, exported: 41, dynamicImport: 'function' });
  assert.equal(await cacheDigest(), digestOf(bundleText(41)));
  assert.ok((await readFile(cache())).length > 1_000, 'the cache holds compiled code');
});

test('a bundle rebuilt to the same length does not use the cache of the previous one', async () => {
  assert.equal(bundleText(42).length, bundleText(41).length);
  await writeFile(main(), bundleText(42));
  assert.equal(run().exported, 42);
  assert.equal(await cacheDigest(), digestOf(bundleText(42)), 'a new cache, for the new text');
});

test('a damaged cache is ignored and written again', async () => {
  const damaged = Buffer.concat([(await readFile(cache())).subarray(0, 32), Buffer.alloc(4_000, 7)]);
  await writeFile(cache(), damaged);
  assert.equal(run().exported, 42);
  const rewritten = await readFile(cache());
  assert.equal(rewritten.subarray(0, 32).toString('hex'), digestOf(bundleText(42)));
  assert.notDeepEqual(rewritten, damaged);
});
