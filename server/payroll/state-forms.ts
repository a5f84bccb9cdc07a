/**
 * State withholding forms as data (payroll/state_w4_form): finding the definition of a state, and
 * checking a definition's own fields. The definitions live in the root organization (x-shared: root)
 * beside any a company keeps itself; a state's definition is the first match, as spec/001 section 7
 * says, with a logged warning when there are several and 'unable to load form for state' when none.
 */
import type { ValidateFunction } from 'ajv';
import { explainErrors, type FieldError } from '../../engine/messages.ts';
import { DEFINITION_WIDGETS } from '../../engine/definition-widgets.ts';
import { createAjv } from '../../engine/validation.ts';
import { linearPatterns } from '../../engine/linear-regexp.ts';
import { parseExpression } from '../../engine/transforms.ts';
import { unmeetableRules, type AnswerLimits } from '../../engine/unmeetable-rules.ts';
import { MAX_BODY_BYTES, prototypeKeyMessage } from '../http/json-body.ts';
import { rootOrgId } from '../orgs.ts';
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';
import type { Layout } from '../../printable/layout.ts';
import { dataLayoutProblems } from '../../printable/layouts.ts';

const FORMS = 'payroll/state_w4_form';

export interface FoundStateForm {
  key: string;
  data: DataObject;
}

/** The definitions whose `field` equals `value`: the company's own first, then the product's shared ones. */
export async function definitionsWhere(s: Services, org: string, field: string, value: string) {
  const query = { criteria: [{ field, is: '=' as const, value }], limit: 5, offset: 0 };
  const root = await rootOrgId(s);
  return [
    ...(await s.storage.find(FORMS, org, query)).items,
    ...(root && root !== org ? (await s.storage.find(FORMS, root, query)).items : []),
  ];
}

/** The definition for a state code: the company's own first, then the product's shared ones. */
export async function findStateForm(s: Services, org: string, state: string): Promise<FoundStateForm | undefined> {
  // Not a state code: no definition has it, and the writer's text is not worth a log line (the
  // certificate's own schema refuses it, naming the field).
  if (!/^[A-Z]{2}$/.test(state)) return undefined;
  const items = await definitionsWhere(s, org, 'state', state);
  if (!items.length) {
    s.log('warn', 'unable to load form for state', { state, org });
    return undefined;
  }
  if (items.length > 1) {
    s.log('warn', 'several state withholding forms for one state; the first is used', {
      state,
      org,
      keys: items.map((i) => i.key),
    });
  }
  return { key: items[0].key, data: items[0].data };
}

// Definitions are written by product staff at run time, for every company: their schemas are compiled
// by an ajv of their own, so a bad one can never disturb the entity validators, and their patterns
// run on RE2 (linear time; docs/data-defined-patterns.md), so one cannot hold every company's requests.
const ajv = createAjv({ code: { regExp: linearPatterns } });
const compiled = new Map<string, ValidateFunction>();

/** A definition's field schema compiled (cached by its text); throws when it does not compile. */
export function fieldsValidator(schema: Record<string, unknown>): ValidateFunction {
  const id = JSON.stringify(schema);
  let fn = compiled.get(id);
  if (!fn) {
    fn = ajv.compile({ ...schema, $id: undefined });
    if (compiled.size > 500) compiled.clear();
    compiled.set(id, fn);
  }
  return fn;
}

/** The state's own answers checked against the definition's JSON Schema, with its x-messages. */
export function checkAnswers(schema: Record<string, unknown>, data: DataObject): FieldError[] {
  // A definition stored before the size rules (or written to the store directly) is not run: its
  // check could hold or end the server for every company.
  if (!sizeChecked.has(schema)) {
    const size = expandedSize(schema);
    if (size.loop !== undefined || size.count > MAX_DEFINITION_SUBSCHEMAS) {
      return [
        {
          path: '',
          message: "This state's form definition is too large to check answers with: ask your employer to correct it.",
        },
      ];
    }
    sizeChecked.add(schema);
  }
  const fn = fieldsValidator(schema);
  if (!fn(data)) return explainErrors(fn.errors, schema);
  return oversizedNumbers(schema, data);
}

