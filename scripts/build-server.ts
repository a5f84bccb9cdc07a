/**
 * Bundles the server (server/main.ts and all it imports from engine/, printable/ and node_modules)
 * into dist/server/ with esbuild, so the server runs plain JavaScript: loading ~150 TypeScript
 * modules through tsx and resolving hundreds of package files was most of its start-up time.
 * Native addons and packages that read their own files stay external. printable/ (pdfmake and its
 * fonts) is bundled apart as dist/server/draw-worker.cjs, the worker thread that draws forms
 * (server/printable/drawing.ts), started with the first form. Schema, layout and state-form files
 * are data read at run time, not bundled.
 */
import { build, type BuildOptions } from 'esbuild';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(root, 'dist', 'server');
export const SERVER_BUNDLE = path.join(OUT_DIR, 'main.cjs');
/** What `npm start` runs: the bundle, loaded with V8's code cache (server/start.ts). */
export const SERVER_START = path.join(OUT_DIR, 'start.cjs');

/** What the bundle is built from: a change to any of these makes it stale. */
const SOURCES = ['server', 'engine', 'project', 'printable', 'package-lock.json', 'scripts/build-server.ts'];

/** Packages that cannot be bundled: native code, or files read relative to the package. */
const EXTERNAL = ['@node-rs/*', 'pdfmake', '@fontsource/*', 'pg-native'];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return /\.(ts|json|js|mjs|png|jpg|ttf|woff2?)$/.test(p) || !path.extname(p) ? st.mtimeMs : 0;
  return readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), 0);
}

/**
 * The node flags `npm start` runs the bundle with, read from package.json's "start" script so that
 * the tests and the bench run the server exactly as users do.
 */
export function startNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const m = /\bnode((?: --[^\s&|;]+)*) dist\/server\/start\.cjs\b/.exec(scripts.start ?? '');
  if (!m) throw new Error('package.json: the "start" script no longer runs node on dist/server/start.cjs');
  return m[1].split(' ').filter(Boolean);
}

export function serverBuildIsStale(): boolean {
  // A build from before the drawing worker had its own bundle lacks it.
  if (!existsSync(path.join(OUT_DIR, 'draw-worker.cjs'))) return true;
  const builtAt = existsSync(SERVER_BUNDLE) ? statSync(SERVER_BUNDLE).mtimeMs : 0;
  return Math.max(...SOURCES.map((s) => newest(path.join(root, s)))) > builtAt;
}

/**
 * How the server is bundled; tests bundle fixtures the same way (tests/unit/stack-trace.test.ts).
 * `entry` maps output names to entry files.
 */
export function bundleOptions(entry: Record<string, string>, outdir: string): BuildOptions {
  return {
    entryPoints: entry,
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    // CommonJS: Node 20 starts it faster than the same bundle as an ES module (bench/results.md,
    // History). Lazily imported
    // modules (printable/, pdfmake) still run only on first use.
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // Not loaded by node at start-up (`--enable-source-maps` slowed every start): the error
    // log maps stack traces through it on the first unexpected error (server/http/stack-trace.ts).
    sourcemap: true,
    sourcesContent: false,
    minify: !process.env.DFORM_NO_MINIFY,
    // No keepNames: it wraps every function and class created at run time in a defineProperty call,
    // and Hono builds a dozen arrow functions per request (its cost: bench/results.md, History).
    // Our error classes set their `name`.
    external: EXTERNAL,
    logLevel: 'warning',
    define: { 'import.meta.dirname': '__dirname', 'import.meta.url': '__dformModuleUrl' },
    banner: { js: "const __dformModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  };
}

/** Builds into a fresh folder, then swaps it in, so a concurrent start never sees half a bundle. */
export async function buildServer(): Promise<void> {
  const tmp = `${OUT_DIR}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  await build(
    bundleOptions(
      {
        main: path.join(root, 'server', 'main.ts'),
        start: path.join(root, 'server', 'start.ts'),
        // Printable forms are drawn in a worker thread (server/printable/drawing.ts).
        'draw-worker': path.join(root, 'printable', 'draw-worker.ts'),
      },
      tmp,
    ),
  );
  const old = `${OUT_DIR}.${process.pid}.old`;
  if (existsSync(OUT_DIR)) renameSync(OUT_DIR, old);
  renameSync(tmp, OUT_DIR);
  rmSync(old, { recursive: true, force: true });
}

export async function ensureServerBuilt(): Promise<void> {
  if (serverBuildIsStale()) await buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
