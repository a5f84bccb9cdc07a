/**
 * Loads the schema files from disk into the engine's registry, with one validator each, compiled
 * on the entity's first write: compiling all ~60 schemas up front was most of the start-up time
 * (about 1.5 s of CPU), and a server rarely writes every type.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Registry } from '../engine/registry.ts';
import { bundleSchema } from '../engine/bundle.ts';
import { createAjv, compileValidator, type EntityValidator } from '../engine/validation.ts';
import type { Entity, EntityFile, JsonSchema } from '../engine/entity.ts';
import { MODULES } from '../engine/entity.ts';
import { unknownKeywordProblem } from '../engine/unknown-keywords.ts';
import { namedFieldProblem } from '../engine/named-fields.ts';
import { PROJECT_ROOT } from '../project/root.ts';
import { loadReferenceData } from '../project/reference-data.ts';

const SCHEMAS_DIR = path.join(PROJECT_ROOT, 'schemas');

export interface Catalogue {
  registry: Registry;
  bundled(entity: Entity): JsonSchema;
  validator(entity: Entity): EntityValidator;
  /** The reference data the transforms see by name (project/reference-data.ts): `$w4Editions`. */
  referenceData: Readonly<Record<string, unknown>>;
}

/**
 * DFORM_EXTRA_SCHEMAS: a folder of more entity files laid out as schemas/ is
 * (`<module>/<type>.json`), loaded beside the product's, so that an entity can be tried, and
 * tested, as the one file it is (docs/architecture.md "Adding an entity").
 */
function extraSchemaDirs(): string[] {
  const dir = process.env.DFORM_EXTRA_SCHEMAS?.trim();
  if (!dir) return [];
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`DFORM_EXTRA_SCHEMAS: ${dir} is not a folder`);
  return [path.resolve(dir)];
}

// ajv-formats is CommonJS: its function is the default export or its `.default`, depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/**
 * Checks the files of DFORM_EXTRA_SCHEMAS against the entity format (schemas/entity.schema.json), as
 * tests/unit/schemas/catalogue.test.ts checks the product's own: a file the format refuses stops the
 * start, naming the file and the place, instead of loading with a rule missing (a reference without
 * its message, a list without maxItems).
 */
function checkEntityFormat(dir: string, files: readonly { file: string; json: Record<string, unknown> }[]): void {
  if (!files.length) return;
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(read(path.join(dir, 'common', 'defs.json')));
  const valid = ajv.compile(read(path.join(dir, 'entity.schema.json')));
  for (const { file, json } of files) {
    if (valid(json)) continue;
    const first = valid.errors!.find((e) => e.keyword !== 'if' && e.keyword !== 'allOf') ?? valid.errors![0];
    throw new Error(`DFORM_EXTRA_SCHEMAS: ${file}: ${first.instancePath || '/'} ${first.message ?? 'is not valid'}`);
  }
}

export function loadCatalogue(dir = SCHEMAS_DIR, extraDirs: readonly string[] = extraSchemaDirs()): Catalogue {
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
  const common = read(path.join(dir, 'common', 'defs.json'));
  const files: EntityFile[] = [];
  for (const root of [dir, ...extraDirs]) {
    const extra: { file: string; json: Record<string, unknown> }[] = [];
    for (const m of MODULES) {
      let names: string[] = [];
      try {
        names = readdirSync(path.join(root, m)).filter((f) => f.endsWith('.json'));
      } catch {
        continue;
      }
      for (const f of names.sort()) {
        let json: Record<string, unknown>;
        try {
          json = read(path.join(root, m, f));
        } catch (e) {
          throw new Error(`schemas: ${path.join(root, m, f)} is not JSON: ${(e as Error).message}`);
        }
        const problem = unknownKeywordProblem(path.join(root, m, f), json);
        if (problem) throw new Error(`schemas: ${problem}`);
        const named = namedFieldProblem(json);
        if (named) throw new Error(`schemas: ${path.join(root, m, f)}: ${named}`);
        if (root !== dir) extra.push({ file: path.join(root, m, f), json });
        files.push(json as unknown as EntityFile);
      }
    }
    checkEntityFormat(dir, extra);
  }
  const registry = new Registry(files, [common]);
  // The server fills schema defaults in on write, so stored records are complete.
  const ajv = createAjv({ useDefaults: true });
  const bundles = new Map<string, JsonSchema>();
  const validators = new Map<string, EntityValidator>();
  const bundled = (e: Entity): JsonSchema => {
    let b = bundles.get(e.id);
    if (!b) bundles.set(e.id, (b = bundleSchema(e.file as unknown as JsonSchema, common)));
    return b;
  };
  return {
    registry,
    bundled,
    referenceData: loadReferenceData(path.join(dir, 'common')),
    validator: (e) => {
      let v = validators.get(e.id);
      if (!v) validators.set(e.id, (v = compileValidator(ajv, bundled(e))));
      return v;
    },
  };
}
