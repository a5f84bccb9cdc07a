/** The in-memory twin of JournalStore for fast tests: same semantics, no files. */
import { putRecords, StateStore } from './state.ts';
import type { StoredRecord, WriteOp } from './types.ts';

export class MemoryStore extends StateStore {
  private closed = false;

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
