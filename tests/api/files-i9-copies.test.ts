/**
 * Copies of the documents examined for a Form I-9 (payroll/i9_document_copies), as each role uses
 * them: a payroll or onboarding manager (the company admin holds those rights) keeps a scan of a document examined in Section 2; the bytes
 * are encrypted at rest; the employee, a colleague and another company do not reach them; a copy,
 * its file and its employee stay while the I-9 must be kept, and go (bytes too) once it need not.
 * The superuser delete takes the confidential documents about the user along the same way.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { SECTION2 } from '../helpers/i9-section2.ts';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  as,
  demoWorld,
  onboardingManager,
  signedInEmployee,
  sudoInto,
  type DemoWorld,
  type Session,
} from '../helpers/demo.ts';

let w: DemoWorld;
let onboarder: Session;
let superuser: Session;

beforeAll(async () => {
  w = await demoWorld();
  onboarder = await onboardingManager(w);
  superuser = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

const COPIES = '/payroll/api/data/i9_document_copies';
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
const today = () => Math.floor(Date.now() / 86400_000) * 86400;
let signings = 0;
const sign = (name: string) => ({ name, font: 'font1', timestamp: 1_700_000_000 + ++signings });
const marker = () => `i9-copy-${crypto.randomUUID()}`;
const scan = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** An employee whose I-9 has Section 1 signed and Section 2 completed; answers the documents' ids. */
async function completedI9(name: string, firstDay: string): Promise<{ e: Session; documents: string[] }> {
  const e = await signedInEmployee(w, name);
  const s1 = await w.call('POST', `/payroll/api/data/my_i9/${e.user}`, {
    ...as(e),
    body: { work_auth_status: 'Citizen of the United States', employee_signature: sign(name) },
  });
  assert.equal(s1.status, 200, s1.text);
  const s2 = await w.call('PATCH', `/payroll/api/data/i9/${e.user}`, {
    ...as(w.payroll),
    body: {
      ...SECTION2,
      first_day: day(firstDay),
      documentation: [
        {
          document_type: 'us_state_drivers_license_id',
          list: 'B',
          title: "Driver's license",
          issuing_authority: 'Illinois',
          document_number: 'D1234567',
          expiration_date: today() + 900 * 86400,
        },
        {
          document_type: 'social_security_card_no_restrictions',
          list: 'C',
          title: 'Social Security card',
          issuing_authority: 'SSA',
          document_number: '123456789',
        },
      ],
      employer_or_representative: 'Payroll, Paul, Manager',
      employer_signature: sign('Paul Payroll'),
    },
  });
  assert.equal(s2.status, 200, s2.text);
  return { e, documents: s2.body.data.documentation.map((d: { id: string }) => d.id) };
}

async function copyOf(by: Session, employee: string, document: string, side = 'front') {
  return w.call('POST', `${COPIES}/`, {
    ...as(by),
    body: { employee_id: employee, document_id: document, document_title: "Driver's license", side },
  });
}

function upload(who: Session, key: string, bytes: Uint8Array, type = 'application/pdf') {
  return w.call('PUT', `/payroll/api/files/i9_document_copies/${key}/file`, {
    ...as(who),
    headers: { 'content-type': type, 'x-file-name': 'license-front.pdf' },
    rawBody: new Blob([new Uint8Array(bytes)]),
  });
}

function download(who: Session, key: string) {
  return fetch(`${w.server.url}/payroll/api/files/i9_document_copies/${key}/file`, {
    headers: { 'organization-id': who.org, auth_token: who.token },
  });
}

async function blobsOnDisk(): Promise<string[]> {
  const base = path.join(w.server.dataDir, 'files', w.acmeOrg);
  const out: string[] = [];
  for (const sub of await readdir(base).catch(() => [] as string[])) out.push(...(await readdir(path.join(base, sub))));
  return out.sort();
}

/** Whether any file under the data folder holds the text (the records, the journal, the blobs). */
async function dataHolds(text: string): Promise<boolean> {
  const walk = async (dir: string): Promise<boolean> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory() ? await walk(p) : (await readFile(p)).includes(text)) return true;
    }
    return false;
  };
  return walk(w.server.dataDir);
}

