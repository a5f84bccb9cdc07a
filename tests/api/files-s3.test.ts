/**
 * A server whose files live in an S3-compatible bucket (DFORM_S3_*), against s3rver: an upload
 * lands in the bucket (encrypted for a sensitive field), downloads back whole, and deleting the
 * record deletes the object.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
let s3: S3rver;
let s3Dir: string;

before(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'dform-s3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'files' }],
  });
  const { port } = await s3.run();
  w = await demoWorld({
    DFORM_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    DFORM_S3_BUCKET: 'files',
    DFORM_S3_ACCESS_KEY_ID: 'S3RVER',
    DFORM_S3_SECRET_ACCESS_KEY: 'S3RVER',
    DFORM_S3_PREFIX: 'dform/',
  });
});
after(async () => {
  await w.server.stop();
  await s3.close();
  await rm(s3Dir, { recursive: true, force: true });
});

/** Every file s3rver keeps, with its content. */
async function bucketFiles(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.name.endsWith('._S3rver_object')) out.push(await readFile(p));
    }
  };
  await walk(path.join(s3Dir, 'files'));
  return out;
}

test('an employer document goes to the bucket encrypted, comes back whole, and goes with its record', async () => {
  const marker = Buffer.from(`Background check of Emma ${crypto.randomUUID()}`);
  const c = await w.call('POST', '/hr/api/data/confidential_employee_documents/', {
    ...as(w.admin),
    body: { employee_id: w.emma.user, display_name: 'Background check', filename: 'check.txt', status: 'requested' },
  });
  assert.equal(c.status, 201, c.text);
  const p = `/hr/api/files/confidential_employee_documents/${c.body.key}/file`;
  const up = await w.call('PUT', p, {
    ...as(w.admin),
    headers: { 'content-type': 'text/plain', 'x-file-name': 'check.txt' },
    rawBody: new Blob([new Uint8Array(marker)]),
  });
  assert.equal(up.status, 200, up.text);
  const stored = await bucketFiles();
  assert.equal(stored.length, 1);
  assert.ok(!stored[0].includes(marker), 'the bucket holds the file in clear');
  const back = await fetch(w.server.url + p, { headers: { 'organization-id': w.acmeOrg, auth_token: w.admin.token } });
  assert.equal(back.status, 200);
  assert.deepEqual(Buffer.from(await back.arrayBuffer()), marker);
  const del = await w.call('DELETE', `/hr/api/data/confidential_employee_documents/${c.body.key}`, as(w.admin));
  assert.equal(del.status, 204, del.text);
  assert.deepEqual(await bucketFiles(), []);
});
