/**
 * Logs free of PII: drives the real server process through sign-ins (good, bad, throttled, with an
 * SSN typed as the user name), a password change, forgot_password, writes carrying SSNs, bank
 * account numbers and passwords (valid and refused), retrieve_ssn (hit and misses), searches on
 * sensitive fields and malformed or oversized bodies; then stops it and asserts that its stdout and
 * stderr hold none of those values, no token, no single-use key, no password hash, no cipher text
 * and no key of DATA_DIR/secrets.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { figure } from '../helpers/hardening.ts';
import { waitForMail } from '../helpers/outbox.ts';

let w: DemoWorld;
/** Where the output of the start (the demo's printed sign-in details, by design) ends. */
let startOutput = 0;
beforeAll(async () => {
  w = await demoWorld();
  startOutput = w.server.output().length;
});
afterAll(async () => {
  if (w.server.proc.exitCode === null) await w.server.stop();
});

const SSNS = ['219-09-9999', '078-05-1120', '123-45-6789', '457-55-5462', '321-54-9876'];
const ACCOUNTS = ['000123456789', '987654321012', '4111111111111111'];
const PASSWORDS = [
  'Wr0ng-Secret-Pa55!',
  'N3w-Secret-Passphrase-77',
  'guessing-Spray-2024',
  'plaintext-in-secret-field',
];

