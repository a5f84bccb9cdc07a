/**
 * The employer corrects a Section 2 already signed (docs/signatures.md): the change voids the
 * employer's signature, so Section 2 is open again and due, and the manager's queue of I-9s by due
 * date ("Due from you", the pipeline's `awaiting_employer`, docs/journeys.md) lists it until it is
 * signed again. And the first day of employment, from which the server derives Section 2's due day,
 * cannot be one whose due day no stored date can hold: such a save would leave an I-9 no later
 * save, the employee's or the employer's, could pass. Tried on the demo's Carla, whose I-9 is complete.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { SECTION2 } from '../helpers/i9-section2.ts';

let w: DemoWorld;
let carla: Session;
beforeAll(async () => {
  w = await demoWorld();
  carla = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
});
afterAll(async () => {
  await w.server.stop();
});

const i9Path = () => `/payroll/api/data/i9/${carla.user}`;
const awaiting = async () => {
  const r = await w.call('GET', '/payroll/api/onboarding_pipeline', as(w.payroll));
  assert.equal(r.status, 200, r.text);
  return (r.body.awaiting_employer as { user_key: string; due: number }[]).filter((x) => x.user_key === carla.user);
};
const sign = { name: 'Paul Payroll', font: 'font1', timestamp: 1 };

describe('I-9 Section 2 corrected after signing', () => {
  test('a correction without signing again voids the signature and puts the I-9 back in the queue, due', async () => {
    assert.deepEqual(await awaiting(), [], 'a complete I-9 waits for nobody');
    const r = await w.call('PATCH', i9Path(), { ...as(w.payroll), body: { additional_info: 'Corrected: title' } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.employer_signature, undefined, 'the correction voided the signature');
    assert.equal(r.body.data.next_due, r.body.data.section2_due, 'Section 2 is due again');
    assert.ok(!(r.body.data.late ?? []).includes('Section 2'), 'an unsigned section was not signed late');
    const queued = await awaiting();
    assert.equal(queued.length, 1, 'listed in "Due from you"');
    assert.equal(queued[0].due, r.body.data.section2_due);
    const checklist = await w.call('GET', '/payroll/api/onboarding_checklist', as(carla));
    assert.equal(checklist.body.items.find((x: { type: string }) => x.type === 'i9').state, 'waiting_employer');
  });

  test('signing again takes it out of the queue', async () => {
    const r = await w.call('PATCH', i9Path(), { ...as(w.payroll), body: { employer_signature: sign } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.employer_signature?.name, 'Paul Payroll');
    assert.equal(r.body.data.next_due, undefined, 'nothing is due');
    assert.deepEqual(await awaiting(), []);
  });

  test('a first day whose Section 2 due day is past any date is refused at the first day; the I-9 stays savable', async () => {
    // 12/31/9999: three business days later is past the last day a stored date holds.
    const far = 253402214400;
    const r = await w.call('PATCH', i9Path(), {
      ...as(w.payroll),
      body: { ...SECTION2, first_day: far, employer_signature: sign },
    });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(
      r.body.errors.map((e: { path: string }) => e.path),
      ['/first_day'],
      'the error is the first day, not a date the server derives',
    );
    assert.match(r.body.errors[0].message, /first day of employment/i);
    const later = await w.call('PATCH', i9Path(), { ...as(carla), body: { previous_last_names: ['Smith'] } });
    assert.equal(later.status, 200, later.text);
  });
});