/**
 * A definition stored before its numbers needed bounds (checkDefinitionFields) bounds its answers
 * no further than their JSON type: the definition's own answers stay within what a certificate
 * holds anyway (ANSWER_LIMITS), each refused at its place.
 */
function oversizedNumbers(schema: Record<string, unknown>, data: DataObject): FieldError[] {
  const errors: FieldError[] = [];
  const limit = ANSWER_LIMITS.number;
  const walk = (v: unknown, at: string) => {
    if (typeof v === 'number' && Math.abs(v) > limit) {
      errors.push({
        path: at,
        message: `Must be ${v > 0 ? 'at most' : 'at least'} ${v > 0 ? '' : '-'}${limit.toLocaleString('en-US')}.`,
      });
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${at}/${i}`));
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, `${at}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  for (const field of Object.keys((schema.properties ?? {}) as object)) {
    if (Object.hasOwn(data, field)) walk(data[field], `/${field.replaceAll('~', '~0').replaceAll('/', '~1')}`);
  }
  return errors;
}

const SCHEMA_PATH = '/fields/schema';
/** Definitions' schemas (the objects as read) already found within the size rules. */
const sizeChecked = new WeakSet<object>();

/**
 * A definition's fields as product staff typed them: a draft-07 JSON Schema (checked against the
 * meta-schema, then compiled in strict mode, which refuses unknown keywords, and patterns RE2 cannot
 * run or longer than MAX_PATTERN_LENGTH), and a uiSchema that is an object. Errors name the place in
 * the schema.
 */
export function checkDefinitionFields(fields: unknown): FieldError[] {
  const f = fields as { schema?: unknown; uiSchema?: unknown } | undefined;
  const schema = f?.schema;
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
    return [{ path: SCHEMA_PATH, message: 'The form fields need a JSON Schema object.' }];
  }
  if (!ajv.validateSchema(schema)) {
    return (ajv.errors ?? []).map((e) => ({
      path: SCHEMA_PATH,
      message: `Not a valid JSON Schema: ${e.instancePath || 'the schema'} ${e.message ?? 'is invalid'}.`,
    }));
  }
  const unbounded = unboundedList(schema);
  if (unbounded !== undefined) {
    return [
      {
        path: SCHEMA_PATH,
        message: `Every list needs a maxItems of at most ${MAX_DEFINITION_ITEMS}: ${unbounded || 'the schema itself'} has none, or more.`,
      },
    ];
  }
  const unboundedPattern = unboundedPatternText(schema);
  if (unboundedPattern !== undefined) {
    return [
      {
        path: SCHEMA_PATH,
        message: `Every text with a pattern needs a maxLength of at most ${MAX_PATTERN_TEXT.toLocaleString('en-US')}: ${unboundedPattern || 'the schema itself'} has none, or more.`,
      },
    ];
  }
  const size = expandedSize(schema);
  if (size.loop !== undefined) {
    return [{ path: SCHEMA_PATH, message: `A schema may not refer to itself: ${size.loop} leads back to itself.` }];
  }
  if (size.count > MAX_DEFINITION_SUBSCHEMAS) {
    return [
      {
        path: SCHEMA_PATH,
        message: `The schema is too large once its references are followed and each list counted as many times as it may hold items: at most ${MAX_DEFINITION_SUBSCHEMAS.toLocaleString('en-US')} subschemas.`,
      },
    ];
  }
  // An object schema with properties is the entity schema's own rule (state_w4_form.json), checked first.
  try {
    fieldsValidator(schema as Record<string, unknown>);
  } catch (e) {
    return [{ path: SCHEMA_PATH, message: `The JSON Schema does not compile: ${(e as Error).message}.` }];
  }
  const shape = fieldShapeErrors(schema as Record<string, unknown>);
  const unmeetable = unmeetableRules(schema, SCHEMA_PATH, ANSWER_LIMITS);
  // Asked for once the fields' shapes and ranges are right: the bounds to add are then plain.
  const unboundedNumber = shape.length || unmeetable.length ? undefined : unboundedNumberAt(schema);
  const unboundedText = shape.length || unmeetable.length ? undefined : unboundedFreeText(schema);
  return [
    ...shape,
    ...unmeetable,
    ...(unboundedText === undefined
      ? []
      : [
          {
            path: `${SCHEMA_PATH}${unboundedText}`,
            message: `A text needs a maxLength of at most ${MAX_PATTERN_TEXT.toLocaleString('en-US')}: its answer is printed on the form.`,
          },
        ]),
    ...(unboundedNumber === undefined
      ? []
      : [
          {
            path: `${SCHEMA_PATH}${unboundedNumber}`,
            message: `A number needs a minimum and a maximum within ±${ANSWER_LIMITS.number.toLocaleString('en-US')}, or choices: without them an answer could be any size.`,
          },
        ]),
    ...uiSchemaErrors(f?.uiSchema, schema),
  ];
}

/**
 * What an employee's answer may be, for the rules a definition writes (docs/input-limits.md): a
 * text no longer than a request's body, a number no larger than the largest amount a certificate
 * holds (state_w4.json: $100,000,000; its counts stop at 999), checked to a millionth at finest.
 */
const ANSWER_LIMITS: AnswerLimits = { text: MAX_BODY_BYTES, number: 100_000_000, step: 0.000001 };

/**
 * The state W-4's own fields, which a definition's fields sit beside in the employee's record: a
 * definition naming one would replace it on the employee's screen (the signature box gone, the
 * state asked as a number), and a prepare_for_save setting one is ignored (the hook keeps them as the
 * write made them: no definition signs, re-owns or syncs a certificate). The shared values
 * (state_status, total_allowances, …) are meant to be named.
 */
export const STATE_W4_OWN_FIELDS: ReadonlySet<string> = new Set([
  'state',
  'employee_signature',
  'signature_history',
  'sync_status',
  '_user_uuid',
  'created_by',
  'created_time',
]);
const FIELD_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * Rules over the whole of the state W-4's record, which holds the W-4's own fields beside the
 * definition's: each reached them (additionalProperties: false refused the state; a patternProperty
 * or an allOf's property redefined it; a required inside allOf named a field the screen lacks).
 * Rules across fields belong in the definition's validator.
 */
const FORM_LEVEL = [
  'additionalProperties',
  'patternProperties',
  'propertyNames',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'minProperties',
  'maxProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
];

/** A field's own values (its choices, its fixed value, its default) that the field itself refuses. */
function ownValueErrors(name: string, prop: Record<string, unknown>, at: string): FieldError[] {
  const { enum: choices, const: fixed, default: start, ...rule } = prop;
  delete rule.examples;
  const values: [string, unknown][] = [
    ...(Array.isArray(choices) ? choices.map((v): [string, unknown] => ['choice', v]) : []),
    ...('const' in prop ? [['fixed value', fixed] as [string, unknown]] : []),
    ...('default' in prop ? [['default', start] as [string, unknown]] : []),
  ];
  if (!values.length) return [];
  let check: ValidateFunction;
  try {
    check = ajv.compile(rule);
  } catch {
    return [];
  }
  return values
    .filter(([, v]) => !check(v))
    .map(([what, v]) => ({
      path: at,
      message: `Field '${name}': its ${what} ${JSON.stringify(v)} is not a value the field takes, so the employee could never give it.`,
    }));
}
const COMBINERS = ['type', 'enum', 'const', '$ref', 'allOf', 'anyOf', 'oneOf'];
/** The longest title and description a definition's schema may give: a label and its help, drawn beside every field. */
const MAX_WORDS = { title: 200, description: 2000 };

/**
 * What makes a definition's fields unusable on the employee's screen although the schema is valid:
 * names that are not plain field names or are the form's own, a field with no label or no kind of
 * value (not drawn at all), a `required` naming no field (a save refused at a field that is not there).
 */
function fieldShapeErrors(schema: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const k of FORM_LEVEL) {
    if (k in schema) {
      errors.push({
        path: `${SCHEMA_PATH}/${k}`,
        message: `'${k}' would apply to the whole form, which also holds the state W-4's own fields: put the rule on a field, or in the validator.`,
      });
    }
  }
  const open = firstSchemaWhere(schema, SCHEMA_PATH, (n) =>
    ['additionalProperties', 'patternProperties', 'propertyNames'].some(
      (k) => k in n && typeof n[k] === 'object' && n[k] !== null && Object.keys(n[k] as object).length > 0,
    ),
  );
  if (open !== undefined) {
    errors.push({
      path: open,
      message:
        'An object of the form names its fields in properties: a schema for any other key (additionalProperties, patternProperties, propertyNames) would let a save hold any number of them.',
    });
  }
  const wordy = firstSchemaWhere(schema, SCHEMA_PATH, (n) =>
    Object.entries(MAX_WORDS).some(([k, most]) => typeof n[k] === 'string' && [...(n[k] as string)].length > most),
  );
  if (wordy !== undefined) {
    errors.push({
      path: wordy,
      message: `A title is a label the employee reads (at most ${MAX_WORDS.title} characters) and a description its help (at most ${MAX_WORDS.description.toLocaleString('en-US')}): put longer text in the form's instructions.`,
    });
  }
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, prop] of Object.entries(props)) {
    const at = `${SCHEMA_PATH}/properties/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (!FIELD_NAME.test(name)) {
      errors.push({
        path: at,
        message: `Field names are lower-case letters, digits and _, starting with a letter, at most 64: '${name}' is not one.`,
      });
    } else if (name === 'constructor' || name === 'prototype') {
      // A request body cannot hold one (../http/json-body.ts); a definition stored otherwise cannot either.
      errors.push({ path: at, message: prototypeKeyMessage(name) });
    } else if (STATE_W4_OWN_FIELDS.has(name)) {
      errors.push({
        path: at,
        message: `'${name}' is the state W-4's own field (the state, the signature, the sync status): give this field another name.`,
      });
    }
    if (typeof prop.title !== 'string' || prop.title.trim() === '') {
      errors.push({ path: at, message: `Field '${name}' needs a title: the label the employee reads.` });
    }
    if (!COMBINERS.some((k) => k in prop)) {
      errors.push({
        path: at,
        message: `Field '${name}' needs a type (or choices): the employee is shown nothing to fill.`,
      });
    }
    errors.push(...ownValueErrors(name, prop, at));
  }
  // `known`: the fields of the object a branch of it (allOf, if/then, …) speaks of.
  const walk = (node: unknown, at: string, known: ReadonlySet<string> = new Set()) => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    const n = node as Record<string, unknown>;
    const fields = new Set([...known, ...Object.keys((n.properties ?? {}) as object)]);
    if (Array.isArray(n.required)) {
      for (const r of n.required) {
        if (typeof r === 'string' && !fields.has(r)) {
          errors.push({
            path: `${at}/required`,
            message: `'${r}' is required but is no field of this object: add it, or remove it from required.`,
          });
        }
      }
    }
    for (const [k, child] of Object.entries((n.properties ?? {}) as Record<string, unknown>))
      walk(child, `${at}/properties/${k}`);
    if (n.items) walk(n.items, `${at}/items`);
    for (const k of ['allOf', 'anyOf', 'oneOf']) {
      if (Array.isArray(n[k])) (n[k] as unknown[]).forEach((branch, i) => walk(branch, `${at}/${k}/${i}`, fields));
    }
    for (const k of ['if', 'then', 'else', 'not']) if (n[k]) walk(n[k], `${at}/${k}`, fields);
  };
  walk(schema, SCHEMA_PATH);
  return errors;
}

