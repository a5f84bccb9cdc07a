/**
 * The validation rules of spec/000 section 5 and spec/001 section 5, as encoded in the schema files:
 * each entity's fixture (<module>/<type>.ts beside this file) feeds data through the compiled entity
 * validator or a JSONata transform, and its cases check the exact message and path. A module's test
 * file runs the fixtures of its folder.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAjv, compileValidator, type EntityValidator } from '../../../../engine/validation.ts';
import { bundleSchema } from '../../../../engine/bundle.ts';
import { transformData, validateByExpression } from '../../../../engine/transforms.ts';
import type { FieldError } from '../../../../engine/messages.ts';
import { defs, readJson, type Json } from './fixtures.ts';

const ajv = createAjv();

const files = new Map<string, Json>();
const validators = new Map<string, EntityValidator>();

function fileOf(entity: string): Json {
  let f = files.get(entity);
  if (!f) {
    f = readJson(`${entity}.json`);
    files.set(entity, f);
  }
  return f;
}

function validatorOf(entity: string): EntityValidator {
  let v = validators.get(entity);
  if (!v) {
    v = compileValidator(ajv, bundleSchema(fileOf(entity), defs));
    validators.set(entity, v);
  }
  return v;
}

function transformOf(entity: string, name: 'load' | 'save' | 'validate'): string {
  const t = (fileOf(entity)['x-transforms'] as Record<string, string> | undefined)?.[name];
  assert.ok(t, `${entity} has no x-transforms.${name}`);
  return t;
}

/** Deep merge of a patch into a base record; `undefined` in the patch removes a field. */
function patched(base: Json, patch: Json): Json {
  const out: Json = structuredClone(base);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else if (v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object') {
      out[k] = patched(out[k] as Json, v as Json);
    } else out[k] = v;
  }
  return out;
}

export interface Case {
  name: string;
  patch: Json;
  /** Expected errors, exactly; [] for valid data. */
  errors: FieldError[];
}

export interface EntityCases {
  entity: string;
  /** A complete valid record. */
  valid: Json;
  cases: Case[];
}

export interface TransformCase {
  entity: string;
  name: string;
  kind: 'load' | 'save';
  input: Json;
  output: Json;
  /** The server's bindings ($before, $user, $org, $now, $mode); none by default. */
  bindings?: Json;
}

export interface ExpressionCase {
  entity: string;
  name: string;
  input: Json;
  errors: FieldError[];
  bindings?: Json;
}

/** One entity's fixture: its validation table, and cases of its load, save and validate transforms. */
export interface EntityRules {
  table?: EntityCases;
  transforms?: TransformCase[];
  validations?: ExpressionCase[];
}

/** Runs the fixtures of schemas/<module>/'s entities: one describe per entity, in file order. */
export async function describeModuleRules(module: string): Promise<void> {
  const dir = path.join(import.meta.dirname, module);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  for (const f of files) {
    const entity = `${module}/${f.replace(/\.ts$/, '')}`;
    const { default: rules } = (await import(pathToFileURL(path.join(dir, f)).href)) as { default: EntityRules };
    describe(entity, () => {
      if (rules.table) {
        const { valid, cases } = rules.table;
        assert.equal(rules.table.entity, entity, `${f}: the table of another entity`);
        it('accepts the valid record', () => {
          assert.deepEqual(validatorOf(entity)(valid), []);
        });
        for (const c of cases) {
          it(c.name, () => {
            assert.deepEqual(validatorOf(entity)(patched(valid, c.patch)), c.errors);
          });
        }
      }
      for (const t of rules.transforms ?? []) {
        it(`${t.kind}: ${t.name}`, async () => {
          assert.equal(t.entity, entity, `${f}: a case of another entity`);
          assert.deepEqual(await transformData(transformOf(entity, t.kind), t.input, t.bindings), t.output);
        });
      }
      for (const v of rules.validations ?? []) {
        it(`validate: ${v.name}`, async () => {
          assert.equal(v.entity, entity, `${f}: a case of another entity`);
          assert.deepEqual(await validateByExpression(transformOf(entity, 'validate'), v.input, v.bindings), v.errors);
        });
      }
    });
  }
}
