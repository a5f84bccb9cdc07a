/**
 * The in-memory state both stores share: collections, reads, and the two halves of a commit —
 * `prepare` (check preconditions, normalize, change nothing) and `apply` (cannot fail).
 * The journal store puts the fsync between the two halves.
 */
import { Collection } from './collection-index.ts';
import type { TextTable } from './text-table.ts';
import { findInSlices, runFind } from './query.ts';
import { checkName, normalizeRecord } from './record-shape.ts';
import { VersionConflictError } from './types.ts';
import type { FindQuery, FindResult, Storage, StoredRecord, WriteOp } from './types.ts';
import { deepFreeze } from './values.ts';

/** An op as journaled and applied: preconditions already checked, records normalized. */
export type AppliedOp =
  { op: 'put'; record: StoredRecord } | { op: 'delete'; collection: string; org: string; key: string };

/**
 * Changes accepted but not yet applied, by `collection \0 key` (null = deleted), so that the
 * commits of one group are checked against the earlier ones.
 */
export type Overlay = Map<string, StoredRecord | null>;

export class StoreState {
  readonly collections = new Map<string, Collection>();
  private readonly generations = new Map<string, number>();

  /** Changes whenever a record of the collection is written or deleted (for caches derived from it). */
  generation(collection: string): number {
    return this.generations.get(collection) ?? 0;
  }

  /*
   * Records are shared by reference with every reader, so each one is frozen before it is first
   * handed out (records loaded at start-up are not frozen up front; those committed since are).
   */
  get(collection: string, org: string, key: string): StoredRecord | undefined {
    const found = this.collections.get(collection);
    // The organization is checked before a record kept as text is parsed.
    return found?.orgOf(key) === org ? deepFreeze(found.get(key)) : undefined;
  }

  find(collection: string, org: string, query: FindQuery): FindResult {
    const result = runFind(this.collections.get(collection), org, query);
    for (const record of result.items) deepFreeze(record);
    return result;
  }

  async findInSlices(collection: string, org: string, query: FindQuery, sliceMs?: number): Promise<FindResult> {
    const result = await findInSlices(this.collections.get(collection), org, query, sliceMs);
    for (const record of result.items) deepFreeze(record);
    return result;
  }

  /**
   * Checks a commit against the state plus `overlay`; on success records its changes in
   * `overlay` and returns the ops to journal and apply. Throws before touching anything.
   */
  prepare(ops: WriteOp[], overlay: Overlay): AppliedOp[] {
    if (!Array.isArray(ops)) throw new Error('storage: commit needs an array of ops');
    const local: Overlay = new Map();
    const current = (collection: string, key: string): StoredRecord | null => {
      const id = collection + '\0' + key;
      const staged = local.has(id) ? local.get(id) : overlay.get(id);
      if (staged !== undefined) return staged;
      return this.collections.get(collection)?.get(key) ?? null;
    };
    const out: AppliedOp[] = [];
    for (const op of ops) {
      if (op.op === 'put') {
        const record = normalizeRecord(op.record);
        const existing = current(record.collection, record.key);
        // Keys are unique per collection; letting another tenant's put replace a record would
        // be a cross-organization write, so it is refused outright.
        if (existing !== null && existing.org !== record.org) {
          throw new Error(`storage: ${record.collection}/${record.key} belongs to another organization`);
        }
        checkVersion(record.collection, record.key, op.expectVersion, existing?.meta.version ?? 0);
        local.set(record.collection + '\0' + record.key, record);
        out.push({ op: 'put', record });
      } else if (op.op === 'delete') {
        const { collection, org, key } = op;
        checkName(collection);
        if (typeof org !== 'string' || typeof key !== 'string') throw new Error('storage: delete needs org and key');
        const existing = current(collection, key);
        const visible = existing !== null && existing.org === org ? existing : null;
        checkVersion(collection, key, op.expectVersion, visible?.meta.version ?? 0);
        if (visible !== null) {
          local.set(collection + '\0' + key, null);
          out.push({ op: 'delete', collection, org, key });
        }
      } else {
        throw new Error(`storage: unknown op ${String((op as { op: unknown }).op)}`);
      }
    }
    for (const [id, value] of local) overlay.set(id, value);
    return out;
  }

  apply(ops: readonly AppliedOp[]): void {
    for (const op of ops) {
      const name = op.op === 'put' ? op.record.collection : op.collection;
      this.generations.set(name, this.generation(name) + 1);
      if (op.op === 'put') {
        this.collection(op.record.collection).put(op.record);
      } else {
        const collection = this.collections.get(op.collection);
        if (collection?.get(op.key)?.org === op.org) collection.delete(op.key);
      }
    }
  }

  /** The records of one snapshot file, all of `name`, as `apply` would put them (start-up). */
  load(name: string, records: readonly StoredRecord[], table?: TextTable): void {
    if (records.length === 0 && (table === undefined || table.size === 0)) return;
    const collection = this.collection(name);
    if (table !== undefined) collection.loadTable(table);
    for (let i = 0; i < records.length; i++) collection.put(records[i]);
    this.generations.set(name, this.generation(name) + 1);
  }

  private collection(name: string): Collection {
    let collection = this.collections.get(name);
    if (collection === undefined) {
      collection = new Collection(name);
      this.collections.set(name, collection);
    }
    return collection;
  }
}

/** What `commit` resolves to: the stored (normalized, frozen) records of its puts, in op order. */
export function putRecords(ops: readonly AppliedOp[]): StoredRecord[] {
  const out: StoredRecord[] = [];
  for (const op of ops) if (op.op === 'put') out.push(op.record);
  return out;
}

function checkVersion(collection: string, key: string, expected: number | undefined, actual: number): void {
  if (expected !== undefined && expected !== actual) {
    throw new VersionConflictError(collection, key, expected, actual);
  }
}

/** The reads every store answers from its in-memory state; stores differ only in how they commit. */
export abstract class StateStore implements Storage {
  protected readonly state = new StoreState();

  async get(collection: string, org: string, key: string): Promise<StoredRecord | undefined> {
    return this.state.get(collection, org, key);
  }

  async find(collection: string, org: string, query: FindQuery): Promise<FindResult> {
    return this.state.find(collection, org, query);
  }

  /** `sliceMs` (tests): how long a slice may run; 0 lets others run after every step. */
  findInSlices(collection: string, org: string, query: FindQuery, sliceMs?: number): Promise<FindResult> {
    return this.state.findInSlices(collection, org, query, sliceMs);
  }

  generation(collection: string): number {
    return this.state.generation(collection);
  }

  /** The collections that hold records, by name (data:export and its checks). */
  collectionNames(): string[] {
    return [...this.state.collections]
      .filter(([, c]) => c.scan().next().done !== true)
      .map(([name]) => name)
      .sort();
  }

  /** Every record of a collection, every organization, in insertion order, one at a time (data:export). */
  scan(collection: string): Iterable<StoredRecord> {
    return this.state.collections.get(collection)?.scan() ?? [];
  }

  abstract commit(ops: WriteOp[]): Promise<StoredRecord[]>;
  abstract close(): Promise<void>;
}
