/**
 * Session tokens under attack (issue #8 "Hardening"). tests/api/auth.test.ts covers a missing,
 * garbage, foreign-signed and alg:none token, and an audience, expiry or session problem on a token
 * naming no real session. Here every forged token names a REAL session (the employee's), so each
 * one differs from a good token in exactly the property under test: alg none in its spellings,
 * HS512 and RS256 (with our key, with an embedded key), another audience or issuer, expired, not
 * yet valid, revoked by logout, another company's organization id or session, a `sub` of another
 * company, missing claims, our other secrets as the key, and the token in the wrong place. Each is
 * sent to several endpoints; all answer 401 (or 404) and none answers data.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { createHmac, generateKeyPairSync, sign as rsaSign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany, figure, leaks, sudoInto } from '../helpers/hardening.ts';

const SUITE = 'tokens';
type Json = Record<string, unknown>;

let w: DemoWorld;
let tokenKey: Buffer;
let dataKey: Buffer;
let lookupKey: Buffer | undefined;
let emmaClaims: Json;
let otherOrg: string;
let otherAdmin: Session;
let checked = 0;

const b64 = (v: Buffer | string) => Buffer.from(v).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** A JWT built by hand: any header, any claims, an HMAC of any algorithm and key (or no signature). */
function forge(header: Json, claims: Json, key: Buffer | undefined = tokenKey, hmac = 'sha256'): string {
  const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(claims))}`;
  if (!key) return `${input}.`;
  return `${input}.${b64(createHmac(hmac, key).update(input).digest())}`;
}

function decode(token: string): Json {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

/** The employee's real claims with some changed: only the changed property makes the token bad. */
const claims = (over: Json = {}, drop: string[] = []): Json => {
  const c: Json = { ...emmaClaims, iat: now() - 5, nbf: now() - 10, exp: now() + 3600, ...over };
  for (const k of drop) delete c[k];
  return c;
};
const HS256 = { alg: 'HS256', typ: 'JWT' };

async function readKey(name: string): Promise<Buffer | undefined> {
  try {
    return Buffer.from((await readFile(path.join(w.server.dataDir, 'secrets', name), 'utf8')).trim(), 'base64');
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  w = await demoWorld();
  tokenKey = (await readKey('token.key'))!;
  dataKey = (await readKey('data.key'))!;
  lookupKey = await readKey('lookup.key');
  emmaClaims = decode(w.emma.token);
  otherOrg = await createCompany(w, 'Other Co', 'other.dform.app');
  otherAdmin = await sudoInto(w, w.staff, otherOrg);
  // The forging works: the employee's claims re-signed with HS256 and our key are a good token.
  const good = await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token: forge(HS256, claims()) });
  assert.equal(good.status, 200, `a correctly forged token must work, or the cases below prove nothing: ${good.text}`);
});

afterAll(async () => {
  await w?.server.stop();
});

/**
 * Sends the token (as the given organization) to endpoints that answer data to a good token, and
 * checks each answer is a 401 (or 404) without any of it.
 */
async function refusedEverywhere(
  token: string,
  org = w.acmeOrg,
  headers: Record<string, string> = {},
  also: number[] = [],
) {
  const emma = w.emma.user;
  const calls: [string, string, unknown?][] = [
    ['GET', '/auth/api/session'],
    ['GET', '/auth/api/catalogue'],
    ['GET', '/auth/api/data/meta/users'],
    ['POST', '/payroll/api/data/find/employee', { limit: 50 }],
    ['GET', `/payroll/api/data/employee/${emma}`],
    ['GET', `/payroll/api/data/my_employee/${emma}`],
    ['PATCH', `/payroll/api/data/employee/${emma}`, { job_title: 'Forged' }],
    ['POST', '/payroll/api/retrieve_ssn', { data: { employee_id: emma, last_four: '6789' } }],
    ['POST', '/payroll/api/retrieve_ein', {}],
    ['GET', `/payroll/api/forms/w4/${emma}`],
    ['POST', `/payroll/api/forms/w4/${emma}/download_key`],
    ['GET', '/storage/api/file_usage'],
    ['POST', '/auth/api/sudo_login?organization_id=' + otherOrg, { organization_id: otherOrg }],
    // Sends a sign-in code to a client company: a forged token must not reach even its refusals.
    ['POST', '/auth/api/request_cross_site_sign_in', { account: emma }],
  ];
  const out: string[] = [];
  for (const [method, p, body] of calls) {
    const r = await w.call(method, p, { org, token, body, headers });
    checked++;
    const where = `${method} ${p} -> ${r.status} ${r.text.slice(0, 120)}`;
    if (r.status !== 401 && r.status !== 404 && !also.includes(r.status)) out.push(where);
    else if (r.status === 401 && JSON.stringify(r.body) !== JSON.stringify({ message: 'Invalid token specified' }))
      out.push(`${where} (not the contract's 401 body)`);
    if (/Emma|6789|"items"|"data"|"token"|"bytes"|single_use_key/.test(r.text)) out.push(`${where} (carries data)`);
    out.push(...leaks(r.text).map((l) => `${where}: ${l}`));
  }
  return out;
}

