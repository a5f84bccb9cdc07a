/**
 * The app built in-process (`createApp(services)`, called with `app.request()`, no port), over a
 * JournalStore whose file layer a test controls, for faults a real process cannot be made to show.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app.ts';
import { backOffThrottle, slidingWindowThrottle } from '../../server/auth/throttle.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import { printTurns, searchTurns } from '../../server/company-turns.ts';
import { configFromEnv } from '../../server/config.ts';
import { seedDemo } from '../../server/demo.ts';
import { FieldCipher } from '../../server/crypto/field-cipher.ts';
import { memoryTransport } from '../../server/mail/transport.ts';
import { loadCatalogue } from '../../server/schemas.ts';
import type { Services } from '../../server/services.ts';
import { JournalStore } from '../../server/storage/journal-store.ts';
import type { FileLayer } from '../../server/storage/file-layer.ts';
import { PgStore } from '../../server/storage/pg/pg-store.ts';
import type { Storage } from '../../server/storage/types.ts';
import { freshDatabase } from './postgres.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import { RESPONSE_DEFAULTS } from '../../server/http/security-headers.ts';

/**
 * Services over a fresh JournalStore in a temporary folder, with random keys and an outbox in memory,
 * configured as in production: company hostnames under DFORM_PRODUCT_DOMAIN=dform.app.
 */
export async function testServices(opts: { fs?: FileLayer; now?: () => number; prefix?: string } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), opts.prefix ?? 'dform-inproc-'));
  const config = {
    ...configFromEnv({ DFORM_PRODUCT_DOMAIN: 'dform.app' }),
    dataDir,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
  };
  // Under a PostgreSQL run (DFORM_TEST_PG_URL) a fresh database, unless the test controls the files.
  const cluster = process.env.DFORM_TEST_PG_URL;
  const storage: Storage =
    cluster && !opts.fs
      ? await PgStore.open(await freshDatabase(cluster), { log: () => undefined })
      : await JournalStore.open(path.join(dataDir, 'db'), { fs: opts.fs });
  const transport = memoryTransport();
  const cipher = new FieldCipher(randomBytes(32), randomBytes(32));
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const services: Services = {
    storage,
    catalogue: loadCatalogue(),
    cipher,
    tokenKey: new Uint8Array(randomBytes(32)),
    config,
    transport,
    throttle: slidingWindowThrottle({ windowSeconds: 60, perAccount: 1000, perAddress: 100000 }),
    invitations: slidingWindowThrottle({ windowSeconds: 60, perAccount: 1000, perAddress: 1000 }),
    signInThrottle: backOffThrottle(
      { ...config.throttle, perAccount: 1000, perPair: 1000, perAddress: 100000 },
      { now, digest: (v) => cipher.lookup(v) },
    ),
    searches: searchTurns(storage instanceof PgStore),
    prints: printTurns(),
    now,
    log: () => {},
  };
  return { services, storage, transport, dataDir };
}

export interface InProcessAnswer {
  status: number;
  text: string;
  body: any;
  headers: Headers;
}

/**
 * Calls an in-process app as a client would: `org` as organization-id (the root organization when
 * absent), `token` as auth_token, `body` as JSON; the answer carries the node server's default
 * headers (server/http/security-headers.ts) as a real one would.
 */
export function inProcessCaller(
  app: { request: (p: string, init: RequestInit) => Response | Promise<Response> },
  rootOrg: string,
) {
  return async (
    method: string,
    p: string,
    o: { org?: string; token?: string; body?: unknown } = {},
  ): Promise<InProcessAnswer> => {
    const headers: Record<string, string> = { 'organization-id': o.org ?? rootOrg };
    if (o.token) headers.auth_token = o.token;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const res = await app.request(p, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    // As the node server answers: its default headers, unless the app set its own.
    for (const [name, value] of RESPONSE_DEFAULTS) if (!res.headers.has(name)) res.headers.set(name, value);
    const text = await res.text();
    let body: any;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, text, body, headers: res.headers };
  };
}

export async function inProcessApp(fs?: FileLayer) {
  const { services, storage, dataDir } = await testServices({ fs });
  const boot = await bootstrap(services);
  const app = createApp(services);
  const call = inProcessCaller(app, boot.orgId);
  const login = await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  return { services, storage, dataDir, orgId: boot.orgId, call, token: login.body.token as string };
}

/**
 * The demo company in-process over a temporary data folder: its services (to write a record as older
 * code did), the company's id, a caller, and `close` (the store closed, the folder removed); `now`
 * sets its clock (default: the real one).
 */
export async function inProcessDemo(prefix: string, opts: { now?: () => number } = {}) {
  const { services, dataDir } = await testServices({ prefix, now: opts.now });
  const boot = await bootstrap(services);
  const acme = await seedDemo(services, boot.orgId);
  return {
    services,
    acme,
    call: inProcessCaller(createApp(services), boot.orgId),
    close: async () => {
      await services.storage.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The store's read methods, wrapped so that an in-process test can tell which it asked, in order:
 * the returned list grows with each call (empty it with `list.length = 0`).
 */
export function storeReads(store: Storage): string[] {
  const list: string[] = [];
  for (const method of ['get', 'getMany', 'getManyAndFind', 'find', 'findInSlices'] as const) {
    const original = store[method].bind(store) as (...a: unknown[]) => Promise<unknown>;
    (store as unknown as Record<string, unknown>)[method] = (...a: unknown[]) => {
      list.push(method);
      return original(...a);
    };
  }
  return list;
}

/** Signs a user of `org` in through `call` and answers the session's token. */
export function signInTo(call: ReturnType<typeof inProcessCaller>, org: string) {
  return async (userid: string, key: string): Promise<string> => {
    const r = await call('POST', '/auth/api/login', { org, body: { userid, key } });
    if (r.status !== 200) throw new Error(`login ${userid}: ${r.status} ${r.text}`);
    return r.body.token as string;
  };
}
