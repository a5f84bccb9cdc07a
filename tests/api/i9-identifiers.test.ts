/**
 * The I-9's immigration identifiers (the USCIS or A-Number, the Form I-94 admission number, the
 * foreign passport number and the number of each examined List A, B or C document) are sensitive:
 * encrypted at rest, answered masked to every role (the employee, the payroll manager, a manager of
 * onboarding only), never searchable, restored when sent back masked (a document's number from the
 * same document, by its id, never by its place), and answered whole only by the audited
 * retrieve_sensitive call to a caller who may manage payroll data.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { EMPLOYER_ADDRESS } from '../helpers/i9-section2.ts';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { textAtRest } from '../helpers/at-rest.ts';
import { as, demoWorld, signedInEmployee, onboardingManager, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
let onboarder: Session;
let ana: Session;
let raj: Session;

const A_NUMBER = 'A987654321';
const I94 = '69201234567';
const PASSPORT = 'K7Q4450ZB';
const PASSPORT_DOC = 'G98765432';
const LICENSE = 'D400-7719-22XY';
const SSN_CARD = '512483927';
const ALIEN = 'An Alien Authorized to Work';
const SIGN = { name: 'Signer', font: 'font1', timestamp: 1_700_000_000 };
const CLEAR = [A_NUMBER, I94, PASSPORT, PASSPORT_DOC, LICENSE, SSN_CARD];

async function write(who: Session, method: 'POST' | 'PATCH', type: string, key: string, body: object) {
  return w.call(method, `/payroll/api/data/${type}/${key}`, { ...as(who), body });
}

async function read(who: Session, type: string, key: string) {
  const r = await w.call('GET', `/payroll/api/data/${type}/${key}`, as(who));
  assert.equal(r.status, 200, r.text);
  return r;
}

async function retrieve(who: Session, body: Record<string, unknown>) {
  return w.call('POST', '/payroll/api/retrieve_sensitive', { ...as(who), body });
}

async function reveals(of: string) {
  const r = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }], limit: 500 },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items.map((i: any) => i.data).filter((a: any) => a.detail.type === 'i9' && a.detail.key === of);
}

/** Every file the server keeps in its data folder, and its database's rows when it has one, as text. */
async function atRest(): Promise<string> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push((await readFile(p)).toString('latin1'));
    }
  };
  await walk(w.server.dataDir);
  if (w.server.databaseUrl) out.push(await textAtRest(w.server));
  return out.join('\n');
}

beforeAll(async () => {
  w = await demoWorld();
  onboarder = await onboardingManager(w);
  ana = await signedInEmployee(w, 'Ana');
  raj = await signedInEmployee(w, 'Raj');
  // Section 1 by each employee: one of the three status 4 identifiers each.
  const made = [
    await write(w.emma, 'POST', 'my_i9', w.emma.user, {
      work_auth_status: ALIEN,
      alien_number_type: 'USCIS Number',
      alien_number: A_NUMBER,
      employee_signature: { ...SIGN, name: 'Emma Employee' },
    }),
    await write(ana, 'POST', 'my_i9', ana.user, {
      work_auth_status: ALIEN,
      i94_admission_number: I94,
      employee_signature: { ...SIGN, name: 'Ana' },
    }),
    await write(raj, 'POST', 'my_i9', raj.user, {
      work_auth_status: ALIEN,
      foreign_passport_number: PASSPORT,
      country_of_issuance: 'India',
      employee_signature: { ...SIGN, name: 'Raj' },
    }),
  ];
  for (const r of made) assert.equal(r.status, 200, r.text);
  // Section 2 by the payroll manager on Emma's I-9.
  const s2 = await write(w.payroll, 'PATCH', 'i9', w.emma.user, {
    documentation: [
      {
        document_type: 'us_state_drivers_license_id',
        list: 'B',
        title: "Driver's License",
        issuing_authority: 'Illinois SOS',
        document_number: LICENSE,
      },
      {
        document_type: 'social_security_card_no_restrictions',
        list: 'C',
        title: 'Social Security Card',
        issuing_authority: 'SSA',
        document_number: SSN_CARD,
      },
    ],
    first_day: 1741564800,
    employer_or_representative: 'Payroll, Paul, Manager',
    employer_address: EMPLOYER_ADDRESS,
    employer_signature: { ...SIGN, name: 'Paul Payroll' },
  });
  assert.equal(s2.status, 200, s2.text);
});
afterAll(async () => {
  await w.server.stop();
});

