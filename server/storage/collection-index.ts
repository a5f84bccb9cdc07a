/**
 * One collection in memory: the records by key, the same records grouped by organization (so a
 * query never looks at another tenant's data), and lazily built equality hash indexes. Records
 * loaded from a large snapshot may still be text (LazyRecord); `get` parses them.
 */
import { resolve, type HeldRecord } from './lazy-record.ts';
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

  constructor(readonly name: string) {}

  /** The record, parsed when it is still text (a new object each time, then). */
  get(key: string): StoredRecord | undefined {
    const held = this.records.get(key);
    return held === undefined ? undefined : resolve(held);
  }

  /** The record as held: its organization and key can be read without parsing it. */
  held(key: string): HeldRecord | undefined {
    return this.records.get(key);
  }

  ordinal(key: string): number {
    if (this.ordinals === undefined) {
      this.ordinals = new Map();
      for (const held of this.records.keys()) this.ordinals.set(held, this.nextOrdinal++);
    }
    return this.ordinals.get(key) ?? Number.MAX_SAFE_INTEGER;
  }

  put(record: HeldRecord): void {
    let previous = this.records.get(record.key);
    // Unreachable through StoreState.prepare; keeps a replayed journal or a hand-edited snapshot
    // from leaving a record under two organizations.
    if (previous !== undefined && previous.org !== record.org) {
      this.delete(previous.key);
      previous = undefined;
    }
    this.records.set(record.key, record);
    if (previous === undefined) this.ordinals?.set(record.key, this.nextOrdinal++);
    let orgRecords = this.byOrg.get(record.org);
    if (orgRecords === undefined) {
      orgRecords = new Map();
      this.byOrg.set(record.org, orgRecords);
    }
    orgRecords.set(record.key, record);
    if (this.indexes.size === 0) return; // no iterator per put while nothing is indexed (start-up)
    const after = resolve(record).data;
    const before = previous === undefined ? undefined : resolve(previous).data;
    for (const [field, index] of this.indexes) {
      const beforeKey = before === undefined ? undefined : valueKey(getPath(before, field));
      const afterKey = valueKey(getPath(after, field));
      if (beforeKey === afterKey) continue;
      if (beforeKey !== undefined) removeFromIndex(index, record.org, beforeKey, record.key);
      if (afterKey !== undefined) addToIndex(index, record.org, afterKey, record.key);
    }
  }

  delete(key: string): void {
    const previous = this.records.get(key);
    if (previous === undefined) return;
    this.records.delete(key);
    this.ordinals?.delete(key);
    const orgRecords = this.byOrg.get(previous.org);
    orgRecords?.delete(key);
    if (orgRecords?.size === 0) this.byOrg.delete(previous.org);
    if (this.indexes.size === 0) return;
    const data = resolve(previous).data;
    for (const [field, index] of this.indexes) {
      const before = valueKey(getPath(data, field));
      if (before !== undefined) removeFromIndex(index, previous.org, before, key);
    }
  }

  /** The keys of `org`'s records whose `field` has value key `vkey`; builds the index on first use. */
  lookup(field: string, org: string, vkey: string): ReadonlySet<string> | undefined {
    let index = this.indexes.get(field);
    if (index === undefined) {
      index = new Map();
      for (const held of this.records.values()) {
        const key = valueKey(getPath(resolve(held).data, field));
        if (key !== undefined) addToIndex(index, held.org, key, held.key);
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
