/**
 * What ajv is given to check: the data with every list cut to one item past its maxItems, every
 * text to a little over twice its maxLength, and the unknown fields of closed objects past the first
 * few left out. A cut value still breaks its rule, so the errors name the same fields; but ajv's
 * work (each item of a list, each character of a text, one error per unknown field) is bounded by
 * the schema instead of by what a request holds. The data is never changed: the containers on the
 * way to a cut are copied.
 */
import type { JsonSchema } from './entity.ts';

/** What the walk needs of a schema node, its $ref and allOf parts merged in. */
interface Facts {
  maxItems?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties: Record<string, JsonSchema>;
  /** Whether a key is refused by an `additionalProperties: false` among the merged nodes. */
  unknown: (key: string) => boolean;
  /** The schema of keys no `properties` names, when one applies. */
  additional?: JsonSchema;
}

const isSchema = (v: unknown): v is JsonSchema => !!v && typeof v === 'object' && !Array.isArray(v);
const smaller = (a: number | undefined, b: unknown) =>
  typeof b === 'number' ? (a === undefined ? b : Math.min(a, b)) : a;

function factsOf(root: JsonSchema, node: JsonSchema): Facts {
  const facts: Facts = { properties: {}, unknown: () => false };
  const closed: Record<string, JsonSchema>[] = [];
  const merge = (s: JsonSchema, hops: number) => {
    if (hops > 16) return;
    facts.maxItems = smaller(facts.maxItems, s.maxItems);
    facts.maxLength = smaller(facts.maxLength, s.maxLength);
    if (!facts.items && isSchema(s.items)) facts.items = s.items;
    const props = isSchema(s.properties) ? (s.properties as Record<string, JsonSchema>) : {};
    for (const [k, v] of Object.entries(props)) if (!(k in facts.properties)) facts.properties[k] = v;
    if (s.additionalProperties === false && !s.patternProperties) closed.push(props);
    else if (!facts.additional && isSchema(s.additionalProperties)) facts.additional = s.additionalProperties;
    if (typeof s.$ref === 'string' && s.$ref.startsWith('#/definitions/')) {
      const target = (root.definitions as Record<string, JsonSchema> | undefined)?.[s.$ref.slice(14)];
      if (target) merge(target, hops + 1);
    }
    if (Array.isArray(s.allOf)) for (const part of s.allOf) if (isSchema(part)) merge(part, hops + 1);
  };
  merge(node, 0);
  if (closed.length) facts.unknown = (key) => closed.some((props) => !Object.hasOwn(props, key));
  return facts;
}

/** The longest text `node` (of the bundled `root`) allows, through its $refs and allOf parts. */
export function maxLengthOf(root: JsonSchema, node: JsonSchema): number | undefined {
  return factsOf(root, node).maxLength;
}

/**
 * The view of `data` to validate against `schema` (a bundled entity schema), and how many unknown
 * fields it leaves out beyond the first `keepUnknown` (each is an error: "Is not a field of this form").
 */
export function boundedView(schema: JsonSchema, data: unknown, keepUnknown: number): { data: unknown; more: number } {
  let unknownKept = 0;
  let more = 0;
  const facts = new Map<JsonSchema, Facts>();
  const factsFor = (node: JsonSchema) => {
    let f = facts.get(node);
    if (!f) facts.set(node, (f = factsOf(schema, node)));
    return f;
  };
  const view = (value: unknown, node: JsonSchema | undefined, depth: number): unknown => {
    if (!node || depth > 64) return value;
    const f = factsFor(node);
    if (typeof value === 'string') {
      // Twice the limit and more: a text cut there has more characters than maxLength even if every
      // character were a surrogate pair, which ajv counts as one.
      const cut = f.maxLength === undefined ? undefined : 2 * f.maxLength + 2;
      return cut !== undefined && value.length > cut ? value.slice(0, cut) : value;
    }
    if (Array.isArray(value)) {
      const list = f.maxItems !== undefined && value.length > f.maxItems + 1 ? value.slice(0, f.maxItems + 1) : value;
      let out: unknown[] | undefined = list === value ? undefined : list;
      for (let i = 0; i < list.length; i++) {
        const item = view(list[i], f.items, depth + 1);
        if (item !== list[i]) (out ??= [...list])[i] = item;
      }
      return out ?? value;
    }
    if (value && typeof value === 'object') {
      let out: Record<string, unknown> | undefined;
      const entries = Object.entries(value);
      for (let i = 0; i < entries.length; i++) {
        const [key, v] = entries[i];
        let next: unknown = v;
        if (f.unknown(key)) {
          if (unknownKept < keepUnknown) unknownKept++;
          else {
            more++;
            out ??= Object.fromEntries(entries.slice(0, i));
            continue;
          }
        } else next = view(v, Object.hasOwn(f.properties, key) ? f.properties[key] : f.additional, depth + 1);
        if (next !== v) out ??= Object.fromEntries(entries.slice(0, i));
        if (out) out[key] = next;
      }
      return out ?? value;
    }
    return value;
  };
  return { data: view(data, schema, 0), more };
}
