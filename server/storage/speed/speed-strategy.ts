/**
 * The speed layer: how the in-memory state keeps each collection's records and answers finds over
 * them. It is apart from the durability core (journal, snapshot files, lock), which decides what is
 * durable and in which order; a strategy only decides how fast reads are. Every strategy answers
 * exactly what engine/criteria.ts's `findIn` answers over the same records (docs/criteria.md).
 *
 * - `plainStrategy` (plain.ts): parsed records in maps, a find filters and sorts them. The reference,
 *   short enough to read at once.
 * - `textHeldStrategy` (text-held/): records of a large snapshot kept as their text until read, equality
 *   indexes, column caches and index files, so that 100k employees load and search fast (docs/storage.md).
 */
import type { FindQuery, FindResult, StoredRecord } from '../types.ts';
import type { HeldRecord } from './text-held/lazy-record.ts';
import type { TextTable } from './text-held/text-table.ts';

export interface SpeedStrategy {
  readonly name: string;
  /**
   * Whether the store hands it a large checksummed snapshot file as its text (a TextTable) rather
   * than as parsed records.
   */
  readonly holdsText: boolean;
  /** A new, empty collection. */
  collection(name: string): KeptCollection;
}

/**
 * One collection's records, all organizations. Records are immutable values: a put replaces one.
 * Tenancy is the caller's (collections.ts checks the organization of every record it hands out).
 */
export interface KeptCollection {
  readonly name: string;
  /** The record (maybe a new object on each call, when it was held as text). */
  get(key: string): StoredRecord | undefined;
  /** The organization a record belongs to, without parsing it. */
  orgOf(key: string): string | undefined;
  /** Adds or replaces; a replaced record keeps its place in the insertion order. */
  put(record: StoredRecord): void;
  delete(key: string): void;
  /** Start-up, into an empty collection: a snapshot's table (when `holdsText`), then its records. */
  load(records: readonly StoredRecord[], table?: TextTable): void;
  /** Every record, in `snapshot`'s order, one at a time (texts parsed as they come): data:export. */
  scan(): Iterable<StoredRecord>;
  /** Everything a compaction writes out, in insertion order. */
  snapshot(): HeldRecord[];
  /**
   * `org`'s records matching the query (already checked by the caller), as steps: the caller may let
   * the event loop run between two of them. The answer is from the state at the step that takes the
   * rows; writes after it are not seen.
   */
  findSteps(org: string, query: FindQuery): Generator<void, FindResult>;
}
