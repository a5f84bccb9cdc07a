/**
 * The keys a store was written under (server/crypto/key-check.ts), on a journal store: the first
 * start writes their check, the same keys pass, any other key is named; a store written before the
 * check (holding data, no check) takes the keys it starts with, unless one of them was just made.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkKeys } from '../../../server/crypto/key-check.ts';
import { FieldCipher } from '../../../server/crypto/field-cipher.ts';
import type { Keys } from '../../../server/crypto/secrets.ts';
import { SYSTEM, SYSTEM_ORG } from '../../../server/services.ts';
import { JournalStore } from '../../../server/storage/journal-store.ts';

let dir: string;
let store: JournalStore;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'dform-keycheck-'));
  store = await JournalStore.open(path.join(dir, 'db'));
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

const keys = (made: string[] = []): Keys => ({
  data: randomBytes(32),
  lookup: randomBytes(32),
  token: randomBytes(32),
  made,
});
const check = (k: Keys) => checkKeys(store, k, new FieldCipher(k.data, k.lookup), 1_800_000_000);
const anOrganization = () =>
  store.commit([
    {
      op: 'put',
      record: {
        collection: SYSTEM.orgs,
        org: SYSTEM_ORG,
        key: 'an-org',
        data: { root: true },
        meta: { created_by: 't', created_time: 1, updated_by: 't', updated_time: 1, version: 1 },
      },
    },
  ]);

describe('the keys a store was written under', () => {
  test('the first start writes the check; the same keys pass; each other key is named', async () => {
    const own = keys();
    await check(own);
    await check(own);
    await expect(check({ ...own, token: randomBytes(32) })).rejects.toThrow(
      /^secrets: the token key does not match the keys this store was written under: start with the store's own \(DFORM_TOKEN_KEY or DATA_DIR\/secrets\/token\.key\)$/,
    );
    await expect(check({ ...own, data: randomBytes(32), lookup: randomBytes(32) })).rejects.toThrow(
      /the data, lookup keys do not match/,
    );
  });

  test('a key file made by a start that is refused is taken back', async () => {
    await check(keys());
    const file = path.join(dir, 'data.key');
    await writeFile(file, 'made\n');
    await expect(check(keys([file]))).rejects.toThrow(/has not been kept: .*data\.key/);
    expect(await readdir(dir)).not.toContain('data.key');
  });

  test('a store written before the check: its keys are taken, unless one was just made', async () => {
    await anOrganization();
    const file = path.join(dir, 'lookup.key');
    await writeFile(file, 'made\n');
    await expect(check(keys([file]))).rejects.toThrow(
      /^secrets: this store holds data, but no key was found for it \(.*lookup\.key\)/,
    );
    expect(await readdir(dir)).not.toContain('lookup.key');
    const found = keys();
    await check(found);
    await expect(check(keys())).rejects.toThrow(/the data, lookup, token keys do not match/);
    await check(found);
  });
});
