/**
 * A document's "File name" is the name of the file it holds (x-file nameField): its upload sets it,
 * its removal clears it, and nobody is asked to type it before there is a file. Against a real
 * server, as the payroll manager, HR and an employee would use it.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function upload(who: Session, p: string, name: string) {
  return w.call('PUT', p, {
    ...as(who),
    headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent(name) },
    rawBody: new Blob([new Uint8Array(PDF)]),
  });
}

const read = async (p: string) => (await w.call('GET', p, as(w.payroll))).body;

test('a payroll document is made without a file name; each upload names it, the removal clears it', async () => {
  const made = await w.call('POST', '/payroll/api/data/payroll_documents/', {
    ...as(w.payroll),
    body: { display_name: 'Year-end guide', type: 'company', view_type: 'file' },
  });
  assert.equal(made.status, 201, made.text);
  const key = made.body.key as string;
  const record = `/payroll/api/data/payroll_documents/${key}`;
  const file = `/payroll/api/files/payroll_documents/${key}/file`;
  assert.equal(made.body.data.filename, undefined);

  assert.equal((await upload(w.payroll, file, 'Year end 2026.pdf')).status, 200);
  const first = await read(record);
  assert.equal(first.data.filename, 'Year end 2026.pdf');
  assert.equal(first.data.file.name, 'Year end 2026.pdf');

  // Replaced: the name is the new file's, whatever was there before.
  assert.equal((await upload(w.payroll, file, 'guide-v2.pdf')).status, 200);
  assert.equal((await read(record)).data.filename, 'guide-v2.pdf');

  // A name longer than the field holds (128) is cut, its extension kept, and the record still saves.
  const long = `${'Quarterly payroll reconciliation '.repeat(8)}.pdf`;
  assert.equal((await upload(w.payroll, file, long)).status, 200);
  const cut = await read(record);
  assert.equal(Array.from(cut.data.filename as string).length, 128);
  assert.ok((cut.data.filename as string).endsWith('.pdf'), cut.data.filename);
  const saved = await w.call('PATCH', record, {
    ...as(w.payroll),
    headers: { 'if-match': String(cut.meta.version) },
    body: { description: 'Read before the last run.' },
  });
  assert.equal(saved.status, 200, saved.text);

  // While it holds the file, a save cannot give it another name, nor drop it (as with the file itself).
  const renamed = await w.call('PATCH', record, {
    ...as(w.payroll),
    headers: { 'if-match': String(saved.body.meta.version) },
    body: { filename: 'other.pdf' },
  });
  assert.equal(renamed.status, 200, renamed.text);
  assert.equal(renamed.body.data.filename, cut.data.filename);
  const { filename: _dropped, ...without } = renamed.body.data;
  const whole = await w.call('POST', record, {
    ...as(w.payroll),
    headers: { 'if-match': String(renamed.body.meta.version) },
    body: without,
  });
  assert.equal(whole.status, 200, whole.text);
  assert.equal(whole.body.data.filename, cut.data.filename);

  assert.equal((await w.call('DELETE', file, as(w.payroll))).status, 204);
  const removed = await read(record);
  assert.equal(removed.data.file, undefined);
  assert.equal(removed.data.filename, undefined);
  assert.equal(removed.data.display_name, 'Year-end guide');
});

test('a name a client sends is kept until a file is uploaded; a bad one is still refused naming the field', async () => {
  const made = await w.call('POST', '/hr/api/data/documents/', {
    ...as(w.admin),
    body: { display_name: 'Handbook', filename: 'handbook.pdf', view_type: 'file' },
  });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.body.data.filename, 'handbook.pdf');
  const tooLong = await w.call('POST', '/hr/api/data/documents/', {
    ...as(w.admin),
    body: { display_name: 'Handbook', filename: 'h'.repeat(129), view_type: 'file' },
  });
  assert.equal(tooLong.status, 400);
  assert.match(tooLong.text, /\/filename/);
  assert.equal(
    (await upload(w.admin, `/hr/api/files/documents/${made.body.key}/file`, 'Handbook 2027.pdf')).status,
    200,
  );
  const after = await w.call('GET', `/hr/api/data/documents/${made.body.key}`, as(w.admin));
  assert.equal(after.body.data.filename, 'Handbook 2027.pdf');
});

test("an employee's upload of a requested document names it, though only HR may change the name", async () => {
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.admin),
    body: { employee_id: w.emma.user, display_name: 'Driver license', status: 'requested' },
  });
  assert.equal(r.status, 201, r.text);
  const key = r.body.key as string;
  assert.equal((await upload(w.emma, `/hr/api/files/employee_documents/${key}/file`, 'license scan.pdf')).status, 200);
  const mine = await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.emma));
  assert.equal(mine.body.data.filename, 'license scan.pdf');
  // Her own save does not rename it (x-edit: HR; the stored name is kept), as before.
  const renamed = await w.call('PATCH', `/hr/api/data/employee_documents/${key}`, {
    ...as(w.emma),
    headers: { 'if-match': String(mine.body.meta.version) },
    body: { filename: 'other.pdf' },
  });
  assert.equal(renamed.status, 200, renamed.text);
  const after = await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.admin));
  assert.equal(after.body.data.filename, 'license scan.pdf');
});
