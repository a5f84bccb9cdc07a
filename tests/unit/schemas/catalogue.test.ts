/**
 * The schema catalogue: every entity file is a valid dform entity file (entity.schema.json), compiles
 * with the engine's strict ajv, names only real fields in its list and sections, and carries JSONata
 * that parses.
 */
import { describe, it } from 'vitest';
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

/** spec/001 sections 3 and 6: the types with a my_ variant (the caller's own records). */
const MY_TYPES = new Set([
  'basic_info',
  'emergency_contacts',
  'employee',
  'employee_payment_information',
  'i9',
  'w4',
  'w9',
  'state_w4',
  'cross_org_accounts',
  'user_options',
  'notification_prefs',
  'user_notifications',
  'employee_documents',
]);

/**
 * Entities the spec does not name, each with its reason in its own `x-not-shown`:
 * `time/pto_balance`, the balance the server keeps with every ledger line (docs/pto.md);
 * `payroll/paystubs`, the pay statements behind the spec's paystubs pages (docs/paystubs.md).
 */
const BEYOND_SPEC: Record<string, string[]> = { time: ['pto_balance'], payroll: ['paystubs'] };

/** The my_ variants of the entities beyond the spec: an employee's own pay statements. */
const MY_BEYOND_SPEC = new Set(['paystubs']);

/** Every entity named in spec/000 section 3 and spec/001 section 3, by module. */
const CATALOGUE: Record<string, string[]> = {
  auth: [
    'organizations',
    'organization_preferences',
    'organization_settings',
    'organization_redirects',
    'users',
    'groups',
    'audit_log',
    'activity_log',
    'cross_org_accounts',
    'user_options',
    'single_use_logins',
    'user_tokens',
  ],
  payroll: [
    'employee',
    'basic_info',
    'emergency_contacts',
    'employee_payment_information',
    'employer',
    'employer_contacts',
    'employer_info',
    'approvals',
    'i9',
    'w4',
    'w9',
    'state_w4',
    'state_w4_form',
    'onboarding_user',
    'payroll_calendar',
    'global_payroll_calendar',
    'sync_queue',
    'social_lookup',
    'payroll_documents',
    'i9_document_copies',
  ],
  hr: [
    'action_log',
    'confidential_documents',
    'confidential_employee_documents',
    'documents',
    'employee_documents',
    'assignments',
    'global_docs',
    'secure_company_files',
    'secure_files',
    'share_request',
  ],
  storage: ['fgroups', 'files', 'global_files', 'shares'],
  time: ['pto_employee', 'pto_plan', 'pto_prefs', 'pto_progression', 'pto_register', 'pto_request'],
  comms: [
    'channels',
    'channel_members',
    'comms_profiles',
    'membership_requests',
    'messages',
    'notifications',
    'notification_queue',
    'notification_prefs',
    'notification_routes',
    'user_notifications',
  ],
};

const looseAjv = new Ajv({ strict: false, allErrors: true });
addFormats(looseAjv);
looseAjv.addSchema(defs);
const validateEntityFile = looseAjv.compile(meta);

/** The JSONata expressions of a file (its x-transforms). */
function expressionsOf(file: Json): [string, string][] {
  return Object.entries((file['x-transforms'] ?? {}) as Record<string, string>);
}

/** Every schema node of a file with its JSON Pointer, depth first. */
function schemaNodes(node: unknown, at = ''): { at: string; node: Json }[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((x, i) => schemaNodes(x, `${at}/${i}`));
  const out = [{ at, node: node as Json }];
  for (const [k, v] of Object.entries(node)) {
    if (k.startsWith('x-') || k === 'default' || k === 'enum' || k === 'const') continue;
    out.push(...schemaNodes(v, `${at}/${k}`));
  }
  return out;
}

const isList = (s: Json) =>
  s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) || Object.hasOwn(s, 'items');

