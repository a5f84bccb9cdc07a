/**
 * The validation rules of spec/000 section 5 and spec/001 section 5, as encoded in the schema files:
 * each case feeds data through the compiled entity validator (or a JSONata transform) and checks the
 * exact message and path.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAjv, compileValidator, type EntityValidator } from '../../../engine/validation.ts';
import { bundleSchema } from '../../../engine/bundle.ts';
import { transformData, validateByExpression } from '../../../engine/transforms.ts';
import type { FieldError } from '../../../engine/messages.ts';

type Json = Record<string, unknown>;

const schemasDir = path.resolve(import.meta.dirname, '../../../schemas');
const readJson = (rel: string): Json => JSON.parse(readFileSync(path.join(schemasDir, rel), 'utf8')) as Json;
const defs = readJson('common/defs.json');
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

interface Case {
  name: string;
  patch: Json;
  /** Expected errors, exactly; [] for valid data. */
  errors: FieldError[];
}

interface EntityCases {
  entity: string;
  /** A complete valid record. */
  valid: Json;
  cases: Case[];
}

const NOW = 1_735_689_600;
const KEY = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const KEY2 = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const phoneMsg = 'Phone numbers must have 10 digits.';

const TABLE: EntityCases[] = [];

// The tables themselves live below, one block per entity.
