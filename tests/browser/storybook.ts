/**
 * storybook-static for the browser benchmark (bench/browser): reused while it is newer than every
 * source it is built from, otherwise built again with `storybook build` (about 20 s).
 * STORYBOOK_REBUILD=1 forces a build.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/server.ts';

export const STORYBOOK_DIR = path.join(ROOT, 'storybook-static');
const INDEX = path.join(STORYBOOK_DIR, 'index.json');
const SOURCES = [
  '.storybook',
  'stories',
  'renderers',
  'forms',
  'web',
  'engine',
  'schemas',
  'vite.config.ts',
  'package.json',
];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

/** Whether storybook-static is missing or older than a source file. */
export function storybookStale(): boolean {
  if (process.env.STORYBOOK_REBUILD === '1' || !existsSync(INDEX)) return true;
  const built = statSync(INDEX).mtimeMs;
  return SOURCES.some((s) => newest(path.join(ROOT, s)) > built);
}

export async function ensureStorybook(): Promise<string> {
  if (!storybookStale()) return STORYBOOK_DIR;
  const bin = path.join(ROOT, 'node_modules', '.bin', 'storybook');
  let out = '';
  const code = await new Promise<number | null>((resolve, reject) => {
    const p = spawn(bin, ['build', '--quiet', '--disable-telemetry', '-o', STORYBOOK_DIR], {
      cwd: ROOT,
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('error', reject);
    p.on('exit', resolve);
  });
  if (code !== 0 || !existsSync(INDEX)) throw new Error(`storybook build failed (${code}):\n${out.slice(-4000)}`);
  return STORYBOOK_DIR;
}
