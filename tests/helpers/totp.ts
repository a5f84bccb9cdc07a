/** An authenticator app, for tests of two-factor sign-in (RFC 6238: SHA-1, 6 digits, 30 s steps). */
import { Secret, TOTP } from 'otpauth';

/** The code an authenticator app shows for `key` (base32) at `ms` (epoch milliseconds). */
export function codeAt(key: string, ms: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(key), algorithm: 'SHA1', digits: 6, period: 30, timestamp: ms });
}

/** Now, at least 3 s from a 30 s step boundary, so that a code computed here is judged in the same step. */
export async function steadyNow(): Promise<number> {
  for (;;) {
    const ms = Date.now();
    const into = ms % 30_000;
    if (into > 3_000 && into < 27_000) return ms;
    await new Promise((r) => setTimeout(r, 30_000 - into + 3_100));
  }
}
