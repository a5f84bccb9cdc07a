/**
 * The embedded default store. Reads are served from memory. A commit is checked, appended as one
 * line to the journal, fsync'd, and only then applied to memory, so its cost does not depend on
 * the amount of data. Per-collection snapshot files are rewritten in the background when the
 * journal grows, after which the journal restarts with only the entries the snapshots miss.
 *
 * This store is the project's own, not lowdb: lowdb alone mutates memory before it writes, never
 * fsyncs, locks within one process only and rewrites every record on each write, and an HR store
 * must not lose an acknowledged write. lowdb is used for what it is in one place, the snapshot
 * files: `Low` reads and writes them through SnapshotAdapter, an adapter over an fsync'd atomic
 * writer (temp file, fsync, rename, directory fsync). The durability core is this file, journal.ts,
 * lock.ts, file-layer.ts and snapshot-adapter.ts; how memory holds the records and answers finds is
 * the speed strategy it is given (speed/speed-strategy.ts). docs/storage.md tells the whole.
 */
import { join } from 'node:path';
import { errorCode, errorMessage, nodeFileLayer, type FileLayer } from './file-layer.ts';
import { Journal, encodeEntry } from './journal.ts';
import { DirLock } from './lock.ts';
import { readSnapshot, snapshotPath, TEMP_SUFFIX, writeIndexFile, writeSnapshot } from './snapshot-adapter.ts';
import { putRecords, type AppliedOp, type Overlay } from './collections.ts';
import { MemoryBackedStore } from './memory-backed-store.ts';
import type { SpeedStrategy } from './speed/speed-strategy.ts';
import { textHeldStrategy } from './speed/text-held/text-held-collection.ts';
import { StorageUnavailableError } from './types.ts';
import type { StoredRecord, WriteOp } from './types.ts';

export interface JournalStoreOptions {
  fs?: FileLayer;
  /** Journal size in bytes that triggers a background compaction; default 8 MiB. */
  compactEvery?: number;
  log?: (msg: string) => void;
  /** How memory keeps the records and answers finds (speed/speed-strategy.ts); default text-held. */
  speed?: SpeedStrategy;
  /**
   * Checksummed snapshot files larger than this are read line by line into a TextTable (default
   * STREAM_ABOVE), for a strategy that holds text; other strategies get every file parsed.
   */
  streamSnapshotsAbove?: number;
  /** How long to wait for another live process to let go of the directory; default 5 s. */
  lockWaitMs?: number;
}

interface Pending {
  ops: WriteOp[];
  resolve: (records: StoredRecord[]) => void;
  reject: (err: unknown) => void;
}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

export class JournalStore extends MemoryBackedStore {
  private journal!: Journal;
  /** Collections changed since their snapshot file was last written. */
  private readonly dirty = new Set<string>();
  private lastSeq = 0;
  private pending: Pending[] = [];
  /** Tail of the chain that serializes journal writes and journal switches. */
  private lane: Promise<unknown> = Promise.resolve();
  private draining: Promise<void> | undefined;
  private compacting: Promise<void> | undefined;
  private retryAt = 0;
  private retryDelay = FIRST_RETRY_MS;
  private closed = false;
  private closing: Promise<void> | undefined;
  private indexWrites: Promise<unknown> = Promise.resolve();
  /** Snapshot files written since the start, whose index file (if any) describes an older one. */
  private readonly unindexed = new Set<string>();

  private constructor(
    private readonly dir: string,
    private readonly fs: FileLayer,
    private readonly lock: DirLock,
    private readonly compactEvery: number,
    private readonly log: (msg: string) => void,
    private readonly streamSnapshotsAbove: number | undefined,
    speed: SpeedStrategy,
  ) {
    super(speed);
  }

  static async open(dir: string, options: JournalStoreOptions = {}): Promise<JournalStore> {
    const fs = options.fs ?? nodeFileLayer;
    const log = options.log ?? ((msg: string) => console.warn(msg));
    await fs.mkdir(join(dir, 'collections'));
    const lock = await DirLock.acquire(fs, dir, log, { waitMs: options.lockWaitMs });
    const speed = options.speed ?? textHeldStrategy;
    const store = new JournalStore(
      dir,
      fs,
      lock,
      options.compactEvery ?? 8 * 1024 * 1024,
      log,
      speed.holdsText ? options.streamSnapshotsAbove : Infinity,
      speed,
    );
    try {
      await store.recover();
    } catch (err) {
      await lock.release().catch(() => undefined);
      throw err;
    }
    return store;
  }

