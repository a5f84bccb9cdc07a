/**
 * Files (../shared/API.md "v2 additions: Files"), against a real server: uploads by the callers who
 * may edit a record and no one else, the limit while streaming (413), the type from the content
 * (415), downloads with their headers and single-use links, bytes deleted with the file or the
 * record, and files of sensitive fields encrypted at rest.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import QRCode from 'qrcode';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
/** A colleague of Emma's with the HR module's ordinary use (her own documents only). */
let colleague: Session;

beforeAll(async () => {
  w = await demoWorld();
  const email = `hugo.${crypto.randomUUID().slice(0, 8)}@acme.example`;
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(w.admin),
    body: {
      email,
      display_name: 'Hugo Hr',
      status: 'active',
      permissions: ['HR:CanUseModule'],
      is_employee: true,
      employee_id: `E-${email.slice(5, 13)}`,
    },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as(w.admin),
    body: { user_id: u.body.key, password: 'colleague-pass-1', password2: 'colleague-pass-1' },
  });
  assert.equal(p.status, 200, p.text);
  colleague = await w.login(w.acmeOrg, email, 'colleague-pass-1');
});
afterAll(async () => {
  await w.server.stop();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function upload(who: Session, p: string, bytes: Uint8Array, type = 'application/pdf', name = 'scan.pdf') {
  return w.call('PUT', p, {
    ...as(who),
    headers: { 'content-type': type, 'x-file-name': encodeURIComponent(name) },
    rawBody: new Blob([new Uint8Array(bytes)]),
  });
}

/** A document HR asks Emma for: an employee document with status requested. */
async function requestFromEmma(): Promise<string> {
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.admin),
    body: { employee_id: w.emma.user, display_name: 'Driver license', status: 'requested' },
  });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.body.data.status, 'requested');
  return r.body.key;
}

/** A company document (not sensitive: its bytes are stored as they are). */
async function companyDocument(name = 'Handbook'): Promise<string> {
  const r = await w.call('POST', '/hr/api/data/documents/', {
    ...as(w.admin),
    body: { display_name: name, filename: 'handbook.pdf', view_type: 'file' },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

/** Every blob file of the demo company on disk. */
async function blobsOnDisk(): Promise<string[]> {
  const base = path.join(w.server.dataDir, 'files', w.acmeOrg);
  const out: string[] = [];
  for (const sub of await readdir(base).catch(() => [] as string[])) out.push(...(await readdir(path.join(base, sub))));
  return out.sort();
}

/** Whether any file under the data folder holds these bytes. */
async function dataDirHolds(needle: Buffer): Promise<boolean> {
  const walk = async (dir: string): Promise<boolean> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() ? await walk(p) : (await readFile(p)).includes(needle)) return true;
    }
    return false;
  };
  return walk(w.server.dataDir);
}

test('an employee uploads a requested document: requested, then uploaded, with its value', async () => {
  const key = await requestFromEmma();
  const r = await upload(w.emma, `/hr/api/files/employee_documents/${key}/file`, PDF, 'application/pdf', 'license.pdf');
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(Object.keys(r.body).sort(), ['name', 'sha256', 'size', 'type', 'uploaded_time']);
  assert.equal(r.body.name, 'license.pdf');
  assert.equal(r.body.size, PDF.length);
  assert.equal(r.body.type, 'application/pdf');
  assert.equal(r.body.sha256, sha(PDF));
  const rec = await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.admin));
  assert.equal(rec.body.data.status, 'uploaded');
  assert.deepEqual(rec.body.data.file, r.body);
  assert.equal(typeof rec.body.data.uploaded_time, 'number');

  const d = await fetch(`${w.server.url}/hr/api/files/employee_documents/${key}/file`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: w.admin.token },
  });
  assert.equal(d.status, 200);
  assert.deepEqual(Buffer.from(await d.arrayBuffer()), PDF);
  assert.equal(d.headers.get('content-type'), 'application/pdf');
  assert.match(d.headers.get('content-disposition') ?? '', /^attachment; filename="license\.pdf"/);
  assert.equal(d.headers.get('cache-control'), 'no-store');
  assert.equal(d.headers.get('x-content-type-options'), 'nosniff');
});

