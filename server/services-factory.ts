/**
 * Builds the Services of a running server from its configuration: the journal store on DATA_DIR,
 * the keys, the schema catalogue, the outbox transport and the sign-in throttle.
 */
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { ServerConfig } from './config.ts';
import { FieldCipher } from './crypto/field-cipher.ts';
import { loadKeys } from './crypto/secrets.ts';
import { loadCatalogue } from './schemas.ts';
import type { Services } from './services.ts';
import { JournalStore } from './storage/journal-store.ts';
import { outboxTransport } from './mail/transport.ts';
import { slidingWindowThrottle } from './auth/throttle.ts';
import { jsonLog } from './http/log.ts';

export async function openServices(config: ServerConfig): Promise<Services> {
  await mkdir(config.dataDir, { recursive: true });
  const log = jsonLog();
  const keys = await loadKeys(config.dataDir, { dataKey: config.dataKey, tokenKey: config.tokenKey });
  const catalogue = loadCatalogue();
  const storage = await JournalStore.open(path.join(config.dataDir, 'db'), {
    log: (msg: string) => log('warn', msg),
  });
  return {
    storage,
    catalogue,
    cipher: new FieldCipher(keys.data, keys.lookup),
    tokenKey: new Uint8Array(keys.token),
    config,
    transport: outboxTransport(path.join(config.dataDir, 'outbox.jsonl')),
    throttle: slidingWindowThrottle(config.throttle),
    now: () => Math.floor(Date.now() / 1000),
    log,
  };
}
