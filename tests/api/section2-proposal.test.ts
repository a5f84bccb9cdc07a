/**
 * What Section 2 of an I-9 is proposed with when the employer opens it
 * (GET /payroll/api/i9_section2_proposal/{key}): the employee's hire date as the first day, the
 * company's name and its employer record's business address; for whoever may save that I-9, only
 * while Section 2 is unsigned, and never for one's own I-9 or another company's.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
let sam: Session;
let carla: Session;
beforeAll(async () => {
  w = await demoWorld();
  sam = await w.login(w.acmeOrg, 'sam@acme.example', 'demo-section2-pass');
  carla = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
});
afterAll(async () => {
  await w.server.stop();
});

const proposal = (who: Session, key: string) => w.call('GET', `/payroll/api/i9_section2_proposal/${key}`, as(who));

test("Sam's Section 2, waiting for the employer, is proposed his hire date and the company's name and address", async () => {
  const r = await proposal(w.payroll, sam.user);
  assert.equal(r.status, 200, r.text);
  const employee = await w.call('GET', `/payroll/api/data/employee/${sam.user}`, as(w.payroll));
  expect(r.body).toEqual({
    first_day: employee.body.data.hire_date,
    orgname: 'Acme Demo',
    employer_address: { address1: '200 W 2nd St', city: 'Austin', state: 'TX', postal_code: '78701' },
  });
});

test('a signed Section 2 (Carla) is proposed nothing', async () => {
  const signed = await proposal(w.payroll, carla.user);
  assert.equal(signed.status, 200, signed.text);
  assert.deepEqual(signed.body, {});
});

test('the employee is proposed nothing; a colleague, another company and an unknown key are refused as a save would be', async () => {
  // His own I-9 is his to save, but Section 2 is not his: nothing is proposed to him.
  const own = await proposal(sam, sam.user);
  assert.equal(own.status, 200, own.text);
  assert.deepEqual(own.body, {});
  assert.equal((await proposal(carla, sam.user)).status, 403);
  assert.equal((await proposal(w.staff, sam.user)).status, 404);
  assert.equal((await proposal(w.payroll, crypto.randomUUID())).status, 404);
});