test('a secure file: its sender uploads the file; the recipient reads it; nobody else reaches it', async () => {
  /** A secure file `from` sends to `to`, as the secure file transfer page starts it. */
  const send = async (from: Session, to: Session) => {
    const r = await w.call('POST', '/hr/api/data/secure_files/', {
      ...as(from),
      body: { owner_id: to.user, sender_name: 'A sender', email: 'sender@acme.example', filename: 'offer.pdf' },
    });
    assert.equal(r.status, 201, r.text);
    return `/hr/api/files/secure_files/${r.body.key}/file`;
  };
  // Emma (an employee) sends to the company admin (who manages secure file transfer).
  const toAdmin = await send(w.emma, w.admin);
  const sent = await upload(w.emma, toAdmin, PDF, 'application/pdf', 'offer.pdf');
  assert.equal(sent.status, 200, sent.text);
  assert.equal(sent.body.sha256, sha(PDF));
  const got = await fetch(`${w.server.url}${toAdmin}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: w.admin.token },
  });
  assert.equal(got.status, 200);
  assert.deepEqual(Buffer.from(await got.arrayBuffer()), PDF);
  assert.equal((await w.call('GET', toAdmin, as(w.emma))).status, 200, 'the sender sees what she sent');
  // Another employee of the company is neither sender nor recipient: refused, whatever the call.
  assert.equal((await upload(colleague, toAdmin, PDF)).status, 403);
  assert.equal((await w.call('GET', toAdmin, as(colleague))).status, 403);
  assert.equal((await w.call('DELETE', toAdmin, as(colleague))).status, 403);
  const record = toAdmin.replace('/files/', '/data/').replace(/\/file$/, '');
  assert.equal((await w.call('PATCH', record, { ...as(colleague), body: { message: 'hi' } })).status, 403);
  // Another company: the record does not exist there.
  assert.equal((await upload(w.staff, toAdmin, PDF)).status, 404);
  assert.equal((await w.call('GET', toAdmin, as(w.staff))).status, 404);

  const other = Buffer.concat([PDF, Buffer.from('% another\n')]);
  // The payroll manager sends to Emma (an employee sends to HR only: secure-file-to-hr.test.ts): she
  // reads what she received but may not replace it; the transfer manager may.
  const toEmma = await send(w.payroll, w.emma);
  assert.equal((await upload(w.payroll, toEmma, PDF)).status, 200);
  assert.equal((await w.call('GET', toEmma, as(w.emma))).status, 200);
  assert.equal((await upload(w.emma, toEmma, other)).status, 403);
  assert.equal((await w.call('DELETE', toEmma, as(w.emma))).status, 403, "the file is the sender's to change");
  // The company admin lacks the transfer manager's right; a manager holding it may replace the file.
  assert.equal((await upload(w.admin, toEmma, other)).status, 403);
  const manager = await transferManager();
  assert.equal((await upload(manager, toEmma, other)).status, 200);
  assert.equal((await w.call('GET', toAdmin, as(manager))).status, 200);
});

test('secure file lists: a sender lists what they sent and what was sent to them, and nothing else', async () => {
  const send = async (from: Session, to: Session, filename: string) => {
    const r = await w.call('POST', '/hr/api/data/secure_files/', {
      ...as(from),
      body: { owner_id: to.user, sender_name: 'A sender', email: 'sender@acme.example', filename },
    });
    assert.equal(r.status, 201, r.text);
    return r.body.key as string;
  };
  const list = (who: Session, body: Record<string, unknown> = {}) =>
    w.call('POST', '/hr/api/data/find/secure_files', { ...as(who), body: { limit: 500, ...body } });
  const emmaToAdmin = await send(w.emma, w.admin, 'from-emma.pdf');
  // Hugo, an employee, sends to HR; the payroll manager, who may choose anyone, to Emma.
  const hugoToAdmin = await send(colleague, w.admin, 'from-hugo.pdf');
  const paulToEmma = await send(w.payroll, w.emma, 'to-emma.pdf');
  const adminToHugo = await send(w.admin, colleague, 'to-hugo.pdf');
  assert.equal(
    (await upload(w.emma, `/hr/api/files/secure_files/${emmaToAdmin}/file`, PDF, 'application/pdf', 'from-emma.pdf'))
      .status,
    200,
  );

  const emmas = await list(w.emma);
  assert.equal(emmas.status, 200, emmas.text);
  const keys = emmas.body.items.map((r: { key: string }) => r.key);
  assert.ok(keys.includes(emmaToAdmin), 'the file she sent');
  assert.ok(keys.includes(paulToEmma), 'the file sent to her');
  assert.ok(!keys.includes(adminToHugo) && !keys.includes(hugoToAdmin), 'not a file between two others');
  for (const r of emmas.body.items) {
    assert.ok(r.data.owner_id === w.emma.user || r.meta.created_by === w.emma.user, `${r.key} is hers`);
  }
  assert.equal(emmas.body.total, keys.length);
  // Her sent file carries its file's value, as a read does.
  const mine = emmas.body.items.find((r: { key: string }) => r.key === emmaToAdmin);
  assert.equal(mine.data.file.sha256, sha(PDF));
  // Criteria, sort and paging apply to her own records only.
  const named = await list(w.emma, { criteria: [{ field: 'filename', is: '=', value: 'from-emma.pdf' }] });
  assert.deepEqual(
    named.body.items.map((r: { key: string }) => r.key),
    [emmaToAdmin],
  );
  const paged = await list(w.emma, { limit: 1, offset: 1 });
  assert.equal(paged.body.total, keys.length);
  assert.equal(paged.body.items.length, Math.min(1, keys.length - 1));
  assert.equal(paged.body.items[0]?.key, keys[1]);

  // Hugo sent one and received one; the company admin (without the transfer right) only theirs.
  const hugos = (await list(colleague)).body.items.map((r: { key: string }) => r.key);
  assert.ok(hugos.includes(hugoToAdmin) && hugos.includes(adminToHugo));
  assert.ok(!hugos.includes(emmaToAdmin) && !hugos.includes(paulToEmma));
  const admins = (await list(w.admin)).body.items.map((r: { key: string }) => r.key);
  assert.ok(admins.includes(emmaToAdmin) && admins.includes(adminToHugo));
  assert.ok(!admins.includes(paulToEmma));
  // The transfer manager lists all of them; another company none of them.
  const all = (await list(await transferManager())).body.items.map((r: { key: string }) => r.key);
  for (const k of [emmaToAdmin, paulToEmma, adminToHugo]) assert.ok(all.includes(k), k);
  const foreign = await list(w.staff);
  assert.equal(foreign.status, 200, foreign.text);
  for (const k of [emmaToAdmin, paulToEmma, adminToHugo]) {
    assert.ok(!foreign.body.items.some((r: { key: string }) => r.key === k), k);
  }
});

/** A user holding HR:CanManageSecureFileTransfer, made by product staff (the company admin lacks it). */
async function transferManager(): Promise<Session> {
  const staff = await sudoInto(w, w.staff, w.acmeOrg);
  const email = `sfm.${crypto.randomUUID().slice(0, 8)}@acme.example`;
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(staff),
    body: {
      email,
      display_name: 'Sam Secure',
      status: 'active',
      permissions: ['HR:CanUseModule', 'HR:CanManageSecureFileTransfer'],
      is_employee: false,
    },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as(staff),
    body: { user_id: u.body.key, password: 'manager-pass-1', password2: 'manager-pass-1' },
  });
  assert.equal(p.status, 200, p.text);
  return w.login(w.acmeOrg, email, 'manager-pass-1');
}

test('only callers who may edit the record upload; only readers download; another company finds nothing', async () => {
  const key = await requestFromEmma();
  const p = `/hr/api/files/employee_documents/${key}/file`;
  // Another employee of the same company: not her record.
  assert.equal((await upload(colleague, p, PDF)).status, 403);
  assert.equal((await w.call('GET', p, as(colleague))).status, 403);
  // The payroll manager holds no HR right.
  assert.equal((await upload(w.payroll, p, PDF)).status, 403);
  // Another organization: the record does not exist there.
  assert.equal((await upload(w.staff, p, PDF)).status, 404);
  assert.equal((await w.call('GET', p, as(w.staff))).status, 404);
  // Not signed in.
  assert.equal((await w.call('GET', p, { org: w.acmeOrg })).status, 401);
  assert.equal((await upload({ ...w.emma, token: 'nope' }, p, PDF)).status, 401);
  // Before any upload there is no file.
  assert.equal((await w.call('GET', p, as(w.emma))).status, 404);
  // An unknown field, an unknown key.
  assert.equal((await upload(w.emma, `/hr/api/files/employee_documents/${key}/notes`, PDF)).status, 404);
  assert.equal((await upload(w.emma, `/hr/api/files/employee_documents/${crypto.randomUUID()}/file`, PDF)).status, 404);
  // HR's confidential document about Emma: she may not even read it.
  const c = await w.call('POST', '/hr/api/data/confidential_employee_documents/', {
    ...as(w.admin),
    body: { employee_id: w.emma.user, display_name: 'Background check', filename: 'check.pdf', status: 'requested' },
  });
  assert.equal(c.status, 201, c.text);
  const cp = `/hr/api/files/confidential_employee_documents/${c.body.key}/file`;
  assert.equal((await upload(w.admin, cp, PDF)).status, 200);
  assert.equal((await w.call('GET', cp, as(w.emma))).status, 403);
  assert.equal((await upload(w.emma, p, PDF)).status, 200);
  assert.equal((await w.call('GET', p, as(w.emma))).status, 200);
});

test('the data API cannot write a file value: it keeps what the upload stored', async () => {
  const key = await requestFromEmma();
  const fake = { name: 'x.pdf', size: 1, type: 'application/pdf', sha256: 'a'.repeat(64), uploaded_time: 1 };
  const created = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.admin),
    body: { employee_id: w.emma.user, display_name: 'Forged', status: 'requested', file: fake },
  });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.data.file, undefined);
  const up = await upload(w.emma, `/hr/api/files/employee_documents/${key}/file`, PDF);
  assert.equal(up.status, 200, up.text);
  const patched = await w.call('PATCH', `/hr/api/data/employee_documents/${key}`, {
    ...as(w.admin),
    body: { file: fake },
  });
  assert.equal(patched.status, 200, patched.text);
  assert.deepEqual(patched.body.data.file, up.body);
  const saved = await w.call('POST', `/hr/api/data/employee_documents/${key}`, {
    ...as(w.admin),
    body: { employee_id: w.emma.user, display_name: 'Driver license', status: 'uploaded' },
  });
  assert.equal(saved.status, 200, saved.text);
  assert.deepEqual(saved.body.data.file, up.body);
});

test('a long name is cut by characters: an emoji at the cut is never halved, and the file still downloads and the record saves', async () => {
  const key = await requestFromEmma();
  const path = `/hr/api/files/employee_documents/${key}/file`;
  const r = await upload(w.emma, path, PDF, 'application/pdf', `${'a'.repeat(195)}\u{1F600}${'b'.repeat(10)}.pdf`);
  assert.equal(r.status, 200, r.text);
  assert.equal(Array.from(r.body.name as string).length, 200);
  assert.doesNotMatch(r.body.name, /[\ud800-\udbff](?![\udc00-\udfff])/, 'no half of an emoji');
  const got = await fetch(`${w.server.url}${path}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: w.emma.token },
  });
  assert.equal(got.status, 200);
  const saved = await w.call('PATCH', `/hr/api/data/employee_documents/${key}`, { ...as(w.emma), body: {} });
  assert.equal(saved.status, 200, saved.text);
  const odd = await upload(w.emma, path, PDF, 'application/pdf', 'a\uffff\ufdd0\u2028b.pdf');
  assert.equal(odd.body.name, 'a___b.pdf');
});

