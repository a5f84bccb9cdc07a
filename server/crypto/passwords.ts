/**
 * Password hashing with argon2id (a memory-hard KDF) at OWASP's recommended cost
 * (19 MiB, 2 iterations, 1 lane). The hash runs off the event loop in the binding's threads.
 */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    // Same work as a real check, so an unknown account answers in about the same time.
    await hash(password, OPTIONS);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** The spec's password rules (spec/001 section 5), in order; empty when the password is fine. */
export function passwordProblems(password: unknown, password2: unknown): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (typeof password !== 'string' || password.length < 6) {
    out.push({ path: '/password', message: 'Password must be at least 6 characters' });
  } else if (/^\d+$/.test(password)) {
    out.push({ path: '/password', message: 'Password cannot be all numbers' });
  } else if (password.length > 256) {
    out.push({ path: '/password', message: 'Password must be at most 256 characters' });
  }
  if (password2 !== password) out.push({ path: '/password2', message: 'Passwords do not match' });
  return out;
}