test('stdout and stderr carry no SSN, account number, password, token, key or hash', async () => {
  const secrets: string[] = [...SSNS, ...SSNS.map((s) => s.replace(/-/g, '')), ...ACCOUNTS, ...PASSWORDS];
  const call = w.call;
  const loginAs = (userid: string, key: string, org = w.acmeOrg) =>
    call('POST', '/auth/api/login', { org, body: { userid, key } });

  // Sign-ins: good ones (their tokens are secrets too), wrong passwords, unknown users, an SSN as user name.
  for (const [userid, key] of [
    ['payroll@acme.example', 'demo-payroll-pass'],
    ['admin@acme.example', 'demo-admin-pass'],
  ]) {
    const r = await loginAs(userid, key);
    assert.equal(r.status, 200);
    secrets.push(r.body.token);
  }
  secrets.push(w.payroll.token, w.emma.token, w.admin.token, w.staff.token, w.ivan.token);
  assert.equal((await loginAs('emma@acme.example', PASSWORDS[0])).status, 401);
  assert.equal((await loginAs('nobody@acme.example', PASSWORDS[0])).status, 401);
  assert.equal((await loginAs(SSNS[0], SSNS[1])).status, 401);
  // Brute force on one account until the throttle answers 429.
  let throttled = 0;
  for (let i = 0; i < 12; i++) if ((await loginAs('ivan@acme.example', PASSWORDS[2])).status === 429) throttled++;
  assert.ok(throttled > 0, 'the throttle answered 429');

  // A password change and a sign-in with the new password; a refused change.
  const weak = await call('POST', '/auth/api/change_password', {
    ...as(w.emma),
    body: { current_password: 'demo-employee-pass', password: PASSWORDS[1], password2: PASSWORDS[0] },
  });
  assert.equal(weak.status, 400);
  const changed = await call('POST', '/auth/api/change_password', {
    ...as(w.emma),
    body: { current_password: 'demo-employee-pass', password: PASSWORDS[1], password2: PASSWORDS[1] },
  });
  assert.equal(changed.status, 200, changed.text);
  const emma = await loginAs('emma@acme.example', PASSWORDS[1]);
  assert.equal(emma.status, 200);
  secrets.push(emma.body.token);
  const emmaSession = { org: w.acmeOrg, token: emma.body.token as string };

  // forgot_password: the single-use key goes to the outbox, never to the log.
  assert.equal(
    (await call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username: 'admin@acme.example' } }))
      .status,
    200,
  );
  await waitForMail(w.server.dataDir, (m) => m.to === 'admin@acme.example');
  const outbox = await readFile(path.join(w.server.dataDir, 'outbox.jsonl'), 'utf8');
  const singleUse = [...outbox.matchAll(/key=([^&"\s]+)/g)].map((m) => decodeURIComponent(m[1]));
  assert.ok(singleUse.length > 0, 'the outbox holds a single-use key');
  secrets.push(...singleUse);

  // Writes with SSNs, account numbers and a password in a field the server owns.
  const user = await call('POST', '/auth/api/data/users/', {
    ...as(w.admin),
    body: {
      email: 'logs@acme.example',
      display_name: 'Log Test',
      status: 'active',
      permissions: [],
      is_employee: true,
      employee_id: '4242',
      secret: PASSWORDS[3],
    },
  });
  assert.equal(user.status, 201, user.text);
  const employee = await call('POST', '/payroll/api/data/employee/', {
    ...as(w.payroll),
    body: {
      _user_uuid: user.body.key,
      email: 'logs@acme.example',
      first_name: 'Log',
      last_name: 'Test',
      ssn: SSNS[3],
      employment_type: 'REGULAR',
    },
  });
  assert.equal(employee.status, 201, employee.text);
  const refused = await call('PATCH', `/payroll/api/data/employee/${user.body.key}`, {
    ...as(w.payroll),
    body: { ssn: `${SSNS[4]}0` },
  });
  assert.equal(refused.status, 400);
  secrets.push(`${SSNS[4]}0`);
  assert.equal(
    (
      await call('PATCH', `/payroll/api/data/employee/${user.body.key}`, {
        ...as(w.payroll),
        body: { ssn: SSNS[4] },
      })
    ).status,
    200,
  );
  const account = (n: string, over: Record<string, unknown> = {}) => ({
    account_nickname: 'First Bank',
    account_number: n,
    account_type: 'Checking',
    routing_number: '021000021',
    split_type: 'Percent Split',
    amount: 100,
    ...over,
  });
  const pay = await call('POST', '/payroll/api/data/my_employee_payment_information/', {
    ...emmaSession,
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account(ACCOUNTS[0], { split_type: 'Flat Split', amount: 20 }), account(ACCOUNTS[1])],
    },
  });
  assert.equal(pay.status, 201, pay.text);
  const badPay = await call('POST', `/payroll/api/data/my_employee_payment_information/${w.emma.user}`, {
    ...emmaSession,
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account(ACCOUNTS[2], { amount: 'all' })],
    },
  });
  assert.equal(badPay.status, 400);

  // retrieve_ssn: a hit, misses, a refusal.
  const hit = await call('POST', '/payroll/api/retrieve_ssn', {
    ...as(w.payroll),
    body: { data: { employee_id: user.body.key, last_four: SSNS[4].slice(-4) } },
  });
  assert.equal(hit.status, 200);
  assert.equal(hit.body.ssn, SSNS[4]);
  for (const [who, id, four] of [
    [w.payroll, w.emma.user, '0000'],
    [w.payroll, crypto.randomUUID(), '6789'],
    [w.emma, w.emma.user, '6789'],
  ] as const) {
    const r = await call('POST', '/payroll/api/retrieve_ssn', {
      ...as(who),
      body: { data: { employee_id: id, last_four: four } },
    });
    assert.ok([403, 404].includes(r.status), r.text);
  }

  // Errors: searches on sensitive fields, malformed and oversized bodies, SSNs in URLs and headers.
  const find = await call('POST', '/payroll/api/data/find/employee', {
    ...as(w.payroll),
    body: { criteria: [{ field: 'ssn', is: '=', value: SSNS[0] }] },
  });
  assert.equal(find.status, 400);
  const malformed = await call('POST', '/payroll/api/data/employee/', {
    ...as(w.payroll),
    rawBody: `{"ssn": "${SSNS[1]}", "account": "${ACCOUNTS[2]}"`,
    headers: { 'content-type': 'application/json' },
  });
  assert.equal(malformed.status, 400);
  const big = await call('POST', '/payroll/api/data/employee/', {
    ...as(w.payroll),
    body: { ssn: SSNS[1], notes: 'x'.repeat(1_100_000) },
  });
  assert.equal(big.status, 413);
  assert.equal((await call('GET', `/payroll/api/data/employee/${SSNS[0]}`, as(w.payroll))).status, 404);
  const forged = await call('GET', '/payroll/api/data/employee/' + w.emma.user, {
    org: w.acmeOrg,
    token: `${w.payroll.token.slice(0, -4)}AAAA`,
    headers: { 'x-ssn': SSNS[2], 'user-agent': `agent ${ACCOUNTS[0]}` },
  });
  assert.equal(forged.status, 401);

  // Stop cleanly (the close compacts the store and may log), then read everything it printed.
  const code = await w.server.stop({ keepData: true });
  assert.equal(code, 0);
  const out = w.server.output();
  const after = out.slice(startOutput);
  const keys = await Promise.all(
    (await readdir(path.join(w.server.dataDir, 'secrets'))).map(async (f) =>
      (await readFile(path.join(w.server.dataDir, 'secrets', f), 'utf8')).trim(),
    ),
  );
  secrets.push(...keys);
  const hashes = await storedHashes(w.server.dataDir);
  assert.ok(hashes.length >= 5, `password hashes were found on disk (${hashes.length})`);
  secrets.push(...hashes);

  const leaked = secrets.filter((s) => s && out.includes(s));
  assert.deepEqual(leaked, [], `the server printed secrets:\n${after}`);
  assert.doesNotMatch(out, /\$argon2|enc:v[12]:/, 'no password hash or cipher text');
  assert.doesNotMatch(out, /\b\d{3}-\d{2}-\d{4}\b/, 'nothing shaped like an SSN');
  assert.doesNotMatch(out, /eyJ[\w-]+\.[\w-]+\.[\w-]+/, 'nothing shaped like a token');
  figure('logs', 'values checked', secrets.length);
  figure('logs', 'bytes of output after the start', after.length);
});

/** The argon2 hashes stored in the data files (journal and snapshots). */
async function storedHashes(dataDir: string): Promise<string[]> {
  const db = path.join(dataDir, 'db');
  const files = [
    ...(await readdir(db)).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(db, f)),
    ...(await readdir(path.join(db, 'collections')).catch(() => [])).map((f) => path.join(db, 'collections', f)),
  ];
  const found = new Set<string>();
  for (const f of files) {
    for (const m of (await readFile(f, 'utf8')).matchAll(/\$argon2id\$[^"]+/g)) found.add(m[0]);
  }
  return [...found];
}