test('an upload of no bytes is refused as empty, whatever type it declares, and the record keeps its file', async () => {
  const key = await requestFromEmma();
  const p = `/hr/api/files/employee_documents/${key}/file`;
  const first = await upload(w.emma, p, PDF, 'application/pdf', 'license.pdf');
  assert.equal(first.status, 200, first.text);
  for (const type of ['application/pdf', 'text/plain', 'application/octet-stream']) {
    const r = await upload(w.emma, p, new Uint8Array(0), type, 'empty.pdf');
    assert.equal(r.status, 400, `${type}: ${r.text}`);
    assert.equal(r.body.message, 'The file is empty');
    assert.equal(r.body.errors[0].path, '/file');
  }
  const record = await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.emma));
  assert.equal(record.body.data.file.name, 'license.pdf');
  assert.equal(record.body.data.file.sha256, first.body.sha256);
});

test('the type is decided by the content: a page or a program named .pdf is refused with 415', async () => {
  const key = await companyDocument();
  const p = `/hr/api/files/documents/${key}/file`;
  const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
  const r = await upload(w.admin, p, html, 'application/pdf', 'invoice.pdf');
  assert.equal(r.status, 415, r.text);
  assert.equal(r.body.errors[0].path, '/file');
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
  exe.write('PE\0\0', 128);
  exe.writeUInt32LE(128, 0x3c);
  assert.equal((await upload(w.admin, p, exe, 'image/png', 'photo.png')).status, 415);
  // A real PNG sent as application/octet-stream is stored as what it is.
  const png = await QRCode.toBuffer('dform');
  const ok = await upload(w.admin, p, png, 'application/octet-stream', 'badge.png');
  assert.equal(ok.status, 200, ok.text);
  assert.equal(ok.body.type, 'image/png');
  // Text is accepted as text when it is text.
  const csv = await upload(w.admin, p, Buffer.from('name,amount\nEmma,10\n'), 'text/csv', 'totals.csv');
  assert.equal(csv.status, 200, csv.text);
  assert.equal((await upload(w.admin, p, Buffer.from([0, 1, 2, 3, 0xff]), 'text/plain', 'x.txt')).status, 415);
  // Nothing of the refused uploads is left behind.
  assert.deepEqual(await blobsOnDisk(), (await blobsOnDisk()).filter(Boolean));
});

