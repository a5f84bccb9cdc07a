/**
 * The meaning of a search criterion `{field, is, value}` on one record's data, shared by the stores
 * and by code that checks a single record against a query.
 */
export type Operator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'contains' | 'like';

export interface Criterion {
  field: string;
  is: Operator;
  value: unknown;
}

export function fieldValue(data: unknown, dotted: string): unknown {
  let v = data;
  for (const part of dotted.split('.')) {
    if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

function comparable(a: unknown, b: unknown): boolean {
  return (typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string');
}

export function matchesOne(data: unknown, c: Criterion): boolean {
  const v = fieldValue(data, c.field);
  switch (c.is) {
    case '=':
      return v !== undefined && v === c.value;
    case '!=':
      return v !== c.value;
    case '<':
      return comparable(v, c.value) && (v as number) < (c.value as number);
    case '<=':
      return comparable(v, c.value) && (v as number) <= (c.value as number);
    case '>':
      return comparable(v, c.value) && (v as number) > (c.value as number);
    case '>=':
      return comparable(v, c.value) && (v as number) >= (c.value as number);
    case 'in':
      return v !== undefined && Array.isArray(c.value) && c.value.includes(v);
    case 'contains':
      return Array.isArray(v) && v.includes(c.value);
    case 'like':
      return typeof v === 'string' && typeof c.value === 'string' && v.toLowerCase().includes(c.value.toLowerCase());
  }
}

export function matchesAll(data: unknown, criteria: readonly Criterion[]): boolean {
  return criteria.every((c) => matchesOne(data, c));
}
