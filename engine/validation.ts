/**
 * Validation with ajv (JSON Schema draft-07): one ajv instance with dform's x- keywords declared,
 * a validator compiled once per entity, and errors explained with the spec's messages. Its minLength
 * also refuses a text of only spaces (engine/blank-text.ts). Before ajv, the rules of every entity
 * that JSON Schema does not say (no control characters in text) and the cut of what ajv is shown
 * to the schema's own limits (engine/bounded-view.ts), so that a request's cost is bounded by the
 * schema, not by the request (docs/input-limits.md).
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import addFormatsModule from 'ajv-formats';
import { useNonBlankMinLength } from './blank-text.ts';
import { boundedView } from './bounded-view.ts';
import { controlCharacterErrors } from './control-characters.ts';
import type { JsonSchema } from './entity.ts';
import { explainErrors, MAX_ERRORS, moreErrors, type FieldError } from './messages.ts';
import { useLinearUniqueItems } from './unique-items.ts';

// ajv-formats is CommonJS; depending on the loader its function is the default export or its `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** Every x- keyword the entity format uses: annotations to ajv, instructions to the engine. */
export const DFORM_KEYWORDS: readonly string[] = [
  'x-plural',
  'x-key',
  'x-owner',
  'x-my',
  'x-my-menu',
  'x-hidden-by',
  'x-shared-with',
  'x-channel',
  'x-channel-readers',
  'x-access',
  'x-list',
  'x-routes',
  'x-ui',
  'x-sections',
  'x-transforms',
  'x-sensitive',
  'x-server-owned',
  'x-messages',
  'x-edit',
  'x-read',
  'x-immutable',
  'x-not-shown',
  'x-enumNames',
  'x-widget',
  'x-signature',
  'x-shared',
  'x-item-key',
  'x-attests',
  'x-file',
  'x-unique',
  'x-ref',
  'x-dev-note',
  'x-visible',
  'x-lapses',
  'x-onboarding',
];

/**
 * `code.regExp` is the engine of `pattern` and `patternProperties`: schemas written as data (a state
 * form's fields) pass engine/linear-regexp's `linearPatterns`; the product's own files keep RegExp.
 */
export function createAjv(
  options: { code?: { source?: boolean; regExp?: RegExpEngine }; useDefaults?: boolean } = {},
): Ajv {
  const ajv = new Ajv({
    strict: true,
    strictRequired: false,
    allErrors: true,
    verbose: true,
    $data: false,
    allowUnionTypes: true,
    ...options,
  });
  addFormats(ajv, ['date', 'date-time', 'email', 'uri', 'uuid', 'time']);
  ajv.addVocabulary([...DFORM_KEYWORDS]);
  useNonBlankMinLength(ajv);
  // Standalone code (the browser's precompiled validators) cannot carry a keyword's function; a
  // browser checks one person's form, whose lists are short, with ajv's own uniqueItems.
  if (!options.code?.source) useLinearUniqueItems(ajv);
  return ajv;
}

export interface EntityValidator {
  (data: unknown): FieldError[];
  schema: JsonSchema;
  /** The same errors, each with the JSON Schema keyword that failed. */
  withKeywords(data: unknown): FieldError[];
}

/**
 * Wraps a compiled ajv function (runtime or precompiled standalone) as `data -> errors`. ajv fills
 * defaults into `data` itself unless a value had to be cut for it, and then the data is invalid.
 * Errors past the first MAX_ERRORS of a kind found before ajv are counted in one moreErrors item.
 */
export function entityValidator(fn: ValidateFunction, bundled: JsonSchema): EntityValidator {
  const ui = bundled['x-ui'] as Record<string, unknown> | undefined;
  const check = (data: unknown, withKeyword: boolean): FieldError[] => {
    const control = controlCharacterErrors(data, ui, MAX_ERRORS);
    const bounded = boundedView(bundled, data, MAX_ERRORS);
    const found = fn(bounded.data) ? [] : explainErrors(fn.errors, bundled, withKeyword);
    const errors = [
      ...(withKeyword ? control.errors : control.errors.map(({ path, message }) => ({ path, message }))),
      ...found,
    ];
    const more = control.more + bounded.more;
    return more ? [...errors, moreErrors(more)] : errors;
  };
  const v = ((data: unknown) => check(data, false)) as EntityValidator;
  v.schema = bundled;
  v.withKeywords = (data) => check(data, true);
  return v;
}

export function compileValidator(ajv: Ajv, bundled: JsonSchema): EntityValidator {
  return entityValidator(ajv.compile(bundled), bundled);
}

export type { FieldError };
