/**
 * One collection in memory: its records by key, grouped by organization (so a query never looks at
 * another tenant's data), and lazily built equality hash indexes. The records of a checksummed
 * snapshot stay the text they were read as (a TextTable) until written again; `get` parses them.
 */
import { resolve, type HeldRecord } from './lazy-record.ts';
import { Slot, type TextTable } from './text-table.ts';
import type { StoredRecord } from './types.ts';
import { equalityKey, fieldValue } from '../../engine/criteria.ts';

/** How many fields' values a collection keeps for its records held as text (see `valueOf`). */
const MAX_COLUMNS = 8;

/** org -> value key -> record keys. */
type EqualityIndex = Map<string, Map<string, Set<string>>>;

export class Collection {
  /** Records loaded as text, in file order; a slot written since holds its record in `replacements`. */
  private table: TextTable | undefined;
  private readonly replacements = new Map<number, StoredRecord>();
  /**
   * Every other record (written since the load, or loaded as objects), in insertion order, which
   * follows the table's: a replacing put keeps its place.
   */
  private readonly records = new Map<string, StoredRecord>();
  private readonly byOrg = new Map<string, Map<string, StoredRecord>>();
  /**
   * Insertion rank of the records in `records`, built on first use. Index sets lose insertion order
   * when a value changes, so results drawn from an index are put back in order with this.
   */
  private ordinals: Map<string, number> | undefined;
  private nextOrdinal = 0;
  private readonly indexes = new Map<string, EqualityIndex>();
  /** Field values of the table's texts, by field (see `valueOf`). */
  private readonly columns = new Map<string, unknown[]>();

  constructor(readonly name: string) {}

  /** Start-up, before anything else is put: the records of a checksummed snapshot file. */
  loadTable(table: TextTable): void {
    if (this.table !== undefined || this.records.size > 0)
      throw new Error('storage: a table loads into an empty collection');
    this.table = table;
  }

  /** The record, parsed when it is still text (a new object each time, then). */
  get(key: string): StoredRecord | undefined {
    const record = this.recordOf(key);
    if (record !== undefined) return record;
    const slot = this.textSlot(key);
    if (slot < 0) return undefined;
    const table = this.table!;
    const parsed = this.resolve(table.text(slot));
    // The table (maybe from an index file) said where this key's record is and whose it is; the
    // record itself must agree before anyone is given it.
    if (parsed.key !== key || parsed.org !== table.org(slot)) {
      throw new Error(`storage: the table of ${this.name} does not match its text at ${key}`);
    }
    return parsed;
  }

  /** The organization a record belongs to, read without parsing it. */
  orgOf(key: string): string | undefined {
    const record = this.recordOf(key);
    if (record !== undefined) return record.org;
    const slot = this.textSlot(key);
    return slot < 0 ? undefined : this.table!.org(slot);
  }

  /** The record of `key` in `org`, as held (text or record), or undefined. */
  heldIn(org: string, key: string): HeldRecord | undefined {
    return this.orgOf(key) === org ? this.held(key) : undefined;
  }

  /** A held record as a record (parsing a text). */
  resolve(held: HeldRecord): StoredRecord {
    return resolve(held, this.name);
  }

  /**
   * The value of `field` in a held record: read from its data, or for a record held as text from
   * the field's column, built on first use by parsing every text once (a sort or a search over 100k
   * records then costs its comparisons, not 100k parses each time). Texts never change, so a
   * column needs no upkeep; a record written since is held as a record and read directly.
   */
  valueOf(key: string, held: HeldRecord, field: string): unknown {
    if (typeof held !== 'string') return fieldValue(held.data, field);
    return this.column(field)[this.textSlot(key)];
  }

  /** `valueOf` for a key of this collection, without making its text. */
  valueAt(key: string, field: string): unknown {
    const record = this.recordOf(key);
    if (record !== undefined) return fieldValue(record.data, field);
    const slot = this.textSlot(key);
    return slot < 0 ? undefined : this.column(field)[slot];
  }

  private column(field: string): unknown[] {
    let values = this.columns.get(field);
    if (values === undefined) {
      const table = this.table!;
      values = new Array<unknown>(table.size);
      for (let slot = 0; slot < table.size; slot++) {
        if (table.stateOf(slot) === Slot.Text) values[slot] = fieldValue(this.resolve(table.text(slot)).data, field);
      }
      // The fields a screen sorts and searches by are few; beyond that the oldest column goes.
      if (this.columns.size >= MAX_COLUMNS) this.columns.delete(this.columns.keys().next().value!);
      this.columns.set(field, values);
    }
    return values;
  }

  /** How many records `org` has (an upper bound while records loaded as text are deleted). */
  orgSize(org: string): number {
    return (this.table?.slotsOf(org).length ?? 0) + (this.byOrg.get(org)?.size ?? 0);
  }

  /** Calls `visit` for each of `org`'s records, in insertion order. */
  each(org: string, visit: (key: string, held: HeldRecord) => void): void {
    const table = this.table;
    if (table !== undefined) {
      for (const slot of table.slotsOf(org)) {
        const state = table.stateOf(slot);
        if (state === Slot.Text) visit(table.key(slot), table.text(slot));
        else if (state === Slot.Replaced) {
          const record = this.replacements.get(slot)!;
          visit(record.key, record);
        }
      }
    }
    const records = this.byOrg.get(org);
    if (records !== undefined) for (const [key, record] of records) visit(key, record);
  }

