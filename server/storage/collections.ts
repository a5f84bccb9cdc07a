/**
 * The in-memory state every embedded store shares: its collections (kept by a SpeedStrategy), reads,
 * and the two halves of a commit — `prepare` (check preconditions, normalize, change nothing) and
 * `apply` (cannot fail). The journal store puts the fsync between the two halves.
 */
import { checkFindQuery } from './find-checks.ts';
import { checkName, normalizeRecord } from './record-shape.ts';
import type { KeptCollection, SpeedStrategy } from './speed/speed-strategy.ts';
import { run, runInSlices } from './speed/steps.ts';
import type { HeldRecord } from './speed/text-held/lazy-record.ts';
import type { TextTable } from './speed/text-held/text-table.ts';
import { VersionConflictError } from './types.ts';
import type { FindQuery, FindResult, StoredRecord, WriteOp } from './types.ts';
import { deepFreeze } from './values.ts';

/** An op as journaled and applied: preconditions already checked, records normalized. */
export type AppliedOp =
  { op: 'put'; record: StoredRecord } | { op: 'delete'; collection: string; org: string; key: string };

/**
 * Changes accepted but not yet applied, by `collection \0 key` (null = deleted), so that the
 * commits of one group are checked against the earlier ones.
 */
export type Overlay = Map<string, StoredRecord | null>;

export class Collections {
  private readonly byName = new Map<string, KeptCollection>();
  private readonly generations = new Map<string, number>();

  constructor(readonly strategy: SpeedStrategy) {}

  /** Changes whenever a record of the collection is written or deleted (for caches derived from it). */
  generation(collection: string): number {
    return this.generations.get(collection) ?? 0;
  }

  /*
   * Records are shared by reference with every reader, so each one is frozen before it is first
   * handed out (records loaded at start-up are not frozen up front; those committed since are).
   */
  get(collection: string, org: string, key: string): StoredRecord | undefined {
    const found = this.byName.get(collection);
    // The organization is checked before a record kept as text is parsed.
    return found?.orgOf(key) === org ? deepFreeze(found.get(key)) : undefined;
  }

  find(collection: string, org: string, query: FindQuery): FindResult {
    return frozen(run(this.findSteps(collection, org, query)));
  }

  async findInSlices(collection: string, org: string, query: FindQuery, sliceMs?: number): Promise<FindResult> {
    return frozen(await runInSlices(this.findSteps(collection, org, query), sliceMs));
  }

  /** The collections that hold records, by name. */
  names(): string[] {
    return [...this.byName]
      .filter(([, kept]) => kept.scan()[Symbol.iterator]().next().done !== true)
      .map(([name]) => name)
      .sort();
  }

  /** Every record of a collection, every organization, in insertion order, one at a time. */
  scan(name: string): Iterable<StoredRecord> {
    return this.byName.get(name)?.scan() ?? [];
  }

  /** What a compaction writes for `name` (speed-strategy.ts's `snapshot`). */
  snapshot(name: string): HeldRecord[] {
    return this.byName.get(name)?.snapshot() ?? [];
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
      return this.byName.get(collection)?.get(key) ?? null;
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
      } else if (op.op === 'check') {
        checkName(op.collection);
        const existing = current(op.collection, op.key);
        const visible = existing !== null && existing.org === op.org ? existing : null;
        checkVersion(op.collection, op.key, op.expectVersion, visible?.meta.version ?? 0);
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
        const collection = this.byName.get(op.collection);
        if (collection?.orgOf(op.key) === op.org) collection.delete(op.key);
      }
    }
  }

  /** The records of one snapshot file, all of `name`, as `apply` would put them (start-up). */
  load(name: string, records: readonly StoredRecord[], table?: TextTable): void {
    if (records.length === 0 && (table === undefined || table.size === 0)) return;
    this.collection(name).load(records, table);
    this.generations.set(name, this.generation(name) + 1);
  }

  private collection(name: string): KeptCollection {
    let collection = this.byName.get(name);
    if (collection === undefined) {
      collection = this.strategy.collection(name);
      this.byName.set(name, collection);
    }
    return collection;
  }

  /**
   * The query is checked (paging, and every criterion's value against its operator, whatever the
   * data) before a strategy sees it, and every record answered is checked to be of `org`: a strategy
   * decides speed, never tenancy.
   */
  private *findSteps(collection: string, org: string, query: FindQuery): Generator<void, FindResult> {
    checkFindQuery(query);
    const kept = this.byName.get(collection);
    if (kept === undefined) return { items: [], total: 0 };
    const result = yield* kept.findSteps(org, query);
    for (const record of result.items) {
      if (record.org !== org)
        throw new Error(`storage: ${record.collection}/${record.key} listed under another organization`);
    }
    return result;
  }
}

function frozen(result: FindResult): FindResult {
  for (const record of result.items) deepFreeze(record);
  return result;
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