test('file names are cleaned: no path, no control characters', async () => {
  const key = await companyDocument();
  const r = await upload(
    w.admin,
    `/hr/api/files/documents/${key}/file`,
    PDF,
    'application/pdf',
    '../../etc/pass\u0000wd\u202e.pdf',
  );
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.name, 'pass_wd_.pdf');
  const missing = await w.call('PUT', `/hr/api/files/documents/${key}/file`, {
    ...as(w.admin),
    headers: { 'content-type': 'application/pdf' },
    rawBody: PDF,
  });
  assert.equal(missing.status, 400, missing.text);
  assert.equal(missing.body.errors[0].path, '/file');
});

test("a download keeps the file's name: an apostrophe, brackets or a percent sign beside accents", async () => {
  // RFC 5987: the UTF-8 name (filename*) may hold only attr-char and %XX. encodeURIComponent leaves
  // ' ( ) * ! as they are; a browser then drops the UTF-8 name and O'Brien's résumé downloaded as
  // "O'Brien r_sum_.pdf".
  const key = await companyDocument();
  for (const name of ["O'Brien (final) résumé!.pdf", 'taux 100% réel.pdf', '日本語.pdf']) {
    assert.equal(
      (await upload(w.admin, `/hr/api/files/documents/${key}/file`, PDF, 'application/pdf', name)).status,
      200,
    );
    const r = await w.call('GET', `/hr/api/files/documents/${key}/file`, as(w.admin));
    const cd = r.headers.get('content-disposition') ?? '';
    const ext = /filename\*=UTF-8''([^;]*)$/.exec(cd);
    assert.ok(ext, cd);
    assert.match(ext[1], /^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/, `${cd}: not RFC 5987 attr-char`);
    assert.equal(decodeURIComponent(ext[1]), name);
  }
});