describe('every list is bounded', () => {
  const groups = entities.find((e) => e.rel === 'auth/groups.json')!.file;
  const without = (edit: (file: any) => void): Json => {
    const copy = structuredClone(groups) as any;
    edit(copy);
    return copy;
  };
  const refused = (file: Json) => !validateEntityFile(file) && JSON.stringify(validateEntityFile.errors).includes('maxItems');

  it('the entity format refuses a list without maxItems, wherever the list is', () => {
    assert.ok(validateEntityFile(groups), 'auth/groups.json itself is valid');
    const cases: [string, (f: any) => void][] = [
      ['a field', (f) => delete f.properties.users.maxItems],
      ['a field typed ["array", "null"]', (f) => (f.properties.extra = { type: ['array', 'null'], items: {} })],
      ['a field with items and no type', (f) => (f.properties.extra = { items: { type: 'string' } })],
      [
        'a list inside a list item',
        (f) =>
          (f.properties.extra = {
            type: 'array',
            maxItems: 2,
            items: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } },
          }),
      ],
      [
        'a list in a conditional branch',
        (f) => (f.allOf = [{ if: { required: ['name'] }, then: { properties: { users: { type: 'array' } } } }]),
      ],
      ['a list among local definitions', (f) => (f.definitions = { ids: { type: 'array', items: { type: 'string' } } })],
    ];
    for (const [what, edit] of cases) assert.ok(refused(without(edit)), `${what}: accepted without maxItems`);
  });

  it('every shared definition keeps the same rule', () => {
    const property = looseAjv.compile({ $ref: `${String(meta.$id)}#/definitions/property` });
    for (const [name, def] of Object.entries(defs.definitions as Json)) {
      assert.ok(property(def), `common/defs.json ${name}: ${JSON.stringify(property.errors)}`);
    }
    assert.ok(!property({ type: 'array', items: { type: 'string' } }), 'a list without maxItems passes');
  });

  it('a list of distinct choices may hold every choice', () => {
    const resolve = (s: Json): Json => {
      const ref = typeof s.$ref === 'string' ? /#\/definitions\/(\w+)$/.exec(s.$ref)?.[1] : undefined;
      return ref ? resolve((defs.definitions as Json)[ref] as Json) : s;
    };
    const files = [...entities.map((e) => ({ rel: e.rel, file: e.file })), { rel: 'common/defs.json', file: defs }];
    for (const { rel, file } of files) {
      for (const { at, node } of schemaNodes(file)) {
        if (!isList(node) || !node.items || typeof node.items !== 'object') continue;
        const choices = resolve(node.items as Json).enum as unknown[] | undefined;
        if (!choices || node.uniqueItems !== true) continue;
        assert.ok((node.maxItems as number) >= choices.length, `${rel}${at}: maxItems below its ${choices.length} choices`);
      }
    }
  });
});

describe('a list that needs items says so', () => {
  it("every list with minItems has its own message: a file group saved with no module was told the engine's 'Must have at least 1 item'", () => {
    const files = [...entities.map((e) => ({ rel: e.rel, file: e.file })), { rel: 'common/defs.json', file: defs }];
    const silent: string[] = [];
    for (const { rel, file } of files) {
      for (const { at, node } of schemaNodes(file)) {
        if (!isList(node) || !((node.minItems as number) >= 1)) continue;
        if (typeof (node['x-messages'] as Json | undefined)?.minItems !== 'string') silent.push(`${rel}${at}`);
      }
    }
    assert.deepEqual(silent, []);
  });
});

describe('every number is bounded', () => {
  it('every number a record can hold has an upper bound (1e308 was stored as a W-4 amount)', () => {
    const isNumber = (s: Json) =>
      s.type === 'number' ||
      s.type === 'integer' ||
      (Array.isArray(s.type) && (s.type.includes('number') || s.type.includes('integer')));
    const files = [...entities.map((e) => ({ rel: e.rel, file: e.file })), { rel: 'common/defs.json', file: defs }];
    const unbounded = files.flatMap(({ rel, file }) =>
      schemaNodes(file)
        // What a `not` names is what a value may not be: no bound belongs there.
        .filter(({ at, node }) => !/\/not(\/|$)/.test(at) && isNumber(node))
        .filter(({ node }) => !['maximum', 'exclusiveMaximum', 'enum', 'const'].some((k) => Object.hasOwn(node, k)))
        .map(({ at }) => `${rel}${at}`),
    );
    assert.deepEqual(unbounded, []);
  });
});

