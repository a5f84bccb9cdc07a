/**
 * Loads the schema files from disk into the engine's registry, with one validator each, compiled
 * on the entity's first write: compiling all ~60 schemas up front was most of the start-up time
 * (about 1.5 s of CPU), and a server rarely writes every type.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Registry } from '../engine/registry.ts';
import { bundleSchema } from '../engine/bundle.ts';
import { createAjv, compileValidator, type EntityValidator } from '../engine/validation.ts';
import type { Entity, EntityFile, JsonSchema } from '../engine/entity.ts';
import { MODULES } from '../engine/entity.ts';
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

export function loadCatalogue(dir = SCHEMAS_DIR): Catalogue {
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, unknown>;
  const common = read(path.join(dir, 'common', 'defs.json'));
  const files: EntityFile[] = [];
  for (const m of MODULES) {
    let names: string[] = [];
    try {
      names = readdirSync(path.join(dir, m)).filter((f) => f.endsWith('.json'));
    } catch {
      continue;
    }
    for (const f of names.sort()) files.push(read(path.join(dir, m, f)) as unknown as EntityFile);
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
