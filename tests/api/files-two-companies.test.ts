/**
 * Two companies holding the very same bytes in a field whose files are stored as they are (company
 * documents: content-addressed, not encrypted per file), against a real server: each upload is
 * taken, each company reads its own, letting go in one company leaves the other's file whole, and
 * the start-up sweep deletes nothing a company still holds. One company's files never decide
 * another's writes, nor tell it what the other keeps.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { access, readdir, utimes } from 'node:fs/promises';
import path from 'node:path';
import { diskBlobStore } from '../../server/files/disk-blob-store.ts';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany, sudoInto } from '../helpers/hardening.ts';
import { client, startServer, type TestServer } from '../helpers/server.ts';

let w: DemoWorld;
let acme: Session;
let beta: Session;
let betaOrg: string;
/** The server started again over the same data, stopped after all. */
let restarted: TestServer | undefined;

const ENV = { DFORM_PRODUCT_DOMAIN: 'dform.app' };

beforeAll(async () => {
  w = await demoWorld(ENV);
  acme = w.admin;
  betaOrg = await createCompany(w, 'Beta Files', `beta${randomUUID().slice(0, 8)}.dform.app`, ['auth', 'hr']);
  beta = await sudoInto(w, w.staff, betaOrg);
});
afterAll(async () => {
  await restarted?.stop();
  await w.server.stop();
});

const PDF = Buffer.from(`%PDF-1.4\n% shared handbook ${randomUUID()}\n%%EOF\n`);
const SHA = createHash('sha256').update(PDF).digest('hex');

async function companyDocument(who: Session): Promise<string> {
  const r = await w.call('POST', '/hr/api/data/documents/', {
    ...as(who),
    body: { display_name: 'Handbook', filename: 'handbook.pdf', view_type: 'file' },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

const fileOf = (key: string) => `/hr/api/files/documents/${key}/file`;

function upload(who: Session, key: string) {
  return w.call('PUT', fileOf(key), {
    ...as(who),
    headers: { 'content-type': 'application/pdf', 'x-file-name': 'handbook.pdf' },
    rawBody: new Blob([new Uint8Array(PDF)]),
  });
}

/** Whether the company's blob of these bytes is on disk. */
async function onDisk(org: string): Promise<boolean> {
  return access(path.join(w.server.dataDir, 'files', org, SHA.slice(0, 2), SHA)).then(
    () => true,
    () => false,
  );
}

async function readsBack(call: DemoWorld['call'], who: Session, key: string, what: string): Promise<void> {
  const r = await call('GET', fileOf(key), as(who));
  assert.equal(r.status, 200, `${what}: ${r.text}`);
  assert.equal(r.text, PDF.toString(), what);
}

test('two companies upload the same bytes: each is taken, each reads its own, one letting go leaves the other', async () => {
  const a1 = await companyDocument(acme);
  const b1 = await companyDocument(beta);
  const b2 = await companyDocument(beta);

  const upA = await upload(acme, a1);
  assert.equal(upA.status, 200, upA.text);
  const upB = await upload(beta, b1);
  assert.equal(upB.status, 200, upB.text);
  assert.equal(upB.body.sha256, SHA);
  // A second record of the second company holding them too: one blob of its own, two holders.
  assert.equal((await upload(beta, b2)).status, 200);
  await readsBack(w.call, acme, a1, "Acme's file");
  await readsBack(w.call, beta, b1, "Beta's file");
  assert.equal((await w.call('GET', fileOf(b1), as(acme))).status, 404, "Beta's record is no record of Acme's");
  assert.ok((await onDisk(w.acmeOrg)) && (await onDisk(betaOrg)), 'each company keeps its own blob');

  // Acme lets go: its bytes go, Beta's stay.
  assert.equal((await w.call('DELETE', fileOf(a1), as(acme))).status, 204);
  assert.equal((await w.call('GET', fileOf(a1), as(acme))).status, 404);
  assert.equal(await onDisk(w.acmeOrg), false, "Acme's blob is deleted once Acme holds it nowhere");
  assert.equal(await onDisk(betaOrg), true);
  await readsBack(w.call, beta, b1, "Beta's file after Acme's went");
  await readsBack(w.call, beta, b2, "Beta's second file after Acme's went");

  // Acme holds the bytes again; Beta deletes one record, then the other's file: Acme's stays.
  assert.equal((await upload(acme, a1)).status, 200);
  assert.equal((await w.call('DELETE', `/hr/api/data/documents/${b1}`, as(beta))).status, 204);
  await readsBack(w.call, beta, b2, "Beta's file still held by its second record");
  assert.equal((await w.call('DELETE', fileOf(b2), as(beta))).status, 204);
  assert.equal(await onDisk(betaOrg), false, "Beta's blob is deleted once Beta holds it nowhere");
  await readsBack(w.call, acme, a1, "Acme's file after Beta's went");

  // Beta uploads them once more, then the start-up sweep runs over blobs two hours old: it deletes nothing held.
  const b3 = await companyDocument(beta);
  assert.equal((await upload(beta, b3)).status, 200);
  // And bytes of Beta's that no record holds (a crash between their write and their commit): the sweep's control.
  await w.server.stop({ keepData: true });
  const files = path.join(w.server.dataDir, 'files');
  const lost = await diskBlobStore(files).stage(
    betaOrg,
    (async function* () {
      yield new Uint8Array(Buffer.from(`left behind ${randomUUID()}`));
    })(),
  );
  await lost.keep();
  const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
  for (const org of [w.acmeOrg, betaOrg]) {
    for (const entry of await readdir(path.join(files, org), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) await utimes(path.join(entry.parentPath, entry.name), hoursAgo, hoursAgo);
    }
  }
  restarted = await startServer({ dataDir: w.server.dataDir, env: ENV });
  assert.match(restarted.output(), /files: deleted 1 stored files no record held/);
  assert.equal(await diskBlobStore(files).has(betaOrg, lost.id), false, 'the bytes no record holds are gone');
  assert.ok((await onDisk(w.acmeOrg)) && (await onDisk(betaOrg)), 'both held blobs stay');
  const call = client(restarted.url);
  await readsBack(call, acme, a1, "Acme's file after the sweep");
  await readsBack(call, beta, b3, "Beta's file after the sweep");
});
