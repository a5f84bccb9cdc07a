/**
 * Storage quotas (docs/files.md "Quotas"), against a real server with small ones set through its
 * environment: a company fills to its limit and no further, one person to their cap, a deleted or
 * replaced file gives its bytes back, two uploads that fit only one at a time are not both kept
 * (in one process, and over PostgreSQL in two), and another company is untouched. A refused upload
 * stores nothing: no value, the status put back, no bytes on disk.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';
import { client, startServer } from '../helpers/server.ts';
import {
  companyDoc,
  employeeDoc,
  newCompanyDocument,
  putPdf,
  requestedDocument,
  uniquePdf,
} from '../helpers/quota-files.ts';

const KiB = 1024;
let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld({ DFORM_FILE_QUOTA_COMPANY: '100KiB', DFORM_FILE_QUOTA_USER: '60 KiB' });
});
afterAll(async () => {
  await w.server.stop();
});

const pdf = uniquePdf;
const upload = (who: Session, p: string, bytes: Uint8Array, call = w.call) => putPdf(call, who, p, bytes);

/** An upload without Content-Length (chunked): the size is known only at its end. */
function uploadChunked(who: Session, p: string, bytes: Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const u = new URL(w.server.url + p);
    const req = http.request({
      host: u.hostname,
      port: u.port,
      path: u.pathname,
      method: 'PUT',
      headers: {
        'organization-id': who.org,
        auth_token: who.token,
        'content-type': 'application/pdf',
        'x-file-name': 'a.pdf',
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.write(bytes.subarray(0, 100));
    req.end(bytes.subarray(100));
  });
}

/** A document HR asks Emma for (status requested). */
const requestFromEmma = () => requestedDocument(w.call, w.admin, w.emma.user);
const documentOf = (who: Session, call = w.call) => newCompanyDocument(call, who);

/** How many blobs the demo company has on disk. */
async function blobCount(): Promise<number> {
  const base = path.join(w.server.dataDir, 'files', w.acmeOrg);
  let n = 0;
  for (const sub of await readdir(base).catch(() => [] as string[])) n += (await readdir(path.join(base, sub))).length;
  return n;
}

async function assertNoFile(type: string, key: string, status?: string): Promise<void> {
  const rec = await w.call('GET', `/hr/api/data/${type}/${key}`, as(w.admin));
  assert.equal(rec.body.data.file, undefined, 'the refused upload left no value');
  if (status) assert.equal(rec.body.data.status, status, 'the status is put back');
  assert.equal((await w.call('GET', `/hr/api/files/${type}/${key}/file`, as(w.admin))).status, 404);
}

const REMEDY = 'Remove files you no longer need, or ask product staff for more room.';

// The tests run in order, each from the usage the one before left (noted at its end).
let emmaFirst: string;
let emmaSecond: string;
let full: string;
let spare: string;

test('one person uploads up to their cap and no further; replacing their own file gives its bytes back', async () => {
  emmaFirst = await requestFromEmma();
  assert.equal((await upload(w.emma, employeeDoc(emmaFirst), pdf(40 * KiB))).status, 200);
  emmaSecond = await requestFromEmma();
  const before = await blobCount();
  const r = await upload(w.emma, employeeDoc(emmaSecond), pdf(30 * KiB));
  assert.equal(r.status, 413, r.text);
  assert.equal(r.body.message, 'File storage quota reached');
  assert.deepEqual(r.body.errors, [
    {
      path: '/file',
      message: `Your files use 40 KiB of the 60 KiB one person may upload to Acme Demo: this 30 KiB file does not fit. ${REMEDY}`,
    },
  ]);
  await assertNoFile('employee_documents', emmaSecond, 'requested');
  assert.equal(await blobCount(), before, 'no bytes kept');
  assert.equal((await upload(w.emma, employeeDoc(emmaSecond), pdf(20 * KiB))).status, 200, 'up to the cap');
  assert.equal((await upload(w.emma, employeeDoc(emmaSecond), pdf(20 * KiB))).status, 200, 'a replacement');
  assert.equal((await upload(w.emma, employeeDoc(await requestFromEmma()), pdf(100))).status, 413, 'at the cap');
  // Emma 60 KiB, the company 60 KiB.
});

test('a company fills to its limit; the next file is refused, declared or chunked, with nothing stored', async () => {
  full = await documentOf(w.admin);
  assert.equal((await upload(w.admin, companyDoc(full), pdf(40 * KiB))).status, 200, 'exactly to the limit');
  spare = await documentOf(w.admin);
  const before = await blobCount();
  const r = await upload(w.admin, companyDoc(spare), pdf(KiB));
  assert.equal(r.status, 413, r.text);
  assert.equal(
    r.body.errors[0].message,
    `Acme Demo's files use 100 KiB of 100 KiB: this 1 KiB file does not fit. ${REMEDY}`,
  );
  const chunked = await uploadChunked(w.admin, companyDoc(spare), pdf(KiB));
  assert.equal(chunked.status, 413, chunked.body);
  assert.match(
    JSON.parse(chunked.body).errors[0].message,
    /^Acme Demo's files use 100 KiB of 100 KiB: this file does not fit\./,
  );
  await assertNoFile('documents', spare);
  assert.equal(await blobCount(), before, 'no bytes kept');
  // The company 100 KiB.
});

test('deleting a file or its record gives its bytes back', async () => {
  assert.equal((await w.call('DELETE', companyDoc(full), as(w.admin))).status, 204);
  assert.equal((await upload(w.admin, companyDoc(spare), pdf(40 * KiB))).status, 200, 'room again');
  assert.equal((await upload(w.admin, companyDoc(full), pdf(KiB))).status, 413, 'full again');
  // The record goes with Emma's 40 KiB: the company's and hers.
  assert.equal((await w.call('DELETE', `/hr/api/data/employee_documents/${emmaFirst}`, as(w.admin))).status, 204);
  assert.equal((await upload(w.emma, employeeDoc(await requestFromEmma()), pdf(40 * KiB))).status, 200);
  assert.equal((await upload(w.admin, companyDoc(full), pdf(KiB))).status, 413, 'full again');
  // The company 100 KiB: Emma 60 (20 + 40), the admin 40 (spare).
});

test('two uploads that each fit alone but not together: one is kept, the other refused', async () => {
  assert.equal((await w.call('DELETE', companyDoc(spare), as(w.admin))).status, 204);
  // 40 KiB of room, two files of 30 KiB at once.
  const before = await blobCount();
  const answers = await Promise.all([
    upload(w.admin, companyDoc(full), pdf(30 * KiB)),
    upload(w.admin, companyDoc(spare), pdf(30 * KiB)),
  ]);
  assert.deepEqual(answers.map((a) => a.status).sort(), [200, 413], answers.map((a) => a.text).join('\n'));
  const refused = answers[0].status === 413 ? full : spare;
  await assertNoFile('documents', refused);
  assert.equal(await blobCount(), before + 1, "only the kept file's bytes are on disk");
  assert.equal((await upload(w.admin, companyDoc(refused), pdf(10 * KiB))).status, 200, 'the rest of the room');
  assert.equal((await upload(w.admin, companyDoc(await documentOf(w.admin)), pdf(100))).status, 413);
  // The company 100 KiB.
});

test("another company's uploads are untouched by a full one", async () => {
  const other = await createCompany(w, 'Globex Files', `globex${randomUUID().slice(0, 8)}.dform.app`, ['auth', 'hr']);
  const admin = await sudoInto(w, w.staff, other);
  const doc = await documentOf(admin);
  assert.equal((await upload(admin, companyDoc(doc), pdf(50 * KiB))).status, 200);
  assert.equal((await upload(w.admin, companyDoc(await documentOf(w.admin)), pdf(100))).status, 413, 'Acme still full');
});

test.runIf(process.env.DFORM_TEST_PG_URL)(
  'over PostgreSQL, two processes uploading at once keep the company within its limit',
  async () => {
    const second = await startServer({
      dataDir: w.server.dataDir,
      env: { DATABASE_URL: w.server.databaseUrl!, DFORM_FILE_QUOTA_COMPANY: '100KiB', DFORM_FILE_QUOTA_USER: '60 KiB' },
    });
    try {
      const other = client(second.url);
      // Free 40 KiB: spare and the refused one's 30 + 10 KiB go.
      for (const key of [full, spare]) await w.call('DELETE', companyDoc(key), as(w.admin));
      const docs = await Promise.all([1, 2, 3, 4].map(() => documentOf(w.admin)));
      const answers = await Promise.all(
        docs.map((key, i) => upload(w.admin, companyDoc(key), pdf(15 * KiB), i % 2 ? other : w.call)),
      );
      const statuses = answers.map((a) => a.status).sort();
      assert.deepEqual(statuses, [200, 200, 413, 413], answers.map((a) => a.text).join('\n'));
      // 90 KiB in all: 10 more fit, 11 do not.
      const probe = await documentOf(w.admin, other);
      assert.equal((await upload(w.admin, companyDoc(probe), pdf(11 * KiB), other)).status, 413);
      assert.equal((await upload(w.admin, companyDoc(probe), pdf(10 * KiB))).status, 200);
    } finally {
      await second.stop();
    }
  },
);
