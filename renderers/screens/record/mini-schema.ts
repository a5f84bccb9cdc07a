/**
 * A small interpreting JSON Schema check for what @rjsf asks `isValid` about while it renders:
 * `if` conditions and which oneOf/anyOf branch data matches. No code generation, so it runs under
 * the server's CSP. Formats are not checked (they never pick a branch here). minLength refuses a
 * blank text as the engine's ajv does (engine/blank-text.ts).
 *
 * `pattern` is checked with RegExp, which is right for the product's own schemas; a form whose fields
 * are data (a state form's definition) installs RE2 first (`setPatternTest` with
 * engine/linear-regexp's `linearTest`), so that no pattern of a definition can hang the page.
 */
import { isBlank } from '../../../engine/blank-text.ts';
import type { JsonObject } from '../../api/types.ts';

type Schema = JsonObject | boolean;

function typeOk(t: unknown, v: unknown): boolean {
  const one = (x: string) => {
    switch (x) {
      case 'null':
        return v === null;
      case 'array':
        return Array.isArray(v);
      case 'object':
        return !!v && typeof v === 'object' && !Array.isArray(v);
      case 'integer':
        return typeof v === 'number' && Number.isInteger(v);
      case 'number':
        return typeof v === 'number' && Number.isFinite(v);
      default:
        return typeof v === x;
    }
  };
  return Array.isArray(t) ? t.some((x) => one(String(x))) : one(String(t));
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type PatternTest = (pattern: string, text: string) => boolean;

let patternTest: PatternTest = (pattern, text) => new RegExp(pattern, 'u').test(text);

/** Checks `pattern` with this test from now on (engine/linear-regexp's linearTest). */
export function setPatternTest(test: PatternTest): void {
  patternTest = test;
}

export function matches(schema: Schema | undefined, v: unknown, root: JsonObject, depth = 0): boolean {
  if (schema === undefined || schema === true) return true;
  if (schema === false) return false;
  if (depth > 32) return true;
  const s = schema;
  const sub = (x: unknown, val: unknown) => matches(x as Schema, val, root, depth + 1);
  if (typeof s.$ref === 'string') {
    const ref = s.$ref;
    const target =
      ref === '#'
        ? root
        : ref.startsWith('#/definitions/')
          ? (root.definitions as JsonObject)?.[ref.slice(14)]
          : undefined;
    if (target !== undefined && !sub(target, v)) return false;
  }
  if (s.type !== undefined && !typeOk(s.type, v)) return false;
  if ('const' in s && !equal(s.const, v)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => equal(e, v))) return false;
  if (typeof v === 'string') {
    if (typeof s.minLength === 'number' && ([...v].length < s.minLength || (s.minLength > 0 && isBlank(v))))
      return false;
    if (typeof s.maxLength === 'number' && [...v].length > s.maxLength) return false;
    if (typeof s.pattern === 'string' && !patternTest(s.pattern, v)) return false;
  }
  if (typeof v === 'number') {
    if (typeof s.minimum === 'number' && v < s.minimum) return false;
    if (typeof s.maximum === 'number' && v > s.maximum) return false;
    if (typeof s.exclusiveMinimum === 'number' && v <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === 'number' && v >= s.exclusiveMaximum) return false;
  }
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as JsonObject;
    if (Array.isArray(s.required) && !s.required.every((k) => o[k as string] !== undefined)) return false;
    for (const [k, ps] of Object.entries((s.properties as JsonObject | undefined) ?? {})) {
      if (o[k] !== undefined && !sub(ps, o[k])) return false;
    }
  }
  if (Array.isArray(v)) {
    if (typeof s.minItems === 'number' && v.length < s.minItems) return false;
    if (typeof s.maxItems === 'number' && v.length > s.maxItems) return false;
    if (s.items && typeof s.items === 'object' && !Array.isArray(s.items) && !v.every((x) => sub(s.items, x)))
      return false;
    if (s.contains !== undefined && !v.some((x) => sub(s.contains, x))) return false;
  }
  if (Array.isArray(s.allOf) && !s.allOf.every((x) => sub(x, v))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((x) => sub(x, v))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((x) => sub(x, v)).length !== 1) return false;
  if (s.not !== undefined && sub(s.not, v)) return false;
  if (s.if !== undefined) {
    if (sub(s.if, v)) {
      if (s.then !== undefined && !sub(s.then, v)) return false;
    } else if (s.else !== undefined && !sub(s.else, v)) return false;
  }
  return true;
}
