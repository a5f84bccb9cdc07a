/**
 * Files stored before the storage quota get counted at the first start (server/files/file-usage.ts
 * countFileUsage): each company's usage summed from its file fields, sizes read from the records'
 * values where the references kept none, and a file of those let go gives its bytes back. The next
 * start finds nothing left to do. In-process, to write files as the code before the quota did.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { systemPut } from '../../server/data/system-write.ts';
import { countFileUsage } from '../../server/files/file-usage.ts';
import { commitReleasing } from '../../server/files/references.ts';
import { putOver } from '../../server/data/system-write.ts';
import { SYSTEM, type Services } from '../../server/services.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, close } = await inProcessDemo('dform-file-usage-'));
});
afterAll(() => close());

/** A company document holding a file, written as before the quota: its reference without size or uploader. */
async function olderFile(size: number): Promise<string> {
  const key = randomUUID();
  const blob = randomUUID().replace(/-/g, '').padEnd(64, '0');
  const now = services.now();
  const file = { name: 'old.pdf', size, type: 'application/pdf', sha256: blob, uploaded_time: now };
  await services.storage.commit([
    systemPut(services, 'hr/documents', acme, key, {
      display_name: 'Old',
      filename: 'old.pdf',
      view_type: 'file',
      file,
    }),
    putOver(SYSTEM.fileBlobs, acme, `hr/documents/${key}/file`, { blob }, undefined, now),
    putOver(SYSTEM.blobRefs, acme, blob, { holders: [`hr/documents/${key}/file`] }, undefined, now),
  ]);
  return key;
}

const usage = async () => (await services.storage.get(SYSTEM.fileUsage, acme, acme))?.data;

test('files stored before the quota are counted once, and give their bytes back when let go', async () => {
  const first = await olderFile(1000);
  await olderFile(2500);
  expect(await usage()).toBeUndefined();
  expect(await countFileUsage(services)).toBe(1);
  expect(await usage()).toEqual({ bytes: 3500, files: 2 });
  expect(await countFileUsage(services)).toBe(0);

  const entity = services.catalogue.registry.require('hr', 'documents');
  await commitReleasing(
    services,
    acme,
    [{ entity, key: first }],
    [{ op: 'delete', collection: 'hr/documents', org: acme, key: first }],
  );
  expect(await usage()).toEqual({ bytes: 2500, files: 1 });
});
