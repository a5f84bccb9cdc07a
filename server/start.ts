/**
 * What `npm start` runs: loads the server bundle (main.cjs, beside this file once built) with V8's
 * code cache, as Node 22's `module.enableCompileCache()` would. Compiling the bundle and the
 * functions a start-up runs is then read from the cache instead of done again (the saving:
 * bench/results.md, History).
 *
 * The cache is written once, shortly after a start without a usable one, beside the bundle
 * (`main.cjs.cache`), named to the bundle by a hash of its text: V8 itself checks only the
 * source's length, so a rebuilt bundle must never meet the previous one's cache. Writing is best
 * effort: a read-only installation runs as before, without the cache.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { constants, Script } from 'node:vm';

const BUNDLE = path.join(import.meta.dirname, 'main.cjs');
const CACHE = BUNDLE + '.cache';
/** After the first requests of a start, so that their functions are in the cache too. */
const WRITE_AFTER_MS = 2_000;

const source = readFileSync(BUNDLE, 'utf8');
const digest = createHash('sha256').update(source).digest();
const cached = readCache();
const script = new Script(Module.wrap(source), {
  filename: BUNDLE,
  cachedData: cached,
  // import() inside the bundle resolves as it would in a module node loaded itself.
  importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
if (cached === undefined || script.cachedDataRejected === true) {
  setTimeout(writeCache, WRITE_AFTER_MS).unref();
}

const bundle = new Module(BUNDLE, module);
bundle.filename = BUNDLE;
const run = script.runInThisContext() as (...args: unknown[]) => void;
run.call(bundle.exports, bundle.exports, createRequire(BUNDLE), bundle, BUNDLE, import.meta.dirname);
bundle.loaded = true;

/** The cache's bytes, when the file holds a cache of exactly this bundle. */
function readCache(): Buffer | undefined {
  try {
    const file = readFileSync(CACHE);
    return file.subarray(0, digest.length).equals(digest) ? file.subarray(digest.length) : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(): void {
  const tmp = `${CACHE}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([digest, script.createCachedData()]));
    renameSync(tmp, CACHE);
  } catch {
    // A read-only or full disk: the server runs as well without the cache, only starts slower.
    rmSync(tmp, { force: true });
  }
}
