/**
 * Records of a large, checksum-verified snapshot file stay in memory as the text of their line
 * until they are used: a start-up then reads the file instead of building every record's objects
 * (at 100k employees that was most of the start and a third of the process's memory). A string
 * per record and no object: the organization and key are read from the text's start when needed.
 *
 * The text is exactly what the snapshot file holds, so a compaction writes it back unchanged.
 */
import { recordShapeProblem, shareKey } from './record-shape.ts';
import type { StoredRecord } from './types.ts';

/** What a collection holds per key: the record, or the JSON text it will be parsed from. */
export type HeldRecord = StoredRecord | string;

/**
 * The start every line of `collection` has when `recordText` wrote it, up to the organization:
 * `{"collection":"payroll/employee","org":"`.
 */
export function lineHead(collection: string): string {
  return `{"collection":${JSON.stringify(collection)},"org":"`;
}

/**
 * The record, parsed when it is text: a new object on every call, not kept, as holding them would
 * bring back the memory the text saves. A text comes from a file whose checksum was verified, so
 * failing here means a bug, not bad data.
 */
export function resolve(held: HeldRecord, collection: string): StoredRecord {
  if (typeof held !== 'string') return held;
  let value: unknown;
  try {
    value = JSON.parse(held);
  } catch (err) {
    throw new Error(`storage: a record of ${collection} does not parse: ${(err as Error).message}`);
  }
  const problem = recordShapeProblem(value);
  if (problem !== undefined || (value as StoredRecord).collection !== collection) {
    throw new Error(`storage: a record text of ${collection} is not one of its records: ${problem ?? 'collection'}`);
  }
  return shareKey(value as StoredRecord);
}

/** A record's line in a snapshot file, its fields in the order `scanText` expects. */
export function recordText(held: HeldRecord): string {
  if (typeof held === 'string') return held;
  const { collection, org, key, data, meta } = held;
  return JSON.stringify({ collection, org, key, data, meta });
}

/**
 * Where `scanText` leaves what it read. Reused, not returned, because it runs once per record of
 * a start-up and on every read by key, where an object per call is measurable.
 */
export const scanned = { org: '', key: '' };

/**
 * Reads organization and key from the start of a record text that begins with `head`; false when
 * the text does not start the way `recordText` writes it or either value holds an escape (then
 * the text between the quotes would not be the value itself; the caller parses the text whole).
 */
export function scanText(text: string, head: string): boolean {
  if (!text.startsWith(head)) return false;
  const orgStart = head.length;
  const orgEnd = text.indexOf('"', orgStart);
  if (orgEnd <= orgStart || !text.startsWith(KEY_INFIX, orgEnd)) return false;
  const keyStart = orgEnd + KEY_INFIX.length;
  const keyEnd = text.indexOf('"', keyStart);
  if (keyEnd <= keyStart || !text.startsWith(DATA_INFIX, keyEnd)) return false;
  const org = text.slice(orgStart, orgEnd);
  const key = text.slice(keyStart, keyEnd);
  if (org.includes('\\') || key.includes('\\')) return false;
  scanned.org = org;
  scanned.key = key;
  return true;
}

const KEY_INFIX = '","key":"';
const DATA_INFIX = '","data":{';
