/**
 * Who sees a field or section on the screens (`x-visible`, schemas/entity.schema.json
 * `visibleRule`): an access rule, whose alternative `@filled` also shows it when the record holds a
 * value there. Legacy answers are the case: hidden from the employee while empty, shown once theirs.
 */
import { allows, type Principal } from './access.ts';

export const FILLED = '@filled';

/** Whether a value is an answer: not absent, blank, or an object or list holding no answer. */
export function holdsValue(v: unknown): boolean {
  if (v === undefined || v === null || v === '') return false;
  if (Array.isArray(v)) return v.some(holdsValue);
  if (typeof v === 'object') return Object.values(v).some(holdsValue);
  return true;
}

/**
 * Whether `fields` are shown to this caller. `record` is the data on the screen when the type alone
 * names it (the caller's own record), else undefined: then `@filled` does not hold.
 */
export function visibleTo(
  rule: readonly string[],
  p: Principal,
  isOwner: boolean,
  fields: readonly string[],
  record: Record<string, unknown> | undefined,
): boolean {
  const access = rule.filter((alt) => alt !== FILLED);
  if (access.length && allows(access, p, isOwner)) return true;
  return rule.includes(FILLED) && !!record && fields.some((f) => holdsValue(record[f]));
}
