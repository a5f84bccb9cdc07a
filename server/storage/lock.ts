/**
 * Single-process lock on a storage directory: two processes appending to one journal would
 * interleave and corrupt it. `LOCK` is created with O_EXCL and holds the owner's pid, so a lock
 * left by a crashed process can be recognized and taken over.
 */
import { join } from 'node:path';
import { errorCode, type FileLayer } from './file-layer.ts';

export class DirLock {
  private released = false;

  private constructor(
    private readonly fs: FileLayer,
    readonly path: string,
  ) {}

  static async acquire(fs: FileLayer, dir: string, log: (msg: string) => void): Promise<DirLock> {
    const path = join(dir, 'LOCK');
    // A few rounds only: each round either wins, fails for good, or removed one stale lock.
    for (let round = 0; round < 3; round++) {
      if (await tryCreate(fs, path)) return new DirLock(fs, path);
      let text: string;
      try {
        text = (await fs.readFile(path)).toString('utf8').trim();
      } catch (err) {
        if (errorCode(err) === 'ENOENT') continue;
        throw err;
      }
      const owner = /^\d+$/.test(text) ? Number(text) : undefined;
      if (owner !== undefined && isAlive(owner)) {
        throw new Error(`storage: ${dir} is in use by process ${owner}`);
      }
      // Dead owner, or an empty file from a crash between create and write: stale.
      log(`storage: taking over stale lock of process ${text || '(none)'} on ${dir}`);
      try {
        await fs.unlink(path);
      } catch (err) {
        if (errorCode(err) !== 'ENOENT') throw err;
      }
    }
    throw new Error(`storage: could not lock ${dir}`);
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    try {
      await this.fs.unlink(this.path);
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') throw err;
    }
  }
}

async function tryCreate(fs: FileLayer, path: string): Promise<boolean> {
  let handle;
  try {
    handle = await fs.open(path, 'wx');
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    throw err;
  }
  try {
    await handle.write(String(process.pid));
    await handle.close();
    return true;
  } catch (err) {
    // A lock file without a pid would look stale to the next process; do not leave one.
    await handle.close().catch(() => undefined);
    await fs.unlink(path).catch(() => undefined);
    throw err;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(err) === 'EPERM';
  }
}
