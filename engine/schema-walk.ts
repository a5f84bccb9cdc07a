/**
 * Walks a bundled entity schema and lists its fields with their dform keywords, so that masking,
 * server-owned fields and field-level access are read from the schema instead of typed again.
 * Paths are arrays of property names; '*' stands for every item of an array.
 */
import type { JsonSchema } from './entity.ts';

export type FieldPath = string[];

export interface FieldInfo {
  path: FieldPath;
  schema: JsonSchema;
}

function deref(root: JsonSchema, node: JsonSchema, seen: Set<string>): JsonSchema {
  let current = node;
  while (typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/definitions/') || seen.has(ref)) return current;
    seen.add(ref);
    const target = (root.definitions as Record<string, JsonSchema> | undefined)?.[ref.slice(14)];
    if (!target) throw new Error(`schema-walk: unresolved $ref ${ref}`);
    current = { ...target, ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
  }
  // allOf parts contribute their keywords (x- keywords and properties) to the field.
  if (Array.isArray(current.allOf)) {
    let merged: JsonSchema = { ...current };
    delete merged.allOf;
    for (const part of current.allOf as JsonSchema[]) {
      const p = deref(root, part, new Set(seen));
      merged = {
        ...p,
        ...merged,
        properties: { ...(p.properties as object), ...(merged.properties as object) },
      };
    }
    return merged;
  }
  return current;
}

/** Every field of the schema, depth first, objects and arrays included. */
export function walkFields(root: JsonSchema): FieldInfo[] {
  const out: FieldInfo[] = [];
  const visit = (node: JsonSchema, path: FieldPath, depth: number) => {
    if (depth > 16) return;
    const s = deref(root, node, new Set());
    if (path.length) out.push({ path, schema: s });
    const props = s.properties as Record<string, JsonSchema> | undefined;
    if (props) for (const [name, child] of Object.entries(props)) visit(child, [...path, name], depth + 1);
    if (s.items && typeof s.items === 'object' && !Array.isArray(s.items)) {
      visit(s.items as JsonSchema, [...path, '*'], depth + 1);
    }
  };
  visit(root, [], 0);
  return out;
}

/** The values at a path, with the concrete path of each (wildcards expanded). */
export function valuesAt(data: unknown, path: FieldPath): { at: (string | number)[]; value: unknown }[] {
  let frontier: { at: (string | number)[]; value: unknown }[] = [{ at: [], value: data }];
  for (const seg of path) {
    const next: typeof frontier = [];
    for (const { at, value } of frontier) {
      if (seg === '*') {
        if (Array.isArray(value)) value.forEach((v, i) => next.push({ at: [...at, i], value: v }));
      } else if (value && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, seg)) {
        next.push({ at: [...at, seg], value: (value as Record<string, unknown>)[seg] });
      }
    }
    frontier = next;
  }
  return frontier;
}

export function getAt(data: unknown, at: (string | number)[]): unknown {
  let v: unknown = data;
  for (const seg of at) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[seg];
  }
  return v;
}

/** Sets a value in place at a concrete path; the containers must exist. */
export function setAt(data: unknown, at: (string | number)[], value: unknown): void {
  const parent = getAt(data, at.slice(0, -1));
  if (!parent || typeof parent !== 'object') return;
  const last = at[at.length - 1];
  if (value === undefined) delete (parent as Record<string | number, unknown>)[last];
  else (parent as Record<string | number, unknown>)[last] = value;
}

export function toPointer(at: (string | number)[]): string {
  return at.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** A deep copy of plain JSON data (the engine never mutates what it was given). */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
