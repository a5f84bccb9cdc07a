/**
 * The wire contract (../shared/API.md) walked as an outside client: the places where the server's
 * answers had drifted from what the contract says.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, type DemoWorld } from '../helpers/demo.ts';
import { ADMIN_EMAIL, client, startServer } from '../helpers/server.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import os from 'node:os';
import path from 'node:path';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

/** The value a JSON Pointer (RFC 6901) names in `doc`, or undefined when it names nothing. */
function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  assert.match(pointer, /^(\/([^~/]|~[01])*)+$/, `${pointer} is a well-formed JSON Pointer`);
  let cur: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (cur === null || typeof cur !== 'object' || !Object.hasOwn(cur, key)) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

describe('error paths are JSON Pointers into the data (API.md "Errors")', () => {
  test('a field name holding / or ~ is escaped, so the path names the field that was sent', async () => {
    const data = { name: 'Pointer group', permissions: [], users: [], 'a/b': 1, 'c~d': 2 };
    const r = await w.call('POST', '/auth/api/data/groups/', { ...as(w.admin), body: data });
    assert.equal(r.status, 400);
    assert.equal(r.body.message, 'Validation failed');
    const paths = (r.body.errors as { path: string; message: string }[]).map((e) => e.path).sort();
    assert.deepEqual(paths, ['/a~1b', '/c~0d']);
    assert.equal(resolvePointer(data, '/a~1b'), 1);
    for (const p of paths) assert.notEqual(resolvePointer(data, p), undefined, `${p} names a value sent`);
  });

  test('inside a list item too', async () => {
    const data = {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [
        {
          routing_number: '021000021',
          account_number: '12345678',
          account_type: 'Checking',
          split_type: 'Percent Split',
          amount: 100,
          'x/y': true,
        },
      ],
    };
    const r = await w.call('POST', '/payroll/api/data/my_employee_payment_information/', {
      ...as(w.emma),
      body: data,
    });
    assert.equal(r.status, 400);
    const unknown = (r.body.errors as { path: string; message: string }[]).filter(
      (e) => e.message === 'Is not a field of this form',
    );
    assert.deepEqual(
      unknown.map((e) => e.path),
      ['/direct_deposit_accounts/0/x~1y'],
    );
    assert.equal(resolvePointer(data, unknown[0].path), true);
  });

  test('my_ssn names a field sent beside the SSN by its pointer', async () => {
    const r = await w.call('POST', '/payroll/api/my_ssn', { ...as(w.emma), body: { ssn: '123456789', 'a/b': 1 } });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.errors, [{ path: '/a~1b', message: 'Only the SSN is given here.' }]);
  });
});

describe('a call with a method its address does not take', () => {
  test('answers 405 naming the methods it takes, not 404 as if the record did not exist', async () => {
    const made = await w.call('POST', '/auth/api/data/groups/', {
      ...as(w.admin),
      body: { name: 'Method group', permissions: [], users: [] },
    });
    assert.equal(made.status, 201);
    const at = `/auth/api/data/groups/${made.body.key}`;
    const put = await w.call('PUT', at, { ...as(w.admin), body: { name: 'Put over it', permissions: [], users: [] } });
    assert.equal(put.status, 405);
    assert.equal(put.body.message, 'Method not allowed');
    assert.deepEqual(put.headers.get('allow')?.split(', ').sort(), ['DELETE', 'GET', 'PATCH', 'POST']);
    const after = await w.call('GET', at, as(w.admin));
    assert.equal(after.body.data.name, 'Method group', 'nothing changed');

    const logout = await w.call('GET', '/auth/api/logout', as(w.admin));
    assert.deepEqual([logout.status, logout.headers.get('allow')], [405, 'POST']);
    const find = await w.call('GET', '/auth/api/data/find/groups', as(w.admin));
    assert.deepEqual([find.status, find.headers.get('allow')], [405, 'POST']);
    const session = await w.call('GET', '/auth/api/session', as(w.admin));
    assert.equal(session.status, 200, 'the admin is still signed in');
  });

  test('an address no method takes is still 404', async () => {
    for (const [method, p] of [
      ['GET', '/auth/api/nothing_here'],
      ['PUT', '/auth/api/nothing_here'],
      ['GET', '/nomodule/api/data/groups/x'],
    ] as const) {
      const r = await w.call(method, p, as(w.admin));
      assert.deepEqual([r.status, r.body?.message], [404, 'Not found'], `${method} ${p}`);
    }
  });
});

