/**
 * `npm run screenshots`: refreshes the pictures the README and docs/ show (`screenshots/<name>.png`)
 * by running only the browser tests that take them (`w.screenshot(page, '<name>'…)`), on the
 * web app built from the checkout, with DFORM_SCREENSHOTS_DIR=docs/screenshots. A picture the docs
 * show that no test takes stops it before any work. `--list` names the pictures and tests only.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).map((f) => path.join('docs', f))].filter((f) =>
  f.endsWith('.md'),
);
const shown = new Set(
  docs.flatMap((f) =>
    [...readFileSync(path.join(root, f), 'utf8').matchAll(/screenshots\/([a-z0-9-]+)\.png/g)].map((m) => m[1]),
  ),
);
const testsDir = path.join(root, 'tests', 'browser');
const takers = new Map<string, string>();
for (const file of readdirSync(testsDir).filter((f) => f.endsWith('.test.ts'))) {
  const text = readFileSync(path.join(testsDir, file), 'utf8');
  for (const m of text.matchAll(/\.screenshot\(\s*\w+,\s*'([a-z0-9-]+)'/g)) takers.set(m[1], file);
}
const untaken = [...shown].filter((n) => !takers.has(n));
if (untaken.length) throw new Error(`screenshots: no browser test takes ${untaken.join(', ')}`);
const files = [...new Set([...shown].map((n) => path.join('tests', 'browser', takers.get(n)!)))].sort();
console.log(`screenshots: ${[...shown].sort().join(', ')} from ${files.join(', ')}`);
if (process.argv.includes('--list')) process.exit(0);

const run = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit', env });
run([path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build']);
run([path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'browser', ...files], {
  ...process.env,
  DFORM_SCREENSHOTS_DIR: 'docs/screenshots',
});
