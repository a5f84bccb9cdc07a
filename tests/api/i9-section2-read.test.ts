/**
 * I-9 Section 2 is the employer's (spec/001 section 6): an employee's read of their own I-9 answers
 * no Section 2 data (x-read), their meta keeps the definitions named in `hidden`, their save of
 * Section 1 keeps what the employer entered and signed, and their printed I-9 leaves Section 2 blank.
 * Tried on the demo's Carla, whose I-9 is complete (server/demo-journeys.ts).
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { pdfText, squash } from '../printable/pdf-tools.ts';

/** Section 2 and its deadlines, which only those who may act on Section 2 read. */
const SECTION_2 = [
  'documentation',
  'additional_info',
  'alternative_procedure',
  'first_day',
  'employer_or_representative',
  'orgname',
  'employer_address',
  'employer_signature',
  'section2_due',
  'next_due',
  'late',
  'retain_until',
];

let w: DemoWorld;
let carla: Session;
beforeAll(async () => {
  w = await demoWorld();
  carla = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
});
afterAll(async () => {
  await w.server.stop();
});

const read = async (who: Session, type: string, key: string) => {
  const r = await w.call('GET', `/payroll/api/data/${type}/${key}`, as(who));
  assert.equal(r.status, 200, r.text);
  return r;
};

describe('I-9 Section 2 and the employee', () => {
  test("the employee's read of their own I-9 answers no Section 2 data, as my_i9 or as i9", async () => {
    for (const type of ['my_i9', 'i9']) {
      const r = await read(carla, type, carla.user);
      for (const f of SECTION_2) assert.equal(f in r.body.data, false, `${type}: ${f} not answered`);
      assert.ok(!r.text.includes('Paul Payroll'), `${type}: not the employer's signature`);
      assert.ok(!r.text.includes('us_passport'), `${type}: not the documents`);
      assert.ok(r.body.data.employee_signature?.name, 'their own signature is answered');
      assert.ok(typeof r.body.data.section1_due === 'number', 'their own due day is answered');
    }
  });

  test('the payroll manager reads all of it', async () => {
    const r = await read(w.payroll, 'i9', carla.user);
    for (const f of ['documentation', 'first_day', 'employer_or_representative', 'employer_signature', 'section2_due'])
      assert.ok(f in r.body.data, `${f} answered to the manager`);
    assert.equal(r.body.data.employer_signature.name, 'Paul Payroll');
    assert.equal(r.body.data.documentation[0].document_type, 'us_passport');
  });

  test("the employee's meta keeps Section 2's definitions, named in hidden; the manager's does not hide them", async () => {
    const own = await w.call('GET', '/payroll/api/data/meta/my_i9', as(carla));
    assert.equal(own.status, 200, own.text);
    const listed = (own.body.sections as { fields: string[] }[]).flatMap((x) => x.fields);
    for (const f of SECTION_2) {
      assert.ok(own.body.schema.properties[f], `${f} defined`);
      assert.ok((own.body.hidden as string[]).includes(f), `${f} hidden`);
      assert.ok(!listed.includes(f), `${f} in no section`);
    }
    const manager = await w.call('GET', '/payroll/api/data/meta/i9', as(w.payroll));
    for (const f of SECTION_2) assert.ok(!(manager.body.hidden as string[]).includes(f), `${f} shown to the manager`);
  });

  test("the employee's save of Section 1 keeps Section 2 and its signature valid", async () => {
    const before = (await read(w.payroll, 'i9', carla.user)).body.data;
    const mine = await read(carla, 'my_i9', carla.user);
    // What they read, sent back whole (a save replaces the data), and a try at Section 2 too.
    const saved = await w.call('POST', `/payroll/api/data/my_i9/${carla.user}`, {
      ...as(carla),
      body: { ...mine.body.data, documentation: [], employer_or_representative: 'Carla' },
    });
    assert.equal(saved.status, 200, saved.text);
    for (const f of SECTION_2) assert.equal(f in saved.body.data, false, `${f} not in the answer to the employee`);
    const after = (await read(w.payroll, 'i9', carla.user)).body.data;
    for (const f of ['documentation', 'first_day', 'employer_or_representative', 'employer_signature', 'section2_due'])
      assert.deepEqual(after[f], before[f], `${f} kept`);
    assert.deepEqual(after.employee_signature, before.employee_signature, 'Section 1 still signed');
    assert.deepEqual(after.signature_history ?? [], before.signature_history ?? [], 'no signature voided');
    const checklist = await w.call('GET', '/payroll/api/onboarding_checklist', as(carla));
    const i9 = checklist.body.items.find((i: { type: string }) => i.type === 'i9');
    assert.equal(i9.state, 'signed', 'both parts still signed');
  });

  test("the employee's printed I-9 shows Section 1 and leaves Section 2 blank; the manager's shows both", async () => {
    const print = async (who: Session) => {
      const res = await fetch(`${w.server.url}/payroll/api/forms/i9/${carla.user}`, {
        headers: { 'organization-id': w.acmeOrg, auth_token: who.token },
      });
      assert.equal(res.status, 200);
      return squash(await pdfText(Buffer.from(await res.arrayBuffer())));
    };
    const mine = await print(carla);
    assert.ok(mine.includes('Carla'), 'Section 1 names the employee');
    assert.ok(!mine.includes('Paul Payroll'), "not the employer's name or signature");
    const theirs = await print(w.payroll);
    assert.ok(theirs.includes('Paul Payroll'), "the employer's signature on the manager's copy");
  });
});