describe('masked in every answer, to every role', () => {
  test('the employee, the payroll manager and a manager of onboarding only read every identifier masked', async () => {
    const cases: [Session, string, Session][] = [
      [w.emma, 'my_i9', w.emma],
      [w.payroll, 'i9', w.emma],
      [onboarder, 'i9', w.emma],
      [ana, 'my_i9', ana],
      [w.payroll, 'i9', ana],
      [onboarder, 'i9', ana],
      [raj, 'my_i9', raj],
      [onboarder, 'i9', raj],
    ];
    for (const [who, type, owner] of cases) {
      const r = await read(who, type, owner.user);
      for (const clear of CLEAR)
        assert.ok(!r.text.includes(clear), `${type} of ${owner.user} read by ${who.user}: ${clear} in clear`);
      const d = r.body.data;
      // Section 2 (the documents) is the employer's: not answered to the employee (x-read).
      if (owner === w.emma && who === w.emma) assert.equal(d.documentation, undefined);
      if (owner === w.emma) assert.equal(d.alien_number, 'xxxxxx4321');
      if (owner === w.emma && who !== w.emma) {
        assert.deepEqual(
          d.documentation.map((x: any) => x.document_number),
          ['xxxxxxxx22XY', 'xxxxx3927'],
          'letters kept in the last four',
        );
        for (const doc of d.documentation) assert.match(doc.id, /^[0-9a-f-]{36}$/, 'each document has an id');
      }
      if (owner === ana) assert.equal(d.i94_admission_number, 'xxxxxxx4567');
      if (owner === raj) assert.equal(d.foreign_passport_number, 'xxxxx50ZB');
    }
  });

  test('a find answers them masked and refuses to search on them', async () => {
    for (const who of [w.payroll, onboarder]) {
      const all = await w.call('POST', '/payroll/api/data/find/i9', { ...as(who), body: { limit: 500 } });
      assert.equal(all.status, 200, all.text);
      assert.ok(all.body.items.length >= 3);
      for (const clear of CLEAR) assert.ok(!all.text.includes(clear), `${clear} in a find answer`);
      for (const field of [
        'alien_number',
        'i94_admission_number',
        'foreign_passport_number',
        'documentation.document_number',
      ]) {
        const r = await w.call('POST', '/payroll/api/data/find/i9', {
          ...as(who),
          body: { criteria: [{ field, is: '=', value: A_NUMBER }] },
        });
        assert.equal(r.status, 400, `${field}: ${r.text}`);
        assert.match(r.body.message, /sensitive and cannot be searched/);
      }
    }
  });

  test('stored encrypted: no identifier is in clear anywhere at rest', async () => {
    const stored = await atRest();
    assert.ok(stored.includes('Illinois SOS'), 'the store holds the records as written');
    for (const clear of CLEAR) assert.ok(!stored.includes(clear), `${clear} in clear at rest`);
  });
});

describe('sent back masked', () => {
  test('the employee saves her Section 1 back as read: the A-Number is kept and her signature holds', async () => {
    const { data } = (await read(w.emma, 'my_i9', w.emma.user)).body;
    const r = await write(w.emma, 'POST', 'my_i9', w.emma.user, data);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.alien_number, 'xxxxxx4321');
    assert.equal(r.body.data.employee_signature?.name, 'Emma Employee', 'nothing attested changed');
    const whole = await retrieve(w.payroll, { type: 'i9', key: w.emma.user, field: 'alien_number' });
    assert.deepEqual(whole.body, { value: A_NUMBER });
  });

  test('the payroll manager saves the whole I-9 back as read: her masked Section 1 is no change of hers', async () => {
    const { data } = (await read(w.payroll, 'i9', w.emma.user)).body;
    const r = await write(w.payroll, 'POST', 'i9', w.emma.user, { ...data, additional_info: 'Seen in person.' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.alien_number, 'xxxxxx4321');
    assert.equal(r.body.data.employee_signature?.name, 'Emma Employee', "the employee's signature holds");
    const whole = await retrieve(w.payroll, { type: 'i9', key: w.emma.user, field: 'alien_number' });
    assert.deepEqual(whole.body, { value: A_NUMBER });
  });

  test("reordered documents keep their own numbers (by id); one's mask on another's id is refused", async () => {
    const { data } = (await read(w.payroll, 'i9', w.emma.user)).body;
    const [license, card] = data.documentation;
    // Reordering changes what the employer attests: the manager signs again.
    const swapped = await write(w.payroll, 'PATCH', 'i9', w.emma.user, {
      documentation: [card, license],
      employer_signature: { ...SIGN, name: 'Paul Payroll', timestamp: SIGN.timestamp + 1 },
    });
    assert.equal(swapped.status, 200, swapped.text);
    for (const [doc, clear] of [
      [license, LICENSE],
      [card, SSN_CARD],
    ] as const) {
      const r = await retrieve(w.payroll, {
        type: 'i9',
        key: w.emma.user,
        field: 'documentation.document_number',
        item: doc.id,
      });
      assert.deepEqual(r.body, { value: clear }, `${doc.title} keeps its number`);
    }
    // The card removed, the license sent with the card's mask: not the license's number, refused.
    const crossed = await write(w.payroll, 'PATCH', 'i9', w.emma.user, {
      documentation: [{ ...license, document_number: card.document_number }],
    });
    assert.equal(crossed.status, 400, crossed.text);
    assert.deepEqual(crossed.body.errors, [
      {
        path: '/documentation/0/document_number',
        message: 'Enter the full number: a masked value keeps only the number stored for this same entry.',
      },
    ]);
    // A new document (no id) sent with a mask has nothing to keep.
    const fresh = await write(w.payroll, 'PATCH', 'i9', w.emma.user, {
      documentation: [license, { ...card, id: undefined }],
    });
    assert.equal(fresh.status, 400, fresh.text);
    assert.equal(fresh.body.errors[0].path, '/documentation/1/document_number');
  });
});