describe('an answer without content (API.md: 204 for a delete and a logout)', () => {
  test('names no content type, as there is nothing to read, and keeps the security headers', async () => {
    const group = await w.call('POST', '/auth/api/data/groups/', {
      ...as(w.admin),
      body: { name: 'Group to delete', permissions: [], users: [] },
    });
    assert.equal(group.status, 201, group.text);
    const deleted = await w.call('DELETE', `/auth/api/data/groups/${group.body.key}`, as(w.admin));
    const out = await w.call('POST', '/auth/api/logout', as(await signedInEmployee(w, 'Nell')));
    for (const r of [deleted, out]) {
      assert.equal(r.status, 204, r.text);
      assert.equal(r.text, '');
      assert.equal(r.headers.get('content-type'), null);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    }
    assert.match((await w.call('GET', '/healthz')).headers.get('content-type') ?? '', /^application\/json/);
  });
});

describe('a create', () => {
  test('answers 201 with Location, the address the new record is read at', async () => {
    const made = await w.call('POST', '/auth/api/data/groups/', {
      ...as(w.admin),
      body: { name: 'Located group', permissions: [], users: [] },
    });
    assert.equal(made.status, 201);
    const location = made.headers.get('location');
    assert.equal(location, `/auth/api/data/groups/${made.body.key}`);
    const read = await w.call('GET', location!, as(w.admin));
    assert.equal(read.status, 200);
    assert.deepEqual(read.body, made.body);
  });

  test('of a my_ type is located at its my_ address', async () => {
    const made = await w.call('POST', '/payroll/api/data/my_emergency_contacts/', {
      ...as(w.emma),
      body: {
        contacts: [
          {
            contact_first_name: 'Ed',
            contact_last_name: 'Contact',
            relationship: 'Friend',
            phone_number: '5555550123',
          },
        ],
      },
    });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.headers.get('location'), `/payroll/api/data/my_emergency_contacts/${w.emma.user}`);
  });

  test('a save or update at a user key with no record yet makes it: 201 with Location; If-Match 0 asks for none', async () => {
    const ida = await signedInEmployee(w, 'Ida');
    const at = `/payroll/api/data/my_emergency_contacts/${ida.user}`;
    const contacts = [
      { contact_first_name: 'Ida', contact_last_name: 'Contact', relationship: 'Sister', phone_number: '5555550124' },
    ];
    const made = await w.call('PATCH', at, { ...as(ida), body: { contacts }, headers: { 'if-match': '0' } });
    assert.equal(made.status, 200, made.text);
    assert.equal(made.headers.get('location'), at);
    assert.equal(made.body.meta.version, 1);
    const again = await w.call('PATCH', at, { ...as(ida), body: { contacts }, headers: { 'if-match': '0' } });
    assert.equal(again.status, 409, 'If-Match 0: a record is there now');
    const saved = await w.call('POST', at, { ...as(ida), body: { contacts } });
    assert.equal(saved.status, 200);
    assert.equal(saved.headers.get('location'), null);
  });
});