  async commit(ops: WriteOp[]): Promise<StoredRecord[]> {
    if (this.closed) throw new Error('storage: the store is closed');
    return new Promise((resolve, reject) => {
      this.pending.push({ ops, resolve, reject });
      this.drain();
    });
  }

  /** Writes snapshots now and restarts the journal; rejects if that failed (nothing is lost). */
  async compact(): Promise<void> {
    if (this.closed) throw new Error('storage: the store is closed');
    while (this.compacting !== undefined) await this.compacting;
    await this.track(this.runCompaction());
  }

  async close(): Promise<void> {
    this.closed = true;
    this.closing ??= (async () => {
      await this.indexWrites;
      while (this.draining !== undefined) await this.draining;
      while (this.compacting !== undefined) await this.compacting;
      try {
        await this.runCompaction();
        await this.reindex();
      } catch (err) {
        this.log(`storage: compaction on close failed, the journal keeps the data: ${errorMessage(err)}`);
      }
      await this.journal.close().catch(() => undefined);
      await this.lock.release();
    })();
    return this.closing;
  }

  private async recover(): Promise<void> {
    const collectionsDir = join(this.dir, 'collections');
    const files = (await this.fs.readdir(collectionsDir)).filter((name) => name.endsWith('.json')).sort();
    const snapshotSeq = new Map<string, number>();
    const indexFiles: { file: string; bytes: Buffer }[] = [];
    for (const name of files) {
      const file = join(collectionsDir, name);
      const snapshot = await readSnapshot(this.fs, file, this.streamSnapshotsAbove);
      if (snapshotPath(this.dir, snapshot.collection) !== file) {
        throw new Error(`storage: snapshot file ${file} holds collection ${snapshot.collection}`);
      }
      this.state.load(snapshot.collection, snapshot.records, snapshot.table);
      if (snapshot.indexFile !== undefined) indexFiles.push({ file, bytes: snapshot.indexFile });
      snapshotSeq.set(snapshot.collection, snapshot.seq);
      this.lastSeq = Math.max(this.lastSeq, snapshot.seq);
    }
    const journalPath = join(this.dir, 'journal.jsonl');
    const contents = await Journal.read(this.fs, journalPath);
    for (const entry of contents.entries) {
      // Entries already in a collection's snapshot are skipped: a crash between writing the
      // snapshots and switching the journal leaves both behind.
      const newer = entry.ops.filter((op) => entry.seq > (snapshotSeq.get(collectionOf(op)) ?? 0));
      this.state.apply(newer);
      for (const op of newer) this.dirty.add(collectionOf(op));
      this.lastSeq = Math.max(this.lastSeq, entry.seq);
    }
    // Everything above only read; the directory is changed once it is known to be sound.
    for (const dir of [this.dir, collectionsDir]) {
      for (const name of await this.fs.readdir(dir)) {
        if (!name.endsWith(TEMP_SUFFIX)) continue;
        this.log(`storage: removing ${name}, left by an interrupted write`);
        await this.fs.unlink(join(dir, name));
      }
    }
    this.journal = await Journal.open(this.fs, journalPath, contents, this.log);
    // After the temp files are cleaned (an index file is written through one), in the background.
    this.indexWrites = Promise.all(indexFiles.map(({ file, bytes }) => writeIndexFile(this.fs, file, bytes)));
  }

  /** Runs `task` once every earlier task in the lane has finished. */
  private exclusive<T>(task: () => Promise<T> | T): Promise<T> {
    const run = this.lane.then(task);
    this.lane = run.catch(() => undefined);
    return run;
  }

  /** One group per lane turn: commits arriving during an fsync share the next one. */
  private drain(): void {
    if (this.draining !== undefined) return;
    this.draining = this.exclusive(() => {
      const group = this.pending.splice(0);
      // writeGroup settles every commit itself; this only guards against a bug leaving one hanging.
      return this.writeGroup(group).catch((err: unknown) => {
        for (const commit of group) commit.reject(err);
      });
    }).finally(() => {
      this.draining = undefined;
      if (this.pending.length > 0) this.drain();
    });
  }

