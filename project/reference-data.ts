/**
 * The product's reference data: every JSON file of schemas/common but the shared definitions
 * (defs.json), such as the Form W-4 editions. Each is bound by name, camel-cased from its file name,
 * in the schemas' transforms and in the printable layouts' expressions: w4-editions.json is
 * `$w4Editions`, with the functions that read it beside it (engine/reference-bindings.ts:
 * `$w4EditionOf`, `$w4EditionInEffect`). Read at run time like the schema files, so a new edition
 * is a data change.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './root.ts';
import { referenceBindings } from '../engine/reference-bindings.ts';

const COMMON_DIR = path.join(PROJECT_ROOT, 'schemas', 'common');
const DEFINITIONS = 'defs.json';

/** `w4-editions.json` -> `w4Editions`. */
export function referenceName(file: string): string {
  return path.basename(file, '.json').replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function loadReferenceData(dir = COMMON_DIR): Readonly<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith('.json') || f === DEFINITIONS) continue;
    out[referenceName(f)] = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
  }
  return referenceBindings(out);
}