test('a name sent as raw UTF-8 in x-file-name (as curl sends it) keeps its letters; invisible characters go', async () => {
  const key = await companyDocument();
  // The header carries bytes: a client that does not percent-encode sends the name's UTF-8 bytes,
  // which a server reads one byte a character ("RÃ©sumÃ©").
  for (const [sent, kept] of [
    ['Résumé 日本語.pdf', 'Résumé 日本語.pdf'],
    ['zero\u200bwidth\ufeff.pdf', 'zero_width_.pdf'],
  ]) {
    const raw = Buffer.from(sent, 'utf8').toString('latin1');
    const r = await w.call('PUT', `/hr/api/files/documents/${key}/file`, {
      ...as(w.admin),
      headers: { 'content-type': 'application/pdf', 'x-file-name': raw },
      rawBody: PDF,
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.name, kept);
  }
  // A single byte that is no UTF-8 (a Latin-1 client's é) is read as Latin-1.
  const latin1 = await w.call('PUT', `/hr/api/files/documents/${key}/file`, {
    ...as(w.admin),
    headers: { 'content-type': 'application/pdf', 'x-file-name': 'caf\u00e9.pdf' },
    rawBody: PDF,
  });
  assert.equal(latin1.body.name, 'café.pdf', latin1.text);
});

/** Sends a body in chunks until the server answers; resolves with the status and the bytes sent. */
function streamUntilAnswered(p: string, who: Session, total: number, declare?: number) {
  return new Promise<{ status: number; sent: number; body: string }>((resolve, reject) => {
    const u = new URL(w.server.url + p);
    const headers: Record<string, string | number> = {
      'organization-id': who.org,
      auth_token: who.token,
      'content-type': 'application/pdf',
      'x-file-name': 'big.pdf',
    };
    if (declare !== undefined) headers['content-length'] = declare;
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'PUT', headers });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, sent, body }));
    });
    req.on('error', (e) => (answered ? undefined : reject(e)));
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    chunk.write('%PDF-1.4\n');
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    if (declare === undefined || declare <= total) pump();
    else req.flushHeaders();
  });
}

test('a file over the limit is refused with 413 while it streams, not after', async () => {
  const key = await requestFromEmma();
  const p = `/hr/api/files/employee_documents/${key}/file`;
  const limit = 25 * 1024 * 1024;
  // No length declared: refused once the bytes pass the limit, long before the 200 MiB end.
  const r = await streamUntilAnswered(p, w.emma, 200 * 1024 * 1024);
  assert.equal(r.status, 413, r.body);
  assert.ok(r.sent < 100 * 1024 * 1024, `answered only after ${r.sent} bytes`);
  assert.match(r.body, /at most 26214400 bytes/);
  // A declared length over the limit: refused before a byte of the body is sent.
  const d = await streamUntilAnswered(p, w.emma, 0, limit + 1);
  assert.equal(d.status, 413, d.body);
  assert.equal(d.sent, 0);
  const rec = await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.admin));
  assert.equal(rec.body.data.status, 'requested', 'a failed upload puts the status back');
  assert.equal(rec.body.data.file, undefined);
});

test('replacing a file deletes the old bytes; deleting the record deletes the new ones', async () => {
  const key = await companyDocument('Policy');
  const p = `/hr/api/files/documents/${key}/file`;
  const first = Buffer.concat([PDF, Buffer.from('% first edition\n')]);
  const second = Buffer.concat([PDF, Buffer.from('% second edition\n')]);
  assert.equal((await upload(w.admin, p, first)).status, 200);
  assert.ok((await blobsOnDisk()).includes(sha(first)));
  assert.equal((await upload(w.admin, p, second)).status, 200);
  const blobs = await blobsOnDisk();
  assert.ok(!blobs.includes(sha(first)), 'the replaced bytes are gone');
  assert.ok(blobs.includes(sha(second)));
  const del = await w.call('DELETE', `/hr/api/data/documents/${key}`, as(w.admin));
  assert.equal(del.status, 204, del.text);
  assert.ok(!(await blobsOnDisk()).includes(sha(second)), 'the record took its bytes with it');
});

