/** The in-memory twin of JournalStore for fast tests: same semantics, no files. */
import { putRecords, StoreState } from './state.ts';
import type { FindQuery, FindResult, Storage, StoredRecord, WriteOp } from './types.ts';

export class MemoryStore implements Storage {
  private readonly state = new StoreState();
  private closed = false;

  get(collection: string, org: string, key: string): StoredRecord | undefined {
    return this.state.get(collection, org, key);
  }

  find(collection: string, org: string, query: FindQuery): FindResult {
    return this.state.find(collection, org, query);
  }

  generation(collection: string): number {
    return this.state.generation(collection);
  }

  /** Prepare and apply run in one synchronous turn, which makes the commit atomic. */
  async commit(ops: WriteOp[]): Promise<StoredRecord[]> {
    if (this.closed) throw new Error('storage: the store is closed');
    const applied = this.state.prepare(ops, new Map());
    this.state.apply(applied);
    return putRecords(applied);
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
