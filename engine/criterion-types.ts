/**
 * Whether a criterion's value is one its field could hold, read from the field's schema: `hours >
 * "abc"` over a field of numbers matches no record on any store, so the data API refuses it (400
 * naming the place) before a store is asked, rather than answering an empty list. What
 * docs/criteria.md documents stays valid: `null` (equal to an explicit null only) with `=`, `!=`
 * and in an `in` list, `in []`, ranges over text, `like` over text, `contains` over a list. Pure.
 */
import type { Criterion } from './criteria.ts';
import type { JsonSchema } from './entity.ts';

/** A searchable field's schema, and its items' when it is a list (both with references followed). */
export interface SearchedField {
  schema: JsonSchema;
  items?: JsonSchema;
}

/** Why a criterion cannot match its field: the place inside the criterion (`value`, `value/2`, `is`, `field`) and why. */
export interface CriterionProblem {
  at: (string | number)[];
  message: string;
}

type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

const KINDS: readonly Kind[] = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];

function kindOf(value: unknown): Kind | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'object' ? t : undefined;
}

/** The JSON types a schema's values may have; undefined when the schema does not say (then any value may be). */
export function schemaKinds(schema: JsonSchema | undefined): Set<Kind> | undefined {
  if (!schema) return undefined;
  const { type } = schema;
  if (typeof type === 'string' || Array.isArray(type)) {
    const kinds = (Array.isArray(type) ? type : [type]).filter((k): k is Kind => KINDS.includes(k as Kind));
    return kinds.length ? new Set(kinds) : undefined;
  }
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  if (values) {
    const kinds = values.map(kindOf);
    return kinds.every((k) => k !== undefined) ? new Set(kinds as Kind[]) : undefined;
  }
  for (const k of ['anyOf', 'oneOf'] as const) {
    const branches = schema[k];
    if (!Array.isArray(branches)) continue;
    const all = new Set<Kind>();
    for (const branch of branches as JsonSchema[]) {
      const kinds = schemaKinds(branch);
      if (!kinds) return undefined;
      for (const x of kinds) all.add(x);
    }
    return all;
  }
  return undefined;
}

const HOLDS: Record<Kind, string> = {
  string: 'text',
  number: 'numbers',
  integer: 'whole numbers',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};
const ONE: Record<Kind, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** The kinds a field holds but null (stated separately: null is always a valid value). */
function shown(kinds: Set<Kind>): Kind[] {
  const list = [...kinds].filter((k) => k !== 'null');
  // A field of numbers also holds whole ones.
  return list.includes('number') ? list.filter((k) => k !== 'integer') : list;
}

const holds = (kinds: Set<Kind>) =>
  shown(kinds)
    .map((k) => HOLDS[k])
    .join(' or ');
const oneOf = (kinds: Set<Kind>) =>
  shown(kinds)
    .map((k) => ONE[k])
    .join(' or ');

/** Whether a plain value could equal (or, `ranged`, be compared with) a value of these kinds. */
function fits(value: unknown, kinds: Set<Kind>, ranged: boolean): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
      return kinds.has('string');
    case 'boolean':
      return kinds.has('boolean');
    case 'number':
      // A range may fall between whole numbers (hours > 1.5); equality with a fraction never holds.
      return kinds.has('number') || (kinds.has('integer') && (ranged || Number.isInteger(value)));
    default:
      return false;
  }
}

/**
 * The first reason a criterion (already a valid criterion for the engine) cannot match any value of
 * its field; undefined when it can, or when the schema does not say what the field holds.
 */
export function criterionProblem(criterion: Criterion, field: SearchedField): CriterionProblem | undefined {
  const { field: name, is, value } = criterion;
  const kinds = schemaKinds(field.schema);
  if (!kinds) return undefined;
  if (is === 'contains') {
    if (!kinds.has('array')) {
      return { at: ['is'], message: `${name} holds ${holds(kinds)}, not a list: 'contains' searches lists only` };
    }
    const items = schemaKinds(field.items);
    if (!items || fits(value, items, false)) return undefined;
    return { at: ['value'], message: `${name} holds a list of ${holds(items)}: the value must be ${oneOf(items)}` };
  }
  const values = is === 'in' ? (value as unknown[]) : [value];
  if (values.every((v) => v === null)) return undefined;
  const scalars = new Set([...kinds].filter((k) => k !== 'array' && k !== 'object' && k !== 'null'));
  if (scalars.size === 0) {
    if (kinds.has('array')) return { at: ['is'], message: `${name} holds a list: search it with 'contains'` };
    if (kinds.has('object')) {
      return { at: ['field'], message: `${name} holds an object: search one of its fields (${name}.<field>)` };
    }
    return undefined;
  }
  if (is === 'like') {
    return scalars.has('string')
      ? undefined
      : { at: ['is'], message: `${name} holds ${holds(scalars)}: 'like' searches text only` };
  }
  const ranged = is === '<' || is === '<=' || is === '>' || is === '>=';
  const wrong = values.findIndex((v) => !fits(v, scalars, ranged));
  if (wrong < 0) return undefined;
  return {
    at: is === 'in' ? ['value', wrong] : ['value'],
    message: `${name} holds ${holds(scalars)}: the value must be ${oneOf(scalars)}`,
  };
}
