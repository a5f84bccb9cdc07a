/**
 * Per-collection snapshot files, read and written through lowdb's `Low` with an adapter that is
 * durable (temp file + fsync + rename + directory fsync; lowdb's JSONFile/steno never fsync) and
 * that never replaces an unreadable file with defaults.
 */
import { basename, dirname, join } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { errorCode, errorMessage, type FileHandleLike, type FileLayer } from './file-layer.ts';
import { checkName, recordShapeProblem, shareKey } from './state.ts';
import type { StoredRecord } from './types.ts';

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
/** 16 MiB: at this size whole-file parsing holds about 50 MiB of buffer and string at its peak. */
export const STREAM_ABOVE = 16 * 1024 * 1024;

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
    /** Files larger than this many bytes are read record by record. */
    private readonly streamAbove = STREAM_ABOVE,
  ) {}

  async read(): Promise<SnapshotData | null> {
    let size: number;
    try {
      size = await this.fs.size(this.file);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return null;
      throw err;
    }
    // A small file parses fastest whole; a large one is read record by record so that it is never
    // in memory as one buffer and one string beside its records. Any layout but ours is read whole.
    const parsed = (size > this.streamAbove ? await this.parseLines() : undefined) ?? (await this.parseWhole());
    return this.validate(parsed);
  }

  private async parseWhole(): Promise<unknown> {
    const bytes = await this.fs.readFile(this.file);
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch (err) {
      throw new Error(`storage: snapshot file ${this.file} is corrupt: ${errorMessage(err)}`);
    }
  }

  /**
   * Reads a file in the layout `write` produces (a header line, one record per line, a closing
   * line) chunk by chunk and record by record. Undefined when the file has any other layout;
   * when it answers, the result is what JSON.parse of the whole file gives.
   */
  private async parseLines(): Promise<unknown> {
    let header: Record<string, unknown> | undefined;
    const records: unknown[] = [];
    let commaBefore = false;
    let closed = false;
    const line = (text: string): boolean => {
      if (header === undefined) {
        if (!text.startsWith('{') || !text.endsWith('"records":[')) return false;
        const value = parseOrUndefined(text + ']}');
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        header = value as Record<string, unknown>;
        return true;
      }
      // Only JSON's own whitespace may follow, as whole-file parsing allows no more.
      if (closed) return /^[ \t\r]*$/.test(text);
      if (text === ']}') {
        closed = true;
        return records.length === 0 || !commaBefore;
      }
      if (records.length > 0 && !commaBefore) return false;
      commaBefore = text.endsWith(',');
      const record = parseOrUndefined(commaBefore ? text.slice(0, -1) : text);
      if (record === undefined) return false;
      records.push(record);
      return true;
    };
    // Bytes of the line being read; a multi-byte character never contains a newline byte.
    let pending: Buffer[] = [];
    for await (const chunk of this.fs.readChunks(this.file)) {
      // A first line longer than a chunk is no header of ours.
      if (header === undefined && pending.length > 0) return undefined;
      let pos = 0;
      for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, pos)) {
        const bytes =
          pending.length === 0 ? chunk.subarray(pos, end) : Buffer.concat([...pending, chunk.subarray(pos, end)]);
        pending = [];
        if (!line(bytes.toString('utf8'))) return undefined;
        pos = end + 1;
      }
      if (pos < chunk.length) pending.push(chunk.subarray(pos));
    }
    if (pending.length > 0 && !line(Buffer.concat(pending).toString('utf8'))) return undefined;
    return closed ? { ...header, records } : undefined;
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
    // Records are frozen when first handed out (StoreState), not here: freezing 100k records
    // would add a tenth of a second to start-up. Repeated strings are shared, not held per record.
    const shared = new Map<string, string>();
    const intern = (value: string) => {
      const known = shared.get(value);
      if (known !== undefined) return known;
      shared.set(value, value);
      return value;
    };
    // An indexed loop: this runs once per file, cold, where an iterator and destructuring cost.
    for (let i = 0; i < records.length; i++) {
      const record: unknown = records[i];
      const problem = recordShapeProblem(record);
      if (problem !== undefined) fail(`record ${i}: ${problem}`);
      const stored = record as StoredRecord & { meta: Record<string, unknown> };
      if (stored.collection !== name) fail(`record ${i} belongs to another collection`);
      stored.collection = name;
      stored.org = intern(stored.org);
      const { meta } = stored;
      if (typeof meta.created_by === 'string') meta.created_by = intern(meta.created_by);
      if (typeof meta.updated_by === 'string') meta.updated_by = intern(meta.updated_by);
      shareKey(stored);
    }
    return { collection: name, seq: sequence, records: records as StoredRecord[] };
  }
}

/** A missing file reads as an empty snapshot at sequence 0; a corrupt one throws. */
export async function readSnapshot(fs: FileLayer, file: string, streamAbove?: number): Promise<SnapshotData> {
  const db = new Low<SnapshotData>(new SnapshotAdapter(fs, file, streamAbove), {
    collection: nameOf(file),
    seq: 0,
    records: [],
  });
  await db.read();
  return db.data;
}

export async function writeSnapshot(fs: FileLayer, file: string, data: SnapshotData): Promise<void> {
  const db = new Low<SnapshotData>(new SnapshotAdapter(fs, file), data);
  await db.write();
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
