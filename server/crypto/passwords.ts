/**
 * Password hashing with argon2id (a memory-hard KDF) at one of the costs OWASP's Password Storage
 * Cheat Sheet lists as equally strong: 7 MiB, 5 iterations, 1 lane (its 19 MiB / 2 iterations
 * setting trades the other way). The smaller memory cost keeps concurrent sign-ins from raising the
 * server's resident memory much (measured: bench/results.md, History). Hashes made with other parameters still verify: they are in the hash.
 * The hash runs off the event loop in the binding's threads.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 7168, timeCost: 5, parallelism: 1 } as const;

/**
 * Hashing shares libuv's thread pool with file writes (fsync): at most two hashes run at once so
 * that writes always find a free thread, and a backlog beyond MAX_WAITING is refused at once.
 */
const MAX_RUNNING = 2;
const MAX_WAITING = 64;
/** How many hashes may be asked for at once before the next is refused (HashingBusyError). */
export const HASHING_BACKLOG = MAX_RUNNING + MAX_WAITING;
let running = 0;
const waiting: (() => void)[] = [];

export class HashingBusyError extends Error {
  constructor() {
    super('password hashing is saturated');
    this.name = 'HashingBusyError';
  }
}

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new HashingBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    // Same work as a real check, so an unknown account answers in about the same time.
    await limited(() => hash(password, OPTIONS));
    return false;
  }
  try {
    return await limited(() => verify(stored, password));
  } catch (e) {
    if (e instanceof HashingBusyError) throw e;
    return false;
  }
}
