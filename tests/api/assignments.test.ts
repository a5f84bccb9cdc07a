/**
 * An HR assignment (a document to read and acknowledge) is between HR and the users it names: a
 * named user sees it, marks it and signs its acknowledgement in their own session; a colleague who
 * also uses the HR module neither sees nor changes it, and no manager signs for them. A change of
 * the assigned document after signing voids the acknowledgement (docs/signatures.md).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { as, demoWorld, signedInEmployee, type DemoWorld, type Session } from '../helpers/demo.ts';

const ASSIGNMENTS = '/hr/api/data/assignments';
let w: DemoWorld;
let cara: Session;
let olly: Session;
let key = '';
const documentId = crypto.randomUUID();

beforeAll(async () => {
  w = await demoWorld();
  cara = await signedInEmployee(w, 'Cara', ['HR:CanUseModule']);
  olly = await signedInEmployee(w, 'Olly', ['HR:CanUseModule']);
  const r = await w.call('POST', `${ASSIGNMENTS}/`, {
    ...as(w.admin),
    body: {
      user_ids: [cara.user],
      document_id: documentId,
      document_type: 'documents',
      acknowledgement_required: true,
      status: 'assigned',
    },
  });
  assert.equal(r.status, 201, r.text);
  key = r.body.key;
});
afterAll(() => w.server.stop());

const keysListedFor = async (who: Session) => {
  const r = await w.call('POST', '/hr/api/data/find/assignments', { ...as(who), body: { limit: 500 } });
  assert.equal(r.status, 200, r.text);
  return r.body.items.map((x: { key: string }) => x.key) as string[];
};
const signature = (name: string) => ({ name, font: 'font1', timestamp: 1 });

test("a colleague who uses the HR module neither lists, reads, marks nor signs another's assignment", async () => {
  assert.ok(!(await keysListedFor(olly)).includes(key));
  assert.equal((await w.call('GET', `${ASSIGNMENTS}/${key}`, as(olly))).status, 403);
  for (const body of [{ status: 'completed' }, { status: 'completed', signature: signature('Cara') }]) {
    const r = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, { ...as(olly), body });
    assert.equal(r.status, 403, r.text);
  }
  const stored = await w.call('GET', `${ASSIGNMENTS}/${key}`, as(w.admin));
  assert.equal(stored.body.data.status, 'assigned');
  assert.equal(stored.body.data.signature, undefined);
});

test('a manager does not sign for the user', async () => {
  const r = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, { ...as(w.admin), body: { signature: signature('Cara') } });
  assert.equal(r.status, 400, r.text);
  assert.deepEqual(r.body.errors, [
    { path: '/signature', message: 'Only the employee may change this part of their own form.' },
  ]);
});

test('the named user lists, reads, marks and signs it; the document changed afterwards voids the acknowledgement', async () => {
  assert.ok((await keysListedFor(cara)).includes(key));
  assert.equal((await w.call('GET', `${ASSIGNMENTS}/${key}`, as(cara))).status, 200);
  // What HR set is HR's: the user changes neither the document nor who it is assigned to.
  const moved = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, {
    ...as(cara),
    body: { user_ids: [olly.user], document_id: crypto.randomUUID() },
  });
  assert.equal(moved.status, 200, moved.text);
  assert.deepEqual([moved.body.data.user_ids, moved.body.data.document_id], [[cara.user], documentId]);

  const signed = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, {
    ...as(cara),
    body: { status: 'completed', signature: signature('Cara') },
  });
  assert.equal(signed.status, 200, signed.text);
  assert.equal(signed.body.data.status, 'completed');
  assert.equal(signed.body.data.signature.name, 'Cara');

  const changed = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, {
    ...as(w.admin),
    body: { document_id: crypto.randomUUID() },
  });
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.data.signature, undefined, 'voided');
  const history = changed.body.data.signature_history as { field: string; voided: { fields: string[] } }[];
  assert.deepEqual(
    history.map((h) => [h.field, h.voided.fields]),
    [['signature', ['document_id']]],
  );
});

test('an assignment naming several users is each of theirs to see', async () => {
  const both = await w.call('POST', `${ASSIGNMENTS}/`, {
    ...as(w.admin),
    body: { user_ids: [cara.user, olly.user], document_id: documentId, document_type: 'documents' },
  });
  assert.equal(both.status, 201, both.text);
  for (const who of [cara, olly]) {
    assert.ok((await keysListedFor(who)).includes(both.body.key));
    assert.equal((await w.call('GET', `${ASSIGNMENTS}/${both.body.key}`, as(who))).status, 200);
  }
  assert.ok(!(await keysListedFor(w.emma)).includes(both.body.key));
});