test('the same bytes in two records are stored once and kept until both let go', async () => {
  const bytes = Buffer.concat([PDF, Buffer.from(`% shared ${crypto.randomUUID()}\n`)]);
  const a = await companyDocument('A');
  const b = await companyDocument('B');
  assert.equal((await upload(w.admin, `/hr/api/files/documents/${a}/file`, bytes)).status, 200);
  assert.equal((await upload(w.admin, `/hr/api/files/documents/${b}/file`, bytes)).status, 200);
  assert.equal((await blobsOnDisk()).filter((x) => x === sha(bytes)).length, 1);
  assert.equal((await w.call('DELETE', `/hr/api/files/documents/${a}/file`, as(w.admin))).status, 204);
  assert.ok((await blobsOnDisk()).includes(sha(bytes)), 'b still holds them');
  const d = await fetch(`${w.server.url}/hr/api/files/documents/${b}/file`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: w.admin.token },
  });
  assert.deepEqual(Buffer.from(await d.arrayBuffer()), bytes);
  assert.equal((await w.call('DELETE', `/hr/api/files/documents/${b}/file`, as(w.admin))).status, 204);
  assert.ok(!(await blobsOnDisk()).includes(sha(bytes)));
  assert.equal((await w.call('GET', `/hr/api/files/documents/${b}/file`, as(w.admin))).status, 404);
});

test('files of sensitive fields are encrypted at rest; others are not (the check can fail)', async () => {
  const marker = Buffer.from(`SSN 123-45-6789 marker ${crypto.randomUUID()}`);
  const key = await requestFromEmma();
  const r = await upload(w.emma, `/hr/api/files/employee_documents/${key}/file`, marker, 'text/plain', 'ssn.txt');
  assert.equal(r.status, 200, r.text);
  assert.equal(await dataDirHolds(marker), false, 'the sensitive file is in clear on disk');
  const back = await fetch(`${w.server.url}/hr/api/files/employee_documents/${key}/file`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: w.admin.token },
  });
  assert.deepEqual(Buffer.from(await back.arrayBuffer()), marker);
  // Reading a sensitive file is a reveal in the audit log, with who read which file.
  const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }], limit: 500 },
  });
  assert.equal(audit.status, 200, audit.text);
  const reveal = audit.body.items.find((r: { data: { detail: { key: string } } }) => r.data.detail.key === key);
  assert.ok(reveal, 'no reveal entry for the download');
  assert.equal(reveal.data.logged_in_user, w.admin.user);
  assert.deepEqual(reveal.data.detail.fields, ['file']);

  const plainMarker = Buffer.from(`public marker ${crypto.randomUUID()}`);
  const doc = await companyDocument();
  assert.equal(
    (await upload(w.admin, `/hr/api/files/documents/${doc}/file`, plainMarker, 'text/plain', 'x.txt')).status,
    200,
  );
  assert.equal(await dataDirHolds(plainMarker), true);
});

test('a download link opens the file once, for the file it was made for, without headers', async () => {
  const key = await requestFromEmma();
  assert.equal((await upload(w.emma, `/hr/api/files/employee_documents/${key}/file`, PDF)).status, 200);
  const k = await w.call('POST', `/hr/api/files/employee_documents/${key}/file/download_key`, as(w.emma));
  assert.equal(k.status, 201, k.text);
  const first = await fetch(w.server.url + k.body.url);
  assert.equal(first.status, 200);
  assert.deepEqual(Buffer.from(await first.arrayBuffer()), PDF);
  assert.equal(first.headers.get('cache-control'), 'no-store');
  assert.equal((await fetch(w.server.url + k.body.url)).status, 401, 'a key opens once');
  // A key is bound to its file.
  const k2 = await w.call('POST', `/hr/api/files/employee_documents/${key}/file/download_key`, as(w.emma));
  const other = await companyDocument();
  assert.equal(
    (await fetch(`${w.server.url}/hr/api/files/documents/${other}/file?download=${k2.body.download_key}`)).status,
    401,
  );
  // No key for a file the caller may not read.
  assert.equal(
    (await w.call('POST', `/hr/api/files/employee_documents/${key}/file/download_key`, as(colleague))).status,
    403,
  );
});

test('deleting a file puts a request back to requested', async () => {
  const key = await requestFromEmma();
  const p = `/hr/api/files/employee_documents/${key}/file`;
  assert.equal((await upload(w.emma, p, PDF)).status, 200);
  assert.equal((await w.call('DELETE', p, as(colleague))).status, 403);
  assert.equal((await w.call('DELETE', p, as(w.emma))).status, 204);
  const rec = await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.admin));
  assert.equal(rec.body.data.status, 'requested');
  assert.equal(rec.body.data.file, undefined);
  assert.equal((await w.call('DELETE', p, as(w.emma))).status, 404);
});

