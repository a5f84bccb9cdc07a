/**
 * Turns ajv's errors into `{path, message}` items: the spec's own message where the schema gives one
 * (`x-messages` beside the keyword), otherwise a plain sentence that names the rule.
 */
import type { ErrorObject } from 'ajv';
import { isBlank } from './blank-text.ts';
import type { JsonSchema } from './entity.ts';

export interface FieldError {
  /** JSON Pointer into the data (`/legal_address/postal_code`); '' for the record as a whole. */
  path: string;
  message: string;
  /** The JSON Schema keyword that failed, for the engine's own use; never sent on the wire. */
  keyword?: string;
  /** On the item that stands for errors not listed (see moreErrors): how many. */
  more?: number;
}

/**
 * The server's answers that a client tells apart from a rule's own message: a refusal for lack of a
 * right (403), and a stale If-Match or a write overtaken at its commit (409). Any other 403 or 409
 * carries the rule that refused, which a client shows as it is.
 */
export const NOT_AUTHORIZED_MESSAGE = 'Not authorized.';
export const VERSION_CONFLICT_MESSAGE = 'Version conflict: the record changed since it was read';

/** At most this many errors are answered; one more item counts the rest (docs/input-limits.md). */
export const MAX_ERRORS = 50;

/** The item that stands for `count` errors not listed: `{path: '', message: 'and 12 more errors'}`. */
export function moreErrors(count: number): FieldError {
  return { path: '', message: `and ${count} more error${count === 1 ? '' : 's'}`, more: count };
}

/** The first MAX_ERRORS errors, then one moreErrors item for the rest and for any such items among them. */
export function capErrors(errors: readonly FieldError[]): FieldError[] {
  const listed: FieldError[] = [];
  let more = 0;
  for (const e of errors) {
    if (e.more) more += e.more;
    else if (listed.length < MAX_ERRORS) listed.push(e);
    else more++;
  }
  return more ? [...listed, moreErrors(more)] : listed;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

/** "<Title> is required.", in the field's own title where the schema gives one. */
const requiredOf = (field: JsonSchema | undefined) =>
  typeof field?.title === 'string' && field.title.trim() ? `${field.title.trim()} is required.` : 'Required';

function defaultMessage(e: ErrorObject, field?: JsonSchema): string {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return requiredOf(field);
    case 'type':
      return `Must be ${String(p.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t)
        .join(' or ')}`;
    case 'maxLength':
      return `Must be at most ${p.limit} characters`;
    case 'minLength':
      return p.limit === 1 || (typeof e.data === 'string' && isBlank(e.data))
        ? requiredOf(e.parentSchema as JsonSchema | undefined)
        : `Must be at least ${p.limit} characters`;
    case 'pattern':
      return 'Has an invalid format';
    case 'format':
      return p.format === 'date' ? 'Please enter a valid date.' : `Must be a valid ${p.format}`;
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      // Text as itself; anything else (a number, null, an object, an empty text) as JSON.
      const shown = allowed.map((v) => (typeof v === 'string' && v !== '' ? v : JSON.stringify(v)));
      return allowed.length <= 12 ? `Must be one of: ${shown.join(', ')}` : 'Is not one of the allowed values';
    }
    case 'const':
      return `Must be ${JSON.stringify(p.allowedValue)}`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `Must be ${e.keyword === 'minimum' ? 'at least' : 'more than'} ${p.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `Must be ${e.keyword === 'maximum' ? 'at most' : 'less than'} ${p.limit}`;
    case 'minItems':
      return `Must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `Must have at most ${p.limit} item${p.limit === 1 ? '' : 's'}`;
    case 'additionalProperties':
      return 'Is not a field of this form';
    case 'multipleOf':
      return p.multipleOf === 1 ? 'Must be a whole number' : `Must be a multiple of ${p.multipleOf}`;
    case 'uniqueItems':
      return 'Must not repeat an item';
    default:
      return 'Is not valid';
  }
}

function resolveRef(root: JsonSchema | undefined, s: JsonSchema | undefined): JsonSchema | undefined {
  let cur = s;
  for (let i = 0; i < 8 && cur && typeof cur.$ref === 'string' && root; i++) {
    const ref = cur.$ref as string;
    cur = ref.startsWith('#/definitions/')
      ? (root.definitions as Record<string, JsonSchema>)?.[ref.slice(14)]
      : undefined;
  }
  return cur;
}

function messageFrom(schema: JsonSchema | undefined, keyword: string): string | undefined {
  const m = schema?.['x-messages'] as Record<string, string> | undefined;
  return m?.[keyword];
}

/** Combinator noise that repeats what the branch errors already say. */
const SKIP = new Set(['if', 'then', 'else', 'anyOf', 'oneOf', 'allOf', '$ref', 'not']);

export function explainErrors(
  errors: ErrorObject[] | null | undefined,
  root?: JsonSchema,
  withKeyword = false,
): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  // A value of the wrong type is said once, in the words a schema gives it if one does (the field's
  // own rather than its subschemas' generic "Must be text").
  const typeWords = new Map<string, string>();
  for (const e of errors ?? []) {
    const words = e.keyword === 'type' ? messageFrom(e.parentSchema as JsonSchema | undefined, 'type') : undefined;
    if (words && !typeWords.has(e.instancePath)) typeWords.set(e.instancePath, words);
  }
  const mistyped = new Set<string>();
  for (const e of errors ?? []) {
    if (SKIP.has(e.keyword) && e.keyword !== 'not') continue;
    if (e.keyword === 'type') {
      if (mistyped.has(e.instancePath)) continue;
      mistyped.add(e.instancePath);
    }
    let path = e.instancePath;
    let message: string | undefined;
    let field: JsonSchema | undefined;
    const parent = e.parentSchema as JsonSchema | undefined;
    if (e.keyword === 'required') {
      const prop = String((e.params as { missingProperty: string }).missingProperty);
      path = `${path}/${prop.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      const props = resolveRef(root, parent)?.properties as Record<string, JsonSchema> | undefined;
      const own = props?.[prop];
      const resolved = resolveRef(root, own);
      // The field's own title before the one of the definition it refers to ("Effective", not "Time").
      field = own?.title === undefined ? resolved : { ...resolved, title: own.title };
      message = messageFrom(own, 'required') ?? messageFrom(resolved, 'required') ?? messageFrom(parent, 'required');
    } else if (e.keyword === 'additionalProperties') {
      const prop = String((e.params as { additionalProperty: string }).additionalProperty);
      path = `${path}/${prop.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    } else if (e.keyword === 'type') {
      message = typeWords.get(path);
    } else {
      message = messageFrom(parent, e.keyword);
    }
    message ??= defaultMessage(e, field);
    const id = `${path}\u0000${message}`;
    if (!seen.has(id)) {
      seen.add(id);
      out.push(withKeyword ? { path, message, keyword: e.keyword } : { path, message });
    }
  }
  return out;
}

/**
 * A top-level field's own message for a rule (its x-messages), for the rules code checks that JSON
 * Schema cannot say (a hook's), so the words live in the schema file only. Throws when the schema
 * names none: a missing message is a schema mistake, found by the first test that hits it.
 */
export function fieldMessage(file: JsonSchema, field: string, rule: string): string {
  const prop = (file.properties as Record<string, JsonSchema> | undefined)?.[field];
  const message = messageFrom(prop, rule);
  if (message === undefined) throw new Error(`messages: no x-messages.${rule} on ${String(file.$id ?? '')} ${field}`);
  return message;
}