describe('a duplicate is a 409 (API.md "Errors": stale version, duplicate)', () => {
  test("a company or a redirect given another company's hostname", async () => {
    const taken = 'acmedemo.dform.app';
    const company = await w.call('POST', '/auth/api/data/organizations/', {
      ...as(w.staff),
      body: {
        name: 'Second Acme',
        admin_email: 'boss@second-acme.example',
        status: 'active',
        active_modules: ['payroll'],
        hostname: taken,
      },
    });
    const redirect = await w.call('POST', '/auth/api/data/organization_redirects/', {
      ...as(w.staff),
      body: { hostname: taken, redirect_to: 'elsewhere.example.com', type: 'temporary' },
    });
    for (const r of [company, redirect]) {
      assert.equal(r.status, 409, r.text);
      assert.deepEqual(r.body, {
        message: 'This hostname is already in use.',
        errors: [{ path: '/hostname', message: 'This hostname is already in use.' }],
      });
    }
    const resolved = await w.call('GET', `/auth/api/resolve_org?hostname=${taken}`);
    assert.equal(resolved.body.organization_id, w.acmeOrg, 'the hostname still names the company');
  });

  test('an invalid field is named (400) before the duplicate', async () => {
    const r = await w.call('POST', '/auth/api/data/organizations/', {
      ...as(w.staff),
      body: {
        name: 'Third Acme',
        admin_email: 'not an e-mail',
        status: 'active',
        active_modules: ['payroll'],
        hostname: 'acmedemo.dform.app',
      },
    });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, 'Validation failed');
  });
});

describe('a session past its end (exp)', () => {
  test('answers 401 Invalid token specified, and its refresh token renews nothing', async () => {
    const short = await demoWorld({ DFORM_SESSION_SECONDS: '2' });
    try {
      const r = await short.call('POST', '/auth/api/login', {
        org: short.acmeOrg,
        body: { userid: 'carla@acme.example', key: 'demo-complete-pass' },
      });
      assert.equal(r.status, 200);
      assert.ok(r.body.exp - Date.now() / 1000 <= 2);
      await new Promise((done) => setTimeout(done, (r.body.exp + 1) * 1000 - Date.now()));
      const late = await short.call('GET', '/auth/api/session', { org: short.acmeOrg, token: r.body.token });
      assert.deepEqual([late.status, late.body], [401, { message: 'Invalid token specified' }]);
      const renewed = await short.call('POST', '/auth/api/refresh_auth_token', {
        org: short.acmeOrg,
        body: { refresh_id: r.body.refresh_id, refresh_token: r.body.refresh_token },
      });
      assert.deepEqual([renewed.status, renewed.body], [401, { message: 'Invalid token specified' }]);
    } finally {
      await short.server.stop();
    }
  });
});

describe('the first start (API.md "Starting it")', () => {
  test('refuses a DFORM_ADMIN_PASSWORD its own password rules refuse, naming the rule and not the password', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dform-weak-admin-'));
    try {
      for (const [weak, rule] of [
        ['12345678', 'Password cannot be all numbers'],
        ['abc', 'Password must be at least 6 characters'],
        ['password', 'Password is one of the most common passwords'],
      ]) {
        const refused = await startServer({ dataDir, env: { DFORM_ADMIN_PASSWORD: weak } }).then(
          async (server) => {
            await server.stop({ keepData: true });
            return assert.fail(`the server started with the product-staff password '${weak}'`);
          },
          (e: Error) => e.message,
        );
        const lines = refused.split('\n').filter((l) => l.startsWith('dform: cannot start'));
        assert.deepEqual(lines, [`dform: cannot start: DFORM_ADMIN_PASSWORD: ${rule}`], refused);
      }
      // Nothing was made: a start with a good password makes the product-staff admin with it.
      const server = await startServer({ dataDir, env: { DFORM_ADMIN_PASSWORD: 'a long secret passphrase' } });
      try {
        const call = client(server.url);
        const org = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
        const login = await call('POST', '/auth/api/login', {
          org,
          body: { userid: ADMIN_EMAIL, key: 'a long secret passphrase' },
        });
        assert.equal(login.status, 200, login.text);
      } finally {
        await server.stop({ keepData: true });
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('logout after a refresh (API.md: "204; the token no longer works"; logout ends refresh tokens)', () => {
  const signIn = async () => {
    const r = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: 'payroll@acme.example', key: 'demo-payroll-pass' },
    });
    assert.equal(r.status, 200);
    const renewed = await w.call('POST', '/auth/api/refresh_auth_token', {
      org: w.acmeOrg,
      body: { refresh_id: r.body.refresh_id, refresh_token: r.body.refresh_token },
    });
    assert.equal(renewed.status, 200);
    return { old: r.body.token as string, renewed: renewed.body };
  };
  const works = async (token: string) =>
    (await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token })).status === 200;

  test('with the renewed token: the token it replaced (in its last seconds) works no more', async () => {
    const { old, renewed } = await signIn();
    assert.ok(await works(old), 'the replaced token answers for its last seconds');
    const out = await w.call('POST', '/auth/api/logout', { org: w.acmeOrg, token: renewed.token });
    assert.equal(out.status, 204);
    assert.equal(await works(renewed.token), false);
    assert.equal(await works(old), false, 'the session signed out is signed out whichever of its tokens');
  });

  test('with the replaced token: the renewed token and its refresh token end too', async () => {
    const { old, renewed } = await signIn();
    const out = await w.call('POST', '/auth/api/logout', { org: w.acmeOrg, token: old });
    assert.equal(out.status, 204);
    assert.equal(await works(old), false);
    assert.equal(await works(renewed.token), false, 'the renewed token of the session signed out');
    const again = await w.call('POST', '/auth/api/refresh_auth_token', {
      org: w.acmeOrg,
      body: { refresh_id: renewed.refresh_id, refresh_token: renewed.refresh_token },
    });
    assert.deepEqual([again.status, again.body], [401, { message: 'Invalid token specified' }]);
  });

  test('another sign-in of the same user is not signed out', async () => {
    const other = await w.login(w.acmeOrg, 'payroll@acme.example', 'demo-payroll-pass');
    const { renewed } = await signIn();
    await w.call('POST', '/auth/api/logout', { org: w.acmeOrg, token: renewed.token });
    assert.ok(await works(other.token));
  });
});

