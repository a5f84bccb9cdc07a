/**
 * Validation with ajv (JSON Schema draft-07): one ajv instance with dform's x- keywords declared,
 * a validator compiled once per entity, and errors explained with the spec's messages.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './entity.ts';
import { explainErrors, type FieldError } from './messages.ts';

// ajv-formats is CommonJS; depending on the loader its function is the default export or its `.default`.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** Every x- keyword the entity format uses: annotations to ajv, instructions to the engine. */
export const DFORM_KEYWORDS = [
  'x-plural',
  'x-key',
  'x-owner',
  'x-my',
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
];

export function createAjv(options: { code?: { source?: boolean }; useDefaults?: boolean } = {}): Ajv {
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
  ajv.addVocabulary(DFORM_KEYWORDS);
  return ajv;
}

export interface EntityValidator {
  (data: unknown): FieldError[];
  schema: JsonSchema;
  /** The same errors, each with the JSON Schema keyword that failed. */
  withKeywords(data: unknown): FieldError[];
}

/** Wraps a compiled ajv function (runtime or precompiled standalone) as `data -> errors`. */
export function entityValidator(fn: ValidateFunction, bundled: JsonSchema): EntityValidator {
  const v = ((data: unknown) => (fn(data) ? [] : explainErrors(fn.errors, bundled))) as EntityValidator;
  v.schema = bundled;
  v.withKeywords = (data) => (fn(data) ? [] : explainErrors(fn.errors, bundled, true));
  return v;
}

export function compileValidator(ajv: Ajv, bundled: JsonSchema): EntityValidator {
  return entityValidator(ajv.compile(bundled), bundled);
}

export type { FieldError };
