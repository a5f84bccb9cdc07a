/**
 * Adds to server/seed/state-forms-shipped.json the digest of every state form definition file as it
 * is now and as it was at each commit that changed it (git history), so that a deployment holding
 * any of them unchanged is moved onto the current one at start (server/seed/state-forms/shipped.ts).
 * Digests already listed stay: a definition once shipped stays the product's.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../project/root.ts';
import { readStateForms } from '../server/seed/state-forms/index.ts';
import { definitionDigest, SHIPPED_DIGESTS_FILE } from '../server/seed/state-forms/shipped.ts';

const git = (...args: string[]) => execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' });
const listed: Record<string, string[]> = existsSync(SHIPPED_DIGESTS_FILE)
  ? (JSON.parse(readFileSync(SHIPPED_DIGESTS_FILE, 'utf8')) as Record<string, string[]>)
  : {};
const add = (state: string, digest: string) => {
  const list = (listed[state] ??= []);
  if (!list.includes(digest)) list.push(digest);
};

for (const { file, definition } of readStateForms()) {
  const rel = path.posix.join('server', 'seed', 'state-forms', file);
  // Each change: its commit, then the file's path in it (renames followed).
  const lines = git('log', '--follow', '--format=%H', '--name-only', '--', rel)
    .split('\n')
    .filter((l) => l.trim());
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const [commit, at] = [lines[i], lines[i + 1]];
    let earlier: Record<string, unknown>;
    try {
      earlier = JSON.parse(git('show', `${commit}:${at}`)) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (earlier.state === definition.state) add(definition.state, definitionDigest(earlier));
  }
  add(definition.state, definitionDigest(definition as unknown as Record<string, unknown>));
}
const sorted = Object.fromEntries(
  Object.keys(listed)
    .sort()
    .map((k) => [k, listed[k]]),
);
writeFileSync(SHIPPED_DIGESTS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(
  `gen:state-form-digests: ${Object.values(sorted).flat().length} digests of ${Object.keys(sorted).length} states`,
);
