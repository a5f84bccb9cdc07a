/**
 * Hires written before a hire's e-mail and SSN were unique get their claims on the first start
 * (server/payroll/hire-claims.ts claimHireValues), once: the first hire holding a value claims it,
 * so a new hire is refused it; a value two old hires share stays with the first. In-process, to
 * write hires as the old code did.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { claimHireValues } from '../../server/payroll/hire-claims.ts';
import { sealSensitive } from '../../server/crypto/field-cipher.ts';
import type { Services } from '../../server/services.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-hire-claims-'));
});
afterAll(() => close());

test('old hires claim their e-mail and SSN once; a new hire is refused them', async () => {
  const login = await call('POST', '/auth/api/login', {
    org: acme,
    body: { userid: 'payroll@acme.example', key: 'demo-payroll-pass' },
  });
  assert.equal(login.status, 200, login.text);
  const auth = { org: acme, token: login.body.token as string };
  const now = Math.floor(Date.now() / 1000);
  const old = (key: string, email: string) => ({
    op: 'put' as const,
    expectVersion: 0,
    record: {
      collection: 'payroll/onboarding_user',
      org: acme,
      key,
      data: {
        first_name: 'Olga',
        last_name: 'Old',
        email,
        status: 'created',
        ssn: sealSensitive(services.cipher, 'ssn', '234-56-7811'),
      },
      meta: { created_by: 'system', created_time: now, updated_by: 'system', updated_time: now, version: 1 },
    },
  });
  const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
  await services.storage.commit([old(first, 'olga.old@example.com'), old(second, 'olga.twin@example.com')]);
  assert.equal(await claimHireValues(services), 2, 'both claim their e-mail; the SSN goes to one of them');
  assert.equal(await claimHireValues(services), 0, 'once');

  const base = { first_name: 'Nina', last_name: 'New', state: 'TX' };
  const sameEmail = await call('POST', '/payroll/api/data/onboarding_user/', {
    ...auth,
    body: { ...base, email: 'olga.old@example.com' },
  });
  assert.equal(sameEmail.status, 409, sameEmail.text);
  assert.equal(sameEmail.body.errors[0].path, '/email');
  const sameSsn = await call('POST', '/payroll/api/data/onboarding_user/', {
    ...auth,
    body: { ...base, email: `nina.${crypto.randomUUID().slice(0, 6)}@example.com`, ssn: '234-56-7811' },
  });
  assert.equal(sameSsn.status, 409, sameSsn.text);
  assert.equal(sameSsn.body.errors[0].path, '/ssn');
});