describe('I-9 document copies', () => {
  test('a payroll manager keeps a copy: stored encrypted, read back whole by managers only', async () => {
    const { e: kay, documents } = await completedI9('Kay', '2025-03-10');
    const made = await copyOf(w.payroll, kay.user, documents[0]);
    assert.equal(made.status, 201, made.text);
    const key = made.body.key;
    const text = marker();
    const bytes = scan(text);
    const up = await upload(w.payroll, key, bytes);
    assert.equal(up.status, 200, up.text);
    assert.equal(up.body.type, 'application/pdf');
    assert.equal(await dataHolds(text), false, 'the copy is encrypted at rest');

    const got = await download(w.payroll, key);
    assert.equal(got.status, 200);
    assert.deepEqual(Buffer.from(await got.arrayBuffer()), bytes);
    // An onboarding manager reads it and keeps the copy of the other side.
    assert.equal((await download(onboarder, key)).status, 200);
    const back = await copyOf(onboarder, kay.user, documents[1], 'back');
    assert.equal(back.status, 201, back.text);
    assert.equal((await upload(onboarder, back.body.key, scan(marker()))).status, 200);
    const listed = await w.call('POST', '/payroll/api/data/find/i9_document_copies', {
      ...as(w.payroll),
      body: { criteria: [{ field: 'employee_id', is: '=', value: kay.user }] },
    });
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body.items.map((r: { key: string }) => r.key).sort(), [key, back.body.key].sort());

    // The reading is audited as a reveal of the copy.
    const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: {
        criteria: [
          { field: 'affected_user', is: '=', value: kay.user },
          { field: 'action_type', is: '=', value: 'reveal' },
        ],
      },
    });
    assert.equal(audit.status, 200, audit.text);
    assert.equal(audit.body.total, 2, 'two readings of her copy');
  });

  test('the employee, a colleague, an HR manager and another company do not reach the copies', async () => {
    const { e: ned, documents } = await completedI9('Ned', '2025-04-01');
    const hr = await signedInEmployee(w, 'Hana', ['HR:CanUseModule', 'HR:CanManageModule']);
    const made = await copyOf(w.payroll, ned.user, documents[0]);
    assert.equal(made.status, 201, made.text);
    const key = made.body.key;
    assert.equal((await upload(w.payroll, key, scan(marker()))).status, 200);
    for (const [who, name] of [
      [ned, 'the employee'],
      [w.emma, 'a colleague'],
      [hr, 'an HR manager without payroll rights'],
    ] as const) {
      assert.equal((await download(who, key)).status, 403, name);
      assert.equal((await w.call('GET', `${COPIES}/${key}`, as(who))).status, 403, name);
      assert.equal((await upload(who, key, scan(marker()))).status, 403, name);
      assert.equal((await w.call('POST', '/payroll/api/data/find/i9_document_copies', as(who))).status, 403, name);
      assert.equal((await copyOf(who, ned.user, documents[0])).status, 403, name);
    }
    // Another company: the record does not exist there.
    assert.equal((await download(w.staff, key)).status, 404);
    assert.equal((await w.call('GET', `${COPIES}/${key}`, as(w.staff))).status, 404);
    assert.equal((await upload(w.staff, key, scan(marker()))).status, 404);
  });

  test('an onboarding manager does not keep copies of their own I-9 documents', async () => {
    const olga = await w.call('POST', `/payroll/api/data/my_i9/${onboarder.user}`, {
      ...as(onboarder),
      body: { work_auth_status: 'Citizen of the United States', employee_signature: sign('Olga') },
    });
    assert.equal(olga.status, 200, olga.text);
    const s2 = await w.call('PATCH', `/payroll/api/data/i9/${onboarder.user}`, {
      ...as(w.payroll),
      body: {
        ...SECTION2,
        documentation: [
          {
            document_type: 'us_passport',
            list: 'A',
            title: 'U.S. Passport',
            issuing_authority: 'U.S. Department of State',
          },
        ],
        employer_or_representative: 'Payroll, Paul, Manager',
        employer_signature: sign('Paul Payroll'),
      },
    });
    assert.equal(s2.status, 200, s2.text);
    const own = await copyOf(onboarder, onboarder.user, s2.body.data.documentation[0].id);
    assert.equal(own.status, 403, own.text);
    assert.equal((await copyOf(w.payroll, onboarder.user, s2.body.data.documentation[0].id)).status, 201);
  });

  test('a copy names an I-9 and one of its documents; a copy is a PDF or a picture', async () => {
    const { e: pia, documents } = await completedI9('Pia', '2025-05-01');
    const wrong = await copyOf(w.payroll, pia.user, crypto.randomUUID());
    assert.equal(wrong.status, 400, wrong.text);
    assert.deepEqual(wrong.body.errors, [
      { path: '/document_id', message: 'Must be the id of a document examined on the I-9.' },
    ]);
    const noI9 = await signedInEmployee(w, 'Quinn');
    const none = await copyOf(w.payroll, noI9.user, documents[0]);
    assert.equal(none.status, 400, none.text);
    assert.deepEqual(none.body.errors, [
      { path: '/employee_id', message: 'This employee has no Form I-9 to keep copies with.' },
    ]);
    const missing = await w.call('POST', `${COPIES}/`, { ...as(w.payroll), body: { employee_id: pia.user } });
    assert.equal(missing.status, 400, missing.text);
    assert.ok(
      missing.body.errors.some((e: { path: string }) => e.path === '/document_id'),
      missing.text,
    );

    const made = await copyOf(w.payroll, pia.user, documents[1]);
    assert.equal(made.status, 201, made.text);
    const moved = await w.call('PATCH', `${COPIES}/${made.body.key}`, {
      ...as(w.payroll),
      body: { employee_id: noI9.user },
    });
    assert.equal(moved.status, 400, moved.text);
    assert.equal(moved.body.errors[0].path, '/employee_id');
    const text = await upload(w.payroll, made.body.key, Buffer.from('just some text\n'), 'text/plain');
    assert.equal(text.status, 415, text.text);
    assert.equal(text.body.errors[0].path, '/file');
  });

  test('while the I-9 must be kept, neither the copy, nor its file, nor its employee is deleted', async () => {
    const { e: ray, documents } = await completedI9('Ray', '2025-03-10');
    const made = await copyOf(w.payroll, ray.user, documents[0]);
    assert.equal(made.status, 201, made.text);
    const key = made.body.key;
    const bytes = scan(marker());
    assert.equal((await upload(w.payroll, key, bytes)).status, 200);
    const confidential = await w.call('POST', '/hr/api/data/confidential_employee_documents/', {
      ...as(w.admin),
      body: { employee_id: ray.user, display_name: 'Background check', filename: 'bg.pdf', status: 'requested' },
    });
    assert.equal(confidential.status, 201, confidential.text);
    const held = await blobsOnDisk();

    const rule =
      /^A copy of an I-9 document is kept with the I-9\. This I-9 must be kept while the employee is employed/;
    const del = await w.call('DELETE', `${COPIES}/${key}`, as(w.payroll));
    assert.equal(del.status, 409, del.text);
    assert.match(del.body.message, rule);
    const delFile = await w.call('DELETE', `/payroll/api/files/i9_document_copies/${key}/file`, as(w.payroll));
    assert.equal(delFile.status, 409, delFile.text);
    assert.match(delFile.body.message, rule);
    const replace = await upload(w.payroll, key, scan(marker()));
    assert.equal(replace.status, 409, replace.text);
    // Not even product staff, and not by deleting the employee.
    assert.equal((await w.call('DELETE', `${COPIES}/${key}`, as(superuser))).status, 409);
    const user = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: ray.user, confirm_name: 'Ray' },
    });
    assert.equal(user.status, 409, user.text);

    const still = await download(w.payroll, key);
    assert.equal(still.status, 200);
    assert.deepEqual(Buffer.from(await still.arrayBuffer()), bytes);
    assert.equal(
      (await w.call('GET', `/hr/api/data/confidential_employee_documents/${confidential.body.key}`, as(w.admin)))
        .status,
      200,
      'the confidential document about him is kept too',
    );
    assert.deepEqual(await blobsOnDisk(), held);
  });

  test('once the I-9 need not be kept, deleting the employee deletes the copies and confidential documents, bytes too', async () => {
    const before = await blobsOnDisk();
    const { e: lou, documents } = await completedI9('Lou', '2015-02-02');
    const left = await w.call('POST', `/payroll/api/data/employee/${lou.user}`, {
      ...as(w.payroll),
      body: {
        first_name: 'Lou',
        last_name: 'Lane',
        email: 'lou@acme.example',
        hire_date: day('2015-02-02'),
        term_date: day('2016-03-01'),
      },
    });
    assert.ok([200, 201].includes(left.status), left.text);
    const copies: string[] = [];
    for (const d of documents) {
      const made = await copyOf(w.payroll, lou.user, d);
      assert.equal(made.status, 201, made.text);
      assert.equal((await upload(w.payroll, made.body.key, scan(marker()))).status, 200);
      copies.push(made.body.key);
    }
    const confidential = await w.call('POST', '/hr/api/data/confidential_employee_documents/', {
      ...as(w.admin),
      body: { employee_id: lou.user, display_name: 'Background check', filename: 'bg.pdf', status: 'requested' },
    });
    assert.equal(confidential.status, 201, confidential.text);
    const cfile = `/hr/api/files/confidential_employee_documents/${confidential.body.key}/file`;
    const cup = await w.call('PUT', cfile, {
      ...as(w.admin),
      headers: { 'content-type': 'application/pdf', 'x-file-name': 'bg.pdf' },
      rawBody: new Blob([new Uint8Array(scan(marker()))]),
    });
    assert.equal(cup.status, 200, cup.text);
    assert.equal((await blobsOnDisk()).length, before.length + 3, 'two copies and the confidential document');

    const gone = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: lou.user, confirm_name: 'Lou' },
    });
    assert.equal(gone.status, 200, gone.text);
    for (const k of copies) {
      assert.ok(gone.body.removed.includes(`payroll/i9_document_copies/${k}`), k);
      assert.equal((await w.call('GET', `${COPIES}/${k}`, as(w.payroll))).status, 404);
      assert.equal((await download(w.payroll, k)).status, 404);
    }
    assert.ok(gone.body.removed.includes(`hr/confidential_employee_documents/${confidential.body.key}`));
    assert.equal((await w.call('GET', cfile, as(w.admin))).status, 404);
    assert.deepEqual(await blobsOnDisk(), before, 'their bytes are deleted');
  });
});