/** Emma's PDF upload to `path` declaring `length` bytes, its body left to the test to send (or not). */
function declaredUpload(path: string, name: string, length: number): http.ClientRequest {
  const u = new URL(`${w.server.url}${path}`);
  return http.request({
    host: u.hostname,
    port: u.port,
    path: u.pathname,
    method: 'PUT',
    headers: {
      'organization-id': w.emma.org,
      auth_token: w.emma.token,
      'content-type': 'application/pdf',
      'x-file-name': name,
      'content-length': length,
    },
  });
}

test('an upload cut off mid-body stores nothing and puts the request back', async () => {
  const key = await requestFromEmma();
  const before = await blobsOnDisk();
  await new Promise<void>((resolve) => {
    const req = declaredUpload(`/hr/api/files/employee_documents/${key}/file`, 'half.pdf', 4 * 1024 * 1024);
    req.on('error', () => resolve());
    req.write(Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]));
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 300);
  });
  let rec = await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.admin));
  for (let i = 0; i < 50 && rec.body.data.status !== 'requested'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    rec = await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.admin));
  }
  assert.equal(rec.body.data.status, 'requested');
  assert.equal(rec.body.data.file, undefined);
  assert.deepEqual(await blobsOnDisk(), before);
});

test('an upload cut off after a later one of the same file succeeded leaves the later one uploaded', async () => {
  const key = await requestFromEmma();
  const p = `/hr/api/files/employee_documents/${key}/file`;
  const read = async () => (await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.admin))).body.data;
  // The first upload declares 4 MiB, sends a little and stalls.
  const first = declaredUpload(p, 'stalled.pdf', 4 * 1024 * 1024);
  const cut = new Promise<void>((resolve) => first.on('error', () => resolve()).on('close', () => resolve()));
  first.write(PDF);
  for (let i = 0; i < 50 && (await read()).status !== 'uploading'; i++) await new Promise((r) => setTimeout(r, 50));
  const second = await upload(w.emma, p, PDF, 'application/pdf', 'whole.pdf');
  assert.equal(second.status, 200, second.text);
  first.destroy();
  await cut;
  // Give the server the moment it takes to notice the cut and undo what the first upload began.
  await new Promise((r) => setTimeout(r, 300));
  const after = await read();
  assert.equal(after.file?.name, 'whole.pdf');
  assert.equal(after.status, 'uploaded', 'the later upload stands');
  // A client that goes away is no failure of the server's.
  assert.doesNotMatch(w.server.output(), /unhandled error/);
  assert.match(w.server.output(), /request cut off by the client/);
});

test('a company document not published is not visible to employees: not read, listed, nor downloaded', async () => {
  // "Published: Visible to employees." (schemas/hr/documents.json): a draft stays with HR.
  const draft = await companyDocument('Restructuring plan (draft)');
  const p = `/hr/api/files/documents/${draft}/file`;
  assert.equal((await upload(w.admin, p, PDF)).status, 200);
  const published = await companyDocument('Holiday calendar');
  assert.equal((await upload(w.admin, `/hr/api/files/documents/${published}/file`, PDF)).status, 200);
  const pub = await w.call('PATCH', `/hr/api/data/documents/${published}`, {
    ...as(w.admin),
    body: { published: true },
  });
  assert.equal(pub.status, 200, pub.text);

  assert.equal((await w.call('GET', `/hr/api/data/documents/${draft}`, as(w.emma))).status, 403);
  assert.equal((await w.call('GET', p, as(w.emma))).status, 403);
  assert.equal((await w.call('POST', `${p}/download_key`, as(w.emma))).status, 403);
  const listed = await w.call('POST', '/hr/api/data/find/documents', { ...as(w.emma), body: { criteria: [] } });
  assert.equal(listed.status, 200, listed.text);
  const keys = listed.body.items.map((r: { key: string }) => r.key);
  assert.ok(!keys.includes(draft), 'the draft is not listed to an employee');
  assert.ok(keys.includes(published), 'a published document is');
  assert.equal(listed.body.total, keys.length);
  // The published one she reads and downloads; HR reads both.
  assert.equal((await w.call('GET', `/hr/api/data/documents/${published}`, as(w.emma))).status, 200);
  assert.equal((await w.call('GET', `/hr/api/files/documents/${published}/file`, as(w.emma))).status, 200);
  assert.equal((await w.call('GET', p, as(w.admin))).status, 200);
  const all = await w.call('POST', '/hr/api/data/find/documents', { ...as(w.admin), body: { criteria: [] } });
  assert.ok(all.body.items.some((r: { key: string }) => r.key === draft));
  // Unpublished again, it is gone from her view.
  await w.call('PATCH', `/hr/api/data/documents/${published}`, { ...as(w.admin), body: { published: false } });
  assert.equal((await w.call('GET', `/hr/api/files/documents/${published}/file`, as(w.emma))).status, 403);
});

