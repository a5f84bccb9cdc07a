/**
 * Records written while the I-9's identifiers were still stored in clear (and its documents had no
 * ids) are sealed once at start (server/data/seal-at-rest.ts): the values encrypted with their
 * masks, each document given an id; the answer then masks them, a masked number sent back is kept,
 * and the next start finds nothing left to do. In-process, to write a record as the old code did.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { sealAtRest } from '../../server/data/seal-at-rest.ts';
import type { Services } from '../../server/services.ts';
import { inProcessDemo } from '../helpers/in-process.ts';
import { SECTION2 } from '../helpers/i9-section2.ts';

let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-seal-'));
});
afterAll(() => close());

async function login(userid: string, key: string) {
  const r = await call('POST', '/auth/api/login', { org: acme, body: { userid, key } });
  assert.equal(r.status, 200, r.text);
  return { token: r.body.token as string, user: r.body.session.user.key as string };
}

test('identifiers stored in clear before are sealed once, documents get ids, and the answers mask them', async () => {
  const emma = await login('emma@acme.example', 'demo-employee-pass');
  const payroll = await login('payroll@acme.example', 'demo-payroll-pass');
  const now = Math.floor(Date.now() / 1000);
  // An I-9 as the code before wrote it: the numbers in clear, the documents without ids.
  await services.storage.commit([
    {
      op: 'put',
      expectVersion: 0,
      record: {
        collection: 'payroll/i9',
        org: acme,
        key: emma.user,
        data: {
          work_auth_status: 'An Alien Authorized to Work',
          alien_number: 'A987654321',
          employee_signature: { name: 'Emma Employee', font: 'font1', timestamp: now },
          documentation: [
            {
              document_type: 'form_i_766_ead_photo',
              list: 'A',
              title: 'EAD',
              issuing_authority: 'USCIS',
              document_number: 'SRC2190012345',
            },
          ],
          _user_uuid: emma.user,
        },
        meta: { created_by: emma.user, created_time: now, updated_by: emma.user, updated_time: now, version: 1 },
      },
    },
  ]);
  assert.ok((await sealAtRest(services)) >= 1);
  const stored = (await services.storage.get('payroll/i9', acme, emma.user))!;
  assert.equal(stored.meta.version, 2);
  const doc = (stored.data.documentation as Record<string, string>[])[0];
  assert.ok(services.cipher.isEncrypted(stored.data.alien_number), 'the A-Number sealed');
  assert.ok(services.cipher.isEncrypted(doc.document_number), 'the document number sealed');
  assert.match(doc.id, /^[0-9a-f-]{36}$/, 'the document has an id');
  assert.equal(services.cipher.decrypt(String(stored.data.alien_number)), 'A987654321');
  assert.equal(await sealAtRest(services), 0, 'once');

  const read = await call('GET', `/payroll/api/data/i9/${emma.user}`, { org: acme, token: payroll.token });
  assert.equal(read.status, 200, read.text);
  assert.equal(read.body.data.alien_number, 'xxxxxx4321');
  assert.equal(read.body.data.documentation[0].document_number, 'xxxxxxxxx2345');
  const back = await call('PATCH', `/payroll/api/data/i9/${emma.user}`, {
    org: acme,
    token: payroll.token,
    body: { documentation: read.body.data.documentation, additional_info: 'Seen in person.' },
  });
  assert.equal(back.status, 400, 'Section 2 needs the employer signature');
  const signed = await call('PATCH', `/payroll/api/data/i9/${emma.user}`, {
    org: acme,
    token: payroll.token,
    body: {
      ...SECTION2,
      documentation: read.body.data.documentation,
      employer_signature: { name: 'Paul Payroll', font: 'font1', timestamp: now },
    },
  });
  assert.equal(signed.status, 200, signed.text);
  const after = (await services.storage.get('payroll/i9', acme, emma.user))!;
  const kept = (after.data.documentation as Record<string, string>[])[0];
  assert.equal(
    services.cipher.decrypt(kept.document_number),
    'SRC2190012345',
    'the masked number sent back kept the stored one',
  );
});
