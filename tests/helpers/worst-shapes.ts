/**
 * The costliest request bodies an entity's schema lets a client build under 1 MiB, and just past
 * each limit: the longest lists (at maxItems, one past it, far past it, duplicates last), the
 * longest texts, control characters in every text, unknown fields, the deepest nesting, and a body
 * just over 1 MiB. Made from the bundled schema the meta endpoint answers; every body is invalid (a
 * write of it must be refused), so its answer is an error. Shared by tests/hardening/worst-shapes
 * (statuses and sizes) and bench/worst-shapes (how long the server's event loop is held).
 */

type Json = any;
export type Schema = Record<string, any>;

/** The body limits of docs/input-limits.md. */
export const LIMITS = { bodyBytes: 1024 * 1024, depth: 32, listItems: 5_000, objectKeys: 200 };
/** What a shape body may hold, a little under 1 MiB. */
const BUDGET = 1_000_000;

export interface Shape {
  /** `<kind> <field>`: what the body holds. */
  label: string;
  body: string;
}

export function resolve(root: Schema, node: Schema | undefined, depth = 0): Schema {
  if (!node || typeof node !== 'object' || depth > 12) return {};
  let cur: Schema = node;
  for (let i = 0; i < 10 && typeof cur.$ref === 'string'; i++) {
    const { $ref, ...rest } = cur;
    cur = { ...(root.definitions?.[String($ref).replace(/^#\/definitions\//, '')] ?? {}), ...rest };
  }
  if (!Array.isArray(cur.allOf)) return cur;
  let merged: Schema = { ...cur };
  delete merged.allOf;
  for (const part of cur.allOf) merged = { ...resolve(root, part, depth + 1), ...merged };
  return merged;
}

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

interface Field {
  /** Property names, '*' for a list item. */
  path: string[];
  schema: Schema;
}

/** The fields a client may send (server-owned and read-only ones are set by the server). */
function fieldsOf(root: Schema): Field[] {
  const out: Field[] = [];
  const visit = (node: Schema, path: string[], depth: number) => {
    if (depth > 8) return;
    const s = resolve(root, node);
    if (path.length && (s['x-server-owned'] || s.readOnly)) return;
    if (path.length) out.push({ path, schema: s });
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
      visit(v, [...path, k], depth + 1);
    if (s.items && typeof s.items === 'object' && !Array.isArray(s.items)) visit(s.items, [...path, '*'], depth + 1);
  };
  visit(root, [], 0);
  return out;
}

/** A body holding `value` at `path` (a list item becomes a list of one), plus the other entries. */
function at(path: string[], value: Json, rest: Record<string, Json> = {}): Json {
  const build = (i: number): Json => {
    if (i === path.length) return value;
    return path[i] === '*' ? [build(i + 1)] : { [path[i]]: build(i + 1) };
  };
  return path[0] === '*' ? rest : { ...rest, ...build(0) };
}

/** A value the item schema refuses, cheap to write and costly to explain (an empty object misses every required field). */
function badItem(item: Schema): Json {
  const t = typesOf(item);
  if (t.includes('object')) return {};
  if (t.includes('number') || t.includes('integer')) return 'x';
  return 0;
}

/** The i-th of distinct values an item schema accepts, as far as can be told without a generator. */
function goodItem(item: Schema, i: number): Json {
  if (Array.isArray(item.enum)) return item.enum[i % item.enum.length];
  const t = typesOf(item);
  if (t.includes('integer') || t.includes('number')) return i;
  if (t.includes('object')) return { n: i };
  if (typeof item.pattern === 'string' && item.pattern.includes('[0-9a-f]{8}-'))
    return `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  return `item ${i}`;
}

/** The longest text a field's checks must read: near misses for its pattern or format, else plain. */
function longText(s: Schema, length: number): string {
  const n = Math.max(0, length);
  if (s.format === 'email') return 'a@' + 'a'.repeat(n) + '!';
  if (s.format === 'uri') return 'http://' + 'a.'.repeat(n >> 1) + ' ';
  if (s.format === 'date' || s.format === 'date-time') return '2'.repeat(n) + 'x';
  if (typeof s.pattern === 'string' && /\\d|0-9/.test(s.pattern)) return '1'.repeat(n) + 'x';
  if (typeof s.pattern === 'string' && /a-z/.test(s.pattern)) return 'a-'.repeat(n >> 1) + '!';
  return 'x'.repeat(n);
}

/** A field and value the schema surely refuses, so that no shape is a valid record. */
function spoiler(root: Schema): Record<string, Json> {
  if (root.additionalProperties === false) return { zz_not_a_field: 1 };
  const [name] = Object.entries((root.properties ?? {}) as Record<string, Schema>).find(([, v]) => {
    const s = resolve(root, v);
    return !s['x-server-owned'] && !s.readOnly && typesOf(s).length === 1 && typesOf(s)[0] === 'string';
  }) ?? ['zz_not_a_field'];
  return { [name]: 12345 };
}

function nest(depth: number): Json {
  let v: Json = {};
  for (let d = 1; d < depth; d++) v = { n: v };
  return v;
}

/** Every shape for one entity's bundled schema. */
export function worstShapes(root: Schema): Shape[] {
  const shapes: Shape[] = [];
  const spoil = spoiler(root);
  const add = (label: string, value: Json) => shapes.push({ label, body: JSON.stringify(value) });
  const fields = fieldsOf(root);
  const name = (f: Field) => '/' + f.path.join('/');

  for (const f of fields.filter((x) => typesOf(x.schema).includes('array'))) {
    const max = f.schema.maxItems as number;
    const item = resolve(root, f.schema.items);
    const fill = (n: number, make: (i: number) => Json) => Array.from({ length: n }, (_, i) => make(i));
    add(
      `list at maxItems, every item refused ${name(f)}`,
      at(
        f.path,
        fill(max, () => badItem(item)),
        spoil,
      ),
    );
    add(
      `list one past maxItems ${name(f)}`,
      at(
        f.path,
        fill(max + 1, (i) => goodItem(item, i)),
        spoil,
      ),
    );
    add(
      `list at the body's list limit ${name(f)}`,
      at(
        f.path,
        fill(LIMITS.listItems, () => badItem(item)),
        spoil,
      ),
    );
    const one = JSON.stringify(badItem(item)).length + 1;
    add(
      `list filling 1 MiB ${name(f)}`,
      at(
        f.path,
        fill(Math.floor(BUDGET / one) - 10, () => badItem(item)),
        spoil,
      ),
    );
    if (f.schema.uniqueItems) {
      const distinct = fill(max, (i) => goodItem(item, i));
      distinct[max - 1] = distinct[0];
      add(`list at maxItems, last item repeats the first ${name(f)}`, at(f.path, distinct, spoil));
    }
  }

  const texts = fields.filter((x) => typesOf(x.schema).includes('string') && !x.path.includes('*'));
  const listTexts = fields.filter((x) => typesOf(x.schema).includes('string') && x.path.includes('*'));
  const everyText = (make: (f: Field) => string) => {
    let body: Json = { ...spoil };
    for (const f of [...texts, ...listTexts]) body = merge(body, at(f.path, make(f)));
    return body;
  };
  if (texts.length + listTexts.length) {
    const share = Math.floor(BUDGET / (texts.length + listTexts.length)) - 64;
    add(
      'every text as long as 1 MiB allows',
      everyText((f) => longText(f.schema, share)),
    );
    add(
      'every text one past maxLength',
      everyText((f) => 'x'.repeat(((f.schema.maxLength as number) ?? 0) + 1)),
    );
    add(
      'every text with NUL, ESC and DEL',
      everyText(() => 'a\u0000b\u001bc\u007f'),
    );
    const longest = [...texts, ...listTexts].reduce((a, b) =>
      (a.schema.maxLength ?? 0) >= (b.schema.maxLength ?? 0) ? a : b,
    );
    add(`one text filling 1 MiB ${name(longest)}`, at(longest.path, longText(longest.schema, BUDGET - 100), spoil));
  }

  const unknown = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`zz_field_${i}`, i]));
  add('as many unknown fields as an object may hold', { ...unknown(LIMITS.objectKeys - 1), ...spoil });
  add("one field past the body's object limit", { ...unknown(LIMITS.objectKeys + 1), ...spoil });

  // The deepest nesting: in a free-form field where the schema allows any object, else as an unknown field.
  const free = fields.find((x) => typesOf(x.schema).includes('object') && !x.schema.properties);
  const depthOf = (f: Field | undefined) => 1 + (f ? f.path.length : 1);
  const deep = (extra: number) => at(free?.path ?? ['zz_deep'], nest(LIMITS.depth - depthOf(free) + 1 + extra), spoil);
  add(`nesting at ${LIMITS.depth} levels ${free ? name(free) : ''}`.trim(), deep(0));
  add(`nesting at ${LIMITS.depth + 1} levels ${free ? name(free) : ''}`.trim(), deep(1));

  const over = JSON.stringify({ ...spoil, zz_padding: 'x'.repeat(LIMITS.bodyBytes) });
  shapes.push({ label: 'a body just over 1 MiB', body: over.slice(0, LIMITS.bodyBytes + 1) });
  for (const s of shapes)
    if (s.body.length > LIMITS.bodyBytes && s.label !== 'a body just over 1 MiB') s.label += ' (over 1 MiB)';
  return shapes;
}

/** Deep merge of plain objects and of lists item by item (the second wins elsewhere). */
function merge(a: Json, b: Json): Json {
  if (Array.isArray(a) && Array.isArray(b)) return b.map((v, i) => (i < a.length ? merge(a[i], v) : v));
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) || Array.isArray(b)) return b;
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = k in out ? merge(out[k], v) : v;
  return out;
}
