/**
 * Build step (Node, run by the Vite plugin in vite.config.ts): every entity schema bundled as the
 * server bundles it and compiled ahead of time with the engine's ajv (x- keywords as vocabulary)
 * into standalone code. The browser cannot compile validators itself: the server's CSP has no
 * 'unsafe-eval', and ajv compiles with `new Function`.
 *
 * `virtual:dform-validators` exports `fingerprints` (a hash of each bundled schema, so the browser
 * uses a validator only for the very schema the server describes) and `loaders`: each entity's
 * validator is a module of its own (`virtual:dform-validators/payroll/employee`), so a form loads
 * only its own validator rather than all of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { bundleSchema } from '../../engine/bundle.ts';
import { MODULES, type JsonSchema } from '../../engine/entity.ts';
import { createAjv } from '../../engine/validation.ts';
import { fingerprint } from '../../renderers/screens/record/fingerprint.ts';
import { META_ID } from '../../renderers/screens/record/meta-schema-id.ts';
import { withoutDevNotes } from '../../engine/dev-notes.ts';

type Standalone = (ajv: unknown, refs: Record<string, string>) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: Standalone }).default ??
  standaloneModule) as unknown as Standalone;

export const VIRTUAL_ID = 'virtual:dform-validators';
const META_DRAFT_07 = 'http://json-schema.org/draft-07/schema';

/** The compiled entities: the index module's code and each entity's own module. */
export interface CompiledValidators {
  /** `fingerprints` and `loaders` ({'payroll/employee': () => import(its module)}): small, loaded with the forms. */
  index: string;
  /** Entity id → the code of its module (`export default` the validator), a chunk of its own. */
  entities: Map<string, string>;
  /** The schema files read, for the dev server to watch. */
  files: string[];
}

/** Standalone CommonJS code as an ES module: require() as imports, the named export as the default. */
function asModule(cjs: string, exportName: string): string {
  let code = cjs;
  const imports = new Map<string, string>();
  code = code.replace(/require\(("[^"]+")\)/g, (_m, spec: string) => {
    if (!imports.has(spec)) imports.set(spec, `__req${imports.size}`);
    return imports.get(spec)!;
  });
  code = code.replace(/^"use strict";/, '').replace(/\bexports\.(\w+)\s*=/g, 'const __export_$1 =');
  code = code.replace(/module\.exports\s*=[^;]*;/g, '');
  const header = [...imports].map(([spec, local]) => `import * as ${local} from ${spec};`).join('\n');
  return `${header}\n${code}\nexport default __export_${exportName};\n`;
}

export function compileValidators(schemasDir: string): CompiledValidators {
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as JsonSchema;
  const commonFile = path.join(schemasDir, 'common', 'defs.json');
  const common = read(commonFile);
  const ajv = createAjv({ code: { source: true } });
  const ids: Record<string, string> = {};
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
      try {
        ajv.addSchema(bundled);
        ajv.getSchema(String(bundled.$id));
      } catch (e) {
        // A schema another engineer is still writing must not break the web build.
        console.warn(`validators: skipped ${id}: ${(e as Error).message}`);
        ajv.removeSchema(String(bundled.$id));
        continue;
      }
      ids[id] = String(bundled.$id);
      // The schema the server answers (meta) has no developer notes.
      prints[id] = fingerprint(withoutDevNotes(bundled));
    }
  }
  // The JSON Schema meta-schema, so editors of schemas kept as data (a state form's fields) can
  // check them in the browser as the server does.
  ids[META_ID] = META_DRAFT_07;
  const entities = new Map<string, string>();
  for (const [id, schemaId] of Object.entries(ids)) {
    entities.set(id, asModule(standaloneCode(ajv, { validate: schemaId }), 'validate'));
  }
  const loaders = Object.keys(ids)
    .map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`${VIRTUAL_ID}/${id}`)}),`)
    .join('\n');
  const index = `export const fingerprints = ${JSON.stringify(prints)};\nexport const loaders = {\n${loaders}\n};\n`;
  return { index, entities, files };
}