test('uploads of one field at once (two tabs, a double drop): each is taken, and the record keeps one of them', async () => {
  const key = await requestFromEmma();
  const p = `/hr/api/files/employee_documents/${key}/file`;
  const files = Array.from({ length: 8 }, (_, i) => Buffer.concat([PDF, Buffer.from(`%${i}\n`)]));
  const answers = await Promise.all(files.map((b, i) => upload(w.emma, p, b, 'application/pdf', `copy-${i}.pdf`)));
  // The caller sent no If-Match: nothing of theirs was stale, so no 409 for the server's own steps.
  assert.deepEqual(
    answers.map((r) => r.status),
    files.map(() => 200),
    answers.map((r) => r.text).join('\n'),
  );
  const data = (await w.call('GET', `/hr/api/data/employee_documents/${key}`, as(w.emma))).body.data;
  assert.equal(data.status, 'uploaded');
  const kept = files.findIndex((b) => sha(b) === data.file.sha256);
  assert.ok(kept >= 0, 'the record holds one of the files sent');
  const got = await w.call('GET', p, as(w.emma));
  assert.equal(sha(Buffer.from(got.text, 'latin1')), data.file.sha256);
});

test('a secure company file past its expiry is no longer given out, by download or by link', async () => {
  // "Expires: After this time the file is removed." (schemas/hr/secure_company_files.json)
  const staff = await sudoInto(w, w.staff, w.acmeOrg);
  const now = Math.floor(Date.now() / 1000);
  const make = async (expires: number) => {
    const r = await w.call('POST', '/hr/api/data/secure_company_files/', {
      ...as(staff),
      body: { display_name: 'Payroll export', filename: 'export.pdf', expires },
    });
    assert.equal(r.status, 201, r.text);
    const p = `/hr/api/files/secure_company_files/${r.body.key}/file`;
    assert.equal((await upload(staff, p, PDF)).status, 200);
    return { key: r.body.key as string, p };
  };
  const live = await make(now + 3600);
  assert.equal((await w.call('GET', live.p, as(staff))).status, 200);
  const link = await w.call('POST', `${live.p}/download_key`, as(staff));
  assert.equal(link.status, 201, link.text);

  const expired = await make(now - 60);
  const g = await w.call('GET', expired.p, as(staff));
  assert.equal(g.status, 410, g.text);
  assert.equal(g.body.errors[0].path, '/file');
  assert.equal((await w.call('POST', `${expired.p}/download_key`, as(staff))).status, 410);
  // A file whose expiry is moved into the past afterwards goes with it, link and all.
  const moved = await w.call('PATCH', `/hr/api/data/secure_company_files/${live.key}`, {
    ...as(staff),
    body: { expires: now - 1 },
  });
  assert.equal(moved.status, 200, moved.text);
  assert.equal((await w.call('GET', link.body.url, { org: w.acmeOrg })).status, 410);
});

test('a file whose name lies about its type is named for what it is: a text named .html or .svg downloads as .txt', async () => {
  // A colleague who saves bonus.html and opens it gets a web page running whatever the uploader wrote;
  // the bytes are text, so the name ends as text does, as stored, as listed and as downloaded.
  const key = await companyDocument();
  const p = `/hr/api/files/documents/${key}/file`;
  const page = Buffer.from('<html><script>alert(document.domain)</script><h1>Sign in again</h1></html>');
  for (const [sent, type, named] of [
    ['bonus.html', 'text/plain', 'bonus.html.txt'],
    ['logo.svg', 'text/plain', 'logo.svg.txt'],
    ['notes', 'text/plain', 'notes.txt'],
    ['notes.TXT', 'text/plain', 'notes.TXT'],
    ['totals.csv', 'text/csv', 'totals.csv'],
    ['totals.htm', 'text/csv', 'totals.htm.csv'],
  ] as const) {
    const r = await upload(w.admin, p, page, type, sent);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.name, named, sent);
    const got = await w.call('GET', p, as(w.admin));
    assert.equal(got.headers.get('content-type'), type);
    const cd = got.headers.get('content-disposition') ?? '';
    assert.ok(cd.startsWith(`attachment; filename="${named}"; `), cd);
    assert.equal(decodeURIComponent(/filename\*=UTF-8''([^;]*)$/.exec(cd)?.[1] ?? ''), named);
  }
  // A PDF named .html is a PDF; a JPEG keeps any of its usual names.
  assert.equal((await upload(w.admin, p, PDF, 'application/pdf', 'invoice.html')).body.name, 'invoice.html.pdf');
  const png = await QRCode.toBuffer('dform');
  assert.equal((await upload(w.admin, p, png, 'image/png', 'badge.PNG')).body.name, 'badge.PNG');
  assert.equal((await upload(w.admin, p, png, 'image/png', 'badge.jpg')).body.name, 'badge.jpg.png');
});
