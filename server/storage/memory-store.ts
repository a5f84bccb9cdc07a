/**
 * The in-memory twin of JournalStore for fast tests: same semantics, no files. It keeps its records
 * the plain way unless given another speed strategy (the contract tests run it with both).
 */
import { putRecords } from './collections.ts';
import { MemoryBackedStore } from './memory-backed-store.ts';
import { plainStrategy } from './speed/plain.ts';
import type { SpeedStrategy } from './speed/speed-strategy.ts';
import type { StoredRecord, WriteOp } from './types.ts';

export class MemoryStore extends MemoryBackedStore {
  private closed = false;

  constructor(speed: SpeedStrategy = plainStrategy) {
    super(speed);
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
