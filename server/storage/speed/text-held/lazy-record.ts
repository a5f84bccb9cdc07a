/**
 * A record held as the text of its snapshot line (see text-table.ts): parsed when used, written
 * back by a compaction exactly as it was read.
 */
import { recordProblem, shareKey } from '../../record-shape.ts';
import type { StoredRecord } from '../../types.ts';

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
  const problem = recordProblem(value, collection);
  if (problem !== undefined) {
    throw new Error(`storage: a record text of ${collection} is not one of its records: ${problem}`);
  }
  return shareKey(value as StoredRecord);
}

/** A record's line in a snapshot file, its fields in the order a TextTable reads them in. */
export function recordText(held: HeldRecord): string {
  if (typeof held === 'string') return held;
  const { collection, org, key, data, meta } = held;
  return JSON.stringify({ collection, org, key, data, meta });
}
