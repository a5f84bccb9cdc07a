/**
 * The app built in-process (as tests/helpers/in-process.ts does) with a clock the test moves and a
 * caller that names any organization: for time-bound behaviour a real process cannot be made to
 * show quickly (single-use keys expiring, sessions ending).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { slidingWindowThrottle } from '../../server/auth/throttle.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import { configFromEnv } from '../../server/config.ts';
import { FieldCipher } from '../../server/crypto/field-cipher.ts';
import { memoryTransport } from '../../server/mail/transport.ts';
import { loadCatalogue } from '../../server/schemas.ts';
import type { Services } from '../../server/services.ts';
import { JournalStore } from '../../server/storage/journal-store.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';

export interface ClockApp {
  rootOrg: string;
  /** Seconds added to the real clock. */
  advance(seconds: number): void;
  outbox: { to: string; subject: string; text: string }[];
  call(
    method: string,
    p: string,
    o?: { org?: string; token?: string; body?: unknown },
  ): Promise<{ status: number; text: string; body: any }>;
  close(): Promise<void>;
}

export async function clockApp(): Promise<ClockApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dform-clock-'));
  const config = { ...configFromEnv({}), dataDir, adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD };
  const storage = await JournalStore.open(path.join(dataDir, 'db'));
  let offset = 0;
  const transport = memoryTransport();
  const services: Services = {
    storage,
    catalogue: loadCatalogue(),
    cipher: new FieldCipher(randomBytes(32), randomBytes(32)),
    tokenKey: new Uint8Array(randomBytes(32)),
    config,
    transport,
    throttle: slidingWindowThrottle({ windowSeconds: 60, perAccount: 1000, perAddress: 100000 }),
    now: () => Math.floor(Date.now() / 1000) + offset,
    log: () => {},
  };
  const boot = await bootstrap(services);
  const app = createApp(services);
  return {
    rootOrg: boot.orgId,
    advance: (seconds) => void (offset += seconds),
    outbox: transport.sent,
    async call(method, p, o = {}) {
      const headers: Record<string, string> = { 'organization-id': o.org ?? boot.orgId };
      if (o.token) headers.auth_token = o.token;
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      const res = await app.request(p, {
        method,
        headers,
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      });
      const text = await res.text();
      let body: any;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      return { status: res.status, text, body };
    },
    async close() {
      await storage.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
