/**
 * The JSON Schema (draft-07) meta-schema's validator, precompiled into the validators module
 * (scripts/vite/validators-module.ts) as a chunk of its own, for editors of schemas kept as data.
 */
import { explainErrors, type FieldError } from '../../../engine/messages.ts';
import { META_ID } from './meta-schema-id.ts';

export { META_ID };

/**
 * The meta-schema's objections to a schema, each as "at <place>: <what>", or undefined when the
 * validator is not available (the server checks it on save).
 */
export async function metaSchemaErrors(schema: unknown): Promise<FieldError[] | undefined> {
  // Loaded when first needed: the validators module exists only in the web build.
  const { preloadValidator } = await import('./precompiled.ts');
  const fn = await preloadValidator(META_ID);
  if (!fn) return undefined;
  if (fn(schema)) return [];
  return explainErrors(fn.errors).map((e) => ({ path: e.path, message: `${e.path || 'the schema'}: ${e.message}` }));
}
