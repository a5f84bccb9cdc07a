/**
 * A state certificate stored before certificates were kept per state sits at its employee's user key;
 * the first start moves it to the key of its employee and state (server/payroll/certificates.ts),
 * where the employee reads, lists and prints it, and the next start finds nothing left to do.
 * In-process, to write a record as the old code did.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { certificateKey, keyCertificatesByState } from '../../server/payroll/certificates.ts';
import type { Services } from '../../server/services.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-rekey-'));
});
afterAll(() => close());

test('a certificate kept at the user key moves to the key of its employee and state, once', async () => {
  const login = await call('POST', '/auth/api/login', {
    org: acme,
    body: { userid: 'emma@acme.example', key: 'demo-employee-pass' },
  });
  assert.equal(login.status, 200, login.text);
  const emma = login.body.session.user.key as string;
  const now = Math.floor(Date.now() / 1000);
  await services.storage.commit([
    {
      op: 'put',
      expectVersion: 0,
      record: {
        collection: 'payroll/state_w4',
        org: acme,
        key: emma,
        // As the code before wrote it (before _user_uuid was kept, too).
        data: { state: 'CO', annual_withholding_allowance: 4000, sync_status: 'PENDING' },
        meta: { created_by: emma, created_time: now, updated_by: emma, updated_time: now, version: 3 },
      },
    },
  ]);
  assert.equal(await keyCertificatesByState(services), 1);
  assert.equal(await services.storage.get('payroll/state_w4', acme, emma), undefined, 'gone from the user key');
  const moved = await services.storage.get('payroll/state_w4', acme, certificateKey(emma, 'CO'));
  assert.equal(moved?.data._user_uuid, emma);
  assert.equal(moved?.meta.version, 3, 'the same record, not a new version');
  assert.equal(await keyCertificatesByState(services), 0, 'once');

  // Hers, through the API: by its key and in her list; printed at her user key as Colorado's form.
  const auth = { org: acme, token: login.body.token };
  const own = await call('GET', `/payroll/api/data/state_w4/${certificateKey(emma, 'CO')}`, auth);
  assert.equal(own.status, 200, own.text);
  assert.equal(own.body.data.annual_withholding_allowance, 4000);
  const mine = await call('POST', '/payroll/api/data/find/my_state_w4', { ...auth, body: { criteria: [] } });
  assert.deepEqual(
    mine.body.items.map((i: { key: string }) => i.key),
    [certificateKey(emma, 'CO')],
  );
  const pdf = await call('GET', `/payroll/api/forms/colorado/${emma}`, auth);
  assert.equal(pdf.status, 200, pdf.text);
});