/**
 * A uiSchema that names only the definition's fields, orders only them, and draws them with widgets
 * the screen has (engine/definition-widgets.ts): an unknown widget made the employee's page fail.
 */
function uiSchemaErrors(ui: unknown, schema: object): FieldError[] {
  if (ui === undefined) return [];
  const at = '/fields/uiSchema';
  if (!ui || typeof ui !== 'object' || Array.isArray(ui))
    return [{ path: at, message: 'The uiSchema must be an object.' }];
  const fields = new Set(Object.keys(((schema as { properties?: object }).properties ?? {}) as object));
  const errors: FieldError[] = [];
  const widgets = new Set(DEFINITION_WIDGETS);
  const checkWidget = (node: unknown, where: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      if (k === 'ui:widget' && (typeof v !== 'string' || !widgets.has(v))) {
        errors.push({
          path: `${where}/ui:widget`,
          message: `'${String(v)}' is not a widget of the form: use one of ${DEFINITION_WIDGETS.join(', ')}.`,
        });
      } else if (!k.startsWith('ui:')) {
        checkWidget(v, `${where}/${k}`);
      }
    }
  };
  for (const [k, v] of Object.entries(ui as Record<string, unknown>)) {
    if (k === 'ui:order') {
      const order = Array.isArray(v) ? v : [];
      if (!Array.isArray(v) || order.some((x) => typeof x !== 'string')) {
        errors.push({ path: `${at}/ui:order`, message: 'ui:order is a list of field names.' });
        continue;
      }
      for (const name of order as string[]) {
        if (name !== '*' && !fields.has(name)) {
          errors.push({
            path: `${at}/ui:order`,
            message: `ui:order names '${name}', which is no field of the schema.`,
          });
        }
      }
    } else if (k.startsWith('ui:')) {
      continue;
    } else if (!fields.has(k)) {
      errors.push({ path: `${at}/${k}`, message: `The uiSchema names '${k}', which is no field of the schema.` });
    } else {
      checkWidget(v, `${at}/${k}`);
    }
  }
  return errors;
}

