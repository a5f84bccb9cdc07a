/**
 * The spec's password rules (spec/001 section 5), shared by the server (which enforces them) and
 * the screens (which say them before sending).
 */
import type { FieldError } from './messages.ts';

/** The problems in order, at `/password` and `/password2`; empty when the password is fine. */
export function passwordProblems(password: unknown, password2: unknown): FieldError[] {
  const out: FieldError[] = [];
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
