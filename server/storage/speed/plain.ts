/**
 * The plain strategy (speed-strategy.ts): parsed records in maps, and a find that is the engine's own
 * reference (`findIn`) over the organization's records. No index, no text, nothing to keep up: what
 * the text-held strategy must answer, in a page a newcomer reads at once.
 */
import { findIn } from '../../../engine/criteria.ts';
import type { FindQuery, FindResult, StoredRecord } from '../types.ts';
import { resolve } from './text-held/lazy-record.ts';
import { Slot, type TextTable } from './text-held/text-table.ts';
import type { KeptCollection, SpeedStrategy } from './speed-strategy.ts';

/** Every record parsed and every find a scan: fine for tests and small data. */
export const plainStrategy: SpeedStrategy = {
  name: 'plain',
  holdsText: false,
  collection: (name) => new PlainCollection(name),
};

export class PlainCollection implements KeptCollection {
  /** Every record by key, in insertion order (a Map keeps a replaced key's place). */
  private readonly records = new Map<string, StoredRecord>();
  /** The same records by organization, so that a find looks at its own organization's only. */
  private readonly byOrg = new Map<string, Map<string, StoredRecord>>();

  constructor(readonly name: string) {}

  get(key: string): StoredRecord | undefined {
    return this.records.get(key);
  }

  orgOf(key: string): string | undefined {
    return this.records.get(key)?.org;
  }

  put(record: StoredRecord): void {
    const previous = this.records.get(record.key);
    // A record never moves between organizations through a commit (collections.ts refuses it); a
    // replayed journal or a hand-edited snapshot may hold one: it then leaves its old organization.
    if (previous !== undefined && previous.org !== record.org) this.delete(record.key);
    this.records.set(record.key, record);
    let own = this.byOrg.get(record.org);
    if (own === undefined) {
      own = new Map();
      this.byOrg.set(record.org, own);
    }
    own.set(record.key, record);
  }

  delete(key: string): void {
    const previous = this.records.get(key);
    if (previous === undefined) return;
    this.records.delete(key);
    const own = this.byOrg.get(previous.org)!;
    own.delete(key);
    if (own.size === 0) this.byOrg.delete(previous.org);
  }

  /** A table (not asked for, as `holdsText` is false) is parsed whole. */
  load(records: readonly StoredRecord[], table?: TextTable): void {
    if (table !== undefined) {
      for (let slot = 0; slot < table.size; slot++) {
        if (table.stateOf(slot) === Slot.Text) this.put(resolve(table.text(slot), this.name));
      }
    }
    for (const record of records) this.put(record);
  }

  scan(): Iterable<StoredRecord> {
    return this.records.values();
  }

  snapshot(): StoredRecord[] {
    return [...this.records.values()];
  }

  *findSteps(org: string, query: FindQuery): Generator<void, FindResult> {
    const rows = [...(this.byOrg.get(org)?.values() ?? [])];
    yield;
    return findIn(rows, (record) => record.data, query);
  }
}
