/**
 * Per-collection snapshot files, read and written through lowdb's `Low` with an adapter that is
 * durable (temp file + fsync + rename + directory fsync; lowdb's JSONFile/steno never fsync) and
 * that never replaces an unreadable file with defaults.
 */
import { basename, dirname, join } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { errorCode, errorMessage, type FileHandleLike, type FileLayer } from './file-layer.ts';
import { checkName, recordShapeProblem } from './state.ts';
import type { StoredRecord } from './types.ts';
import { deepFreeze } from './values.ts';

/**
 * `seq` is the last journal sequence number the snapshot includes: replay skips older entries
 * for this collection, and a fresh journal continues numbering after it.
 */
export interface SnapshotData {
  collection: string;
  seq: number;
  records: StoredRecord[];
}

/** Records per stringify batch: small enough that one batch costs well under a millisecond or two. */
const BATCH = 500;
let tempCounter = 0;

export const TEMP_SUFFIX = '.tmp';

function nameOf(file: string): string {
  return basename(file, '.json').replaceAll('__', '/');
}

export function snapshotPath(dir: string, collection: string): string {
  return join(dir, 'collections', collection.replaceAll('/', '__') + '.json');
}

export class SnapshotAdapter implements Adapter<SnapshotData> {
  constructor(
    private readonly fs: FileLayer,
    readonly file: string,
  ) {}

  async read(): Promise<SnapshotData | null> {
    let bytes: Buffer;
    try {
      bytes = await this.fs.readFile(this.file);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return null;
      throw err;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch (err) {
      throw new Error(`storage: snapshot file ${this.file} is corrupt: ${errorMessage(err)}`);
    }
    return this.validate(parsed);
  }

  async write(data: SnapshotData): Promise<void> {
    const tmp = `${this.file}.${process.pid}-${++tempCounter}${TEMP_SUFFIX}`;
    let handle: FileHandleLike | undefined;
    try {
      handle = await this.fs.open(tmp, 'wx');
      await handle.write(`{"collection":${JSON.stringify(data.collection)},"seq":${data.seq},"records":[`);
      const { records } = data;
      for (let i = 0; i < records.length; i += BATCH) {
        // One batch per event-loop turn: a 100k-record snapshot never blocks readers for long.
        const part = records.slice(i, i + BATCH).map((record) => JSON.stringify(record));
        await handle.write((i === 0 ? '\n' : ',\n') + part.join(',\n'));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await handle.write('\n]}\n');
      await handle.sync();
      const closing = handle;
      handle = undefined;
      await closing.close();
      await this.fs.rename(tmp, this.file);
    } catch (err) {
      await handle?.close().catch(() => undefined);
      // The previous snapshot is still in place; only the temp file has to go.
      await this.fs.unlink(tmp).catch(() => undefined);
      throw err;
    }
    await this.fs.syncDir(dirname(this.file));
  }

  private validate(parsed: unknown): SnapshotData {
    const fail = (why: string): never => {
      throw new Error(`storage: snapshot file ${this.file} is corrupt: ${why}`);
    };
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('not an object');
    const { collection, seq, records } = parsed as Record<string, unknown>;
    // A plain lowdb file `{"records": [...]}` is accepted: name from the file, sequence 0.
    const name = collection ?? nameOf(this.file);
    try {
      checkName(name);
    } catch (err) {
      return fail(errorMessage(err));
    }
    const sequence = seq ?? 0;
    if (typeof sequence !== 'number' || !Number.isSafeInteger(sequence) || sequence < 0) return fail('bad seq');
    if (!Array.isArray(records)) return fail('records is not an array');
    for (const [i, record] of records.entries()) {
      const problem = recordShapeProblem(record);
      if (problem !== undefined) fail(`record ${i}: ${problem}`);
      if ((record as StoredRecord).collection !== name) fail(`record ${i} belongs to another collection`);
      deepFreeze(record);
    }
    return { collection: name, seq: sequence, records: records as StoredRecord[] };
  }
}

/** A missing file reads as an empty snapshot at sequence 0; a corrupt one throws. */
export async function readSnapshot(fs: FileLayer, file: string): Promise<SnapshotData> {
  const db = new Low<SnapshotData>(new SnapshotAdapter(fs, file), { collection: nameOf(file), seq: 0, records: [] });
  await db.read();
  return db.data;
}

export async function writeSnapshot(fs: FileLayer, file: string, data: SnapshotData): Promise<void> {
  const db = new Low<SnapshotData>(new SnapshotAdapter(fs, file), data);
  await db.write();
}