  private async writeGroup(group: Pending[]): Promise<void> {
    try {
      await this.journal.ensureWritable();
    } catch (err) {
      for (const commit of group) commit.reject(unavailable(err));
      return;
    }
    const overlay: Overlay = new Map();
    const accepted: { commit: Pending; ops: AppliedOp[]; seq: number }[] = [];
    const lines: string[] = [];
    let seq = this.lastSeq;
    for (const commit of group) {
      let ops: AppliedOp[];
      try {
        ops = this.state.prepare(commit.ops, overlay);
      } catch (err) {
        commit.reject(err);
        continue;
      }
      if (ops.length > 0) lines.push(encodeEntry(++seq, ops));
      accepted.push({ commit, ops, seq });
    }
    if (lines.length > 0) {
      try {
        await this.journal.append(lines);
      } catch (err) {
        for (const { commit } of accepted) commit.reject(unavailable(err));
        return;
      }
    }
    for (const { ops } of accepted) {
      this.state.apply(ops);
      for (const op of ops) this.dirty.add(collectionOf(op));
    }
    this.lastSeq = seq;
    for (const { commit, ops } of accepted) commit.resolve(putRecords(ops));
    this.maybeCompact();
  }

  private maybeCompact(): void {
    if (this.closed || this.compacting !== undefined) return;
    if (this.journal.size < this.compactEvery || Date.now() < this.retryAt) return;
    this.track(this.runCompaction()).then(
      () => {
        this.retryDelay = FIRST_RETRY_MS;
        this.retryAt = 0;
      },
      (err: unknown) => {
        this.log(`storage: compaction failed, retrying in ${this.retryDelay} ms: ${errorMessage(err)}`);
        this.retryAt = Date.now() + this.retryDelay;
        this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
      },
    );
  }

  private track(run: Promise<void>): Promise<void> {
    const tracked: Promise<void> = run
      .catch(() => undefined)
      .finally(() => {
        if (this.compacting === tracked) this.compacting = undefined;
      });
    this.compacting = tracked;
    return run;
  }

  /**
   * On close, once nothing else runs: the snapshots written since the start are read again to write
   * their index files, so that a restart after writes reads them through an index too (at 100k
   * employees about 0.1 s more to stop, 0.1 s less to start). Not during background compactions,
   * where reading a large snapshot would hold up requests.
   */
  private async reindex(): Promise<void> {
    for (const file of this.unindexed) {
      try {
        const { indexFile } = await readSnapshot(this.fs, file, this.streamSnapshotsAbove);
        if (indexFile !== undefined) await writeIndexFile(this.fs, file, indexFile);
      } catch (err) {
        this.log(`storage: no index file for ${file}, the next start reads it line by line: ${errorMessage(err)}`);
      }
    }
    this.unindexed.clear();
  }

  private async runCompaction(): Promise<void> {
    // Taken between two commit groups, so memory holds exactly the journal's entries.
    const start = await this.exclusive(() => {
      if (this.journal.size === 0 && this.dirty.size === 0) return undefined;
      const names = [...this.dirty];
      this.dirty.clear();
      this.journal.beginCapture();
      const snapshots = names.map((name) => ({ name, records: this.state.snapshot(name) }));
      return { seq: this.lastSeq, snapshots };
    });
    if (start === undefined) return;
    try {
      for (const { name, records } of start.snapshots) {
        const file = snapshotPath(this.dir, name);
        await writeSnapshot(this.fs, file, { collection: name, seq: start.seq, records });
        this.unindexed.add(file);
      }
      await this.exclusive(() => this.journal.rotate(this.log));
    } catch (err) {
      this.journal.endCapture();
      for (const { name } of start.snapshots) this.dirty.add(name);
      throw err;
    }
  }
}

function collectionOf(op: AppliedOp): string {
  return op.op === 'put' ? op.record.collection : op.collection;
}

function unavailable(err: unknown): StorageUnavailableError {
  const code = errorCode(err);
  return new StorageUnavailableError(`storage: could not make the commit durable: ${errorMessage(err)}`, code);
}
