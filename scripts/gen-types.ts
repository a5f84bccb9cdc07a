/**
 * Generates TypeScript types from the schema files (json-schema-to-typescript) into types/generated/.
 * `--check` writes nothing and exits 1 when a generated file is missing or stale (run by the tests).
 */
import { readFile, writeFile, mkdir, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { generateTypes } from './types-from-schemas.ts';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'types', 'generated');

const check = process.argv.includes('--check');
const files = await generateTypes(path.join(root, 'schemas'));
let stale = 0;
for (const [rel, text] of files) {
  const target = path.join(outDir, rel);
  const current = existsSync(target) ? await readFile(target, 'utf8') : undefined;
  if (current === text) continue;
  stale++;
  if (check)
    console.error(`gen:types: ${path.relative(root, target)} is ${current === undefined ? 'missing' : 'stale'}`);
  else {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
}
if (check && stale) {
  console.error('gen:types: run `npm run gen:types` and commit the result');
  process.exit(1);
}
if (!check) {
  // Drop generated files whose schema is gone.
  const walk = async (dir: string): Promise<string[]> => {
    if (!existsSync(dir)) return [];
    const out: string[] = [];
    for (const d of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, d.name);
      out.push(...(d.isDirectory() ? await walk(full) : [full]));
    }
    return out;
  };
  for (const f of await walk(outDir)) if (!files.has(path.relative(outDir, f))) await rm(f);
  console.log(`gen:types: ${files.size} files, ${stale} written`);
}
