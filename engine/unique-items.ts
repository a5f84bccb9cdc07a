/**
 * uniqueItems in linear time: each item's canonical JSON (object keys sorted) goes into a set. ajv's
 * own check compares every pair of items unless it can see they are all plain strings or numbers,
 * which it cannot through a $ref (a list of user keys): quadratic in the list, so a long list would
 * hold the event loop (figures in bench/results.md, History).
 */
import type { Ajv } from 'ajv';
import type { DataValidateFunction } from 'ajv/dist/types/index.js';

/** JSON text of a value with every object's keys in order: equal values, equal texts. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The indexes of the first item that repeats an earlier one, and of that earlier one. */
export function firstRepeat(items: readonly unknown[]): { i: number; j: number } | undefined {
  const seen = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const id = typeof item === 'string' ? `s${item}` : canonicalJson(item);
    const j = seen.get(id);
    if (j !== undefined) return { i, j };
    seen.set(id, i);
  }
  return undefined;
}

/** Replaces ajv's uniqueItems keyword with the linear check, with the same error (keyword, params {i, j}). */
export function useLinearUniqueItems(ajv: Ajv): void {
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword({
    keyword: 'uniqueItems',
    type: 'array',
    schemaType: 'boolean',
    errors: true,
    compile(unique: boolean, parentSchema) {
      const check: DataValidateFunction = (data: unknown[]) => {
        const repeat = unique ? firstRepeat(data) : undefined;
        if (!repeat) return true;
        check.errors = [
          {
            keyword: 'uniqueItems',
            params: repeat,
            message: `must NOT have duplicate items (items ## ${repeat.j} and ${repeat.i} are identical)`,
            parentSchema,
          },
        ];
        return false;
      };
      return check;
    },
  });
}