  ordinal(key: string): number {
    const slot = this.slotOf(key);
    if (slot >= 0) return slot;
    if (this.ordinals === undefined) {
      this.ordinals = new Map();
      for (const known of this.records.keys()) this.ordinals.set(known, this.nextOrdinal++);
    }
    return (this.table?.size ?? 0) + (this.ordinals.get(key) ?? Number.MAX_SAFE_INTEGER);
  }

  put(record: StoredRecord): void {
    const { org, key } = record;
    let previous = this.held(key);
    // Unreachable through StoreState.prepare; keeps a replayed journal or a hand-edited snapshot
    // from leaving a record under two organizations.
    if (previous !== undefined && this.orgOf(key) !== org) {
      this.delete(key);
      previous = undefined;
    }
    const slot = previous === undefined || this.records.has(key) ? -1 : this.slotOf(key);
    if (slot >= 0) {
      this.table!.setState(slot, Slot.Replaced);
      this.replacements.set(slot, record);
    } else {
      this.records.set(key, record);
      if (previous === undefined) this.ordinals?.set(key, this.nextOrdinal++);
      let orgRecords = this.byOrg.get(org);
      if (orgRecords === undefined) {
        orgRecords = new Map();
        this.byOrg.set(org, orgRecords);
      }
      orgRecords.set(key, record);
    }
    if (this.indexes.size === 0) return; // no iterator per put while nothing is indexed (start-up)
    const before = previous === undefined ? undefined : this.resolve(previous).data;
    for (const [field, index] of this.indexes) {
      const beforeKey = before === undefined ? undefined : equalityKey(fieldValue(before, field));
      const afterKey = equalityKey(fieldValue(record.data, field));
      if (beforeKey === afterKey) continue;
      if (beforeKey !== undefined) removeFromIndex(index, org, beforeKey, key);
      if (afterKey !== undefined) addToIndex(index, org, afterKey, key);
    }
  }

  delete(key: string): void {
    const previous = this.held(key);
    if (previous === undefined) return;
    const org = this.orgOf(key)!;
    if (this.records.has(key)) {
      this.records.delete(key);
      this.ordinals?.delete(key);
      const orgRecords = this.byOrg.get(org);
      orgRecords?.delete(key);
      if (orgRecords?.size === 0) this.byOrg.delete(org);
    } else {
      const slot = this.slotOf(key);
      this.table!.setState(slot, Slot.Gone);
      this.replacements.delete(slot);
    }
    if (this.indexes.size === 0) return;
    const data = this.resolve(previous).data;
    for (const [field, index] of this.indexes) {
      const before = equalityKey(fieldValue(data, field));
      if (before !== undefined) removeFromIndex(index, org, before, key);
    }
  }

  /** The keys of `org`'s records whose `field` has value key `vkey`; builds the index on first use. */
  lookup(field: string, org: string, vkey: string): ReadonlySet<string> | undefined {
    let index = this.indexes.get(field);
    if (index === undefined) {
      const built: EqualityIndex = new Map();
      for (const recordOrg of this.organizations()) {
        this.each(recordOrg, (key, held) => {
          const value = equalityKey(fieldValue(this.resolve(held).data, field));
          if (value !== undefined) addToIndex(built, recordOrg, value, key);
        });
      }
      this.indexes.set(field, built);
      index = built;
    }
    return index.get(org)?.get(vkey);
  }

  /**
   * What a compaction writes out, in insertion order: texts as they were read, records as they are
   * (immutable, so no copy is needed).
   */
  snapshot(): HeldRecord[] {
    const out: HeldRecord[] = [];
    const table = this.table;
    if (table !== undefined) {
      for (let slot = 0; slot < table.size; slot++) {
        const state = table.stateOf(slot);
        if (state === Slot.Text) out.push(table.text(slot));
        else if (state === Slot.Replaced) out.push(this.replacements.get(slot)!);
      }
    }
    for (const record of this.records.values()) out.push(record);
    return out;
  }

  private held(key: string): HeldRecord | undefined {
    const record = this.recordOf(key);
    if (record !== undefined) return record;
    const slot = this.textSlot(key);
    return slot < 0 ? undefined : this.table!.text(slot);
  }

  /** The record of `key` when it is held as one: written since the load, or loaded parsed. */
  private recordOf(key: string): StoredRecord | undefined {
    const record = this.records.get(key);
    if (record !== undefined) return record;
    const slot = this.slotOf(key);
    return slot >= 0 && this.table!.stateOf(slot) === Slot.Replaced ? this.replacements.get(slot) : undefined;
  }

  /** The table slot of `key` while the record is its text, else -1. */
  private textSlot(key: string): number {
    const slot = this.slotOf(key);
    return slot >= 0 && this.table!.stateOf(slot) === Slot.Text ? slot : -1;
  }

  /** The table slot of `key` while it holds the record (text or replaced), else -1. */
  private slotOf(key: string): number {
    const slot = this.table?.slotOf(key) ?? -1;
    return slot >= 0 && this.table!.stateOf(slot) !== Slot.Gone ? slot : -1;
  }

  private organizations(): Set<string> {
    return new Set([...(this.table?.organizations() ?? []), ...this.byOrg.keys()]);
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
