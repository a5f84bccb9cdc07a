/**
 * Single-use, short-lived download keys for printable forms. A link that must be a URL (a new tab, a
 * download) cannot carry the auth_token header, and the token itself must never travel in a URL
 * (it would land in history, logs and Referer headers). So a signed-in caller asks for a key bound
 * to their session, organization, form and record; the key opens that one PDF once, within the
 * time it lives.
 *
 * Keys live in the server's memory only: only a SHA-256 of each key is held, a restart drops
 * the outstanding ones (a link then fails, the user asks again), and nothing is written to disk.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface DownloadGrant {
  org: string;
  user: string;
  sid: string;
  /** The session's own expiry (epoch seconds), kept for the caller rebuilt at redemption. */
  sessionExp: number;
  form: string;
  key: string;
}

export interface DownloadKeys {
  /** A new key for this grant and when it expires (epoch seconds). */
  issue(grant: DownloadGrant): { downloadKey: string; expires: number };
  /**
   * The grant of a key, which is used up by this call whatever the answer: a key is shown once.
   * Undefined when the key is unknown, used or expired.
   */
  redeem(downloadKey: string): DownloadGrant | undefined;
}

export interface DownloadKeyOptions {
  now: () => number;
  /** How long a key lives, in seconds. */
  ttlSeconds?: number;
  /** Keys one user may hold at once; asking for more drops their oldest. */
  perUser?: number;
  /** Keys held in all; asking for more drops the oldest. */
  maxKeys?: number;
}

/** The shape of a key: 32 random bytes in base64url. */
export const DOWNLOAD_KEY = /^[A-Za-z0-9_-]{43}$/;

const digest = (k: string) => createHash('sha256').update(k).digest('base64url');

export function downloadKeys({
  now,
  ttlSeconds = 60,
  perUser = 20,
  maxKeys = 10_000,
}: DownloadKeyOptions): DownloadKeys {
  // Insertion order is issue order, so the first entries are the oldest.
  const held = new Map<string, DownloadGrant & { expires: number }>();

  function sweep(t: number) {
    for (const [id, g] of held) if (g.expires <= t) held.delete(id);
  }

  return {
    issue(grant) {
      const t = now();
      sweep(t);
      const mine = [...held].filter(([, g]) => g.org === grant.org && g.user === grant.user);
      for (const [id] of mine.slice(0, Math.max(0, mine.length - perUser + 1))) held.delete(id);
      while (held.size >= maxKeys) held.delete(held.keys().next().value!);
      const downloadKey = randomBytes(32).toString('base64url');
      const expires = t + ttlSeconds;
      held.set(digest(downloadKey), { ...grant, expires });
      return { downloadKey, expires };
    },
    redeem(downloadKey) {
      if (!DOWNLOAD_KEY.test(downloadKey)) return undefined;
      const id = digest(downloadKey);
      const g = held.get(id);
      if (!g) return undefined;
      held.delete(id);
      if (g.expires <= now()) return undefined;
      const { expires: _expires, ...grant } = g;
      return grant;
    },
  };
}
