/**
 * Single-use, short-lived download keys for printable forms. A link that must be a URL (a new tab, a
 * download) cannot carry the auth_token header, and the token itself must never travel in a URL
 * (it would land in history, logs and Referer headers). So a signed-in caller asks for a key bound
 * to their session, organization, form and record; the key opens that one PDF once, within the
 * time it lives.
 *
 * Only a SHA-256 of each key is held. On the embedded store keys live in the server's memory: a
 * restart drops the outstanding ones (a link then fails, the user asks again), and nothing is written
 * to disk. With PostgreSQL they live in a table every process reads (`sharedDownloadKeys`), so a link
 * works whichever process it reaches, once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { PgStore } from '../storage/pg/pg-store.ts';

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
  issue(grant: DownloadGrant): Promise<{ downloadKey: string; expires: number }>;
  /**
   * The grant of a key, which is used up by this call whatever the answer: a key is shown once.
   * Undefined when the key is unknown, used or expired.
   */
  redeem(downloadKey: string): Promise<DownloadGrant | undefined>;
}

/** The keys of one kind of link (`printable`, `file`): a key of one kind opens nothing of another. */
export type DownloadKeysOf = (kind: string, options: DownloadKeyOptions) => DownloadKeys;

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
    async issue(grant) {
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
    async redeem(downloadKey) {
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

/** Keys in memory, one set per kind. */
export const memoryDownloadKeys: DownloadKeysOf = (_kind, options) => downloadKeys(options);

/**
 * The same keys in PostgreSQL: a redemption deletes the row it reads in one statement, so of two
 * processes redeeming one key at once only one gets the grant.
 */
export function sharedDownloadKeys(store: PgStore): DownloadKeysOf {
  return (kind, { now, ttlSeconds = 60, perUser = 20, maxKeys = 10_000 }) => ({
    async issue(grant) {
      const t = now();
      const downloadKey = randomBytes(32).toString('base64url');
      const expires = t + ttlSeconds;
      await store.transaction([], 'READ COMMITTED', async (client) => {
        await client.query('DELETE FROM dform_download_keys WHERE expires <= $1', [t]);
        // The user's oldest beyond perUser - 1, then the oldest of all beyond maxKeys - 1.
        await client.query(
          `DELETE FROM dform_download_keys WHERE id IN (
             SELECT id FROM dform_download_keys WHERE kind = $1 AND org = $2 AND usr = $3
             ORDER BY issued DESC OFFSET $4)`,
          [kind, grant.org, grant.user, Math.max(0, perUser - 1)],
        );
        await client.query(
          `DELETE FROM dform_download_keys WHERE id IN (
             SELECT id FROM dform_download_keys WHERE kind = $1 ORDER BY issued DESC OFFSET $2)`,
          [kind, Math.max(0, maxKeys - 1)],
        );
        await client.query(
          'INSERT INTO dform_download_keys (id, kind, org, usr, grant_json, expires) VALUES ($1, $2, $3, $4, $5, $6)',
          [digest(downloadKey), kind, grant.org, grant.user, JSON.stringify(grant), expires],
        );
      });
      return { downloadKey, expires };
    },
    async redeem(downloadKey) {
      if (!DOWNLOAD_KEY.test(downloadKey)) return undefined;
      const used = await store.transaction([], 'READ COMMITTED', (client) =>
        client.query<{ grant_json: DownloadGrant; expires: number }>(
          'DELETE FROM dform_download_keys WHERE id = $1 AND kind = $2 RETURNING grant_json, expires',
          [digest(downloadKey), kind],
        ),
      );
      const row = used.rows[0];
      if (!row || row.expires <= now()) return undefined;
      return row.grant_json;
    },
  });
}
