/**
 * The schema catalogue: every entity file is a valid dform entity file (entity.schema.json), compiles
 * with the engine's strict ajv, names only real fields in its list and sections, and carries JSONata
 * that parses.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import jsonata from 'jsonata';
import { createAjv } from '../../../engine/validation.ts';
import { MODULES } from '../../../engine/entity.ts';

// ajv-formats is CommonJS: its function is the default export or its `.default`, depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

type Json = Record<string, unknown>;

const schemasDir = path.resolve(import.meta.dirname, '../../../schemas');
const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8')) as Json;

const meta = readJson(path.join(schemasDir, 'entity.schema.json'));
const defs = readJson(path.join(schemasDir, 'common/defs.json'));

/** Every entity file, as `{module, type, rel, file}`. */
const entities = MODULES.flatMap((module) =>
  readdirSync(path.join(schemasDir, module))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      module,
      type: f.replace(/\.json$/, ''),
      rel: `${module}/${f}`,
      file: readJson(path.join(schemasDir, module, f)),
    })),
);

/** spec/000 section 2: the generic record pages' allow-lists. */
const EDIT_ROUTES = new Set(['groups', 'organizations', 'users', 'employee', 'employer', 'employer_contacts']);
const LIST_ROUTES = new Set([
  'groups',
  'organization_preferences',
  'organizations',
  'users',
  'approvals',
  'employee',
  'employer',
  'employer_contacts',
  'assignments',
  'documents',
  'action_log',
  'global_docs',
  'onboarding_user',
]);

const looseAjv = new Ajv({ strict: false, allErrors: true });
addFormats(looseAjv);
looseAjv.addSchema(defs);
const validateEntityFile = looseAjv.compile(meta);

/** The JSONata expressions of a file: its x-transforms plus any nested transforms objects of data. */
function expressionsOf(file: Json): [string, string][] {
  return Object.entries((file['x-transforms'] ?? {}) as Record<string, string>);
}

describe('schema catalogue', () => {
  it('has entity files in every module', () => {
    for (const module of MODULES) {
      assert.ok(
        entities.some((e) => e.module === module),
        `no schema files under schemas/${module}/`,
      );
    }
  });

  it('shared definitions compile with the strict ajv', () => {
    const ajv = createAjv();
    ajv.addSchema(defs);
    assert.ok(ajv.getSchema('https://dform.dev/schemas/common/defs.json'));
  });

  for (const { module, type, rel, file } of entities) {
    describe(rel, () => {
      it('is a valid entity file', () => {
        const ok = validateEntityFile(file);
        assert.ok(ok, `${rel}: ${JSON.stringify(validateEntityFile.errors, null, 2)}`);
      });

      it('has the $id of its path and the entity meta-schema', () => {
        assert.equal(file.$id, `https://dform.dev/schemas/${module}/${type}.json`);
        assert.equal(file.$schema, '../entity.schema.json');
        assert.equal(file.type, 'object');
        assert.equal(file.additionalProperties ?? false, type === 'state_w4' ? true : false);
      });

      it('compiles with the strict ajv', () => {
        const ajv = createAjv();
        ajv.addSchema(defs);
        const { $schema: _ignored, ...schema } = file;
        assert.doesNotThrow(() => ajv.compile(schema));
      });

      it('names only real fields in x-list and x-sections', () => {
        const props = file.properties as Json;
        const list = file['x-list'] as { columns: string[]; canonical: string; sort?: { field: string }[] };
        const named = [...list.columns, list.canonical, ...(list.sort ?? []).map((s) => s.field)];
        for (const field of named) assert.ok(Object.hasOwn(props, field), `x-list names '${field}'`);
        const sections = (file['x-sections'] ?? []) as { title: string; fields: string[] }[];
        for (const s of sections) {
          for (const field of s.fields) assert.ok(Object.hasOwn(props, field), `section '${s.title}' names '${field}'`);
        }
        const inSections = sections.flatMap((s) => s.fields);
        assert.equal(new Set(inSections).size, inSections.length, 'a field appears in two sections');
      });

      it('names only real fields as owner', () => {
        const owner = file['x-owner'];
        if (owner === undefined || owner === 'key') return;
        assert.ok(Object.hasOwn(file.properties as Json, owner as string), `x-owner '${owner}'`);
      });

      it('has JSONata transforms that parse', () => {
        for (const [name, expr] of expressionsOf(file)) {
          assert.doesNotThrow(() => jsonata(expr), `${rel} x-transforms.${name}`);
        }
      });

      it('routes only the datatypes of the allow-lists', () => {
        const routes = (file['x-routes'] ?? {}) as { list?: boolean; edit?: boolean; create?: boolean };
        assert.equal(routes.list ?? false, LIST_ROUTES.has(type), 'x-routes.list');
        assert.equal(routes.edit ?? false, EDIT_ROUTES.has(type), 'x-routes.edit');
        assert.equal(routes.create ?? false, false, 'x-routes.create');
      });
    });
  }
});
