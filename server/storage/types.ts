/**
 * The storage interface the server talks to. Three implementations: `MemoryStore` (fast tests),
 * `JournalStore` (the embedded default: an fsync'd append-only journal plus per-collection
 * snapshot files, compacted in the background) and `PgStore` (PostgreSQL). The two embedded ones
 * keep their records in memory the way a speed strategy says (speed/speed-strategy.ts).
 *
 * Records are immutable values: a write replaces the record object, it never mutates one, so a
 * reader (or a compaction in progress) can keep a reference without copying.
 */

import type { RecordMeta } from '../../engine/entity.ts';
export type { RecordMeta };

export type DataObject = Record<string, unknown>;

export interface StoredRecord {
  /** Collection name, `<module>/<type>` (never a `my_` variant). */
  collection: string;
  /** The organization the record belongs to: tenancy is decided by this field alone. */
  org: string;
  key: string;
  data: DataObject;
  meta: RecordMeta;
}

/** What criteria and sorts mean is defined once, in the engine (docs/criteria.md). */
export type { Criterion, Operator, SortSpec } from '../../engine/criteria.ts';
import type { Criterion, SortSpec } from '../../engine/criteria.ts';

export interface FindQuery {
  criteria: Criterion[];
  /**
   * At least one of these holds too (never empty): the server's own restriction to what a caller
   * may reach, as "they own it or they created it". A client's query never sets it.
   */
  anyOf?: Criterion[];
  sort?: SortSpec[];
  limit: number;
  offset: number;
}

export interface FindResult {
  items: StoredRecord[];
  total: number;
}

/** One change inside an atomic commit. */
export type WriteOp =
  | {
      op: 'put';
      record: StoredRecord;
      /**
       * Optimistic concurrency: the version the caller read (0 = the record must not exist yet).
       * Checked inside the commit, so two concurrent writers of one version cannot both win.
       */
      expectVersion?: number;
    }
  | { op: 'delete'; collection: string; org: string; key: string; expectVersion?: number }
  /**
   * Writes nothing: the record must be at `expectVersion` (0: absent, or another organization's)
   * when the commit applies. A commit whose rule rests on records it does not write (the company's
   * other user managers) carries their versions, so a concurrent change to them fails it.
   */
  | { op: 'check'; collection: string; org: string; key: string; expectVersion: number };

/** A commit's precondition failed; nothing of the commit was applied. */
export class VersionConflictError extends Error {
  constructor(
    readonly collection: string,
    readonly key: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`storage: ${collection}/${key} is at version ${actual}, not ${expected}`);
    this.name = 'VersionConflictError';
  }
}

/**
 * The store could not make a commit durable (disk full, I/O error, read-only file system).
 * Nothing of the commit is visible, in memory or after a restart. `code` is the errno code.
 */
export class StorageUnavailableError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'StorageUnavailableError';
  }
}

/** A find of one collection (`Storage.getManyAndFind`). */
export interface FindOf {
  collection: string;
  query: FindQuery;
}

/** The answer of `Storage.getManyAndFind`: the records as `getMany` answers, the find as `find` does. */
export interface ManyAndFound {
  records: (StoredRecord | undefined)[];
  found: FindResult;
}

/** Where one record is, within an organization. */
export interface RecordRef {
  collection: string;
  key: string;
}

/**
 * A record per organization (keyed by the organization's id) whose version moves in every commit
 * that writes one of its users or groups, or its own organization record, in that commit's
 * transaction, on a store several processes share (PostgreSQL). `generation` follows other
 * processes' commits only once their notification arrives, which may be after a request that a
 * client sends to this process once the other answered; a signed-in request reads the stamp in the
 * statement that reads its session, so the principal and the company it acts with are never older
 * than the last such commit it could know of (../auth/principal.ts, ../orgs.ts). The embedded store,
 * one process, never writes it: its version stays 0 there.
 */
export const PRINCIPAL_STAMPS = 'system/principal_stamps';
/** The collections whose commits move the stamp of the organization they are in. */
export const PRINCIPAL_SOURCES: ReadonlySet<string> = new Set(['auth/users', 'auth/groups']);
/** The collection whose records are organizations: a commit of one moves that organization's stamp. */
export const ORGANIZATIONS = 'auth/organizations';

export interface Storage {
  /** The record, or undefined when it does not exist or belongs to another organization. */
  get(collection: string, org: string, key: string): Promise<StoredRecord | undefined>;
  /**
   * Several records of one organization, as `get` would answer each, in the order asked and from
   * one snapshot. On PostgreSQL one statement: a request that must read a few records before it can
   * start (its session, the user's session epoch, the record it asks for) waits for one round trip.
   */
  getMany(org: string, refs: readonly RecordRef[]): Promise<(StoredRecord | undefined)[]>;
  /**
   * `getMany` and `findInSlices` over one organization, answered together: on PostgreSQL one
   * statement, so a search that must first read its session waits for one round trip.
   */
  getManyAndFind(org: string, refs: readonly RecordRef[], find: FindOf): Promise<ManyAndFound>;
  /** Records of one organization matching every criterion (AND), sorted, paged, with the total. */
  find(collection: string, org: string, query: FindQuery): Promise<FindResult>;
  /**
   * `find` for a request: the same answer, worked out a few milliseconds at a time with the event
   * loop free in between, so that a large company's search does not hold every other request.
   * It answers from the state at its start: writes committed meanwhile are not seen.
   */
  findInSlices(collection: string, org: string, query: FindQuery): Promise<FindResult>;
  /** A number that changes whenever a record of the collection changes (for derived caches). */
  generation(collection: string): number;
  /**
   * Applies every op or none. Resolves only once the commit is durable (fsync'd); throws
   * VersionConflictError or StorageUnavailableError and then leaves no trace.
   */
  commit(ops: WriteOp[]): Promise<StoredRecord[]>;
  /** Waits for pending writes and background work, then releases files and locks. */
  close(): Promise<void>;
  /**
   * Runs `work` while no other process sharing this store runs its own `alone` work: the start-up
   * steps that create what is missing (the product organization, the demo company, one-time data
   * migrations) read and then write, and two processes started at once on an empty database each
   * found nothing and made their own. Absent where one process holds the store (the embedded store).
   */
  alone?<T>(work: () => Promise<T>): Promise<T>;
}
