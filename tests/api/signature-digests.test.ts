/**
 * A signature's digest of what it attests is the server's to check, never a reader's: a plain hash
 * of fields such as a TIN or an A-Number, beside their masked form (the last four shown), gave the
 * rest away to anyone reading the record, by trying the few candidates left. It is kept keyed
 * (HMAC under the server's lookup key) and answered to no one, on the signature, an item's
 * signature or the history of voided ones, by a read or a find.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, onboardingManager, signedInEmployee, type DemoWorld, type Session } from '../helpers/demo.ts';
import { textAtRest } from '../helpers/at-rest.ts';

let w: DemoWorld;
let onboarder: Session;
let ann: Session;
beforeAll(async () => {
  w = await demoWorld();
  onboarder = await onboardingManager(w);
  ann = await signedInEmployee(w, 'Ann');
});
afterAll(async () => {
  await w.server.stop();
});

const TIN = '123-45-6123';
const sign = (name: string) => ({ name, font: 'font1', timestamp: 1_700_000_000 });
const W9 = {
  name: 'Ann Example',
  federal_tax_classification: 'individual',
  address: '1 Main St',
  city_state_zip: 'Springfield, IL 62704',
  tin_type: 'ssn',
  tin: TIN,
};

test('a signed W-9 read or found by anyone answers no digest; the one kept is keyed', async () => {
  const saved = await w.call('POST', `/payroll/api/data/my_w9/${ann.user}`, {
    ...as(ann),
    body: { ...W9, signature: sign('Ann Example') },
  });
  assert.equal(saved.status, 200, saved.text);
  // Signed again after a change, so the history holds a voided signature too.
  const changed = await w.call('PATCH', `/payroll/api/data/my_w9/${ann.user}`, {
    ...as(ann),
    body: { address: '2 Main St', signature: sign('Ann Example') },
  });
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.data.signature_history.length, 1, changed.text);
  for (const who of [ann, onboarder, w.payroll]) {
    const read = await w.call('GET', `/payroll/api/data/w9/${ann.user}`, as(who));
    assert.equal(read.status, 200, read.text);
    assert.ok(read.body.data.signature, read.text);
    assert.doesNotMatch(read.text, /digest/, 'no digest is answered');
    const found = await w.call('POST', '/payroll/api/data/find/w9', {
      ...as(who),
      body: { criteria: [{ field: '_user_uuid', is: '=', value: ann.user }] },
    });
    if (found.status === 200) assert.doesNotMatch(found.text, /digest/, 'nor by a find');
  }
  const atRest = await textAtRest(w.server);
  assert.match(atRest, /hmac-sha256:[A-Za-z0-9_-]{43}/, 'the digest kept is keyed');
});
