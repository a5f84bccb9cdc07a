import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const PAY = '/payroll/api/data/my_employee_payment_information';
const account = (over: Record<string, unknown> = {}) => ({
  account_nickname: 'First Bank',
  account_number: '000123456789',
  account_type: 'Checking',
  routing_number: '021000021',
  split_type: 'Percent Split',
  amount: 100,
  ...over,
});

test('deposit accounts: account numbers masked, routing 9 digits, the last account a Percent Split of 100', async () => {
  const bad = await w.call('POST', `${PAY}/`, {
    ...as(w.emma),
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [
        account({ routing_number: '1234', split_type: 'Flat Split', amount: 50 }),
        account({ amount: 90 }),
      ],
    },
  });
  assert.equal(bad.status, 400);
  const messages = bad.body.errors.map((e: { path: string; message: string }) => `${e.path} ${e.message}`);
  assert.ok(
    messages.includes('/direct_deposit_accounts/0/routing_number Routing number must be 9 digits.'),
    messages.join('\n'),
  );
  const ok = await w.call('POST', `${PAY}/`, {
    ...as(w.emma),
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account({ split_type: 'Flat Split', amount: 250 }), account()],
    },
  });
  assert.equal(ok.status, 201, ok.text);
  assert.equal(ok.body.data.direct_deposit_accounts[0].account_number, 'xxxxxxxx6789');
  assert.equal(ok.body.data.sync_status, 'approval_requested');
  // Saving the masked numbers back keeps the stored ones.
  const again = await w.call('POST', `${PAY}/${w.emma.user}`, { ...as(w.emma), body: ok.body.data });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.data.direct_deposit_accounts[1].account_number, 'xxxxxxxx6789');
  const paper = await w.call('PATCH', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { desired_payment_method: 'Paper Check' },
  });
  assert.equal(paper.status, 200, paper.text);
  assert.equal(paper.body.data.direct_deposit_accounts, undefined, 'Paper Check drops the accounts on save');
});

test('with the company feature hide_direct_deposit, Paper Check is forced on save', async () => {
  const org = await w.call('PATCH', `/auth/api/data/organizations/${w.acmeOrg}`, {
    ...as(w.staff),
    body: { enabled_features: { hide_direct_deposit: true } },
  });
  assert.equal(org.status, 200, org.text);
  const r = await w.call('POST', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account()] },
  });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.desired_payment_method, 'Paper Check');
  assert.equal(r.body.data.direct_deposit_accounts, undefined);
  const session = await w.call('GET', '/auth/api/session', as(w.emma));
  assert.equal(session.body.organization.enabled_features.hide_direct_deposit, true);
});

test('a routing number with a wrong ABA check digit is refused by the server with its message', async () => {
  const org = await w.call('PATCH', `/auth/api/data/organizations/${w.acmeOrg}`, {
    ...as(w.staff),
    body: { enabled_features: { hide_direct_deposit: false } },
  });
  assert.equal(org.status, 200, org.text);
  const bad = await w.call('POST', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [
        account({ split_type: 'Flat Split', amount: 50 }),
        account({ routing_number: '021000022' }),
      ],
    },
  });
  assert.equal(bad.status, 400, bad.text);
  assert.deepEqual(bad.body.errors, [
    { path: '/direct_deposit_accounts/1/routing_number', message: 'Routing number check digit is not valid.' },
  ]);
  // 011000015 and 021000021 are real routing numbers (their check digits hold).
  const ok = await w.call('POST', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [
        account({ routing_number: '011000015', split_type: 'Flat Split', amount: 50 }),
        account(),
      ],
    },
  });
  assert.ok(ok.status === 200 || ok.status === 201, ok.text);
});

test('removing or reordering deposit accounts keeps each masked number with its own account', async () => {
  const first = account({
    account_number: '111122221111',
    routing_number: '021000021',
    split_type: 'Flat Split',
    amount: 50,
  });
  const second = account({
    account_number: '333344442222',
    routing_number: '011000015',
    account_nickname: 'Second Bank',
  });
  const made = await w.call('POST', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [first, second] },
  });
  assert.ok([200, 201].includes(made.status), made.text);
  const [a, b] = made.body.data.direct_deposit_accounts;
  assert.match(a.id, /^[0-9a-f-]{36}$/, 'each account is given an id');
  assert.notEqual(a.id, b.id);
  assert.deepEqual([a.account_number, b.account_number], ['xxxxxxxx1111', 'xxxxxxxx2222']);

  // Account A removed: B, sent back masked, keeps B's number with B's routing number.
  const removed = await w.call('POST', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [{ ...b }] },
  });
  assert.equal(removed.status, 200, removed.text);
  const [kept] = removed.body.data.direct_deposit_accounts;
  assert.deepEqual(
    [kept.id, kept.routing_number, kept.account_number],
    [b.id, '011000015', 'xxxxxxxx2222'],
    "B's number stays with B",
  );

  // A new account sent with a masked number has nothing to keep: the full number is asked for.
  const added = await w.call('POST', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [{ ...a, id: undefined, split_type: 'Flat Split', amount: 10 }, { ...kept }],
    },
  });
  assert.equal(added.status, 400, added.text);
  assert.deepEqual(
    added.body.errors.map((e: any) => e.path),
    ['/direct_deposit_accounts/0/account_number'],
  );
  assert.match(added.body.errors[0].message, /full number/);

  // A masked value whose last four are not the stored account's is refused, not guessed.
  const wrong = await w.call('POST', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [{ ...kept, account_number: 'xxxxxxxx1111' }],
    },
  });
  assert.equal(wrong.status, 400, wrong.text);
  assert.equal(wrong.body.errors[0].path, '/direct_deposit_accounts/0/account_number');

  // Reordered: each keeps its own number.
  const two = await w.call('POST', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [
        account({ account_number: '555566663333', split_type: 'Flat Split', amount: 20 }),
        { ...kept },
      ],
    },
  });
  assert.equal(two.status, 200, two.text);
  const [c, d] = two.body.data.direct_deposit_accounts;
  const swapped = await w.call('POST', `${PAY}/${w.emma.user}`, {
    ...as(w.emma),
    body: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [
        { ...d, split_type: 'Flat Split', amount: 20 },
        { ...c, split_type: 'Percent Split', amount: 100 },
      ],
    },
  });
  assert.equal(swapped.status, 200, swapped.text);
  assert.deepEqual(
    swapped.body.data.direct_deposit_accounts.map((x: any) => [x.id, x.routing_number, x.account_number]),
    [
      [d.id, '011000015', 'xxxxxxxx2222'],
      [c.id, '021000021', 'xxxxxxxx3333'],
    ],
  );
});