describe('forged, foreign and stale tokens answer 401 and no data', () => {
  const cases: [string, () => string | Promise<string>][] = [
    ['alg none, no signature', () => forge({ alg: 'none', typ: 'JWT' }, claims(), undefined)],
    ['alg None', () => forge({ alg: 'None', typ: 'JWT' }, claims(), undefined)],
    [
      'alg NONE with our HS256 signature kept',
      () => {
        const good = forge(HS256, claims());
        const [, payload, sig] = good.split('.');
        return `${b64(JSON.stringify({ alg: 'NONE', typ: 'JWT' }))}.${payload}.${sig}`;
      },
    ],
    ['HS256 header, empty signature', () => `${forge(HS256, claims()).split('.').slice(0, 2).join('.')}.`],
    ['HS512 re-signed with the same key', () => forge({ alg: 'HS512', typ: 'JWT' }, claims(), tokenKey, 'sha512')],
    ['HS384 re-signed with the same key', () => forge({ alg: 'HS384', typ: 'JWT' }, claims(), tokenKey, 'sha384')],
    [
      'RS256 header over an HMAC-SHA256 of our key (algorithm confusion)',
      () => forge({ alg: 'RS256', typ: 'JWT' }, claims()),
    ],
    [
      'RS256 signed by an attacker key embedded as jwk',
      () => {
        const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const header = { alg: 'RS256', typ: 'JWT', jwk: publicKey.export({ format: 'jwk' }) };
        const input = `${b64(JSON.stringify(header))}.${b64(JSON.stringify(claims()))}`;
        return `${input}.${b64(rsaSign('sha256', Buffer.from(input), privateKey))}`;
      },
    ],
    [
      'HS256 with a kid naming another key file',
      () => forge({ ...HS256, kid: '../../secrets/data.key' }, claims(), dataKey),
    ],
    ['signed with the data key', () => forge(HS256, claims(), dataKey)],
    ['signed with the lookup key', () => forge(HS256, claims(), lookupKey ?? Buffer.alloc(32))],
    ['signed with an empty key', () => forge(HS256, claims(), Buffer.alloc(0))],
    ['a critical header extension', () => forge({ ...HS256, crit: ['exp-v2'], 'exp-v2': 1 }, claims())],
    ['another audience', () => forge(HS256, claims({ aud: 'someone-else' }))],
    ['an audience list without ours', () => forge(HS256, claims({ aud: ['dform-web', 'dform-admin'] }))],
    ['another issuer', () => forge(HS256, claims({ iss: 'evil' }))],
    ['no issuer', () => forge(HS256, claims({}, ['iss']))],
    ['expired ten seconds ago', () => forge(HS256, claims({ exp: now() - 10 }))],
    ['expired, with a far-future iat', () => forge(HS256, claims({ exp: now() - 10, iat: now() + 86400 }))],
    ['not yet valid (nbf in an hour)', () => forge(HS256, claims({ nbf: now() + 3600 }))],
    ['exp as a string', () => forge(HS256, claims({ exp: String(now() + 3600) }))],
    ['no exp', () => forge(HS256, claims({}, ['exp']))],
    ['no nbf', () => forge(HS256, claims({}, ['nbf']))],
    ['no sid', () => forge(HS256, claims({}, ['sid']))],
    ['no sub', () => forge(HS256, claims({}, ['sub']))],
    ['sub of another user of the same company (session is emma’s)', () => forge(HS256, claims({ sub: w.ivan.user }))],
    ['sub of a user of another company', () => forge(HS256, claims({ sub: otherAdmin.user }))],
    ['org claim of another company (session is emma’s)', () => forge(HS256, claims({ org: otherOrg }))],
    [
      'another company’s session id under emma’s claims',
      () => forge(HS256, claims({ sid: decode(otherAdmin.token).sid })),
    ],
    ['an 11 KiB token with a bad signature', () => forge(HS256, claims({ pad: 'x'.repeat(8_000) }), dataKey)],
    ['two tokens joined', () => `${w.emma.token}.${w.payroll.token}`],
    ['a good token with whitespace inside', () => w.emma.token.replace('.', ' .')],
  ];
  for (const [name, make] of cases) {
    test(name, async () => {
      const problems = await refusedEverywhere(await make());
      assert.deepEqual(problems, []);
    });
  }

  test('a token over 16 KiB is refused before it is read (431 from the HTTP layer), without data', async () => {
    const problems = await refusedEverywhere(forge(HS256, claims({ pad: 'x'.repeat(20_000) })), w.acmeOrg, {}, [431]);
    assert.deepEqual(problems, []);
  });

  test('company A’s token with company B’s organization-id (another company, and the parent)', async () => {
    for (const org of [otherOrg, w.rootOrg]) assert.deepEqual(await refusedEverywhere(w.emma.token, org), []);
  });

  test('another company’s admin token, re-signed to name Acme (org claim and header)', async () => {
    const c = decode(otherAdmin.token);
    const token = forge(HS256, { ...c, org: w.acmeOrg, iat: now() - 5, nbf: now() - 10, exp: now() + 3600 });
    assert.deepEqual(await refusedEverywhere(token, w.acmeOrg), []);
  });

  test('revoked: after logout the token, and the same session re-signed with a later exp, answer 401', async () => {
    const s = await w.login(w.acmeOrg, 'emma@acme.example', 'demo-employee-pass');
    assert.equal((await w.call('GET', `/payroll/api/data/my_employee/${s.user}`, as(s))).status, 200);
    assert.equal((await w.call('POST', '/auth/api/logout', as(s))).status, 204);
    assert.deepEqual(await refusedEverywhere(s.token), []);
    const resigned = forge(HS256, { ...decode(s.token), exp: now() + 7200 });
    assert.deepEqual(await refusedEverywhere(resigned), []);
    // The other sessions of the same user are untouched.
    assert.equal((await w.call('GET', '/auth/api/session', as(w.emma))).status, 200);
  });

  test('a blocked user’s token stops at once, and unblocking revives none of their sessions', async () => {
    const s = await w.login(w.acmeOrg, 'ivan@acme.example', 'demo-inactive-pass');
    const block = await w.call('PATCH', `/auth/api/data/users/${s.user}`, {
      ...as(w.admin),
      body: { status: 'blocked' },
    });
    assert.equal(block.status, 200, block.text);
    try {
      assert.deepEqual(await refusedEverywhere(s.token), []);
    } finally {
      await w.call('PATCH', `/auth/api/data/users/${s.user}`, { ...as(w.admin), body: { status: 'inactive' } });
    }
    // Blocking ended the sessions (docs/security.md, "Sessions"): unblocked, the person signs in again.
    assert.equal((await w.call('GET', '/auth/api/session', as(s))).status, 401);
    const again = await w.login(w.acmeOrg, 'ivan@acme.example', 'demo-inactive-pass');
    assert.equal((await w.call('GET', '/auth/api/session', as(again))).status, 200);
  });

  test('a token in a cookie, the query string or an Authorization header is not a token', async () => {
    const t = w.emma.token;
    for (const [p, headers] of [
      ['/auth/api/session', { cookie: `auth_token=${t}` }],
      [`/auth/api/session?auth_token=${t}`, {}],
      ['/auth/api/session', { authorization: `Bearer ${t}` }],
    ] as [string, Record<string, string>][]) {
      const r = await w.call('GET', p, { org: w.acmeOrg, headers });
      assert.equal(r.status, 401, `${p} ${JSON.stringify(Object.keys(headers))}`);
      assert.deepEqual(r.body, { message: 'Invalid token specified' });
    }
  });

  test('the session claims inside a good token are never trusted', async () => {
    // A correctly signed token naming emma's real session, whose session payload says admin.
    const c = claims();
    const session = {
      ...(c.session as Json),
      is_admin: true,
      permissions: { AUTH: ['CanViewAuditLogs', 'CanManageUsers'] },
    };
    const token = forge(HS256, { ...c, session });
    const audit = await w.call('POST', '/auth/api/data/find/audit_log', { org: w.acmeOrg, token, body: {} });
    assert.equal(audit.status, 403, audit.text);
    const me = await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token });
    assert.equal(me.status, 200);
    assert.equal(me.body.is_admin, false);
    assert.equal(me.body.permissions.AUTH, undefined);
  });

  test('figures', () => {
    figure(SUITE, 'forged or stale tokens', cases.length + 7);
    figure(SUITE, 'refused calls checked', checked);
  });
});
