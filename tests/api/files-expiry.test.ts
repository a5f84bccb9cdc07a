/**
 * A secure company file's two promises on its screen (schemas/hr/secure_company_files.json):
 * "Expires: After this time the file is removed." and "Downloads", against a real server whose
 * expiry job runs every second (DFORM_FILE_EXPIRY_SECONDS).
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
let staff: Session;

beforeAll(async () => {
  w = await demoWorld({ DFORM_FILE_EXPIRY_SECONDS: '1' });
  staff = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Every blob file of the demo company on disk. */
async function blobsOnDisk(): Promise<string[]> {
  const base = path.join(w.server.dataDir, 'files', w.acmeOrg);
  const out: string[] = [];
  for (const sub of await readdir(base).catch(() => [] as string[])) out.push(...(await readdir(path.join(base, sub))));
  return out.sort();
}

async function secureFile(expires: number) {
  const r = await w.call('POST', '/hr/api/data/secure_company_files/', {
    ...as(staff),
    body: { display_name: 'Payroll export', filename: 'export.pdf', expires },
  });
  assert.equal(r.status, 201, r.text);
  const p = `/hr/api/files/secure_company_files/${r.body.key}/file`;
  const up = await w.call('PUT', p, {
    ...as(staff),
    headers: { 'content-type': 'application/pdf', 'x-file-name': 'export.pdf' },
    rawBody: new Blob([new Uint8Array(PDF)]),
  });
  assert.equal(up.status, 200, up.text);
  return { key: r.body.key as string, p, record: `/hr/api/data/secure_company_files/${r.body.key}` };
}

async function until<T>(what: string, get: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (done(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms; last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a secure company file is removed once its expiry has passed: its bytes leave the store, the record stays and says when, the audit log says why', async () => {
  const before = await blobsOnDisk();
  const kept = await secureFile(nowSeconds() + 3600);
  const going = await secureFile(nowSeconds() + 2);
  const withBoth = await blobsOnDisk();
  assert.equal(withBoth.length, before.length + 2, 'each upload is a blob of its own (encrypted)');

  const data = await until(
    'the expired file removed',
    async () => (await w.call('GET', going.record, as(staff))).body.data,
    (d) => d.file === undefined,
  );
  assert.equal(data.display_name, 'Payroll export', 'the record itself is kept');
  assert.equal(data.filename, undefined, 'its name went with the file');
  assert.equal(typeof data.expires, 'number');
  // The record is committed first and its bytes deleted right after (never a record naming bytes
  // already gone), so a read can see the record cleared a moment before the blob leaves.
  await until(
    'the expired file\u2019s bytes deleted',
    blobsOnDisk,
    (blobs) => blobs.length === before.length + 1,
    5_000,
  );
  // Its download still says it expired, not that there never was a file.
  const g = await w.call('GET', going.p, as(staff));
  assert.equal(g.status, 410, g.text);
  assert.equal((await w.call('GET', kept.p, as(staff))).status, 200, 'a file not yet expired stays');
  assert.notEqual((await w.call('GET', kept.record, as(staff))).body.data.file, undefined);

  const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'action_type', is: '=', value: 'update' }], limit: 500 },
  });
  assert.equal(audit.status, 200, audit.text);
  const entry = audit.body.items.find(
    (r: { data: { detail: { key?: string; file?: unknown } } }) =>
      r.data.detail.key === going.key && r.data.detail.file === 'expired',
  );
  assert.ok(entry, `no audit entry of the expiry: ${JSON.stringify(audit.body.items.slice(-3))}`);
  // The file's name (x-file nameField) goes with it.
  assert.deepEqual(entry.data.detail.fields, ['file', 'filename']);
  assert.equal(entry.data.logged_in_username, 'system', 'the server removed it, no one signed in');
});

test('a secure company file counts its downloads: each one by header or by link, not a link unused, not a refusal; a client cannot set the count', async () => {
  const f = await secureFile(nowSeconds() + 3600);
  const count = async () => (await w.call('GET', f.record, as(staff))).body.data.download_count;
  assert.equal(await count(), 0);
  assert.equal((await w.call('GET', f.p, as(staff))).status, 200);
  assert.equal(await count(), 1);

  const link = await w.call('POST', `${f.p}/download_key`, as(staff));
  assert.equal(link.status, 201, link.text);
  assert.equal(await count(), 1, 'a link made is not a download');
  assert.equal((await w.call('GET', link.body.url, { org: w.acmeOrg })).status, 200);
  assert.equal(await count(), 2);
  assert.notEqual((await w.call('GET', link.body.url, { org: w.acmeOrg })).status, 200, 'a spent link');
  assert.equal((await w.call('GET', f.p, as(w.emma))).status >= 400, true, 'an employee may not download it');
  assert.equal(await count(), 2, 'refused downloads are not counted');

  // Downloads at once are each counted.
  const many = await Promise.all(Array.from({ length: 6 }, () => w.call('GET', f.p, as(staff))));
  assert.deepEqual(
    many.map((r) => r.status),
    many.map(() => 200),
  );
  assert.equal(await count(), 8);

  const set = await w.call('PATCH', f.record, { ...as(staff), body: { download_count: 0, display_name: 'Renamed' } });
  assert.equal(set.status, 200, set.text);
  assert.equal(set.body.data.display_name, 'Renamed');
  assert.equal(await count(), 8, 'the count is the server\u2019s');
});
