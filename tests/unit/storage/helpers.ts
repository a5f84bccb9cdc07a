/** Shared fixtures for the storage tests: temp dirs, records, crash copies, a fault-injecting FileLayer. */
import * as fsp from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import {
  nodeFileLayer,
  type FileHandleLike,
  type FileLayer,
  type OpenFlags,
} from '../../../server/storage/file-layer.ts';
import type { DataObject, StoredRecord } from '../../../server/storage/types.ts';

export async function tempDir(): Promise<string> {
  return fsp.mkdtemp(join(os.tmpdir(), 'dform-storage-'));
}

export async function removeDir(dir: string): Promise<void> {
  await fsp.rm(dir, { recursive: true, force: true });
}

export function rec(collection: string, org: string, key: string, data: DataObject, version = 1): StoredRecord {
  return {
    collection,
    org,
    key,
    data,
    meta: { created_by: 'u1', created_time: 1_700_000_000, updated_by: 'u1', updated_time: 1_700_000_000, version },
  };
}

/**
 * What a power cut would leave: a copy of the directory as it is on disk right now, without the
 * LOCK (whose owner would be dead). Every acknowledged commit has been fsync'd, so it is in there.
 */
export async function crashCopy(dir: string): Promise<string> {
  const copy = await tempDir();
  await fsp.cp(dir, copy, { recursive: true, filter: (src) => !src.endsWith('LOCK') });
  return copy;
}

export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(join(entry.parentPath ?? entry.path, entry.name).slice(dir.length + 1));
  }
  return out.sort();
}

export type Step = 'open' | 'write' | 'sync' | 'truncate' | 'rename' | 'syncDir';

export interface Fault {
  step: Step;
  /** Matched against the path (for rename: the source path). */
  path: RegExp;
  code: string;
  /** How many times it fires; unlimited when absent. */
  times?: number;
}

/**
 * nodeFileLayer with injectable errno failures. A failing write first writes half of its bytes
 * and a failing sync happens after the data reached the file, like real ENOSPC/EIO do, so the
 * store has to clean up actual bytes.
 */
export class FaultyFs implements FileLayer {
  faults: Fault[] = [];
  readonly calls: { step: Step; path: string }[] = [];

  inject(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  clear(): void {
    this.faults = [];
  }

  count(step: Step, path: RegExp): number {
    return this.calls.filter((call) => call.step === step && path.test(call.path)).length;
  }

  fail(step: Step, path: string): void {
    this.calls.push({ step, path });
    const fault = this.faults.find((f) => f.step === step && f.path.test(path) && (f.times ?? 1) > 0);
    if (fault === undefined) return;
    if (fault.times !== undefined) fault.times--;
    throw Object.assign(new Error(`${fault.code}: injected ${step} failure on ${path}`), { code: fault.code });
  }

  async open(path: string, flags: OpenFlags): Promise<FileHandleLike> {
    this.fail('open', path);
    const inner = await nodeFileLayer.open(path, flags);
    return {
      path,
      write: async (data) => {
        const bytes = typeof data === 'string' ? Buffer.from(data) : data;
        try {
          this.fail('write', path);
        } catch (err) {
          await inner.write(bytes.subarray(0, Math.floor(bytes.byteLength / 2)));
          throw err;
        }
        await inner.write(bytes);
      },
      sync: async () => {
        this.fail('sync', path);
        await inner.sync();
      },
      truncate: async (length) => {
        this.fail('truncate', path);
        await inner.truncate(length);
      },
      close: () => inner.close(),
    };
  }

  readFile(path: string): Promise<Buffer> {
    return nodeFileLayer.readFile(path);
  }

  size(path: string): Promise<number> {
    return nodeFileLayer.size(path);
  }

  readChunks(path: string): AsyncIterable<Buffer> {
    return nodeFileLayer.readChunks(path);
  }

  readdir(path: string): Promise<string[]> {
    return nodeFileLayer.readdir(path);
  }

  async rename(from: string, to: string): Promise<void> {
    this.fail('rename', from);
    await nodeFileLayer.rename(from, to);
  }

  unlink(path: string): Promise<void> {
    return nodeFileLayer.unlink(path);
  }

  mkdir(path: string): Promise<void> {
    return nodeFileLayer.mkdir(path);
  }

  async syncDir(path: string): Promise<void> {
    this.fail('syncDir', path);
    await nodeFileLayer.syncDir(path);
  }
}
