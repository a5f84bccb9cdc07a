/**
 * The append-only journal: one checksummed JSON line per commit, fsync'd before the commit is
 * applied. A failed append is rolled back by truncating to the last good length, so a change the
 * caller was told failed can never come back.
 */
import { crc32 } from 'node:zlib';
import { dirname } from 'node:path';
import { errorCode, type FileHandleLike, type FileLayer } from './file-layer.ts';
import { checkName, recordProblem } from './record-shape.ts';
import type { AppliedOp } from './collections.ts';
import { deepFreeze } from './values.ts';

export interface JournalEntry {
  seq: number;
  ops: AppliedOp[];
}

export interface JournalContents {
  entries: JournalEntry[];
  /** Bytes up to the end of the last valid line. */
  goodLength: number;
  fileLength: number;
}

const PREFIX = /^\{"crc":"([0-9a-f]{8})",/;

/** `{"crc":"…",` + the payload without its `{`: valid JSON, and the checksum covers the exact payload bytes. */
export function encodeEntry(seq: number, ops: readonly AppliedOp[]): string {
  const payload = JSON.stringify({ seq, ops });
  return `{"crc":"${hex(crc32(payload))}",${payload.slice(1)}\n`;
}

function decodeEntry(line: string): JournalEntry | undefined {
  const match = PREFIX.exec(line);
  if (match === null) return undefined;
  const payload = '{' + line.slice(match[0].length);
  if (hex(crc32(payload)) !== match[1]) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const { seq, ops } = parsed as { seq?: unknown; ops?: unknown };
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1 || !Array.isArray(ops)) return undefined;
  for (const op of ops as unknown[]) if (!isOp(op)) return undefined;
  return { seq, ops: deepFreeze(ops as AppliedOp[]) };
}

function isOp(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const op = value as Record<string, unknown>;
  if (op.op === 'put') return recordProblem(op.record) === undefined;
  if (op.op !== 'delete' || typeof op.org !== 'string' || typeof op.key !== 'string') return false;
  try {
    checkName(op.collection);
    return true;
  } catch {
    return false;
  }
}

/** A CRC-32 as the 8 hex digits journal lines and snapshot files carry. */
export function hex(n: number): string {
  return n.toString(16).padStart(8, '0');
}

export class Journal {
  /** Set when a failed append could not be rolled back (or a rename not made durable) yet. */
  private needsRepair = false;
  private needsDirSync = false;
  /** Lines appended since a compaction started: they become the next journal. */
  private captured: Buffer[] | undefined;

  private constructor(
    private readonly fs: FileLayer,
    readonly path: string,
    private handle: FileHandleLike | undefined,
    /** Durable length: everything before it was fsync'd and acknowledged. */
    private length: number,
  ) {}

  get size(): number {
    return this.length;
  }

  /**
   * Parses without changing anything. A bad last line is a torn append and is skipped; a bad
   * line followed by more data is corruption and throws.
   */
  static async read(fs: FileLayer, path: string): Promise<JournalContents> {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(path);
    } catch (err) {
      if (errorCode(err) === 'ENOENT') return { entries: [], goodLength: 0, fileLength: 0 };
      throw err;
    }
    const entries: JournalEntry[] = [];
    let pos = 0;
    let lineNo = 0;
    while (pos < bytes.length) {
      lineNo++;
      const end = bytes.indexOf(0x0a, pos);
      // No newline: the append never completed, so it was never acknowledged.
      if (end === -1) break;
      const entry = decodeEntry(bytes.subarray(pos, end).toString('utf8'));
      if (entry === undefined && end + 1 >= bytes.length) break;
      const previous = entries.at(-1)?.seq ?? 0;
      if (entry === undefined || entry.seq <= previous) {
        throw new Error(`storage: journal ${path} is corrupt at line ${lineNo}; refusing to open`);
      }
      entries.push(entry);
      pos = end + 1;
    }
    return { entries, goodLength: pos, fileLength: bytes.length };
  }

  /** Opens for appending, cutting a torn tail off first. */
  static async open(
    fs: FileLayer,
    path: string,
    contents: JournalContents,
    log: (msg: string) => void,
  ): Promise<Journal> {
    const journal = new Journal(fs, path, undefined, contents.goodLength);
    if (contents.fileLength > contents.goodLength) {
      log(`storage: dropping ${contents.fileLength - contents.goodLength} bytes of a torn last line of ${path}`);
    }
    // A new file must reach the directory durably before a commit relies on it.
    journal.needsDirSync = contents.fileLength === 0;
    await journal.repair();
    return journal;
  }

  /** Before each commit: finishes a rollback that failed earlier, or throws again. */
  async ensureWritable(): Promise<void> {
    if (this.needsRepair || this.handle === undefined) await this.repair();
  }

  /** Appends and fsyncs; on any failure truncates back to the durable length, then rethrows. */
  async append(lines: readonly string[]): Promise<void> {
    const bytes = Buffer.from(lines.join(''), 'utf8');
    try {
      if (this.handle === undefined) throw Object.assign(new Error('storage: journal is not open'), { code: 'EBADF' });
      await this.handle.write(bytes);
      await this.handle.sync();
    } catch (err) {
      await this.rollback();
      throw err;
    }
    this.length += bytes.length;
    this.captured?.push(bytes);
  }

  beginCapture(): void {
    this.captured = [];
  }

  endCapture(): void {
    this.captured = undefined;
  }

  /**
   * Replaces the journal with the lines captured since `beginCapture` (the entries newer than the
   * snapshots just written). New file + fsync + rename: a crash leaves either journal whole.
   * Must run with commits held off.
   */
  async rotate(log: (msg: string) => void): Promise<void> {
    // Without a capture there is nothing known to carry over: refusing beats emptying the journal.
    if (this.captured === undefined) throw new Error('storage: journal rotation without a capture');
    const data = Buffer.concat(this.captured);
    this.captured = undefined;
    const tmp = `${this.path}.tmp`;
    let handle: FileHandleLike | undefined;
    try {
      handle = await this.fs.open(tmp, 'w');
      await handle.write(data);
      await handle.sync();
      const closing = handle;
      handle = undefined;
      await closing.close();
      await this.fs.rename(tmp, this.path);
    } catch (err) {
      await handle?.close().catch(() => undefined);
      await this.fs.unlink(tmp).catch(() => undefined);
      throw err;
    }
    // From here the old handle points at an unlinked file: switch over whatever happens next.
    const old = this.handle;
    this.handle = undefined;
    this.length = data.length;
    await old?.close().catch(() => undefined);
    this.needsDirSync = true;
    try {
      await this.repair();
    } catch (err) {
      // Until the rename is durable, acknowledging a commit on the new file could lose it.
      log(`storage: journal switched but not yet durable (${errorCode(err) ?? String(err)}); writes wait`);
    }
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }

  private async rollback(): Promise<void> {
    // A fresh descriptor: after a failed fsync the old one may keep reporting (or hiding) errors.
    const old = this.handle;
    this.handle = undefined;
    await old?.close().catch(() => undefined);
    await this.repair().catch(() => undefined);
  }

  private async repair(): Promise<void> {
    this.needsRepair = true;
    try {
      this.handle ??= await this.fs.open(this.path, 'a');
      await this.handle.truncate(this.length);
      await this.handle.sync();
      if (this.needsDirSync) {
        await this.fs.syncDir(dirname(this.path));
        this.needsDirSync = false;
      }
      this.needsRepair = false;
    } catch (err) {
      const handle = this.handle;
      this.handle = undefined;
      await handle?.close().catch(() => undefined);
      throw err;
    }
  }
}
