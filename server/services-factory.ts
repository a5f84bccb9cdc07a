/**
 * Builds the Services of a running server from its configuration: the journal store on DATA_DIR
 * (or PostgreSQL when DATABASE_URL is set),
 * the keys, the schema catalogue, the outbox transport, the throttles and the download keys.
 */
import path from 'node:path';
import { chmod, mkdir, stat } from 'node:fs/promises';
import type { ServerConfig } from './config.ts';
import { FieldCipher } from './crypto/field-cipher.ts';
import { loadKeys } from './crypto/secrets.ts';
import { checkKeys } from './crypto/key-check.ts';
import { PROGRESS } from './data-move/bundle.ts';
import type { Storage } from './storage/types.ts';
import { loadCatalogue } from './schemas.ts';
import type { Services } from './services.ts';
import { JournalStore } from './storage/journal-store.ts';
import { PgStore } from './storage/pg/pg-store.ts';
import { outboxTransport } from './mail/transport.ts';
import { backOffThrottle, slidingWindowThrottle } from './auth/throttle.ts';
import { sharedRateLimit, sharedSignInThrottle } from './auth/shared-throttles.ts';
import { sharedDownloadKeys } from './printable/download-keys.ts';
import { jsonLog } from './http/log.ts';
import { trustProxies } from './http/context.ts';
import { diskBlobStore } from './files/disk-blob-store.ts';
import { sweepUnheld } from './files/sweep.ts';
import { keyBlobsByCompany } from './files/blob-keys.ts';
import { printTurns, searchTurns } from './company-turns.ts';
import { s3BlobStore } from './files/s3-blob-store.ts';

export async function openServices(config: ServerConfig): Promise<Services> {
  const log = jsonLog();
  trustProxies(config.trustedProxies);
  await privateDataDir(config.dataDir, log);
  const keys = await loadKeys(config.dataDir, {
    dataKey: config.dataKey,
    tokenKey: config.tokenKey,
    lookupKey: config.lookupKey,
    localKeysAllowed: config.localKeysAllowed,
  });
  const catalogue = loadCatalogue();
  const storage: JournalStore | PgStore = config.databaseUrl
    ? await PgStore.open(config.databaseUrl, { log: (msg: string) => log('warn', msg) })
    : await JournalStore.open(path.join(config.dataDir, 'db'), { log: (msg: string) => log('warn', msg) });
  const cipher = new FieldCipher(keys.data, keys.lookup);
  const now = () => Math.floor(Date.now() / 1000);
  try {
    await refuseHalfImported(storage);
    await checkKeys(storage, keys, cipher, now());
  } catch (e) {
    await storage.close();
    throw e;
  }
  const blobs = config.s3
    ? s3BlobStore({ ...config.s3, spoolDir: path.join(config.dataDir, 'files-spool') })
    : diskBlobStore(path.join(config.dataDir, 'files'));
  // Blobs' holders written under the blob id alone move to their company's key first: the sweep
  // reads holders by that key, and would otherwise take their blobs for unheld.
  const rekeyed = await keyBlobsByCompany({ storage, now });
  if (rekeyed) log('info', `files: keyed ${rekeyed} blob holders and claims by company`);
  // A blob store out of reach at start fails the uploads that need it, not the start.
  try {
    const swept = await sweepUnheld({ storage, now }, blobs);
    if (swept) log('info', `files: deleted ${swept} stored files no record held`);
  } catch (e) {
    log('warn', 'files: the start-up sweep of stored files did not finish', { error: String(e) });
  }
  return {
    storage,
    catalogue,
    cipher,
    tokenKey: new Uint8Array(keys.token),
    config,
    transport: outboxTransport(path.join(config.dataDir, 'outbox.jsonl')),
    ...throttles(storage, config, cipher),
    searches: searchTurns(storage instanceof PgStore),
    prints: printTurns(),
    blobs,
    now,
    log,
  };
}

/**
 * The throttles and download keys: in this process's memory over the embedded store (one process
 * serves it), in the database over PostgreSQL (every process counts every attempt).
 */
function throttles(
  storage: JournalStore | PgStore,
  config: ServerConfig,
  cipher: FieldCipher,
): Pick<Services, 'throttle' | 'invitations' | 'signInThrottle' | 'downloadKeys'> {
  const digest = (v: string) => cipher.lookup(`device\u0000${v}`);
  // The companies' and the senders' budgets (./auth/invitations.ts), in the throttle's window.
  const invitations = {
    windowSeconds: config.throttle.windowSeconds,
    perAccount: config.invitations.perCompany,
    perAddress: config.invitations.perUser,
    // A refused invitation is not sent: it leaves the other budget as it was.
    refusedCounts: false,
  };
  if (storage instanceof PgStore) {
    return {
      throttle: sharedRateLimit(storage, config.throttle, { digest }),
      invitations: sharedRateLimit(storage, invitations, { digest }),
      signInThrottle: sharedSignInThrottle(storage, config.throttle, { digest }),
      downloadKeys: sharedDownloadKeys(storage),
    };
  }
  return {
    throttle: slidingWindowThrottle(config.throttle),
    invitations: slidingWindowThrottle(invitations),
    signInThrottle: backOffThrottle(config.throttle, { digest }),
  };
}

/**
 * DATA_DIR readable by its owner only (0700): it holds the records, the journal, the outbox and,
 * unless the keys come from the environment, the keys. A folder left open by an earlier version
 * is closed, which also covers the files it made before files were created 0600.
 */
async function privateDataDir(dir: string, log: Services['log']): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const { mode } = await stat(dir);
  if ((mode & 0o077) === 0) return;
  try {
    await chmod(dir, mode & 0o700);
  } catch (e) {
    log(
      'warn',
      `DATA_DIR ${dir} is open to other users (mode ${(mode & 0o777).toString(8)}) and cannot be closed: ${String(e)}`,
    );
  }
}

/**
 * A store an import is writing, or left unfinished (killed, or its read-back not matching), still
 * holds the import's position (./data-move/bundle.ts): a server started on it served the half that
 * was there and seeded a second product organization into it, and the resumed import then failed.
 */
async function refuseHalfImported(storage: Storage): Promise<void> {
  if (await storage.get(PROGRESS.collection, PROGRESS.org, PROGRESS.key)) {
    throw new Error(
      'data:import: this store holds an import not finished (its position is kept): run `npm run data:import` again to finish it before starting the server',
    );
  }
}
