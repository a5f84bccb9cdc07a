/**
 * What every store refuses in a find before looking at any record: paging that is not a whole
 * number of records, criteria that are not a list, a criterion the engine refuses (engine/criteria.ts
 * names the operator and the field), and an `anyOf` that is empty (at least one of nothing).
 */
import { valueTest } from '../../engine/criteria.ts';
import type { FindQuery } from './types.ts';

export function checkFindQuery(query: FindQuery): void {
  const ok = (n: number): boolean => n === Infinity || (Number.isInteger(n) && n >= 0);
  if (!ok(query.limit) || !Number.isInteger(query.offset) || query.offset < 0) {
    throw new Error(`storage: bad paging limit=${query.limit} offset=${query.offset}`);
  }
  if (!Array.isArray(query.criteria)) throw new Error('storage: criteria must be an array');
  for (const criterion of query.criteria) valueTest(criterion);
  if (query.anyOf !== undefined) {
    if (!Array.isArray(query.anyOf) || query.anyOf.length === 0) {
      throw new Error('storage: anyOf must be a list of at least one criterion');
    }
    for (const criterion of query.anyOf) valueTest(criterion);
  }
}
