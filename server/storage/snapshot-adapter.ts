/**
 * Per-collection snapshot files, read and written through lowdb's `Low` with an adapter that is
 * durable (temp file + fsync + rename + directory fsync; lowdb's JSONFile/steno never fsync) and
 * that never replaces an unreadable file with defaults.
 *
 * The layout is JSON: a header line, one record per line, and a closing line that carries a CRC-32
 * of everything before it: `{"collection":…,"seq":…,"records":[` … `],"crc32":"1a2b3c4d"}`. A file
 * whose checksum matches needs no parsing to be trusted, so the records of a large one are kept as
 * their text until used (speed/text-held/lazy-record.ts). A file without the checksum (closing `]}`: written by hand, or by an
 * earlier version) is parsed and checked record by record, as before.
 */
import { isAscii } from 'node:buffer';
import { basename, dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { Low, type Adapter } from 'lowdb';
import { errorCode, errorMessage, type FileHandleLike, type FileLayer } from './file-layer.ts';
import { hex } from './journal.ts';
import { recordText, type HeldRecord } from './speed/text-held/lazy-record.ts';
import { TextTable } from './speed/text-held/text-table.ts';
import { checkName, recordProblem, shareKey } from './record-shape.ts';
import type { StoredRecord } from './types.ts';

/**
 * `seq` is the last journal sequence number the snapshot includes: replay skips older entries
 * for this collection, and a fresh journal continues numbering after it.
 */
export interface SnapshotData {
  collection: string;
  seq: number;
  /** Read: always records. Written: a record may also be its text (a compaction of a TextTable). */
  records: HeldRecord[];
  /** Read from a checksummed file: the records kept as text (`records` then holds the others). */
  table?: TextTable;
}

/** What `readSnapshot` answers. */
export interface LoadedSnapshot extends SnapshotData {
  records: StoredRecord[];
  /** When the snapshot was read line by line: its table's index, for `writeIndexFile`. */
  indexFile?: Buffer;
}

/** Records per stringify batch: small enough that one batch costs well under a millisecond or two. */
const BATCH = 500;
let tempCounter = 0;

export const TEMP_SUFFIX = '.tmp';
/** Beside a snapshot `x.json`, its TextTable's index: `x.json.idx` (text-table.ts). */
export const INDEX_SUFFIX = '.idx';
/**
 * 64 KiB: larger files are read line by line and, checksum verified, keep their records as text
 * (1k employees, 575 kB: 5 ms less to start than parsing it whole). Smaller ones are the small,
 * often-read collections (groups, organizations), parsed whole and kept parsed.
 */
export const STREAM_ABOVE = 64 * 1024;

/** The closing line: the checksum is of every byte before it. */
const FOOTER = /^\],"crc32":"([0-9a-f]{8})"\}$/;
const footer = (crc: number) => `],"crc32":"${hex(crc)}"}\n`;
const FOOTER_BYTES = footer(0).length;
const COMMA = 0x2c;
const CLOSE_BRACKET = 0x5d;

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
    /** Files larger than this many bytes are read line by line into a TextTable. */
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
    // A large checksummed file is read line by line, its records kept as text (parseLines); a small
    // one, and any layout but ours (an earlier version's, a hand-edited one), is parsed whole.
    const parsed = (size > this.streamAbove ? await this.parseLines(size) : undefined) ?? (await this.parseWhole());
    return this.validate(parsed);
  }

  private corrupt(why: string): Error {
    return new Error(`storage: snapshot file ${this.file} is corrupt: ${why}`);
  }

  private mismatch(): Error {
    return this.corrupt('its checksum does not match its contents (was it changed by hand?)');
  }

  private async parseWhole(): Promise<unknown> {
    const bytes = await this.fs.readFile(this.file);
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch (err) {
      throw this.corrupt(errorMessage(err));
    }
    const claimed = (parsed as { crc32?: unknown } | null)?.crc32;
    if (claimed !== undefined) {
      // The checksum holds only for the exact bytes written: the closing line must end the file.
      const end = bytes.length - FOOTER_BYTES;
      const crc = end < 0 ? 0 : crc32(bytes.subarray(0, end));
      if (end < 0 || claimed !== hex(crc) || bytes.toString('utf8', end) !== footer(crc)) throw this.mismatch();
    }
    return parsed;
  }

  /**
   * Reads a checksummed file in the layout `write` produces, chunk by chunk and line by line, its
   * records into a TextTable (those whose line the table cannot take are parsed). Undefined for any
   * other layout, a file without the checksum included: the caller then parses the file whole,
   * which checks every record. Throws when the checksum does not match.
   */
  private async parseLines(size: number, useIndex = true): Promise<unknown> {
    // With an index file of this very snapshot, only the header line is read as a line.
    const index = useIndex ? await this.readIndex() : undefined;
    let header: Record<string, unknown> | undefined;
    let table: TextTable | undefined;
    const records: unknown[] = [];
    /** (chunk, start, end) of each line the table did not take: an index file lists them. */
    const extra: number[] = [];
    let count = 0;
    let commaBefore = false;
    let closing: string | undefined;
    /** The line `text[start, end)`, without its newline and without the comma that ends it when `comma`. */
    const line = (text: string, start: number, end: number, comma: boolean): boolean => {
      if (header === undefined) {
        const first = text.slice(start, end);
        if (comma || !first.startsWith('{') || !first.endsWith('"records":[')) return false;
        const value = parseOrUndefined(first + ']}');
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        header = value as Record<string, unknown>;
        if (typeof header.collection !== 'string') return false;
        // A record's line is well over 128 bytes (its organization and key alone take 80).
        table = new TextTable(header.collection, Math.ceil(size / 128));
        table.addChunk(text);
        return true;
      }
      if (closing !== undefined) return false;
      if (!comma && text.charCodeAt(start) === CLOSE_BRACKET) {
        closing = text.slice(start, end);
        return FOOTER.test(closing) && (count === 0 || !commaBefore);
      }
      if (count > 0 && !commaBefore) return false;
      commaBefore = comma;
      count++;
      if (table!.addLine(text, start, end)) return true;
      const record = parseOrUndefined(text.slice(start, end));
      if (record === undefined) return false;
      records.push(record);
      extra.push(table!.chunkCount - 1, start, end);
      return true;
    };
    /** Splits text made of whole lines (the last one without its newline) and hands each to `line`. */
    const lines = (text: string): boolean => {
      if (table !== undefined && index !== undefined) {
        table.addChunk(text); // the index has its lines
        return true;
      }
      table?.addChunk(text);
      for (let pos = 0; ;) {
        const end = text.indexOf('\n', pos);
        const stop = end === -1 ? text.length : end;
        const comma = stop > pos && text.charCodeAt(stop - 1) === COMMA;
        if (!line(text, pos, comma ? stop - 1 : stop, comma)) return false;
        // With an index, the text after the header line is not gone through (see above).
        if (end === -1 || (index !== undefined && table !== undefined)) return true;
        pos = end + 1;
      }
    };
    const crcEnd = size - FOOTER_BYTES;
    let crc = 0;
    let offset = 0;
    // Bytes of a line not yet complete. A multi-byte character never contains a newline byte, so
    // bytes cut at newlines decode whole.
    let pending: Buffer[] = [];
    for await (const chunk of this.fs.readChunks(this.file)) {
      if (offset < crcEnd)
        crc = crc32(offset + chunk.length <= crcEnd ? chunk : chunk.subarray(0, crcEnd - offset), crc);
      offset += chunk.length;
      // A first line longer than a chunk is no header of ours.
      if (header === undefined && pending.length > 0) return undefined;
      let from = 0;
      if (pending.length > 0) {
        const first = chunk.indexOf(0x0a);
        if (first === -1) {
          pending.push(Buffer.from(chunk)); // the chunk's buffer is reused
          continue;
        }
        pending.push(chunk.subarray(0, first));
        if (!lines(decode(Buffer.concat(pending)))) return undefined;
        pending = [];
        from = first + 1;
      }
      const last = chunk.lastIndexOf(0x0a);
      if (last >= from) {
        // One string for all the chunk's whole lines: the table keeps it, and a record's line is
        // never copied.
        if (!lines(decode(chunk.subarray(from, last)))) return undefined;
        from = last + 1;
      }
      if (from < chunk.length) pending.push(Buffer.from(chunk.subarray(from)));
    }
    if (pending.length > 0 && !lines(decode(Buffer.concat(pending)))) return undefined;
    if (table === undefined) return undefined;
    const snapshot = { size, crc };
    if (index !== undefined) {
      const chunks = table.chunks();
      const last = chunks[chunks.length - 1];
      closing = last.slice(last.lastIndexOf('\n') + 1);
      const restored = TextTable.restore(table.collection, chunks, index, snapshot);
      // An index of another state of the file, or of another layout: read the file line by line.
      if (restored === undefined || closing + '\n' !== footer(crc)) return this.parseLines(size, false);
      const { extra: others } = restored;
      for (let i = 0; i < others.length; i += 3) {
        records.push(parseOrUndefined(chunks[others[i]].slice(others[i + 1], others[i + 2])));
      }
      return { ...header, records, table: restored.table };
    }
    if (closing === undefined) return undefined;
    // The closing line must end the file, for the checksum covers every byte before it.
    if (offset !== size || crcEnd < 0 || closing + '\n' !== footer(crc)) throw this.mismatch();
    table.seal();
    return { ...header, records, table, indexFile: table.toIndexFile(snapshot, extra) };
  }

  /** The index file of this snapshot (written by a previous start), if there is one. */
  private async readIndex(): Promise<Buffer | undefined> {
    try {
      return await this.fs.readFile(this.file + INDEX_SUFFIX);
    } catch {
      return undefined; // missing or unreadable: the snapshot is read line by line
    }
  }

  async write(data: SnapshotData): Promise<void> {
    const tmp = `${this.file}.${process.pid}-${++tempCounter}${TEMP_SUFFIX}`;
    let handle: FileHandleLike | undefined;
    let crc = 0;
    const put = async (text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      crc = crc32(bytes, crc);
      await handle!.write(bytes);
    };
    try {
      handle = await this.fs.open(tmp, 'wx');
      await put(`{"collection":${JSON.stringify(data.collection)},"seq":${data.seq},"records":[`);
      const { records } = data;
      for (let i = 0; i < records.length; i += BATCH) {
        // One batch per event-loop turn: a 100k-record snapshot never blocks readers for long.
        const part = records.slice(i, i + BATCH).map(recordText);
        await put((i === 0 ? '\n' : ',\n') + part.join(',\n'));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await put('\n');
      await handle.write(footer(crc));
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

  private validate(parsed: unknown): LoadedSnapshot {
    const fail = (why: string): never => {
      throw this.corrupt(why);
    };
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return fail('not an object');
    const { collection, seq, records, table, indexFile } = parsed as Record<string, unknown>;
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
    // Records are frozen when first handed out (Collections), not here: freezing 100k records
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
      const problem = recordProblem(record, name);
      if (problem !== undefined) fail(`record ${i}: ${problem}`);
      const stored = record as StoredRecord & { meta: Record<string, unknown> };
      stored.collection = name;
      stored.org = intern(stored.org);
      const { meta } = stored;
      if (typeof meta.created_by === 'string') meta.created_by = intern(meta.created_by);
      if (typeof meta.updated_by === 'string') meta.updated_by = intern(meta.updated_by);
      shareKey(stored);
    }
    const loaded: LoadedSnapshot = { collection: name, seq: sequence, records: records as StoredRecord[] };
    // Lines parseLines put in a table start with this collection's name: checked there.
    if (table instanceof TextTable) loaded.table = table;
    if (Buffer.isBuffer(indexFile)) loaded.indexFile = indexFile;
    return loaded;
  }
}

/** A missing file reads as an empty snapshot at sequence 0; a corrupt one throws. */
export async function readSnapshot(fs: FileLayer, file: string, streamAbove?: number): Promise<LoadedSnapshot> {
  const db = new Low<SnapshotData>(new SnapshotAdapter(fs, file, streamAbove), {
    collection: nameOf(file),
    seq: 0,
    records: [],
  });
  await db.read();
  return db.data as LoadedSnapshot;
}

/**
 * Writes a snapshot's index file (`readSnapshot` made it), so that the next start reads the snapshot
 * without going through its lines. Best effort: an index file is a cache, checked against the
 * snapshot's size and checksum before use, so a failed or torn write only costs a start its speed.
 */
export async function writeIndexFile(fs: FileLayer, snapshotFile: string, bytes: Buffer): Promise<void> {
  const target = snapshotFile + INDEX_SUFFIX;
  const tmp = `${target}.${process.pid}-${++tempCounter}${TEMP_SUFFIX}`;
  try {
    const handle = await fs.open(tmp, 'w');
    try {
      await handle.write(bytes);
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, target);
  } catch {
    await fs.unlink(tmp).catch(() => undefined);
  }
}

export async function writeSnapshot(fs: FileLayer, file: string, data: SnapshotData): Promise<void> {
  const db = new Low<SnapshotData>(new SnapshotAdapter(fs, file), data);
  await db.write();
}

/** Latin-1 decoding is a plain copy, several times faster than UTF-8's, and the same for ASCII. */
function decode(bytes: Buffer): string {
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
