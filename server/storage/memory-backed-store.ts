/**
 * The reads every embedded store answers from its in-memory state (collections.ts); the stores
 * differ only in how they commit (MemoryStore at once, JournalStore after an fsync).
 */
import { Collections } from './collections.ts';
import type { SpeedStrategy } from './speed/speed-strategy.ts';
import type {
  FindOf,
  FindQuery,
  FindResult,
  ManyAndFound,
  RecordRef,
  Storage,
  StoredRecord,
  WriteOp,
} from './types.ts';

export abstract class MemoryBackedStore implements Storage {
  protected readonly state: Collections;

  constructor(speed: SpeedStrategy) {
    this.state = new Collections(speed);
  }

  async get(collection: string, org: string, key: string): Promise<StoredRecord | undefined> {
    return this.state.get(collection, org, key);
  }

  async getMany(org: string, refs: readonly RecordRef[]): Promise<(StoredRecord | undefined)[]> {
    return refs.map((ref) => this.state.get(ref.collection, org, ref.key));
  }

  async getManyAndFind(org: string, refs: readonly RecordRef[], find: FindOf): Promise<ManyAndFound> {
    const records = refs.map((ref) => this.state.get(ref.collection, org, ref.key));
    return { records, found: await this.state.findInSlices(find.collection, org, find.query) };
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
    return this.state.names();
  }

  /** Every record of a collection, every organization, in insertion order, one at a time (data:export). */
  scan(collection: string): Iterable<StoredRecord> {
    return this.state.scan(collection);
  }

  abstract commit(ops: WriteOp[]): Promise<StoredRecord[]>;
  abstract close(): Promise<void>;
}
