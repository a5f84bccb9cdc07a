/**
 * The only door between the storage engine and the disk. Everything goes through it so tests can
 * inject ENOSPC/EIO/EROFS at any single step (a temp write, an fsync, a rename...) and check that
 * the engine leaves no trace of a failed change.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import * as fsp from 'node:fs/promises';

export interface FileHandleLike {
  /** The path the handle was opened with (fault injection matches on it). */
  readonly path: string;
  /** Writes every byte (loops over short writes) at the current position / the end for 'a'. */
  write(data: Uint8Array | string): Promise<void>;
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * 'a' append (created if missing), 'w' create/truncate, 'wx' create exclusively (EEXIST if it
 * exists), 'r' read-only (used to fsync a directory).
 */
export type OpenFlags = 'a' | 'w' | 'wx' | 'r';

export interface FileLayer {
  open(path: string, flags: OpenFlags): Promise<FileHandleLike>;
  readFile(path: string): Promise<Buffer>;
  /** The file's size in bytes. */
  size(path: string): Promise<number>;
  /**
   * The file's bytes in chunks, so that a large file is never held whole in memory; a missing
   * file throws ENOENT from the first iteration. A chunk is valid until the next is asked for:
   * the buffer is reused (new buffers cost a page fault every 4 KiB: 25 ms of reading 57 MB).
   */
  readChunks(path: string): AsyncIterable<Buffer>;
  readdir(path: string): Promise<string[]>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
  mkdir(path: string): Promise<void>;
  /** fsync of a directory, so that a rename or a new file inside it survives a power loss. */
  syncDir(path: string): Promise<void>;
}

class NodeFileHandle implements FileHandleLike {
  constructor(
    readonly path: string,
    private readonly handle: fsp.FileHandle,
  ) {}

  async write(data: Uint8Array | string): Promise<void> {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    let done = 0;
    while (done < buf.byteLength) {
      const { bytesWritten } = await this.handle.write(buf, done, buf.byteLength - done);
      // A zero-byte write would loop forever; the kernel reports ENOSPC/EIO as errors instead.
      if (bytesWritten <= 0) throw Object.assign(new Error(`short write to ${this.path}`), { code: 'EIO' });
      done += bytesWritten;
    }
  }

  sync(): Promise<void> {
    return this.handle.sync();
  }

  truncate(length: number): Promise<void> {
    return this.handle.truncate(length);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/** What the store creates is its owner's alone: records hold personal data (ASVS 5.0 V13). */
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

export const nodeFileLayer: FileLayer = {
  async open(path, flags) {
    return new NodeFileHandle(path, await fsp.open(path, flags, FILE_MODE));
  },
  readFile: (path) => fsp.readFile(path),
  size: async (path) => (await fsp.stat(path)).size,
  readChunks,
  readdir: (path) => fsp.readdir(path),
  rename: (from, to) => fsp.rename(from, to),
  unlink: (path) => fsp.unlink(path),
  async mkdir(path) {
    await fsp.mkdir(path, { recursive: true, mode: DIR_MODE });
  },
  async syncDir(path) {
    const handle = await fsp.open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
};

const CHUNK_BYTES = 1 << 20;

/**
 * Blocking reads: chunks are read while the store opens, before anything is served, where waiting
 * for the thread pool's round trip on each chunk only left the process idle (about 60 ms of a
 * 100k-record start).
 */
async function* readChunks(path: string): AsyncIterable<Buffer> {
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafeSlow(CHUNK_BYTES);
    for (;;) {
      const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      if (read === 0) return;
      yield read === CHUNK_BYTES ? chunk : chunk.subarray(0, read);
    }
  } finally {
    closeSync(fd);
  }
}

/** The errno code of a file-system error, if it has one. */
export function errorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