describe('retrieve_sensitive', () => {
  test('a payroll manager gets each identifier whole, each answer audited as a reveal', async () => {
    const before = (await reveals(ana.user)).length;
    const r = await retrieve(w.payroll, { type: 'i9', key: ana.user, field: 'i94_admission_number' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { value: I94 });
    const p = await retrieve(w.payroll, { type: 'i9', key: raj.user, field: 'foreign_passport_number' });
    assert.deepEqual(p.body, { value: PASSPORT });
    const audited = await reveals(ana.user);
    assert.equal(audited.length, before + 1);
    const last = audited.at(-1);
    assert.equal(last.logged_in_user, w.payroll.user);
    assert.equal(last.affected_user, ana.user);
    assert.deepEqual([last.detail.fields, last.detail.outcome], [['i94_admission_number'], 'revealed']);
    assert.ok(!JSON.stringify(audited).includes(I94), 'the audit never holds the value');
  });

  test('the employee and a manager of onboarding only are refused (403), and the refusal is audited', async () => {
    for (const who of [ana, onboarder]) {
      const before = (await reveals(ana.user)).length;
      const r = await retrieve(who, { type: 'i9', key: ana.user, field: 'i94_admission_number' });
      assert.equal(r.status, 403, r.text);
      assert.ok(!r.text.includes(I94));
      const audited = await reveals(ana.user);
      assert.equal(audited.length, before + 1);
      assert.deepEqual([audited.at(-1).logged_in_user, audited.at(-1).detail.outcome], [who.user, 'refused']);
    }
  });

  test('unknown records and entries are not found; the SSN, an account and ordinary fields are not answered here', async () => {
    const missing = await retrieve(w.payroll, { type: 'i9', key: w.ivan.user, field: 'alien_number' });
    assert.equal(missing.status, 404, missing.text);
    const noItem = await retrieve(w.payroll, {
      type: 'i9',
      key: w.emma.user,
      field: 'documentation.document_number',
      item: crypto.randomUUID(),
    });
    assert.equal(noItem.status, 404, noItem.text);
    const unnamed = await retrieve(w.payroll, { type: 'i9', key: w.emma.user, field: 'documentation.document_number' });
    assert.equal(unnamed.status, 400, unnamed.text);
    assert.match(unnamed.body.message, /name the entry's id/);
    for (const [type, field] of [
      ['employee', 'ssn'],
      ['employee_payment_information', 'direct_deposit_accounts.account_number'],
      ['i9', 'first_day'],
    ]) {
      const r = await retrieve(w.payroll, { type, key: w.emma.user, field });
      assert.equal(r.status, 400, `${type}.${field}: ${r.text}`);
      assert.match(r.body.message, /is not an identifier retrieve_sensitive answers/);
    }
    // Another company's caller finds nothing of Acme's.
    const staff = await retrieve(w.staff, { type: 'i9', key: w.emma.user, field: 'alien_number' });
    assert.equal(staff.status, 404, staff.text);
  });
});