/**
 * The most items a list of a definition's answers may hold. A check's cost grows with a list's items
 * times the branches each is checked against, so, as the product's own lists (schemas/entity.schema.json),
 * every list says its bound: no employee's save can make the server check thousands of them.
 */
const MAX_DEFINITION_ITEMS = 100;

/** The place of the first list in `node` without a maxItems of at most MAX_DEFINITION_ITEMS; undefined when none. */
const unboundedList = (node: unknown) =>
  firstSchemaWhere(node, '', (n) => {
    const isList = n.type === 'array' || (Array.isArray(n.type) && n.type.includes('array')) || 'items' in n;
    return isList && !(typeof n.maxItems === 'number' && n.maxItems <= MAX_DEFINITION_ITEMS);
  });

const isBound = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

/**
 * The place of the first number in `node` without both ends (docs/input-limits.md, "Numbers in the
 * schemas": every number a record holds says its bounds). Unbounded, an answer of 1e300 was kept
 * and printed as such on the employee's certificate. How far the ends may lie is unmeetableRules'.
 */
const unboundedNumberAt = (node: unknown) =>
  firstSchemaWhere(node, '', (n) => {
    const types = Array.isArray(n.type) ? n.type : [n.type];
    if (!types.includes('number') && !types.includes('integer')) return false;
    if ('enum' in n || 'const' in n) return false;
    return !(isBound(n.maximum) || isBound(n.exclusiveMaximum)) || !(isBound(n.minimum) || isBound(n.exclusiveMinimum));
  });

