/**
 * The HR records that name people or an employee's document name ones of the company: a document
 * requested from, kept about or sent to nobody (a key of no user) was stored and answered 201, a
 * secure file "sent" to nobody reached no one, and a share request could name a document that does
 * not exist or a colleague's. Each is now a 400 naming the field.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { as, demoWorld, signedInEmployee, type DemoWorld, type Session } from '../helpers/demo.ts';
import { ONLY_OFFERED } from '../../server/data/hooks/share-request.ts';

let w: DemoWorld;
let cara: Session;
let olly: Session;
let carasDocument = '';
let ollysDocument = '';
const nobody = () => crypto.randomUUID();

const request = async (employee: string) => {
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.admin),
    body: { employee_id: employee, display_name: 'Driver licence', filename: 'licence.pdf' },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key as string;
};

beforeAll(async () => {
  w = await demoWorld();
  cara = await signedInEmployee(w, 'Cara', ['HR:CanUseModule']);
  olly = await signedInEmployee(w, 'Olly', ['HR:CanUseModule']);
  carasDocument = await request(cara.user);
  ollysDocument = await request(olly.user);
});
afterAll(() => w.server.stop());

const refused = async (who: Session, type: string, body: Record<string, unknown>, path: string, message: string) => {
  const r = await w.call('POST', `/hr/api/data/${type}/`, { ...as(who), body });
  assert.equal(r.status, 400, `${type} ${JSON.stringify(body)}: ${r.text}`);
  assert.deepEqual(r.body.errors, [{ path, message }]);
};

test('a document is requested from, or kept about, a user of the company', async () => {
  for (const type of ['employee_documents', 'confidential_employee_documents']) {
    await refused(
      w.admin,
      type,
      { employee_id: nobody(), display_name: 'Licence', filename: 'licence.pdf' },
      '/employee_id',
      'Must be a user of this company.',
    );
  }
});

test('a secure file is sent to a user of the company', async () => {
  await refused(
    cara,
    'secure_files',
    { owner_id: nobody(), sender_name: 'Cara', email: 'cara@acme.example', filename: 'ssn.pdf' },
    '/owner_id',
    'Must be a user of this company.',
  );
  const r = await w.call('POST', '/hr/api/data/secure_files/', {
    ...as(cara),
    body: { owner_id: w.admin.user, sender_name: 'Cara', email: 'cara@acme.example', filename: 'ssn.pdf' },
  });
  assert.equal(r.status, 201, r.text);
});

test("a share request names one of the employee's own documents and people of the company", async () => {
  const asked = (document_id: string, share_to: string[]) => ({
    document_id,
    document_type: 'employee_documents',
    employee_id: cara.user,
    share_to,
  });
  const own = "Choose one of the employee's own documents.";
  await refused(cara, 'share_request', asked(nobody(), [w.admin.user]), '/document_id', own);
  await refused(cara, 'share_request', asked(ollysDocument, [w.admin.user]), '/document_id', own);
  await refused(
    cara,
    'share_request',
    asked(carasDocument, [nobody()]),
    '/share_to/0',
    'Must be a user of this company.',
  );
  // Cara asks for HR or her managers only, whom her form offers her: not for any colleague by key.
  const offered = async () => {
    const r = await w.call('POST', '/auth/api/search_people', {
      ...as(cara),
      body: { text: '', for: 'hr/share_request' },
    });
    assert.equal(r.status, 200, r.text);
    return (r.body as { key: string; data: Record<string, unknown> }[]).map((p) => {
      assert.deepEqual(Object.keys(p.data), ['display_name'], 'names only');
      return p.key;
    });
  };
  assert.ok((await offered()).includes(w.admin.user), 'HR (the company admin) is offered');
  assert.ok(!(await offered()).includes(olly.user), 'a colleague is not');
  await refused(cara, 'share_request', asked(carasDocument, [olly.user]), '/share_to', ONLY_OFFERED);
  const toHr = await w.call('POST', '/hr/api/data/share_request/', {
    ...as(cara),
    body: asked(carasDocument, [w.admin.user]),
  });
  assert.equal(toHr.status, 201, toHr.text);
  // Made her direct manager, Olly is offered and may be asked for.
  const record = await w.call('POST', `/payroll/api/data/employee/${cara.user}`, {
    ...as(w.admin),
    body: { first_name: 'Cara', last_name: 'Share', email: 'cara@acme.example', direct_managers: [olly.user] },
  });
  assert.ok(record.status === 200 || record.status === 201, record.text);
  assert.ok((await offered()).includes(olly.user), 'her manager is offered');
  const r = await w.call('POST', '/hr/api/data/share_request/', {
    ...as(cara),
    body: asked(carasDocument, [olly.user]),
  });
  assert.equal(r.status, 201, r.text);
  // Whoever may choose among the company's people (HR) asks for anyone.
  const hr = await w.call('POST', '/hr/api/data/share_request/', {
    ...as(w.admin),
    body: { ...asked(ollysDocument, [cara.user]), employee_id: olly.user },
  });
  assert.equal(hr.status, 201, hr.text);
});

test('a write with other mistakes names the unknown person in the same answer, not after they are mended', async () => {
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.admin),
    body: { employee_id: nobody(), display_name: 'Licence', filename: 'licence.pdf', status: 'bogus' },
  });
  assert.equal(r.status, 400, r.text);
  const paths = (r.body.errors as { path: string }[]).map((e) => e.path).sort();
  assert.deepEqual(paths, ['/employee_id', '/status']);
  assert.ok(
    (r.body.errors as { path: string; message: string }[]).some(
      (e) => e.path === '/employee_id' && e.message === 'Must be a user of this company.',
    ),
  );
});

test('a reference that is itself malformed is named once, by its format, and not looked up', async () => {
  const r = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.admin),
    body: { employee_id: 'not-a-key', display_name: 'Licence', filename: 'licence.pdf', status: 'bogus' },
  });
  assert.equal(r.status, 400, r.text);
  const at = (r.body.errors as { path: string; message: string }[]).filter((e) => e.path === '/employee_id');
  assert.equal(at.length, 1, r.text);
  assert.notEqual(at[0].message, 'Must be a user of this company.');
});
