/**
 * Download keys for printable forms on the real server (demo company): a signed-in caller gets a
 * single-use key for a form they may print; the key opens that PDF once as a plain URL (no headers),
 * never twice, never for another form, record or organization, not after logout; nobody gets a key
 * for another employee's form; the auth token in a URL is refused. Expiry, which needs a clock the
 * test moves, runs in process.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { createApp } from '../../server/app.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import { DEMO_EIN, seedDemo } from '../../server/demo.ts';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';
import { testServices } from '../helpers/in-process.ts';
import { pdfText, squash } from './pdf-tools.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
  const signed = { name: 'Emma Employee', font: 'font1', timestamp: 1741000000 };
  for (const [type, body] of [
    ['my_w4', { w4_year: '2025', filing_status: 'Single', employee_signature: signed }],
    ['my_i9', { work_auth_status: 'Citizen of the United States', employee_signature: signed }],
  ] as const) {
    const r = await w.call('POST', `/payroll/api/data/${type}/`, { ...as(w.emma), body });
    assert.equal(r.status, 201, r.text);
  }
});
afterAll(async () => {
  await w.server.stop();
});

async function keyFor(who: Session, form: string, key: string) {
  return w.call('POST', `/payroll/api/forms/${form}/${key}/download_key`, { ...as(who) });
}

/** A plain GET of a URL, as a new browser tab makes it: no organization-id, no auth_token. */
async function open(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(w.server.url + url, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

test('a download key opens its PDF once, without any header, and shows the employer EIN', async () => {
  const k = await keyFor(w.emma, 'w4', w.emma.user);
  assert.equal(k.status, 201, k.text);
  assert.match(k.body.download_key, /^[A-Za-z0-9_-]{43}$/);
  assert.equal(k.body.url, `/payroll/api/forms/w4/${w.emma.user}?download=${k.body.download_key}`);
  const now = Math.floor(Date.now() / 1000);
  assert.ok(k.body.expires > now && k.body.expires <= now + 61, 'lives about a minute');
  assert.equal(k.headers.get('cache-control'), 'no-store');

  const pdf = await open(k.body.url);
  assert.equal(pdf.status, 200, pdf.body.toString());
  assert.equal(pdf.headers.get('content-type'), 'application/pdf');
  assert.equal(pdf.headers.get('referrer-policy'), 'no-referrer');
  const text = squash(await pdfText(pdf.body));
  assert.ok(text.includes('Emma'), 'her name');
  assert.ok(text.includes(DEMO_EIN), 'the employer EIN, whole');

  const again = await open(k.body.url);
  assert.equal(again.status, 401, 'a key works once');
  assert.equal(JSON.parse(again.body.toString()).message, 'Invalid token specified');
});

test('a key fits only its own form and record, and is spent by any use', async () => {
  const k = await keyFor(w.emma, 'w4', w.emma.user);
  assert.equal(k.status, 201);
  const dkey = k.body.download_key as string;
  assert.equal((await open(`/payroll/api/forms/i9/${w.emma.user}?download=${dkey}`)).status, 401, 'another form');
  assert.equal((await open(k.body.url)).status, 401, 'spent by the wrong use');

  const k2 = await keyFor(w.emma, 'i9', w.emma.user);
  assert.equal((await open(`/payroll/api/forms/i9/${w.ivan.user}?download=${k2.body.download_key}`)).status, 401);
  for (const bad of ['', 'x', 'A'.repeat(43), `${'A'.repeat(42)}=`]) {
    assert.equal((await open(`/payroll/api/forms/i9/${w.emma.user}?download=${bad}`)).status, 401, bad);
  }
});

test("nobody gets a key for another employee's form; a manager does", async () => {
  const ines = await signedInEmployee(w, 'Ines');
  const inesW4 = await w.call('POST', '/payroll/api/data/my_w4/', {
    ...as(ines),
    body: { w4_year: '2025', filing_status: 'Married' },
  });
  assert.equal(inesW4.status, 201, inesW4.text);
  // A colleague's form: 403 whether or not it exists, so the answer does not say which.
  assert.equal((await keyFor(w.emma, 'w4', ines.user)).status, 403, "Ines's W-4");
  assert.equal((await keyFor(w.emma, 'i9', w.payroll.user)).status, 403, 'a colleague form that does not exist');
  assert.equal((await keyFor(w.emma, 'texas', w.emma.user)).status, 404, 'an unknown form');
  assert.equal((await keyFor(w.emma, 'w4', 'not-a-key')).status, 404);
  const noToken = await w.call('POST', `/payroll/api/forms/w4/${w.emma.user}/download_key`, { org: w.acmeOrg });
  assert.equal(noToken.status, 401);

  const manager = await keyFor(w.payroll, 'w4', ines.user);
  assert.equal(manager.status, 201, manager.text);
  assert.equal((await open(manager.body.url)).status, 200);
});

test('a key is bound to its organization', async () => {
  // The product staff of the root organization: Emma's record does not exist there.
  assert.equal((await keyFor(w.staff, 'w4', w.emma.user)).status, 404);
  // The product-staff admin of another company: nor there.
  const globexOrg = await createCompany(w, 'Globex Print', 'globexprint.dform.app');
  const globex = await sudoInto(w, w.staff, globexOrg);
  assert.equal((await keyFor(globex, 'w4', w.emma.user)).status, 404);

  // Emma's key, presented with another organization's header, opens nothing.
  const k = await keyFor(w.emma, 'w4', w.emma.user);
  assert.equal((await open(k.body.url, { 'organization-id': globex.org })).status, 401);
  const k2 = await keyFor(w.emma, 'w4', w.emma.user);
  assert.equal((await open(k2.body.url, { 'organization-id': w.acmeOrg })).status, 200, 'its own header is fine');
});

test('a key dies with its session; the auth token is never taken from a URL', async () => {
  const emma = await w.login(w.acmeOrg, 'emma@acme.example', 'demo-employee-pass');
  const k = await keyFor(emma, 'w4', emma.user);
  assert.equal(k.status, 201);
  assert.equal((await w.call('POST', '/auth/api/logout', { ...as(emma) })).status, 204);
  assert.equal((await open(k.body.url)).status, 401, 'logged out');

  const inUrl = await open(`/payroll/api/forms/w4/${w.emma.user}?auth_token=${w.emma.token}`, {
    'organization-id': w.acmeOrg,
  });
  assert.equal(inUrl.status, 401);
});

test('a download key expires after 60 seconds', async () => {
  let offset = 0;
  const { services, storage, dataDir } = await testServices({ now: () => Math.floor(Date.now() / 1000) + offset });
  try {
    const boot = await bootstrap(services);
    const org = await seedDemo(services, boot.orgId);
    const app = createApp(services);
    const call = async (method: string, p: string, token?: string, body?: unknown) => {
      const headers: Record<string, string> = {};
      if (token) headers.auth_token = token;
      if (token || body) headers['organization-id'] = org;
      if (body) headers['content-type'] = 'application/json';
      const res = await app.request(p, { method, headers, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, json: res.headers.get('content-type')?.includes('json') ? await res.json() : {} };
    };
    const login = await call('POST', '/auth/api/login', undefined, {
      userid: 'emma@acme.example',
      key: 'demo-employee-pass',
    });
    assert.equal(login.status, 200);
    const { token } = login.json as { token: string };
    const me = (login.json as { session: { user: { key: string } } }).session.user.key;
    assert.equal((await call('POST', '/payroll/api/data/my_w4/', token, { w4_year: '2025' })).status, 201);

    const late = await call('POST', `/payroll/api/forms/w4/${me}/download_key`, token);
    const inTime = await call('POST', `/payroll/api/forms/w4/${me}/download_key`, token);
    assert.equal(late.status, 201);
    offset += 59;
    assert.equal((await call('GET', (inTime.json as { url: string }).url)).status, 200, 'within its minute');
    offset += 2;
    assert.equal((await call('GET', (late.json as { url: string }).url)).status, 401, 'after its minute');
  } finally {
    await storage.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
