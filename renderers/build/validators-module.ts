/**
 * Build step (Node, run by the Vite plugin in vite.config.ts): every entity schema bundled as the
 * server bundles it and compiled ahead of time with the engine's ajv (x- keywords as vocabulary)
 * into standalone code. The browser cannot compile validators itself: the server's CSP has no
 * 'unsafe-eval', and ajv compiles with `new Function`.
 *
 * The module exports `validators` ({'payroll/employee': fn}) and `fingerprints` (a hash of each
 * bundled schema), so the browser uses a validator only for the very schema the server describes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { bundleSchema } from '../../engine/bundle.ts';
import { MODULES, type JsonSchema } from '../../engine/entity.ts';
import { createAjv } from '../../engine/validation.ts';
import { fingerprint } from '../screens/record/fingerprint.ts';
import { META_ID } from '../screens/record/meta-schema.ts';

type Standalone = (ajv: unknown, refs: Record<string, string>) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: Standalone }).default ??
  standaloneModule) as unknown as Standalone;

export const VIRTUAL_ID = 'virtual:dform-validators';
const META_DRAFT_07 = 'http://json-schema.org/draft-07/schema';

export function validatorsModule(schemasDir: string): { code: string; files: string[] } {
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as JsonSchema;
  const commonFile = path.join(schemasDir, 'common', 'defs.json');
  const common = read(commonFile);
  const ajv = createAjv({ code: { source: true } });
  const refs: Record<string, string> = {};
  const names: Record<string, string> = {};
  const prints: Record<string, string> = {};
  const files = [commonFile];
  for (const m of MODULES) {
    let entries: string[] = [];
    try {
      entries = readdirSync(path.join(schemasDir, m)).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const f of entries.sort()) {
      const file = path.join(schemasDir, m, f);
      files.push(file);
      const bundled = bundleSchema(read(file), common);
      const id = `${m}/${f.replace(/\.json$/, '')}`;
      const exportName = `v_${m}__${f.replace(/\.json$/, '')}`;
      try {
        ajv.addSchema(bundled);
        ajv.getSchema(String(bundled.$id));
      } catch (e) {
        // A schema another engineer is still writing must not break the web build.
        console.warn(`validators: skipped ${id}: ${(e as Error).message}`);
        ajv.removeSchema(String(bundled.$id));
        continue;
      }
      refs[exportName] = String(bundled.$id);
      names[id] = exportName;
      prints[id] = fingerprint(bundled);
    }
  }
  // The JSON Schema meta-schema, so editors of schemas kept as data (a state form's fields) can
  // check them in the browser as the server does.
  refs.v_meta__draft07 = META_DRAFT_07;
  names[META_ID] = 'v_meta__draft07';
  let code = standaloneCode(ajv, refs);
  // Standalone code is CommonJS: turn its require() calls into imports for the bundler.
  const imports = new Map<string, string>();
  code = code.replace(/require\(("[^"]+")\)/g, (_m, spec: string) => {
    if (!imports.has(spec)) imports.set(spec, `__req${imports.size}`);
    return imports.get(spec)!;
  });
  code = code.replace(/^"use strict";/, '').replace(/\bexports\.(\w+)\s*=/g, 'const __export_$1 =');
  code = code.replace(/module\.exports\s*=[^;]*;/g, '');
  const header = [...imports].map(([spec, local]) => `import * as ${local} from ${spec};`).join('\n');
  const table = Object.entries(names)
    .map(([id, n]) => `  ${JSON.stringify(id)}: __export_${n},`)
    .join('\n');
  const footer = `\nexport const validators = {\n${table}\n};\nexport const fingerprints = ${JSON.stringify(prints)};\n`;
  return { code: `${header}\n${code}\n${footer}`, files };
}
