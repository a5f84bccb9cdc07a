/**
 * Loads the schema files from disk into the engine's registry, with one compiled validator each.
 * Validators compile on first use, and `warm()` compiles the rest after the server listens: ajv
 * compiling every schema was most of a start (0.9 to 1.8 s on a busy 2-core machine), and a
 * restart after a crash should serve again at once. The schema tests compile every file, so a
 * broken one never ships.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Registry } from '../engine/registry.ts';
import { bundleSchema } from '../engine/bundle.ts';
import { createAjv, compileValidator, type EntityValidator } from '../engine/validation.ts';
import type { Entity, EntityFile, JsonSchema } from '../engine/entity.ts';
import { MODULES } from '../engine/entity.ts';

export const SCHEMAS_DIR = path.resolve(import.meta.dirname, '..', 'schemas');

export interface Catalogue {
  registry: Registry;
  bundled(entity: Entity): JsonSchema;
  validator(entity: Entity): EntityValidator;
  /** Compiles every validator not compiled yet, one per event-loop turn. */
  warm(): Promise<void>;
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
  for (const e of registry.all()) bundles.set(e.id, bundleSchema(e.file as unknown as JsonSchema, common));
  const validator = (e: Entity): EntityValidator => {
    let v = validators.get(e.id);
    if (!v) {
      v = compileValidator(ajv, bundles.get(e.id)!);
      validators.set(e.id, v);
    }
    return v;
  };
  return {
    registry,
    bundled: (e) => bundles.get(e.id)!,
    validator,
    async warm() {
      for (const e of registry.all()) {
        validator(e);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
