/**
 * Records of a large, checksum-verified snapshot file stay in memory as their JSON text until they
 * are used: a start-up then reads the file instead of building every record's objects (at 100k
 * employees that was most of the start and a third of the process's memory). Only the organization
 * and the key, which tenancy and look-ups need, are taken from the text up front.
 *
 * The text is exactly what the snapshot file holds, so a compaction writes it back unchanged.
 */
import { recordShapeProblem, shareKey } from './record-shape.ts';
import type { StoredRecord } from './types.ts';

export class LazyRecord {
  constructor(
    readonly collection: string,
    readonly org: string,
    readonly key: string,
    /** The record's JSON, `{"collection":…,"org":…,"key":…,"data":…,"meta":…}`. */
    readonly text: string,
  ) {}

  /**
   * A new record object on every call, not kept: holding them would bring back the memory the text
   * saves. The file's checksum was verified at load, so failing here means a bug, not bad data.
   */
  parse(): StoredRecord {
    let value: unknown;
    try {
      value = JSON.parse(this.text);
    } catch (err) {
      throw new Error(`storage: ${this.collection}/${this.key} does not parse: ${(err as Error).message}`);
    }
    const problem = recordShapeProblem(value);
    const record = value as StoredRecord;
    if (
      problem !== undefined ||
      record.collection !== this.collection ||
      record.org !== this.org ||
      record.key !== this.key
    ) {
      throw new Error(`storage: ${this.collection}/${this.key} is not the record its text was indexed as`);
    }
    return shareKey(record);
  }
}

/** What a collection holds per key: the record, or the text it will be parsed from. */
export type HeldRecord = StoredRecord | LazyRecord;

export function resolve(held: HeldRecord): StoredRecord {
  return held instanceof LazyRecord ? held.parse() : held;
}

/**
 * A record's line in a snapshot file, its fields in the order `lazyRecord` expects to find them
 * (a record object built elsewhere may list them in another order).
 */
export function recordText(held: HeldRecord): string {
  if (held instanceof LazyRecord) return held.text;
  const { collection, org, key, data, meta } = held;
  return JSON.stringify({ collection, org, key, data, meta });
}

/**
 * The LazyRecord for one line of `collection`'s snapshot, or undefined when the line does not start
 * the way `recordText` writes it (the caller then parses the line whole). Organization and key are
 * taken only when they hold no escape, so the text between the quotes is the value itself.
 * `orgs` shares one string per organization among a file's records.
 */
export function lazyRecord(
  collection: string,
  line: string,
  head: string,
  orgs: Map<string, string>,
): LazyRecord | undefined {
  if (!line.startsWith(head)) return undefined;
  const orgStart = head.length;
  const orgEnd = line.indexOf('"', orgStart);
  if (orgEnd <= orgStart || !line.startsWith(KEY_INFIX, orgEnd)) return undefined;
  const keyStart = orgEnd + KEY_INFIX.length;
  const keyEnd = line.indexOf('"', keyStart);
  if (keyEnd <= keyStart || !line.startsWith(DATA_INFIX, keyEnd) || line.charCodeAt(line.length - 1) !== CLOSE_BRACE) {
    return undefined;
  }
  let org = line.slice(orgStart, orgEnd);
  const key = line.slice(keyStart, keyEnd);
  if (org.includes('\\') || key.includes('\\')) return undefined;
  const known = orgs.get(org);
  if (known === undefined) orgs.set(org, org);
  else org = known;
  return new LazyRecord(collection, org, key, line);
}

/** The start every line of `collection` has when `recordText` wrote it, up to the organization. */
export function lineHead(collection: string): string {
  return `{"collection":${JSON.stringify(collection)},"org":"`;
}

const KEY_INFIX = '","key":"';
const DATA_INFIX = '","data":{';
const CLOSE_BRACE = 0x7d;
