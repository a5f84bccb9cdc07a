/**
 * The keys a store was written under, checked at every start. A store holds values sealed under
 * its data key and digests made with its lookup key (SSNs, unique e-mails, single-use keys), and its
 * sessions are signed with its token key: started under other keys (a restore that left out
 * DATA_DIR/secrets/, a process of a PostgreSQL deployment without the key variables, a mistyped
 * DFORM_DATA_KEY) it accepted a second hire with an existing SSN and a second account with an
 * existing e-mail, answered 404 or 500 for every SSN, and sealed new values under a key nothing
 * else opens. So the first start writes a check of each key into the store, every later start
 * compares, and a start whose keys do not match stops with a line saying which, before serving,
 * taking back any key file it made.
 *
 * A store written before the check holds none: its first start under this code writes it, unless a
 * key was just made for a store that already holds data (that key cannot be the one it was written under).
 */
import { createHmac } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Keys } from './secrets.ts';
import { FieldCipher } from './field-cipher.ts';
import { SYSTEM, SYSTEM_ORG } from '../services.ts';
import { VersionConflictError, type Storage } from '../storage/types.ts';

const CHECKED = 'dform key check';
const KEY = 'keys';

type KeyName = 'data' | 'lookup' | 'token';

const HOW: Record<KeyName, string> = {
  data: 'DFORM_DATA_KEY or DATA_DIR/secrets/data.key',
  lookup: 'DFORM_LOOKUP_KEY or DATA_DIR/secrets/lookup.key',
  token: 'DFORM_TOKEN_KEY or DATA_DIR/secrets/token.key',
};

const tokenCheck = (token: Buffer) => createHmac('sha256', token).update(CHECKED).digest('base64url');

/** The keys among `keys` that do not open what the check holds. */
function mismatched(check: Record<string, unknown>, keys: Keys, cipher: FieldCipher): KeyName[] {
  const wrong: KeyName[] = [];
  try {
    if (typeof check.data !== 'string' || cipher.decrypt(check.data) !== CHECKED) wrong.push('data');
  } catch {
    wrong.push('data');
  }
  if (check.lookup !== cipher.lookup(CHECKED)) wrong.push('lookup');
  if (check.token !== tokenCheck(keys.token)) wrong.push('token');
  return wrong;
}

export async function checkKeys(storage: Storage, keys: Keys, cipher: FieldCipher, now: number): Promise<void> {
  const stored = await storage.get(SYSTEM.keyCheck, SYSTEM_ORG, KEY);
  const refuse = async (why: string) => {
    // A key file made by this start would make the next start take it for the store's own.
    await Promise.all(keys.made.map((file) => rm(file, { force: true })));
    throw new Error(`secrets: ${why}`);
  };
  if (stored) {
    const wrong = mismatched(stored.data, keys, cipher);
    if (!wrong.length) return;
    const made = keys.made.length
      ? ` (no key was found, so one was made and has not been kept: ${keys.made.join(', ')})`
      : '';
    await refuse(
      `the ${wrong.join(', ')} key${wrong.length > 1 ? 's do' : ' does'} not match the keys this store was written under${made}: start with the store's own (${wrong.map((k) => HOW[k]).join('; ')})`,
    );
  }
  const holdsData =
    (await storage.find(SYSTEM.orgs, SYSTEM_ORG, { criteria: [], limit: 1, offset: 0 })).items.length > 0;
  if (holdsData && keys.made.length) {
    await refuse(
      `this store holds data, but no key was found for it (${keys.made.join(', ')}): start with the keys it was written under, from the environment or DATA_DIR/secrets/`,
    );
  }
  const first = storage.commit([
    {
      op: 'put',
      expectVersion: 0,
      record: {
        collection: SYSTEM.keyCheck,
        org: SYSTEM_ORG,
        key: KEY,
        data: { data: cipher.encrypt(CHECKED), lookup: cipher.lookup(CHECKED), token: tokenCheck(keys.token) },
        meta: { created_by: 'system', created_time: now, updated_by: 'system', updated_time: now, version: 1 },
      },
    },
  ]);
  // Processes started at once on a new database: one writes the check, the others compare with it.
  await first.catch(async (e: unknown) => {
    if (!(e instanceof VersionConflictError)) throw e;
    await checkKeys(storage, keys, cipher, now);
  });
}
