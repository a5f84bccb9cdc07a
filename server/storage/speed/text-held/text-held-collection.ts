/**
 * The text-held strategy's collection (speed-strategy.ts): its records by key, grouped by
 * organization (so a query never looks at another tenant's data), and lazily built equality hash
 * indexes. The records of a checksummed snapshot stay the text they were read as (a TextTable) until
 * written again; `get` parses them.
 */
import { resolve, type HeldRecord } from './lazy-record.ts';
import { Slot, type TextTable } from './text-table.ts';
import { findSteps } from './text-held-find.ts';
import { run } from '../steps.ts';
import type { KeptCollection, SpeedStrategy } from '../speed-strategy.ts';
import type { FindQuery, FindResult, StoredRecord } from '../../types.ts';
import { equalityKey, fieldValue } from '../../../../engine/criteria.ts';

/** How many fields' values a collection keeps for its records held as text (see `builtColumn`). */
export const MAX_COLUMNS = 8;

/** Large snapshots held as text, with indexes and column caches: the product's strategy. */
export const textHeldStrategy: SpeedStrategy = {
  name: 'text-held',
  holdsText: true,
  collection: (name) => new TextHeldCollection(name),
};

/** A record as a find holds it: its table slot while it is still the snapshot's text, else the record. */
export type Row = number | StoredRecord;

/** org -> value key -> record keys. */
type EqualityIndex = Map<string, Map<string, Set<string>>>;

export class TextHeldCollection implements KeptCollection {
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
  /** Indexes by field, kept up by every write, including one still being built. */
  private readonly indexes = new Map<string, EqualityIndex>();
  /** The fields whose index is built (see `indexSteps`). */
  private readonly complete = new Set<string>();
  /** Index builds under way, by field. */
  private readonly building = new Map<string, Generator<void, void>>();
  /** Field values of the table's texts, by field (see `builtColumn`). */
  private readonly columns = new Map<string, unknown[]>();

  constructor(readonly name: string) {}

  /** Start-up, before anything else is put: the records of a checksummed snapshot file. */
  load(records: readonly StoredRecord[], table?: TextTable): void {
    if (this.table !== undefined || this.records.size > 0)
      throw new Error('storage: a snapshot loads into an empty collection');
    this.table = table;
    for (let i = 0; i < records.length; i++) this.put(records[i]);
  }

  findSteps(org: string, query: FindQuery): Generator<void, FindResult> {
    return findSteps(this, org, query);
  }

  /** The record, parsed when it is still text (a new object each time, then). */
  get(key: string): StoredRecord | undefined {
    const record = this.recordOf(key);
    if (record !== undefined) return record;
    const slot = this.textSlot(key);
    return slot < 0 ? undefined : this.recordOfRow(slot);
  }

  /** The organization a record belongs to, read without parsing it. */
  orgOf(key: string): string | undefined {
    const record = this.recordOf(key);
    if (record !== undefined) return record.org;
    const slot = this.textSlot(key);
    return slot < 0 ? undefined : this.table!.org(slot);
  }

  /** A held record as a record (parsing a text). */
  resolve(held: HeldRecord): StoredRecord {
    return resolve(held, this.name);
  }

  /** `org`'s records as rows, in insertion order: a copy, which later writes leave as it is. */
  rowsOf(org: string): Row[] {
    const rows: Row[] = [];
    const table = this.table;
    if (table !== undefined) {
      for (const slot of table.slotsOf(org)) {
        const state = table.stateOf(slot);
        if (state === Slot.Text) rows.push(slot);
        else if (state === Slot.Replaced) rows.push(this.replacements.get(slot)!);
      }
    }
    const records = this.byOrg.get(org);
    if (records !== undefined) for (const record of records.values()) rows.push(record);
    return rows;
  }

  /** The row of `key` when it is a record of `org`. */
  rowIn(org: string, key: string): Row | undefined {
    const record = this.recordOf(key);
    if (record !== undefined) return record.org === org ? record : undefined;
    const slot = this.textSlot(key);
    return slot >= 0 && this.table!.org(slot) === org ? slot : undefined;
  }

  /**
   * A row's record: a slot's text is parsed (a new object each time). A text never changes, so
   * this is the record as it was when the row was taken, even if it has been written since.
   */
  recordOfRow(row: Row): StoredRecord {
    if (typeof row !== 'number') return row;
    const table = this.table!;
    const parsed = this.resolve(table.text(row));
    // The table (maybe from an index file) said where this key's record is and whose it is; the
    // record itself must agree before anyone is given it.
    if (parsed.key !== table.key(row) || parsed.org !== table.org(row)) {
      throw new Error(`storage: the table of ${this.name} does not match its text at ${parsed.key}`);
    }
    return parsed;
  }

