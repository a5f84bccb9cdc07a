/**
 * Single-process lock on a storage directory: two processes appending to one journal would
 * interleave and corrupt it. `LOCK` is created with O_EXCL and names its holder (`<pid> <start>`,
 * the start time of the process as the kernel counts it), so the lock of a process that is gone can
 * be taken over:
 *
 * - a holder that no longer exists, or is a zombie (killed, not yet reaped by its parent: after
 *   kill -9 a supervisor restarts the server before it reaps the old one), is gone;
 * - a pid reused by another process (its start time differs; in a container the restarted server
 *   may even get the old pid) is gone;
 * - a live holder is waited for a few seconds (it may be exiting after SIGTERM) before refusing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorCode, type FileLayer } from './file-layer.ts';

export interface LockOptions {
  /** How long to wait for a live holder to let go before refusing; default 5 s. */
  waitMs?: number;
}

/** Lock files this process holds: a second open here is refused at once, whatever the pid says. */
const heldHere = new Set<string>();

export class DirLock {
  private released = false;

  private constructor(
    private readonly fs: FileLayer,
    readonly path: string,
  ) {
    heldHere.add(path);
  }

  static async acquire(
    fs: FileLayer,
    dir: string,
    log: (msg: string) => void,
    { waitMs = 5000 }: LockOptions = {},
  ): Promise<DirLock> {
    const path = join(dir, 'LOCK');
    const deadline = Date.now() + waitMs;
    let waited = false;
    for (;;) {
      if (await tryCreate(fs, path)) return new DirLock(fs, path);
      let text: string;
      try {
        text = (await fs.readFile(path)).toString('utf8').trim();
      } catch (err) {
        if (errorCode(err) === 'ENOENT') continue;
        throw err;
      }
      const holder = parseHolder(text);
      const state = heldHere.has(path) ? 'alive' : holderState(holder);
      if (state === 'alive') {
        if (heldHere.has(path) || Date.now() >= deadline) {
          throw new Error(`storage: ${dir} is in use by process ${holder?.pid}`);
        }
        if (!waited) log(`storage: ${dir} is held by process ${holder?.pid}; waiting up to ${waitMs} ms`);
        waited = true;
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      // Gone, a zombie, a reused pid, or an empty file from a crash between create and write.
      log(`storage: taking over stale lock of process ${text || '(none)'} on ${dir} (${state})`);
      try {
        await fs.unlink(path);
      } catch (err) {
        if (errorCode(err) !== 'ENOENT') throw err;
      }
    }
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    heldHere.delete(this.path);
    try {
      await this.fs.unlink(this.path);
    } catch (err) {
      if (errorCode(err) !== 'ENOENT') throw err;
    }
  }
}

interface Holder {
  pid: number;
  start?: string;
}

function parseHolder(text: string): Holder | undefined {
  const m = /^(\d+)(?: (\d+))?$/.exec(text);
  return m ? { pid: Number(m[1]), start: m[2] } : undefined;
}

/** What /proc says of a process: its state letter and start time, or undefined without /proc. */
function procStat(pid: number): { state: string; start: string } | 'none' | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (err) {
    if (errorCode(err) === 'ENOENT' || errorCode(err) === 'ESRCH') {
      // No /proc at all (not Linux): say nothing; no entry for this pid: no such process.
      try {
        readFileSync('/proc/self/stat');
      } catch {
        return undefined;
      }
      return 'none';
    }
    return undefined;
  }
  // Fields after the command name (which may hold spaces and parentheses): state is field 3,
  // starttime field 22 (proc(5)).
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: rest[0], start: rest[19] };
}

function holderState(holder: Holder | undefined): 'alive' | 'gone' | 'zombie' | 'reused' {
  if (!holder) return 'gone';
  const stat = procStat(holder.pid);
  if (stat === 'none') return 'gone';
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return 'zombie';
    if (holder.start !== undefined && stat.start !== holder.start) return 'reused';
    // The pid of this very process, not in heldHere: a lock left by an earlier process that had it.
    if (holder.pid === process.pid) return 'reused';
    return 'alive';
  }
  if (holder.pid === process.pid) return 'reused';
  try {
    process.kill(holder.pid, 0);
    return 'alive';
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(err) === 'EPERM' ? 'alive' : 'gone';
  }
}

/** This process as a lock names it. */
function selfHolder(): string {
  const stat = procStat(process.pid);
  return stat && stat !== 'none' ? `${process.pid} ${stat.start}` : String(process.pid);
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
    await handle.write(selfHolder());
    await handle.close();
    return true;
  } catch (err) {
    // A lock file without a holder would look stale to the next process; do not leave one.
    await handle.close().catch(() => undefined);
    await fs.unlink(path).catch(() => undefined);
    throw err;
  }
}