describe('uniqueness is a schema keyword (x-unique)', () => {
  const users = entities.find((e) => e.rel === 'auth/users.json')!.file as any;

  it("a user's e-mail is unique under the scope 'email', refused with its own message", () => {
    assert.equal(users.properties.email['x-unique'], 'email');
    assert.equal(users.properties.email['x-messages'].unique, 'An account with this email already exists.');
  });

  it('the entity format refuses x-unique without x-messages.unique, or a scope that is not a name', () => {
    const edited = (edit: (f: any) => void) => {
      const copy = structuredClone(users);
      edit(copy);
      return validateEntityFile(copy);
    };
    assert.ok(validateEntityFile(users), 'auth/users.json itself is valid');
    assert.equal(
      edited((f) => delete f.properties.email['x-messages'].unique),
      false,
    );
    assert.equal(
      edited((f) => (f.properties.display_name['x-unique'] = 'display_name')),
      false,
    );
    assert.equal(
      edited((f) => (f.properties.email['x-unique'] = 'E-mail')),
      false,
    );
  });
});

describe('schema catalogue', () => {
  it('has entity files in every module', () => {
    for (const module of MODULES) {
      assert.ok(
        entities.some((e) => e.module === module),
        `no schema files under schemas/${module}/`,
      );
    }
  });

  it('holds every entity of the spec, and no other but those the product adds on purpose', () => {
    for (const module of MODULES) {
      const have = entities.filter((e) => e.module === module).map((e) => e.type);
      const want = [...CATALOGUE[module], ...(BEYOND_SPEC[module] ?? [])];
      assert.deepEqual([...have].sort(), want.sort(), `schemas/${module}/`);
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

      it("names only real fields in a file's x-file, and counts downloads only in a server-owned integer", () => {
        const props = file.properties as Record<string, Json>;
        for (const [name, prop] of Object.entries(props)) {
          const x = prop['x-file'] as { status?: { field: string; time?: string }; expires?: string; count?: string };
          if (!x) continue;
          for (const field of [x.status?.field, x.status?.time, x.expires, x.count].filter(Boolean) as string[]) {
            assert.ok(Object.hasOwn(props, field), `${name}: x-file names '${field}'`);
          }
          if (x.count) {
            assert.equal(props[x.count].type, 'integer', `${x.count} is a count`);
            assert.equal(props[x.count]['x-server-owned'], true, `${x.count} is the server's`);
          }
        }
      });

      it('names only real fields as owner', () => {
        const owner = file['x-owner'];
        if (owner === undefined || owner === 'key') return;
        assert.ok(Object.hasOwn(file.properties as Json, owner as string), `x-owner '${owner}'`);
      });

      it('has a my_ variant exactly where the spec lists one', () => {
        assert.equal(file['x-my'] ?? false, MY_TYPES.has(type) || MY_BEYOND_SPEC.has(type));
        // A my_ variant is the caller's own record: it needs an owner (the key itself, or a field).
        if (file['x-my']) assert.ok(file['x-owner'], 'x-my without x-owner');
        // One record per user: the key is the owner's. State certificates are kept per user and state
        // (server/payroll/certificates.ts): the owner is the user the record names.
        if (file['x-key'] === 'user') assert.equal(file['x-owner'], type === 'state_w4' ? '_user_uuid' : 'key');
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

describe('what the forms an employee fills say to her', () => {
  /** Words of a developer's note, not of a form: keywords, the spec, how the server keeps a value. */
  const JARGON = /x-[a-z]|spec\/|\bspec\b|masked|\bserver\b|retrieve_|JSON|schema|uuid|\bkey\b|\benum\b|\$ref|datatype/i;
  const FORMS = ['i9', 'w4', 'basic_info', 'employee_payment_information', 'emergency_contacts', 'w9', 'state_w4'].map(
    (type) => `payroll/${type}`,
  );

  it('no description holds a developer note (those go in x-dev-note, which never reaches a screen)', () => {
    const found: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'description' && typeof v === 'string' && JARGON.test(v)) found.push(`${at}: ${v}`);
          else if (k !== 'x-dev-note' && k !== 'x-transforms' && k !== 'x-messages') walk(v, `${at}/${k}`);
        }
      }
    };
    for (const e of entities.filter((x) => FORMS.includes(`${x.module}/${x.type}`))) walk(e.file, e.rel);
    assert.deepEqual(found, []);
  });
});
