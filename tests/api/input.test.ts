import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import http from 'node:http';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const FIND = '/payroll/api/data/find/employee';
const CREATE = '/payroll/api/data/employee/';

function noLeak(text: string) {
  assert.doesNotMatch(text, /at .*\.(ts|js):\d+|node_modules|stack/i, 'no stack trace');
  assert.doesNotMatch(text, /\$argon2|enc:v[12]:/, 'no secret');
}

/** Sends a raw request (chunked when asked), for bodies fetch will not send as-is. */
function raw(
  method: string,
  p: string,
  headers: Record<string, string>,
  chunks: Buffer[],
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(w.server.url + p);
    const req = http.request({ method, host: u.hostname, port: u.port, path: u.pathname, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', (e) =>
      (e as NodeJS.ErrnoException).code === 'EPIPE' || (e as NodeJS.ErrnoException).code === 'ECONNRESET'
        ? resolve({ status: 413, text: '' })
        : reject(e),
    );
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe('hostile and malformed input', () => {
  test('malformed JSON is a 400 saying so', async () => {
    const r = await w.call('POST', CREATE, {
      ...as(w.payroll),
      rawBody: '{"first_name": "x",',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.message, 'Malformed JSON body');
    noLeak(r.text);
  });

  test('a body that is not application/json is a 415', async () => {
    const r = await w.call('POST', CREATE, {
      ...as(w.payroll),
      rawBody: 'first_name=x',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(r.status, 415);
    assert.match(r.body.message, /application\/json/);
  });

  test('a compressed body is a 415 naming the encoding, not a UTF-8 error', async () => {
    const r = await fetch(`${w.server.url}/auth/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'organization-id': w.acmeOrg },
      body: gzipSync(JSON.stringify({ userid: 'emma@acme.example', key: 'demo-employee-pass' })),
    });
    assert.equal(r.status, 415);
    assert.deepEqual(await r.json(), { message: "Unsupported content encoding 'gzip': send the body uncompressed" });
  });

  test('invalid UTF-8 is a 400', async () => {
    const bytes = Buffer.concat([Buffer.from('{"first_name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
    const r = await raw(
      'POST',
      CREATE,
      {
        'content-type': 'application/json',
        'organization-id': w.acmeOrg,
        auth_token: w.payroll.token,
        'content-length': String(bytes.length),
      },
      [bytes],
    );
    assert.equal(r.status, 400);
    assert.match(r.text, /UTF-8/);
  });

  test('a body over 1 MiB is a 413, with a length header or chunked', async () => {
    const big = Buffer.from(JSON.stringify({ notes: 'x'.repeat(1024 * 1024 + 10) }));
    const withLength = await w.call('POST', CREATE, {
      ...as(w.payroll),
      rawBody: big,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(withLength.status, 413);
    assert.deepEqual(withLength.body, { message: 'Payload too large' });
    const chunks = [];
    for (let i = 0; i < big.length; i += 64 * 1024) chunks.push(big.subarray(i, i + 64 * 1024));
    const chunked = await raw(
      'POST',
      CREATE,
      {
        'content-type': 'application/json',
        'organization-id': w.acmeOrg,
        auth_token: w.payroll.token,
        'transfer-encoding': 'chunked',
      },
      chunks,
    );
    assert.equal(chunked.status, 413);
  });

  test('nesting deeper than 32 levels is a 400; 100,000 levels too, without a crash', async () => {
    for (const depth of [33, 100_000]) {
      const body = '['.repeat(depth) + ']'.repeat(depth);
      const r = await w.call('POST', FIND, {
        ...as(w.payroll),
        rawBody: body,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(r.status, 400, `depth ${depth}`);
      assert.match(r.body.message, /deeper than 32/);
    }
    assert.equal((await w.call('GET', '/healthz')).status, 200);
  });

  test('__proto__ and constructor keys are refused naming each, never stored or honoured', async () => {
    const text =
      '{"first_name":"Proto","last_name":"Type","email":"p@acme.example","__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}';
    const r = await w.call('POST', CREATE, {
      ...as(w.payroll),
      rawBody: text,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(r.body, {
      message: 'Validation failed',
      errors: [
        { path: '/__proto__', message: "'__proto__' cannot be a field name: choose another." },
        { path: '/constructor', message: "'constructor' cannot be a field name: choose another." },
        { path: '/constructor/prototype', message: "'prototype' cannot be a field name: choose another." },
      ],
    });
    const stored = await w.call('POST', FIND, {
      ...as(w.payroll),
      body: { criteria: [{ field: 'first_name', is: '=', value: 'Proto' }] },
    });
    assert.equal(stored.body.total, 0, 'nothing stored');
    const crit = '{"criteria":[{"field":"__proto__","is":"=","value":1}]}';
    const f = await w.call('POST', FIND, {
      ...as(w.payroll),
      rawBody: crit,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(f.status, 400);
  });

  test('a field given twice is refused naming its place; nothing is stored', async () => {
    const text = '{"first_name":"Twice","last_name":"Given","email":"twice@acme.example","last_name":"Other"}';
    const r = await w.call('POST', CREATE, {
      ...as(w.payroll),
      rawBody: text,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(r.body, {
      message: 'Validation failed',
      errors: [{ path: '/last_name', message: "'last_name' is given twice in one object: give it once." }],
    });
    const stored = await w.call('POST', FIND, {
      ...as(w.payroll),
      body: { criteria: [{ field: 'first_name', is: '=', value: 'Twice' }] },
    });
    assert.equal(stored.body.total, 0, 'nothing stored');
  });

  test('path tricks in type and key find nothing', async () => {
    const paths = [
      '/payroll/api/data/..%2F..%2Fauth%2Fusers/x',
      '/payroll/api/data/employee/..%2F..%2Fsecrets%2Ftoken.key',
      '/payroll/api/data/employee/%00',
      '/payroll/api/data/__proto__/x',
      '/payroll/api/data/constructor/x',
      '/payroll/api/data/employee/' + 'a'.repeat(5000),
      '/payroll/api/data/meta/__proto__',
    ];
    for (const p of paths) {
      const r = await w.call('GET', p, as(w.payroll));
      assert.equal(r.status, 404, p);
      noLeak(r.text);
    }
  });

  test('a missing or malformed organization-id is a 400, not a 500', async () => {
    for (const org of ['', 'not-a-uuid', "' OR 1=1 --"]) {
      const r = await w.call('GET', '/auth/api/session', { org, token: w.payroll.token });
      assert.ok([400, 401].includes(r.status), `${org}: ${r.status}`);
    }
    const login = await w.call('POST', '/auth/api/login', { org: 'nope', body: { userid: 'a', key: 'b' } });
    assert.equal(login.status, 401);
  });

  test('sign-in fields too long are a 400 naming the field and its limit, not "required"', async () => {
    const login = (body: Record<string, unknown>) => w.call('POST', '/auth/api/login', { org: w.acmeOrg, body });
    const longKey = await login({ userid: 'emma@acme.example', key: 'k'.repeat(1025) });
    assert.deepEqual(
      [longKey.status, longKey.body.message, longKey.body.errors],
      [400, 'key is too long', [{ path: '/key', message: 'At most 1024 characters' }]],
    );
    const both = await login({ userid: 'u'.repeat(257) });
    assert.deepEqual(
      [both.status, both.body.message, both.body.errors],
      [
        400,
        'key is required',
        [
          { path: '/userid', message: 'At most 256 characters' },
          { path: '/key', message: 'Required' },
        ],
      ],
    );
    const forgot = await w.call('POST', '/auth/api/forgot_password', {
      org: w.acmeOrg,
      body: { username: 'u'.repeat(600) },
    });
    assert.deepEqual(
      [forgot.status, forgot.body.errors],
      [400, [{ path: '/username', message: 'At most 256 characters' }]],
    );
  });

  test('headers over the limit and a malformed request line answer JSON too', async () => {
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const { hostname, port } = new URL(w.server.url);
        const socket = connect(Number(port), hostname, () => socket.end(request));
        let answer = '';
        socket.on('data', (d) => (answer += d.toString('latin1')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
      });
    const huge = await raw(`GET /auth/api/session HTTP/1.1\r\nHost: x\r\nauth_token: ${'a'.repeat(100_000)}\r\n\r\n`);
    assert.match(huge, /^HTTP\/1\.1 431 /);
    assert.match(huge, /content-type: application\/json/i);
    assert.ok(huge.endsWith('{"message":"Request headers too large"}'), huge.slice(-200));
    const garbled = await raw('NOT A REQUEST\r\n\r\n');
    assert.match(garbled, /^HTTP\/1\.1 400 /);
    assert.ok(garbled.endsWith('{"message":"Malformed request"}'), garbled);
  });

  test('a state certificate whose state holds a lone surrogate is a 400 naming the state, not a 500', async () => {
    const r = await w.call('POST', '/payroll/api/data/state_w4/', {
      ...as(w.payroll),
      body: { state: '\ud800GAY', _user_uuid: w.emma.user },
    });
    assert.equal(r.status, 400, r.text);
    assert.ok(
      r.body.errors.some((e: { path: string }) => e.path === '/state'),
      r.text,
    );
  });

  test('type confusion in criteria, sort, limit and If-Match is a 400', async () => {
    const bodies = [
      { criteria: 'last_name' },
      { criteria: [{ field: ['last_name'], is: '=', value: 'x' }] },
      { criteria: [{ field: 'last_name', is: '=', value: { $gt: '' } }] },
      { criteria: [{ field: 'last_name', is: 'in', value: 'x' }] },
      { sort: [{ field: 'last_name', dir: 'sideways' }] },
      { limit: '10' },
      { offset: -1 },
      { extra: true },
    ];
    for (const body of bodies) {
      const r = await w.call('POST', FIND, { ...as(w.payroll), body });
      assert.equal(r.status, 400, JSON.stringify(body));
      noLeak(r.text);
    }
    const m = await w.call('PATCH', `/payroll/api/data/employee/${w.emma.user}`, {
      ...as(w.payroll),
      body: { job_title: 'x' },
      headers: { 'if-match': 'abc' },
    });
    assert.equal(m.status, 400);
  });

  test('a search text over 1000 characters is a 400 naming the criterion; 1000 are searched', async () => {
    const long = 'x'.repeat(1001);
    const bodies = [
      { criteria: [{ field: 'last_name', is: 'like', value: long }] },
      {
        criteria: [
          { field: 'first_name', is: '=', value: 'Emma' },
          { field: 'last_name', is: '>', value: long },
        ],
      },
      { criteria: [{ field: 'last_name', is: 'in', value: ['Employee', long] }] },
    ];
    const where = ['criteria[0]', 'criteria[1]', 'criteria[0]'];
    for (const [i, body] of bodies.entries()) {
      const r = await w.call('POST', FIND, { ...as(w.payroll), body });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.message, `${where[i]}: a text value may have at most 1000 characters`);
    }
    const most = await w.call('POST', FIND, {
      ...as(w.payroll),
      body: { criteria: [{ field: 'last_name', is: 'like', value: 'y'.repeat(1000) }] },
    });
    assert.equal(most.status, 200, most.text);
    assert.deepEqual(most.body, { items: [], total: 0 });
    const found = await w.call('POST', FIND, {
      ...as(w.payroll),
      body: { criteria: [{ field: 'last_name', is: 'in', value: ['y'.repeat(1000), 'Employee'] }] },
    });
    assert.equal(found.status, 200, found.text);
    assert.ok(found.body.items.some((r: any) => r.data.first_name === 'Emma'));
  });

  test('control characters and huge strings come back as validation errors, not crashes', async () => {
    const r = await w.call('PATCH', `/payroll/api/data/employee/${w.emma.user}`, {
      ...as(w.payroll),
      body: { first_name: '\u0007\u001b[31m', last_name: 'y'.repeat(200_000), email: 'c@acme.example' },
    });
    assert.equal(r.status, 400);
    assert.ok(r.body.errors.some((e: any) => e.path === '/first_name'));
    assert.ok(r.body.errors.some((e: any) => e.path === '/last_name'));
    noLeak(r.text);
  });
});