/**
 * The place (a JSON Pointer) of the first schema in `node` that `breaks` a rule; undefined when none.
 * Values (an enum, a default) and the engine's own keywords (x-messages names a pattern's message)
 * are not schemas and are not walked.
 */
function firstSchemaWhere(
  node: unknown,
  at: string,
  breaks: (schema: Record<string, unknown>) => boolean,
): string | undefined {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) {
      const found = firstSchemaWhere(child, `${at}/${i}`, breaks);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  const n = node as Record<string, unknown>;
  if (breaks(n)) return at;
  for (const [k, child] of Object.entries(n)) {
    if (VALUE_KEYWORDS.has(k) || k.startsWith('x-')) continue;
    const found = firstSchemaWhere(child, `${at}/${k}`, breaks);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The most subschemas a definition's fields may hold with every `$ref` followed. A value is checked
 * against each subschema that applies to it: `anyOf` of ten references, seven levels deep, is a
 * 2.4 KB schema of ten million subschemas, and one save checked for ten seconds. The product's
 * forms hold a few dozen.
 */
const MAX_DEFINITION_SUBSCHEMAS = 1000;

/** The keywords whose schema applies to each item of a list. */
const ITEM_KEYWORDS: ReadonlySet<string> = new Set(['items', 'additionalItems', 'contains']);

/** Values, not schemas: an enum or a default may be anything. */
const VALUE_KEYWORDS: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples']);

/**
 * The schema's subschemas counted with every local `$ref` expanded, stopping once past the bound;
 * `loop` names a reference that leads back to itself (a recursive schema checks as deep as the data
 * nests, with its branches at every level).
 */
function expandedSize(root: unknown): { count: number; loop?: string } {
  const done = new Map<string, number>();
  const open = new Set<string>();
  let loop: string | undefined;
  const resolve = (ref: string): unknown => {
    let node: unknown = root;
    for (const raw of ref.slice(2).split('/').filter(Boolean)) {
      const part = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }
    return node;
  };
  const count = (node: unknown): number => {
    if (loop !== undefined) return 0;
    if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + count(child), 0);
    if (!node || typeof node !== 'object') return 0;
    let total = 1;
    const n = node as Record<string, unknown>;
    // A list's item schema is checked once per item: counted as many times as the list may hold.
    const perItem = typeof n.maxItems === 'number' ? Math.max(1, n.maxItems) : 1;
    for (const [k, child] of Object.entries(n)) {
      if (VALUE_KEYWORDS.has(k)) continue;
      const size = k === '$ref' && typeof child === 'string' ? referenced(child) : count(child);
      total += ITEM_KEYWORDS.has(k) ? size * perItem : size;
      if (total > MAX_DEFINITION_SUBSCHEMAS) return total;
    }
    return total;
  };
  const referenced = (ref: string): number => {
    // Only references into this schema are followed; any other does not compile.
    if (ref !== '#' && !ref.startsWith('#/')) return 0;
    const known = done.get(ref);
    if (known !== undefined) return known;
    if (open.has(ref)) {
      loop ??= ref;
      return 0;
    }
    open.add(ref);
    const n = ref === '#' ? count(root) : count(resolve(ref));
    open.delete(ref);
    done.set(ref, n);
    return n;
  };
  const total = count(root);
  return loop === undefined ? { count: total } : { count: total, loop };
}

/**
 * The longest text a definition's pattern is matched against: the matching is linear in the text,
 * and every answer of every employee runs through it on the one thread all companies share.
 */
const MAX_PATTERN_TEXT = 1000;

/** The place of the first schema in `node` with a pattern and no maxLength of at most MAX_PATTERN_TEXT. */
const unboundedPatternText = (node: unknown) =>
  firstSchemaWhere(
    node,
    '',
    (n) => typeof n.pattern === 'string' && !(typeof n.maxLength === 'number' && n.maxLength <= MAX_PATTERN_TEXT),
  );

/**
 * The place of the first text in `node` (a `string` type, not one of an enum or a constant) with no
 * maxLength of at most MAX_PATTERN_TEXT: an answer is printed, and a text of a million characters
 * held the drawing of every company's forms for a minute.
 */
const unboundedFreeText = (node: unknown) =>
  firstSchemaWhere(node, '', (n) => {
    const text = n.type === 'string' || (Array.isArray(n.type) && n.type.includes('string'));
    const closed = Array.isArray(n.enum) || 'const' in n;
    return text && !closed && !(typeof n.maxLength === 'number' && n.maxLength <= MAX_PATTERN_TEXT);
  });

/** Each transform of a definition must parse as JSONata. */
export function checkDefinitionTransforms(transforms: unknown): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, text] of Object.entries((transforms ?? {}) as Record<string, unknown>)) {
    if (typeof text !== 'string') continue;
    try {
      parseExpression(text);
    } catch (e) {
      errors.push({ path: `/transforms/${name}`, message: `Not a valid JSONata expression: ${(e as Error).message}.` });
    }
  }
  return errors;
}

/**
 * The printable layout kept as data for a printable form type (a state_w4_form's printable_layout,
 * issue 7): the company's own definition first, then the product's shared ones. The layout was
 * checked when its definition was saved; it is checked again here, so a record written around the
 * API cannot reach the renderer unchecked.
 */
export async function findDataLayout(s: Services, org: string, form: string): Promise<Layout | undefined> {
  const items = (await definitionsWhere(s, org, 'printable_type', form)).filter(
    (i) => i.data.printable_layout !== undefined,
  );
  if (!items.length) return undefined;
  const { data, key } = items[0];
  const problems = dataLayoutProblems(data.printable_layout, { form: data.printable_type, state: data.state });
  if (problems.length) {
    s.log('warn', 'a stored printable layout is not valid; not printed', { form, org, key, problems });
    return undefined;
  }
  return data.printable_layout as unknown as Layout;
}
