/**
 * Blob holders and claims written when they were keyed by the blob id alone move to their company's
 * key (`<org>/<blob>`) at the first start of this version (server/files/blob-keys.ts), before the
 * sweep: a file stored before stays held, the sweep keeps its bytes, letting go of it deletes them,
 * and the next start finds nothing left to move. In-process, to write the records as before.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { putOver, systemPut } from '../../server/data/system-write.ts';
import { blobKey } from '../../server/files/blob-claims.ts';
import { keyBlobsByCompany } from '../../server/files/blob-keys.ts';
import { blobsOf, commitReleasing } from '../../server/files/references.ts';
import { sweepUnheld } from '../../server/files/sweep.ts';
import { SYSTEM, type Services } from '../../server/services.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, close } = await inProcessDemo('dform-blob-keys-'));
});
afterAll(() => close());

test('holders and claims keyed by the blob id move to the company key once; the file stays held', async () => {
  const bytes = Buffer.from(`%PDF-1.4\n% older ${randomUUID()}\n%%EOF\n`);
  const staged = await blobsOf(services).stage(
    acme,
    (async function* () {
      yield new Uint8Array(bytes);
    })(),
  );
  await staged.keep();
  const blob = staged.id;
  const claimed = randomUUID().replace(/-/g, '').padEnd(64, '0');
  const key = randomUUID();
  const holder = `hr/documents/${key}/file`;
  const now = services.now();
  const file = { name: 'old.pdf', size: bytes.length, type: 'application/pdf', sha256: blob, uploaded_time: now };
  await services.storage.commit([
    systemPut(services, 'hr/documents', acme, key, {
      display_name: 'Old',
      filename: 'old.pdf',
      view_type: 'file',
      file,
    }),
    putOver(SYSTEM.fileBlobs, acme, holder, { blob, size: bytes.length }, undefined, now),
    putOver(SYSTEM.blobRefs, acme, blob, { holders: [holder] }, undefined, now),
    putOver(SYSTEM.blobClaims, acme, claimed, { by: randomUUID(), at: now }, undefined, now),
  ]);

  assert.equal(await keyBlobsByCompany(services), 2);
  assert.equal(await services.storage.get(SYSTEM.blobRefs, acme, blob), undefined);
  assert.equal(await services.storage.get(SYSTEM.blobClaims, acme, claimed), undefined);
  assert.deepEqual((await services.storage.get(SYSTEM.blobRefs, acme, blobKey(acme, blob)))?.data.holders, [holder]);
  assert.ok(await services.storage.get(SYSTEM.blobClaims, acme, blobKey(acme, claimed)));
  assert.equal(await keyBlobsByCompany(services), 0, 'once per store');

  assert.equal(await sweepUnheld(services, blobsOf(services), { minAgeMs: 0 }), 0);
  assert.equal(await blobsOf(services).has(acme, blob), true, 'the sweep keeps a blob held under the company key');

  const entity = services.catalogue.registry.require('hr', 'documents');
  await commitReleasing(
    services,
    acme,
    [{ entity, key }],
    [{ op: 'delete', collection: 'hr/documents', org: acme, key }],
  );
  assert.equal(await services.storage.get(SYSTEM.blobRefs, acme, blobKey(acme, blob)), undefined);
  assert.equal(await blobsOf(services).has(acme, blob), false, 'let go, its bytes are deleted');
});