  /** Insertion rank of a row (see `ordinal`). */
  rankOf(row: Row): number {
    return typeof row === 'number' ? row : this.ordinal(row.key);
  }

  /**
   * The values of `field` in the table's texts, by slot, when built: a find over 100k records
   * held as text then reads a value instead of parsing a record (see `columnSteps`).
   */
  builtColumn(field: string): readonly unknown[] | undefined {
    return this.columns.get(field);
  }

  /**
   * Builds the column of `field`, yielding every few texts so that a caller can leave the event
   * loop free meanwhile. Writes in between only ever take slots out of the text state, never into
   * it, so every slot still held as text at the end has its value. The fields a screen sorts and
   * searches by are few: past MAX_COLUMNS the oldest column goes.
   */
  *columnSteps(field: string): Generator<void, readonly unknown[]> {
    const table = this.table;
    if (table === undefined) return [];
    const values = new Array<unknown>(table.size);
    for (let slot = 0; slot < table.size; slot++) {
      if (table.stateOf(slot) === Slot.Text) values[slot] = fieldValue(this.resolve(table.text(slot)).data, field);
      if ((slot & 127) === 127) yield;
    }
    if (this.columns.size >= MAX_COLUMNS) this.columns.delete(this.columns.keys().next().value!);
    this.columns.set(field, values);
    return values;
  }

  /** How many records `org` has (an upper bound while records loaded as text are deleted). */
  orgSize(org: string): number {
    return (this.table?.slotsOf(org).length ?? 0) + (this.byOrg.get(org)?.size ?? 0);
  }

  /** Whether some of `org`'s records may still be held as text. */
  holdsText(org: string): boolean {
    return (this.table?.slotsOf(org).length ?? 0) > 0;
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
    // Unreachable through Collections.prepare; keeps a replayed journal or a hand-edited snapshot
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
    if (!this.complete.has(field)) run(this.indexSteps(field));
    return this.indexes.get(field)!.get(org)?.get(vkey);
  }

  /**
   * Builds the equality index of `field` in steps, for a caller that leaves the event loop free
   * between them. Callers that come while it is being built take steps of the same build.
   */
  *indexSteps(field: string): Generator<void, void> {
    if (this.complete.has(field)) return;
    let build = this.building.get(field);
    if (build === undefined) {
      build = this.buildIndex(field);
      this.building.set(field, build);
    }
    try {
      while (!build.next().done) yield;
    } finally {
      if (this.building.get(field) === build) this.building.delete(field);
    }
    if (!this.complete.has(field)) throw new Error(`storage: the index of ${this.name}.${field} was not built`);
  }

  /**
   * The index is kept up by every write from its first step (put and delete maintain every index
   * in `indexes`), and each record is read as it is when its turn comes: one written meanwhile
   * was indexed by its write, one deleted meanwhile is skipped. `lookup` uses it once complete.
   */
  private *buildIndex(field: string): Generator<void, void> {
    const built: EqualityIndex = new Map();
    this.indexes.set(field, built);
    const byOrg = [...this.organizations()].map((org) => ({ org, rows: this.rowsOf(org) }));
    let step = 0;
    for (const { org, rows } of byOrg) {
      for (const row of rows) {
        let key: string | undefined;
        let data: unknown;
        if (typeof row === 'number') {
          if (this.table!.stateOf(row) === Slot.Text) {
            const record = this.resolve(this.table!.text(row));
            key = record.key;
            data = record.data;
          }
        } else if (this.recordOf(row.key) === row) {
          key = row.key;
          data = row.data;
        }
        if (key !== undefined) {
          const value = equalityKey(fieldValue(data, field));
          if (value !== undefined) addToIndex(built, org, value, key);
        }
        if ((++step & 127) === 0) yield;
      }
    }
    this.complete.add(field);
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

  /**
   * Every record, in the order `snapshot` gives, one at a time (texts parsed as they come): for a
   * reader that walks the whole collection (data:export) without an array of all of it.
   */
  *scan(): Generator<StoredRecord> {
    const table = this.table;
    if (table !== undefined) {
      for (let slot = 0; slot < table.size; slot++) {
        const state = table.stateOf(slot);
        if (state === Slot.Text) yield this.resolve(table.text(slot));
        else if (state === Slot.Replaced) yield this.replacements.get(slot)!;
      }
    }
    yield* this.records.values();
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
