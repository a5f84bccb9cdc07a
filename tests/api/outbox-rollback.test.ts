/**
 * A message is queued in the commit of the change it follows (server/mail/outbox.ts): when that
 * commit fails (another write got there first, the store cannot write), nothing is queued and
 * nothing is sent, and the caller is told. The app in-process over the test run's store, whose
 * commits a test makes fail once the way a concurrent writer or a full disk would.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { createApp } from '../../server/app.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import { seedDemo } from '../../server/demo.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../../server/services.ts';
import {
  StorageUnavailableError,
  VersionConflictError,
  type Storage,
  type WriteOp,
} from '../../server/storage/types.ts';
import { inProcessCaller, testServices } from '../helpers/in-process.ts';
import type { memoryTransport } from '../../server/mail/transport.ts';

let services: Services;
let transport: ReturnType<typeof memoryTransport>;
let dataDir: string;
let call: ReturnType<typeof inProcessCaller>;
let acme: string;
/** What the next commit that queues a message throws instead of committing. */
let failNext: (() => Error) | undefined;

const queues = (ops: WriteOp[]) => ops.some((o) => o.op === 'put' && o.record.collection === SYSTEM.outbox);

beforeAll(async () => {
  const made = await testServices({ prefix: 'dform-outbox-rollback-' });
  ({ transport, dataDir } = made);
  const store = made.services.storage;
  const failing: Storage = {
    get: (...a) => store.get(...a),
    getMany: (...a) => store.getMany(...a),
    getManyAndFind: (...a) => store.getManyAndFind(...a),
    find: (...a) => store.find(...a),
    findInSlices: (...a) => store.findInSlices(...a),
    generation: (c) => store.generation(c),
    close: () => store.close(),
    commit: (ops) => {
      if (failNext && queues(ops)) {
        const error = failNext();
        failNext = undefined;
        return Promise.reject(error);
      }
      return store.commit(ops);
    },
  };
  services = { ...made.services, storage: failing };
  const boot = await bootstrap(services);
  acme = await seedDemo(services, boot.orgId);
  call = inProcessCaller(createApp(services), boot.orgId);
});
afterAll(async () => {
  await services.storage.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signIn(userid: string, key: string) {
  const r = await call('POST', '/auth/api/login', { org: acme, body: { userid, key } });
  assert.equal(r.status, 200, r.text);
  return { org: acme, token: r.body.token as string };
}

async function waiting(): Promise<number> {
  const { items } = await services.storage.find(SYSTEM.outbox, SYSTEM_ORG, {
    criteria: [{ field: 'due_at', is: '>=', value: 0 }],
    limit: 1000,
    offset: 0,
  });
  return items.length;
}

const conflict = () => new VersionConflictError(SYSTEM.outbox, 'x', 0, 1);
const diskFull = () => new StorageUnavailableError('storage: the disk is full', 'ENOSPC');

describe('a commit that fails queues and sends nothing', () => {
  test('an invitation whose commit loses to another write: 409, nothing sent; the retry sends one', async () => {
    const admin = await signIn('admin@acme.example', 'demo-admin-pass');
    const users = await call('POST', '/auth/api/data/find/users', {
      ...admin,
      body: { criteria: [{ field: 'email', is: '=', value: 'emma@acme.example' }] },
    });
    const key = users.body.items[0].key as string;
    const before = transport.sent.length;
    failNext = conflict;
    const r = await call('POST', '/auth/api/resend_user_invite_email', { ...admin, body: { user_id: key } });
    assert.equal(r.status, 409, r.text);
    assert.equal(transport.sent.length, before, 'nothing sent');
    assert.equal(await waiting(), 0, 'nothing queued');
    const again = await call('POST', '/auth/api/resend_user_invite_email', { ...admin, body: { user_id: key } });
    assert.equal(again.status, 200, again.text);
    assert.equal(transport.sent.length, before + 1);
    assert.equal(transport.sent.at(-1)!.to, 'emma@acme.example');
  });

  test('a hire whose commit cannot be made durable (disk full): 507, no hire, no invitation', async () => {
    const payroll = await signIn('payroll@acme.example', 'demo-payroll-pass');
    const email = `rolled.back.${Date.now()}@example.com`;
    const before = transport.sent.length;
    failNext = diskFull;
    const r = await call('POST', '/payroll/api/data/onboarding_user/', {
      ...payroll,
      body: { first_name: 'Rolf', last_name: 'Back', email, state: 'NY', pay_type: 'Hourly', rate: 20 },
    });
    assert.equal(r.status, 507, r.text);
    assert.equal(transport.sent.length, before);
    assert.equal(await waiting(), 0);
    const found = await call('POST', '/payroll/api/data/find/onboarding_user', {
      ...payroll,
      body: { criteria: [{ field: 'email', is: '=', value: email }] },
    });
    assert.equal(found.body.total, 0, found.text);
  });

  test('a second factor turned off whose commit fails: the notice is not sent, the method stays', async () => {
    const emma = await signIn('emma@acme.example', 'demo-employee-pass');
    const session = (await call('GET', '/auth/api/session', emma)).body;
    const me = session.user.key as string;
    // Emma's account with e-mail codes on, written as a user manager's reset would leave it set.
    const user = (await services.storage.get('auth/users', acme, me))!;
    await services.storage.commit([
      {
        op: 'put',
        expectVersion: user.meta.version,
        record: {
          ...user,
          data: { ...user.data, '2fa_method': 'email' },
          meta: { ...user.meta, version: user.meta.version + 1 },
        },
      },
    ]);
    const before = transport.sent.length;
    failNext = diskFull;
    const r = await call('POST', '/auth/api/set_2fa_options', { ...emma, body: { '2fa_method': 'none' } });
    assert.equal(r.status, 507, r.text);
    assert.equal(transport.sent.length, before, 'no notice of a change that did not happen');
    assert.equal((await services.storage.get('auth/users', acme, me))!.data['2fa_method'], 'email');
    const again = await call('POST', '/auth/api/set_2fa_options', { ...emma, body: { '2fa_method': 'none' } });
    assert.equal(again.status, 200, again.text);
    assert.equal(transport.sent.length, before + 1);
    assert.match(transport.sent.at(-1)!.subject, /two-factor sign-in turned off/);
  });
});
