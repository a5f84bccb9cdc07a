/**
 * The project folder (the one holding package.json), found from this module's own location, so that
 * the same code finds schemas/, printable/ and dist/web/ whether it runs from source (tsx) or from
 * the server bundle in dist/server/.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`dform: no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