describe('verify_2fa takes a code as an authenticator app shows it', () => {
  test('"123 456" and "123-456" are the code 123456, for a sign-in and for a setup', async () => {
    const pat = await signedInEmployee(w, 'Pat');
    const set = await w.call('POST', '/auth/api/set_2fa_options', {
      ...as(pat),
      body: { '2fa_method': 'authenticator' },
    });
    assert.equal(set.status, 200, set.text);
    const code = (offset: number) =>
      TOTP.generate({
        secret: Secret.fromBase32(set.body.authenticator_key),
        algorithm: 'SHA1',
        digits: 6,
        period: 30,
        timestamp: Date.now() + offset * 30_000,
      });
    const spaced = (c: string) => `${c.slice(0, 3)} ${c.slice(3)}`;
    const proved = await w.call('POST', '/auth/api/verify_2fa', { ...as(pat), body: { code: spaced(code(0)) } });
    assert.equal(proved.status, 200, proved.text);
    assert.equal(proved.body['2fa_method'], 'authenticator');

    const user = (await w.call('GET', '/auth/api/session', as(pat))).body.user.email;
    const step = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: user, key: 'employee-pass-1' },
    });
    assert.equal(step.body.two_factor_required, true);
    const c = code(1);
    const signedIn = await w.call('POST', '/auth/api/verify_2fa', {
      org: w.acmeOrg,
      body: { challenge: step.body.challenge, code: `${c.slice(0, 3)}-${c.slice(3)}` },
    });
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.ok(signedIn.body.token);
  });
});

describe('refresh_auth_token with an organization-id that names no organization', () => {
  test('answers 401 Invalid token specified, as every other refusal of a refresh does', async () => {
    const r = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: 'payroll@acme.example', key: 'demo-payroll-pass' },
    });
    const pair = { refresh_id: r.body.refresh_id, refresh_token: r.body.refresh_token };
    for (const org of ['00000000-0000-4000-8000-000000000000', 'not-an-organization', undefined]) {
      const answer = await w.call('POST', '/auth/api/refresh_auth_token', { org, body: pair });
      assert.deepEqual([answer.status, answer.body], [401, { message: 'Invalid token specified' }], String(org));
    }
    const right = await w.call('POST', '/auth/api/refresh_auth_token', { org: w.acmeOrg, body: pair });
    assert.equal(right.status, 200, 'the pair still renews in its own organization');
  });
});

