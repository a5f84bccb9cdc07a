/**
 * What a stored record must look like, checked wherever one comes from outside the running process:
 * a commit, a journal line, a snapshot file.
 */
import type { StoredRecord } from './types.ts';
import { deepFreeze } from './values.ts';

/**
 * Collection names become file names (`/` -> `__`), so they are restricted to what maps
 * one-to-one onto a safe file name.
 */
export function checkName(collection: unknown): asserts collection is string {
  if (
    typeof collection !== 'string' ||
    !/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/.test(collection) ||
    collection.includes('__') ||
    collection.split('/').some((part) => part === '.' || part === '..')
  ) {
    throw new Error(`storage: bad collection name ${JSON.stringify(collection)}`);
  }
}

/** A deep, frozen copy that is exactly what a reload from disk would produce. */
export function normalizeRecord(input: unknown): StoredRecord {
  const problem = recordProblem(input);
  if (problem !== undefined) throw new Error(`storage: bad record: ${problem}`);
  return deepFreeze(shareKey(JSON.parse(JSON.stringify(input)) as StoredRecord));
}

/**
 * Top-level data fields holding the record's own key (`_user_uuid` of every user-keyed record)
 * share the key's string instead of holding a copy: 56 bytes a record, 5 MiB at 100k records.
 * Only for a record not yet frozen.
 */
export function shareKey(record: StoredRecord): StoredRecord {
  const { key, data } = record;
  for (const field in data) if (data[field] === key) data[field] = key;
  return record;
}

/**
 * Why `value` is not a StoredRecord, or undefined when it is one. Given `collection` (a name already
 * checked: a snapshot file checks its name once, not once per record), the record must be of it;
 * otherwise its own collection name is checked.
 */
export function recordProblem(value: unknown, collection?: string): string | undefined {
  if (!isObject(value)) return 'not an object';
  if (collection === undefined) {
    try {
      checkName(value.collection);
    } catch (err) {
      return (err as Error).message;
    }
  } else if (value.collection !== collection) {
    return `it belongs to another collection (${JSON.stringify(value.collection)})`;
  }
  const { org, key, data, meta } = value;
  if (typeof org !== 'string' || org === '') return 'org must be a non-empty string';
  if (typeof key !== 'string' || key === '') return 'key must be a non-empty string';
  if (!isObject(data)) return `${key}: data must be an object`;
  if (!isObject(meta) || typeof meta.version !== 'number') return `${key}: meta.version must be a number`;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
