/**
 * A HEAD request on a download (docs/api-notes.md "HEAD on downloads"), against a real server: a
 * link preview or a browser that sends HEAD before GET neither spends a single-use download key nor
 * writes a reveal to the audit log; the GET that follows opens the link, once. Both kinds of link:
 * a file of a sensitive field and a printable form.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
  const signed = { name: 'Emma Employee', font: 'font1', timestamp: 1741000000 };
  const r = await w.call('POST', '/payroll/api/data/my_w4/', {
    ...as(w.emma),
    body: { w4_year: '2025', filing_status: 'Single', employee_signature: signed },
  });
  assert.equal(r.status, 201, r.text);
});
afterAll(async () => {
  await w.server.stop();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

type Reveal = { data: { affected_user?: string; detail: { key: string } } };

/** The reveals the audit log holds. */
async function reveals(): Promise<Reveal[]> {
  const r = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }], limit: 500 },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items;
}

/** Reveals of a record's values. */
const revealsOf = async (key: string) => (await reveals()).filter((e) => e.data.detail.key === key).length;

/** Reveals of a person's values, from any of their records. */
const revealsAbout = async (user: string) => (await reveals()).filter((e) => e.data.affected_user === user).length;

/** A document HR asked Emma for, with her upload in it: a sensitive file, whose download is a reveal. */
async function emmasDocument(): Promise<string> {
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.admin),
    body: { employee_id: w.emma.user, display_name: 'Driver license', status: 'requested' },
  });
  assert.equal(r.status, 201, r.text);
  const up = await w.call('PUT', `/hr/api/files/employee_documents/${r.body.key}/file`, {
    ...as(w.emma),
    headers: { 'content-type': 'application/pdf', 'x-file-name': 'license.pdf' },
    rawBody: new Blob([new Uint8Array(PDF)]),
  });
  assert.equal(up.status, 200, up.text);
  return r.body.key;
}

/** A HEAD of a URL; its answer is checked once its effects (none) have been. */
async function head(url: string, headers: Record<string, string> = {}) {
  const r = await fetch(w.server.url + url, { method: 'HEAD', headers });
  return { url, status: r.status, allow: r.headers.get('allow') };
}

/** A HEAD is refused: 405 naming GET, the one method that opens a download. */
function assertRefused(heads: { url: string; status: number; allow: string | null }[]) {
  for (const h of heads) assert.deepEqual([h.status, h.allow], [405, 'GET'], `HEAD ${h.url}`);
}

test('a HEAD on a file download link spends nothing and reveals nothing; the GET after it opens once', async () => {
  const key = await emmasDocument();
  const k = await w.call('POST', `/hr/api/files/employee_documents/${key}/file/download_key`, as(w.emma));
  assert.equal(k.status, 201, k.text);
  const reveals = await revealsOf(key);

  const heads = [await head(k.body.url), await head(k.body.url)];
  assert.equal(await revealsOf(key), reveals, 'a HEAD is no reveal');

  const first = await fetch(w.server.url + k.body.url);
  assert.equal(first.status, 200, 'the link still opens after a HEAD');
  assert.deepEqual(Buffer.from(await first.arrayBuffer()), PDF);
  assert.equal(await revealsOf(key), reveals + 1, 'the GET is the reveal');
  assert.equal((await fetch(w.server.url + k.body.url)).status, 401, 'and opens once');

  // Signed in by header, a HEAD reveals nothing either.
  heads.push(
    await head(`/hr/api/files/employee_documents/${key}/file`, {
      'organization-id': w.acmeOrg,
      auth_token: w.admin.token,
    }),
  );
  assert.equal(await revealsOf(key), reveals + 1);
  assertRefused(heads);
});

test('a HEAD on a printable form link spends nothing and reveals nothing; the GET after it opens once', async () => {
  const k = await w.call('POST', `/payroll/api/forms/w4/${w.emma.user}/download_key`, as(w.emma));
  assert.equal(k.status, 201, k.text);
  const reveals = await revealsAbout(w.emma.user);

  const heads = [
    await head(k.body.url),
    await head(`/payroll/api/forms/w4/${w.emma.user}`, { 'organization-id': w.acmeOrg, auth_token: w.emma.token }),
  ];
  assert.equal(await revealsAbout(w.emma.user), reveals, 'a HEAD is no reveal');

  const first = await fetch(w.server.url + k.body.url);
  assert.equal(first.status, 200, 'the link still opens after a HEAD');
  assert.equal(first.headers.get('content-type'), 'application/pdf');
  assert.equal(await revealsAbout(w.emma.user), reveals + 1, 'the GET is the reveal of her SSN');
  assert.equal((await fetch(w.server.url + k.body.url)).status, 401, 'and opens once');
  assertRefused(heads);
});