describe('a find naming a field inside the items of a list', () => {
  test('is refused with a 400 naming it, not answered with an empty list (docs/criteria.md)', async () => {
    // The demo's onboarded employee's I-9 lists a U.S. passport (List A) in its documentation.
    const all = await w.call('POST', '/payroll/api/data/find/i9', { ...as(w.payroll), body: { criteria: [] } });
    const held = (all.body.items as { data: { documentation?: { document_type: string; list: string }[] } }[])
      .flatMap((i) => i.data.documentation ?? [])
      .find((d) => d.document_type === 'us_passport');
    assert.ok(held, 'an I-9 holds a passport in its documentation');
    for (const body of [
      { criteria: [{ field: 'documentation.document_type', is: '=', value: 'us_passport' }] },
      { criteria: [{ field: 'documentation.list', is: 'in', value: ['A'] }] },
      { criteria: [], sort: [{ field: 'documentation.expiration_date', dir: 'asc' }] },
    ]) {
      const r = await w.call('POST', '/payroll/api/data/find/i9', { ...as(w.payroll), body });
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      const field = (body.criteria[0] ?? body.sort?.[0])!.field;
      assert.match(r.body.message, new RegExp(`'${field.replace('.', '\\.')}'`));
      assert.match(r.body.message, /inside a list/);
    }
    const list = await w.call('POST', '/auth/api/data/find/groups', {
      ...as(w.admin),
      body: { criteria: [{ field: 'permissions', is: 'contains', value: 'AUTH:CanManageUsers' }] },
    });
    assert.equal(list.status, 200, 'a list itself is still searched with contains');
  });
});

describe('a 401 says how to authenticate (RFC 9110: a 401 carries WWW-Authenticate)', () => {
  test('an invalid token, invalid credentials and an invalid code each carry the challenge', async () => {
    const answers = [
      await w.call('GET', '/auth/api/session', { org: w.acmeOrg, token: 'not-a-token' }),
      await w.call('GET', '/auth/api/session', { org: w.acmeOrg }),
      await w.call('POST', '/auth/api/login', {
        org: w.acmeOrg,
        body: { userid: 'payroll@acme.example', key: 'wrong password' },
      }),
      await w.call('POST', '/auth/api/verify_2fa', { org: w.acmeOrg, body: { challenge: 'x.y', code: '123456' } }),
    ];
    for (const r of answers) {
      assert.equal(r.status, 401, r.text);
      assert.equal(r.headers.get('www-authenticate'), 'auth_token realm="dform"', r.text);
    }
    const fine = await w.call('GET', '/auth/api/session', as(w.payroll));
    assert.equal(fine.headers.get('www-authenticate'), null);
  });
});

describe('every 429 says when to try again (Retry-After, as the sign-in throttle answers)', () => {
  test('retrieve_ssn past its budget, and forgot_password past its own', async () => {
    const emma = w.emma.user;
    let refused: Awaited<ReturnType<typeof w.call>> | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const r = await w.call('POST', '/payroll/api/retrieve_ssn', {
        ...as(w.payroll),
        body: { data: { employee_id: emma, last_four: '0000' } },
      });
      if (r.status === 429) refused = r;
    }
    assert.ok(refused, 'retrieve_ssn is throttled');
    const after = Number(refused.headers.get('retry-after'));
    assert.ok(
      Number.isInteger(after) && after > 0 && after <= 900,
      `Retry-After ${refused.headers.get('retry-after')}`,
    );

    let forgot: Awaited<ReturnType<typeof w.call>> | undefined;
    for (let i = 0; i < 12 && !forgot; i++) {
      const r = await w.call('POST', '/auth/api/forgot_password', {
        org: w.acmeOrg,
        body: { username: 'nobody-here@acme.example' },
      });
      if (r.status === 429) forgot = r;
    }
    assert.ok(forgot, 'forgot_password is throttled');
    assert.ok(Number(forgot.headers.get('retry-after')) > 0, `Retry-After ${forgot.headers.get('retry-after')}`);
  });
});
