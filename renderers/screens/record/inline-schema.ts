/**
 * The form's schema with its local `$ref`s replaced by what they point at and each simple `allOf`
 * merged into its schema, as @rjsf would resolve them itself on every render and every change
 * (computing the defaults of a 200-item list resolved each item's refs on each keystroke). The
 * referring schema's own keywords win over the target's, as in @rjsf. A `$ref` that recurses, or
 * an `allOf` whose parts disagree (or hold conditions), is left for @rjsf to resolve. Pure.
 */
import type { JsonObject } from '../../api/types.ts';

const isPlain = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

const ONE = [
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];
const LIST = ['allOf', 'anyOf', 'oneOf', 'items'];
const MAP = ['properties', 'patternProperties', 'dependencies'];
/** Keywords whose meaning depends on the data or on sibling parts: such an allOf stays as it is. */
const DATA_DEPENDENT = ['if', 'then', 'else', 'oneOf', 'anyOf', 'dependencies', '$ref', 'allOf'];

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** `schema` with its allOf parts merged in, or `schema` itself when they cannot merge plainly. */
function mergeAllOf(schema: JsonObject): JsonObject {
  const parts = schema.allOf;
  if (!Array.isArray(parts) || !parts.every(isPlain)) return schema;
  const { allOf: _, ...base } = schema;
  if (DATA_DEPENDENT.some((k) => k in base)) return schema;
  const out: JsonObject = { ...base };
  // Several parts that each forbid something (an SSN's never-issued areas, groups and serials) are
  // one part forbidding any of them: not A and not B is not (A or B). Their messages are joined.
  const nots = parts.filter((p) => 'not' in p);
  if (nots.length > 1 && !('not' in base)) {
    out.not = { anyOf: nots.map((p) => p.not) };
    const said = nots.map((p) => (p['x-messages'] as JsonObject | undefined)?.not).filter((m) => typeof m === 'string');
    if (said.length) out['x-messages'] = { ...(out['x-messages'] as JsonObject | undefined), not: said.join(' ') };
  }
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      if (
        nots.length > 1 &&
        (k === 'not' || (k === 'x-messages' && isPlain(v) && Object.keys(v).every((m) => m === 'not')))
      ) {
        continue;
      }
      if (DATA_DEPENDENT.includes(k)) return schema;
      if (!(k in out) || same(out[k], v)) out[k] = v;
      else if (k === 'required' && Array.isArray(v) && Array.isArray(out[k]))
        out[k] = [...new Set([...(out[k] as unknown[]), ...v])];
      else if (k.startsWith('x-') && isPlain(v) && isPlain(out[k])) out[k] = { ...v, ...(out[k] as JsonObject) };
      else if (k === 'properties' && isPlain(v) && isPlain(out[k])) {
        const own = out[k] as JsonObject;
        if (Object.keys(v).some((p) => p in own)) return schema;
        out[k] = { ...own, ...v };
      } else return schema;
    }
  }
  return out;
}

export function inlineSchema(root: JsonObject): JsonObject {
  const defs = (isPlain(root.definitions) ? root.definitions : {}) as Record<string, JsonObject>;
  const walk = (s: unknown, seen: readonly string[]): unknown => {
    if (!isPlain(s)) return s;
    let node = s;
    let stack = seen;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/definitions/')) {
      const name = ref.slice('#/definitions/'.length);
      const target = defs[name];
      if (isPlain(target) && !stack.includes(name)) {
        const { $ref: _, ...own } = node;
        node = { ...target, ...own };
        stack = [...stack, name];
      }
    }
    const out: JsonObject = { ...node };
    for (const k of ONE) if (isPlain(out[k])) out[k] = walk(out[k], stack);
    for (const k of LIST) if (Array.isArray(out[k])) out[k] = (out[k] as unknown[]).map((x) => walk(x, stack));
    for (const k of MAP) {
      if (!isPlain(out[k])) continue;
      out[k] = Object.fromEntries(Object.entries(out[k] as JsonObject).map(([p, x]) => [p, walk(x, stack)]));
    }
    return mergeAllOf(out);
  };
  const { definitions, ...rest } = root;
  const inlined = walk(rest, []) as JsonObject;
  return definitions === undefined ? inlined : { ...inlined, definitions };
}
