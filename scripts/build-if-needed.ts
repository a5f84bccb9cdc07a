/**
 * `npm start` runs the server bundle and serves the built web app; build each once, and again only
 * when a source it is built from is newer than the build, so a start after install is quick.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt } from './build-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist', 'web', 'index.html');
const SOURCES = ['web', 'renderers', 'forms', 'engine', 'schemas', 'printable', 'vite.config.ts', 'package-lock.json'];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), st.mtimeMs);
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (sourcesAt > builtAt) {
  console.log('dform: building the web app (vite build)…');
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

await ensureServerBuilt();
