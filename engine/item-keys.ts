/**
 * Array items that keep who they are across saves (`x-item-key` on an array of objects names the
 * item property holding a stable key, as a direct-deposit account's `id`). A save may reorder,
 * remove or add items, so what the server keeps for an item (its stored account number, sent back
 * masked) is found by that key, never by the item's place in the array.
 */
import { getAt, walkFields, type FieldPath } from './schema-walk.ts';
import type { JsonSchema } from './entity.ts';

/** An array whose items carry a key: the array's path (`*` for array items on the way) and the key's property. */
export interface KeyedArray {
  path: FieldPath;
  key: string;
}

export function keyedArrays(schema: JsonSchema): KeyedArray[] {
  return walkFields(schema)
    .filter((f) => typeof f.schema['x-item-key'] === 'string')
    .map((f) => ({ path: f.path, key: f.schema['x-item-key'] as string }));
}

type At = (string | number)[];

const itemKey = (item: unknown, key: string): unknown =>
  item && typeof item === 'object' ? (item as Record<string, unknown>)[key] : undefined;

/**
 * Where the value at `at` of the incoming data was in the stored data: the same path, except that
 * an item of a keyed array is the stored item with the same key. An item without a key is matched
 * by place only when no stored item has a key (records written before the array was keyed).
 * Undefined when the item is new.
 */
export function storedPathOf(data: unknown, stored: unknown, at: At, arrays: readonly KeyedArray[]): At | undefined {
  const out: At = [];
  const shape: FieldPath = [];
  for (let i = 0; i < at.length; i++) {
    const seg = at[i];
    if (typeof seg !== 'number') {
      out.push(seg);
      shape.push(seg);
      continue;
    }
    const keyed = arrays.find((a) => a.path.length === shape.length && a.path.every((p, j) => p === shape[j]));
    shape.push('*');
    if (!keyed) {
      out.push(seg);
      continue;
    }
    const storedItems = getAt(stored, out);
    if (!Array.isArray(storedItems)) return undefined;
    const key = itemKey(getAt(data, at.slice(0, i + 1)), keyed.key);
    if (key === undefined) {
      if (storedItems.some((item) => itemKey(item, keyed.key) !== undefined)) return undefined;
      out.push(seg);
      continue;
    }
    const found = storedItems.findIndex((item) => itemKey(item, keyed.key) === key);
    if (found < 0) return undefined;
    out.push(found);
  }
  return out;
}

/** Gives each item of a keyed array that has no key a new one. */
export function assignItemKeys(data: unknown, arrays: readonly KeyedArray[], newKey: () => string): void {
  for (const { path, key } of arrays) {
    const visit = (node: unknown, depth: number) => {
      if (depth === path.length) {
        if (!Array.isArray(node)) return;
        for (const item of node) {
          if (item && typeof item === 'object' && !Array.isArray(item) && itemKey(item, key) === undefined) {
            (item as Record<string, unknown>)[key] = newKey();
          }
        }
        return;
      }
      const seg = path[depth];
      if (seg === '*') {
        if (Array.isArray(node)) for (const item of node) visit(item, depth + 1);
      } else if (node && typeof node === 'object') visit((node as Record<string, unknown>)[seg], depth + 1);
    };
    visit(data, 0);
  }
}
