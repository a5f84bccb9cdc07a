/**
 * One collection in memory: the records by key, the same records grouped by organization (so a
 * query never looks at another tenant's data), and lazily built equality hash indexes. Records
 * loaded from a large snapshot may still be their JSON text (lazy-record.ts); `get` parses them.
 */
import { lineHead, resolve, scanned, scanText, type HeldRecord } from './lazy-record.ts';
import type { StoredRecord } from './types.ts';
import { getPath, valueKey } from './values.ts';

/** org -> value key -> record keys. */
type EqualityIndex = Map<string, Map<string, Set<string>>>;

export class Collection {
  /** Insertion order is the default result order, so a replacing put keeps its place. */
  readonly records = new Map<string, HeldRecord>();
  readonly byOrg = new Map<string, Map<string, HeldRecord>>();
  /**
   * Insertion rank per key, built on first use (a start-up does not pay a map entry per record).
   * Index sets lose insertion order when a value changes, so results drawn from an index are put
   * back in order with this.
   */
  private ordinals: Map<string, number> | undefined;
  private nextOrdinal = 0;
  private readonly indexes = new Map<string, EqualityIndex>();
  /** How this collection's record texts start (lazy-record.ts). */
  private readonly head: string;

  constructor(readonly name: string) {
    this.head = lineHead(name);
  }

  /** The record, parsed when it is still text (a new object each time, then). */
  get(key: string): StoredRecord | undefined {
    const held = this.records.get(key);
    return held === undefined ? undefined : resolve(held, this.name);
  }

  /** The organization a record belongs to, read without parsing it. */
  orgOf(key: string): string | undefined {
    const held = this.records.get(key);
    return held === undefined ? undefined : this.heldOrg(held);
  }

  /** A held record as a record (parsing a text). */
  resolve(held: HeldRecord): StoredRecord {
    return resolve(held, this.name);
  }

  ordinal(key: string): number {
    if (this.ordinals === undefined) {
      this.ordinals = new Map();
      for (const held of this.records.keys()) this.ordinals.set(held, this.nextOrdinal++);
    }
    return this.ordinals.get(key) ?? Number.MAX_SAFE_INTEGER;
  }

  /**
   * A record, or a record text of this collection (start-up). A text that does not start the way
   * lazy-record.ts reads (an escaped key, a file written by hand) is parsed and held as a record.
   */
  put(input: HeldRecord): void {
    let record = input;
    let org: string;
    let key: string;
    if (typeof record !== 'string') {
      ({ org, key } = record);
    } else if (scanText(record, this.head)) {
      ({ org, key } = scanned);
    } else {
      record = resolve(record, this.name);
      ({ org, key } = record);
    }
    let previous = this.records.get(key);
    // Unreachable through StoreState.prepare; keeps a replayed journal or a hand-edited snapshot
    // from leaving a record under two organizations.
    if (previous !== undefined && this.heldOrg(previous) !== org) {
      this.delete(key);
      previous = undefined;
    }
    this.records.set(key, record);
    if (previous === undefined) this.ordinals?.set(key, this.nextOrdinal++);
    let orgRecords = this.byOrg.get(org);
    if (orgRecords === undefined) {
      orgRecords = new Map();
      this.byOrg.set(org, orgRecords);
    }
    orgRecords.set(key, record);
    if (this.indexes.size === 0) return; // no iterator per put while nothing is indexed (start-up)
    const after = this.resolve(record).data;
    const before = previous === undefined ? undefined : this.resolve(previous).data;
    for (const [field, index] of this.indexes) {
      const beforeKey = before === undefined ? undefined : valueKey(getPath(before, field));
      const afterKey = valueKey(getPath(after, field));
      if (beforeKey === afterKey) continue;
      if (beforeKey !== undefined) removeFromIndex(index, org, beforeKey, key);
      if (afterKey !== undefined) addToIndex(index, org, afterKey, key);
    }
  }

  delete(key: string): void {
    const previous = this.records.get(key);
    if (previous === undefined) return;
    const org = this.heldOrg(previous);
    this.records.delete(key);
    this.ordinals?.delete(key);
    const orgRecords = this.byOrg.get(org);
    orgRecords?.delete(key);
    if (orgRecords?.size === 0) this.byOrg.delete(org);
    if (this.indexes.size === 0) return;
    const data = this.resolve(previous).data;
    for (const [field, index] of this.indexes) {
      const before = valueKey(getPath(data, field));
      if (before !== undefined) removeFromIndex(index, org, before, key);
    }
  }

  /** The keys of `org`'s records whose `field` has value key `vkey`; builds the index on first use. */
  lookup(field: string, org: string, vkey: string): ReadonlySet<string> | undefined {
    let index = this.indexes.get(field);
    if (index === undefined) {
      index = new Map();
      for (const [recordOrg, records] of this.byOrg) {
        for (const [key, held] of records) {
          const value = valueKey(getPath(this.resolve(held).data, field));
          if (value !== undefined) addToIndex(index, recordOrg, value, key);
        }
      }
      this.indexes.set(field, index);
    }
    return index.get(org)?.get(vkey);
  }

  /**
   * The array of references a compaction writes out; records are immutable (and text is text) so
   * no copy is needed.
   */
  snapshot(): HeldRecord[] {
    return Array.from(this.records.values());
  }

  /** Only texts that scan are ever held (put), so this never parses. */
  private heldOrg(held: HeldRecord): string {
    if (typeof held !== 'string') return held.org;
    if (!scanText(held, this.head)) throw new Error(`storage: an unreadable record text in ${this.name}`);
    return scanned.org;
  }
}

function addToIndex(index: EqualityIndex, org: string, vkey: string, key: string): void {
  let byValue = index.get(org);
  if (byValue === undefined) {
    byValue = new Map();
    index.set(org, byValue);
  }
  let keys = byValue.get(vkey);
  if (keys === undefined) {
    keys = new Set();
    byValue.set(vkey, keys);
  }
  keys.add(key);
}

function removeFromIndex(index: EqualityIndex, org: string, vkey: string, key: string): void {
  const byValue = index.get(org);
  const keys = byValue?.get(vkey);
  if (byValue === undefined || keys === undefined) return;
  keys.delete(key);
  // Empty sets are dropped so that churn over many distinct values does not leak memory.
  if (keys.size === 0) byValue.delete(vkey);
  if (byValue.size === 0) index.delete(org);
}
