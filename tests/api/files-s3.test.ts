/**
 * A server whose files live in an S3-compatible bucket (DFORM_S3_*), against s3rver: an upload
 * lands in the bucket (encrypted for a sensitive field), downloads back whole, and deleting the
 * record deletes the object; an object no record holds (a crash between its write and its commit)
 * is deleted at the next start once an hour old.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3BlobStore } from '../../server/files/s3-blob-store.ts';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { client, startServer, type TestServer } from '../helpers/server.ts';

let w: DemoWorld;
let s3: S3rver;
let s3Dir: string;
let s3Env: Record<string, string>;
/** The server started again over the same data (the last test's), stopped after all. */
let restarted: TestServer | undefined;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'dform-s3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'files' }],
  });
  const { port } = await s3.run();
  s3Env = {
    DFORM_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    DFORM_S3_BUCKET: 'files',
    DFORM_S3_ACCESS_KEY_ID: 'S3RVER',
    DFORM_S3_SECRET_ACCESS_KEY: 'S3RVER',
    DFORM_S3_PREFIX: 'dform/',
  };
  w = await demoWorld(s3Env);
});
afterAll(async () => {
  await restarted?.stop();
  await rm(w.server.dataDir, { recursive: true, force: true });
  await w.server.stop();
  await s3.close();
  await rm(s3Dir, { recursive: true, force: true });
});

/** Every file s3rver keeps (its path on disk), with its content. */
async function bucketObjects(): Promise<{ file: string; bytes: Buffer }[]> {
  const out: { file: string; bytes: Buffer }[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.name.endsWith('._S3rver_object')) out.push({ file: p, bytes: await readFile(p) });
    }
  };
  await walk(path.join(s3Dir, 'files'));
  return out;
}

async function bucketFiles(): Promise<Buffer[]> {
  return (await bucketObjects()).map((o) => o.bytes);
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

test('an object no record holds is deleted at the next start once an hour old; held ones stay', async () => {
  const doc = await w.call('POST', '/hr/api/data/documents/', {
    ...as(w.admin),
    body: { display_name: 'Handbook', filename: 'handbook.pdf', view_type: 'file' },
  });
  assert.equal(doc.status, 201, doc.text);
  const p = `/hr/api/files/documents/${doc.body.key}/file`;
  const held = Buffer.from(`%PDF-1.4\n% handbook ${crypto.randomUUID()}\n%%EOF\n`);
  const up = await w.call('PUT', p, {
    ...as(w.admin),
    headers: { 'content-type': 'application/pdf', 'x-file-name': 'handbook.pdf' },
    rawBody: new Blob([new Uint8Array(held)]),
  });
  assert.equal(up.status, 200, up.text);
  // A process stopped between writing an object and committing its record: bytes no record holds.
  const bucket = s3BlobStore({
    endpoint: s3Env.DFORM_S3_ENDPOINT,
    bucket: 'files',
    prefix: 'dform/',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    spoolDir: path.join(s3Dir, 'spool'),
  });
  const lost = Buffer.from(`left behind ${crypto.randomUUID()}`);
  async function* once() {
    yield new Uint8Array(lost);
  }
  const staged = await bucket.stage(w.acmeOrg, once());
  await staged.keep();
  const young = await bucketObjects();
  assert.ok(young.some((o) => o.bytes.equals(held)) && young.some((o) => o.bytes.equals(lost)));

  // Started again at once, the lost object is younger than an hour: kept (it may be about to be committed).
  await w.server.stop({ keepData: true });
  restarted = await startServer({ dataDir: w.server.dataDir, env: s3Env });
  assert.ok((await bucketObjects()).some((o) => o.bytes.equals(lost)));
  await restarted.stop();

  const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
  for (const o of await bucketObjects()) await utimes(o.file, hoursAgo, hoursAgo);
  restarted = await startServer({ dataDir: w.server.dataDir, env: s3Env });
  const after = await bucketObjects();
  assert.ok(!after.some((o) => o.bytes.equals(lost)), 'the object no record holds is gone');
  assert.ok(
    after.some((o) => o.bytes.equals(held)),
    'the held one stays',
  );
  assert.match(restarted.output(), /files: deleted 1 stored files no record held/);
  const call = client(restarted.url);
  const login = await call('POST', '/auth/api/login', {
    org: w.acmeOrg,
    body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
  });
  assert.equal(login.status, 200, login.text);
  const back = await fetch(restarted.url + p, {
    headers: { 'organization-id': w.acmeOrg, auth_token: login.body.token },
  });
  assert.equal(back.status, 200);
  assert.deepEqual(Buffer.from(await back.arrayBuffer()), held);
});
