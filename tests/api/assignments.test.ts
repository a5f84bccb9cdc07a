/**
 * An HR assignment (a document to read and acknowledge) is between HR and the users it names: each
 * named user has an entry of their own in `acknowledgements`, which they alone mark and sign in their
 * own session; one person's acknowledgement never counts for another, a colleague who also uses the
 * HR module neither sees nor changes it, and no manager signs for them. The assignment's status is
 * the summary of the entries. Another document assigned after signing voids the acknowledgements
 * (docs/signatures.md, "An assignment is acknowledged by each person it names").
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { as, demoWorld, signedInEmployee, type DemoWorld, type Session } from '../helpers/demo.ts';

const ASSIGNMENTS = '/hr/api/data/assignments';
const DOCUMENTS = '/hr/api/data/documents';
let w: DemoWorld;
let cara: Session;
let olly: Session;
let key = '';
let documentId = '';

interface Entry {
  user_id: string;
  status: string;
  signature?: { name: string };
  viewed_time?: number;
  completed_time?: number;
}

const companyDocument = async (name: string, published = true) => {
  const r = await w.call('POST', `${DOCUMENTS}/`, {
    ...as(w.admin),
    body: { display_name: name, filename: `${name}.pdf`, view_type: 'file', published },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key as string;
};

beforeAll(async () => {
  w = await demoWorld();
  cara = await signedInEmployee(w, 'Cara', ['HR:CanUseModule']);
  olly = await signedInEmployee(w, 'Olly', ['HR:CanUseModule']);
  documentId = await companyDocument('Handbook');
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
const read = async (who: Session, k: string) => {
  const r = await w.call('GET', `${ASSIGNMENTS}/${k}`, as(who));
  assert.equal(r.status, 200, r.text);
  return r.body.data as {
    status: string;
    acknowledgements: Entry[];
    signature?: unknown;
    signature_history?: unknown[];
  };
};
/** The entries as `who` read them, with `user`'s changed. */
const entriesWith = async (who: Session, k: string, user: string, change: Partial<Entry> | Record<string, unknown>) =>
  (await read(who, k)).acknowledgements.map((e) => (e.user_id === user ? { ...e, ...change } : e));
const stateOf = (entries: Entry[]) => entries.map((e) => [e.user_id, e.status, e.signature?.name ?? null]);

test("a colleague who uses the HR module neither lists, reads, marks nor signs another's assignment", async () => {
  assert.ok(!(await keysListedFor(olly)).includes(key));
  assert.equal((await w.call('GET', `${ASSIGNMENTS}/${key}`, as(olly))).status, 403);
  const entries = (await read(w.admin, key)).acknowledgements.map((e) => ({
    ...e,
    status: 'completed',
    signature: signature('Cara'),
  }));
  for (const body of [{ status: 'completed' }, { acknowledgements: entries }]) {
    const r = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, { ...as(olly), body });
    assert.equal(r.status, 403, r.text);
  }
  const stored = await read(w.admin, key);
  assert.equal(stored.status, 'assigned');
  assert.deepEqual(stateOf(stored.acknowledgements), [[cara.user, 'assigned', null]]);
});

test('a manager does not sign for the user, nor mark their entry', async () => {
  for (const change of [{ signature: signature('Cara') }, { status: 'completed', signature: signature('Cara') }]) {
    const r = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, {
      ...as(w.admin),
      body: { acknowledgements: await entriesWith(w.admin, key, cara.user, change) },
    });
    assert.equal(r.status, 400, r.text);
    assert.ok(
      r.body.errors.some(
        (e: { path: string; message: string }) =>
          e.path === '/acknowledgements/0/signature' &&
          e.message === 'Only the person this signature names may sign it, in their own session.',
      ),
      r.text,
    );
  }
  const r = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, { ...as(w.admin), body: { status: 'completed' } });
  assert.equal(r.status, 400, r.text);
  assert.equal(r.body.errors[0].path, '/status');
  assert.equal((await read(w.admin, key)).status, 'assigned');
});

test('the named user lists, reads, marks and signs their entry; the document changed afterwards voids the acknowledgement', async () => {
  assert.ok((await keysListedFor(cara)).includes(key));
  // What HR set is HR's: the user changes neither the document nor who it is assigned to.
  const moved = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, {
    ...as(cara),
    body: { user_ids: [olly.user], document_id: crypto.randomUUID() },
  });
  assert.equal(moved.status, 200, moved.text);
  assert.deepEqual([moved.body.data.user_ids, moved.body.data.document_id], [[cara.user], documentId]);

  // Completing an acknowledgement is signing it; the status alone is refused, as is the assignment's.
  for (const body of [
    { acknowledgements: await entriesWith(cara, key, cara.user, { status: 'completed' }) },
    { status: 'completed' },
    { signature: signature('Cara') },
  ]) {
    const r = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, { ...as(cara), body });
    assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
  }
  assert.equal((await read(w.admin, key)).status, 'assigned');

  const viewed = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, {
    ...as(cara),
    body: { acknowledgements: await entriesWith(cara, key, cara.user, { status: 'viewed' }) },
  });
  assert.equal(viewed.status, 200, viewed.text);
  assert.equal(viewed.body.data.status, 'viewed');
  assert.equal(typeof viewed.body.data.acknowledgements[0].viewed_time, 'number');

  const signed = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, {
    ...as(cara),
    body: { acknowledgements: await entriesWith(cara, key, cara.user, { signature: signature('Cara') }) },
  });
  assert.equal(signed.status, 200, signed.text);
  assert.equal(signed.body.data.status, 'completed');
  assert.deepEqual(stateOf(signed.body.data.acknowledgements), [[cara.user, 'completed', 'Cara']]);
  assert.equal(typeof signed.body.data.acknowledgements[0].completed_time, 'number');

  const changed = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, {
    ...as(w.admin),
    body: { document_id: await companyDocument('Handbook 2') },
  });
  assert.equal(changed.status, 200, changed.text);
  assert.deepEqual(stateOf(changed.body.data.acknowledgements), [[cara.user, 'assigned', null]], 'voided');
  assert.equal(changed.body.data.status, 'assigned');
  const history = changed.body.data.signature_history as { field: string; voided: { fields: string[] } }[];
  assert.deepEqual(
    history.map((h) => [h.field, h.voided.fields]),
    [[`acknowledgements.${cara.user}.signature`, ['document_id']]],
  );
});

test('an assignment naming several users is acknowledged by each of them for themselves; HR sees who has', async () => {
  const both = await w.call('POST', `${ASSIGNMENTS}/`, {
    ...as(w.admin),
    body: { user_ids: [cara.user, olly.user], document_id: documentId, acknowledgement_required: true },
  });
  assert.equal(both.status, 201, both.text);
  const k = both.body.key as string;
  for (const who of [cara, olly]) {
    assert.ok((await keysListedFor(who)).includes(k));
    assert.equal((await w.call('GET', `${ASSIGNMENTS}/${k}`, as(who))).status, 200);
  }
  assert.ok(!(await keysListedFor(w.emma)).includes(k));

  // Cara neither signs nor marks Olly's entry (she is not served it: she makes one up).
  for (const change of [{ signature: signature('Olly') }, { status: 'viewed' }]) {
    const r = await w.call('PATCH', `${ASSIGNMENTS}/${k}`, {
      ...as(cara),
      body: { acknowledgements: [...(await read(cara, k)).acknowledgements, { user_id: olly.user, ...change }] },
    });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.errors[0].path.startsWith('/acknowledgements/1/'), true, r.text);
  }
  // Cara signs hers: the assignment is not complete while Olly has not.
  const signed = await w.call('PATCH', `${ASSIGNMENTS}/${k}`, {
    ...as(cara),
    body: { acknowledgements: await entriesWith(cara, k, cara.user, { signature: signature('Cara') }) },
  });
  assert.equal(signed.status, 200, signed.text);
  let seen = await read(w.admin, k);
  assert.deepEqual(stateOf(seen.acknowledgements), [
    [cara.user, 'completed', 'Cara'],
    [olly.user, 'assigned', null],
  ]);
  assert.equal(seen.status, 'viewed');
  // Olly's signing, sending Cara's entry back as read, keeps hers.
  const his = await w.call('PATCH', `${ASSIGNMENTS}/${k}`, {
    ...as(olly),
    body: { acknowledgements: await entriesWith(olly, k, olly.user, { signature: signature('Olly') }) },
  });
  assert.equal(his.status, 200, his.text);
  seen = await read(w.admin, k);
  assert.deepEqual(stateOf(seen.acknowledgements), [
    [cara.user, 'completed', 'Cara'],
    [olly.user, 'completed', 'Olly'],
  ]);
  assert.equal(seen.status, 'completed');
});

test("each person named reads and searches their own entry only, not a colleague's; HR reads everyone's", async () => {
  const both = await w.call('POST', `${ASSIGNMENTS}/`, {
    ...as(w.admin),
    body: { user_ids: [cara.user, olly.user], document_id: documentId, acknowledgement_required: true },
  });
  assert.equal(both.status, 201, both.text);
  const k = both.body.key as string;
  const olly1 = await w.call('PATCH', `${ASSIGNMENTS}/${k}`, {
    ...as(olly),
    body: { acknowledgements: await entriesWith(olly, k, olly.user, { signature: signature('Olly') }) },
  });
  assert.equal(olly1.status, 200, olly1.text);
  assert.deepEqual(stateOf(olly1.body.data.acknowledgements), [[olly.user, 'completed', 'Olly']], 'his answer');
  // Another document voids Olly's signature: its history entry is his, not Cara's to read.
  const changed = await w.call('PATCH', `${ASSIGNMENTS}/${k}`, {
    ...as(w.admin),
    body: { document_id: await companyDocument('Handbook 3') },
  });
  assert.equal(changed.status, 200, changed.text);
  await w.call('PATCH', `${ASSIGNMENTS}/${k}`, {
    ...as(olly),
    body: { acknowledgements: await entriesWith(olly, k, olly.user, { signature: signature('Olly') }) },
  });

  const hers = await read(cara, k);
  assert.deepEqual(stateOf(hers.acknowledgements), [[cara.user, 'assigned', null]]);
  assert.deepEqual(hers.signature_history ?? [], []);
  assert.ok(!JSON.stringify(hers).includes('Olly'), JSON.stringify(hers));
  const listed = await w.call('POST', '/hr/api/data/find/assignments', {
    ...as(cara),
    body: { limit: 500 },
  });
  assert.equal(listed.status, 200, listed.text);
  const items = listed.body.items as { key: string; data: { acknowledgements: Entry[] } }[];
  assert.ok(items.some((x) => x.key === k));
  for (const item of items) {
    assert.ok(
      item.data.acknowledgements.every((e) => e.user_id === cara.user),
      JSON.stringify(item),
    );
  }
  const his = await read(olly, k);
  assert.equal(his.signature_history?.length, 1);

  // Searching by the entries would tell her theirs (no one searches inside a list).
  for (const field of ['acknowledgements.status', 'acknowledgements.signature.name', 'signature_history.field']) {
    const r = await w.call('POST', '/hr/api/data/find/assignments', {
      ...as(cara),
      body: { criteria: [{ field, is: '=', value: 'completed' }] },
    });
    assert.equal(r.status, 400, `${field}: ${r.text}`);
  }

  // Her signing keeps his entry as stored.
  const signed = await w.call('PATCH', `${ASSIGNMENTS}/${k}`, {
    ...as(cara),
    body: { acknowledgements: await entriesWith(cara, k, cara.user, { signature: signature('Cara') }) },
  });
  assert.equal(signed.status, 200, signed.text);
  assert.deepEqual(stateOf(signed.body.data.acknowledgements), [[cara.user, 'completed', 'Cara']]);
  const all = await read(w.admin, k);
  assert.deepEqual(stateOf(all.acknowledgements), [
    [cara.user, 'completed', 'Cara'],
    [olly.user, 'completed', 'Olly'],
  ]);
  assert.equal(all.signature_history?.length, 1);
});

test("to a person named, the assignment's status is their own progress: it does not tell them a colleague's, by reading, searching, sorting or the list's columns", async () => {
  const both = await w.call('POST', `${ASSIGNMENTS}/`, {
    ...as(w.admin),
    body: { user_ids: [cara.user, olly.user], document_id: documentId, due_by: 86_400 },
  });
  assert.equal(both.status, 201, both.text);
  const k = both.body.key as string;
  // Olly opens it: for HR the assignment is viewed (one has opened it).
  const opened = await w.call('PATCH', `${ASSIGNMENTS}/${k}`, {
    ...as(olly),
    body: { acknowledgements: await entriesWith(olly, k, olly.user, { status: 'viewed' }) },
  });
  assert.equal(opened.status, 200, opened.text);
  assert.equal(opened.body.data.status, 'viewed', 'his own progress');
  assert.equal((await read(w.admin, k)).status, 'viewed');
  // Cara has not opened it: to her it is assigned, in the record and in her list.
  assert.equal((await read(cara, k)).status, 'assigned');
  const listed = await w.call('POST', '/hr/api/data/find/assignments', { ...as(cara), body: { limit: 500 } });
  assert.equal(listed.body.items.find((x: { key: string }) => x.key === k)?.data.status, 'assigned');
  // Searching or sorting on the stored status would tell her; so would the Overdue view.
  for (const body of [
    { criteria: [{ field: 'status', is: '=', value: 'viewed' }] },
    { criteria: [{ field: 'status', is: 'in', value: ['assigned'] }] },
    { sort: [{ field: 'status', dir: 'asc' }] },
  ]) {
    const r = await w.call('POST', '/hr/api/data/find/assignments', { ...as(cara), body });
    assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
    assert.match(r.body.message, /status/);
  }
  const hrFinds = await w.call('POST', '/hr/api/data/find/assignments', {
    ...as(w.admin),
    body: { criteria: [{ field: 'status', is: '=', value: 'viewed' }] },
  });
  assert.equal(hrFinds.status, 200, hrFinds.text);
  assert.ok(hrFinds.body.items.some((x: { key: string }) => x.key === k));
  const meta = async (who: Session) => (await w.call('GET', '/hr/api/data/meta/assignments', as(who))).body;
  const hers = await meta(cara);
  assert.ok(!hers.list.columns.includes('status'), JSON.stringify(hers.list));
  assert.deepEqual(hers.list.views ?? [], []);
  const hr = await meta(w.admin);
  assert.ok(hr.list.columns.includes('status'));
  assert.equal(hr.list.views.length, 1);

  // Her form sends the record back as she read it, status included: her marking is taken.
  const { signature_history: _h, ...asRead } = await read(cara, k);
  const marked = await w.call('PATCH', `${ASSIGNMENTS}/${k}`, {
    ...as(cara),
    body: { ...asRead, acknowledgements: asRead.acknowledgements.map((e) => ({ ...e, status: 'viewed' })) },
  });
  assert.equal(marked.status, 200, marked.text);
  assert.equal(marked.body.data.status, 'viewed');
  // A status of her own making is still HR's to set.
  const made = await w.call('PATCH', `${ASSIGNMENTS}/${k}`, { ...as(cara), body: { status: 'completed' } });
  assert.equal(made.status, 400, made.text);
  assert.equal(made.body.errors[0].path, '/status');
  // Cancelled by HR, it is cancelled for everyone.
  assert.equal(
    (await w.call('PATCH', `${ASSIGNMENTS}/${k}`, { ...as(w.admin), body: { status: 'cancelled' } })).status,
    200,
  );
  assert.equal((await read(cara, k)).status, 'cancelled');
});

test('the document assigned is one of the company that the people named can open', async () => {
  const draft = await companyDocument('Draft policy', false);
  const cases: [Record<string, unknown>, string][] = [
    [{ document_id: crypto.randomUUID() }, '/document_id'],
    [{ document_id: draft }, '/document_id'],
    [{ document_id: documentId, user_ids: [crypto.randomUUID()] }, '/user_ids/0'],
  ];
  for (const [body, path] of cases) {
    const r = await w.call('POST', `${ASSIGNMENTS}/`, { ...as(w.admin), body: { user_ids: [cara.user], ...body } });
    assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
    assert.equal(r.body.errors[0].path, path, r.text);
  }
  // An employee's own document is assigned to that employee only.
  const own = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(w.admin),
    body: { employee_id: cara.user, display_name: 'Certificate', filename: 'certificate.pdf' },
  });
  assert.equal(own.status, 201, own.text);
  const toOthers = await w.call('POST', `${ASSIGNMENTS}/`, {
    ...as(w.admin),
    body: { user_ids: [cara.user, olly.user], document_id: own.body.key, document_type: 'employee_documents' },
  });
  assert.equal(toOthers.status, 400, toOthers.text);
  assert.equal(toOthers.body.errors[0].path, '/user_ids');
  const toHer = await w.call('POST', `${ASSIGNMENTS}/`, {
    ...as(w.admin),
    body: { user_ids: [cara.user], document_id: own.body.key, document_type: 'employee_documents' },
  });
  assert.equal(toHer.status, 201, toHer.text);
});

test('a malformed status or entry is refused naming it, not replaced by what the server keeps', async () => {
  const status = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, {
    ...as(w.admin),
    body: { status: '\u001b[31mcompleted' },
  });
  assert.equal(status.status, 400, status.text);
  assert.ok(
    status.body.errors.some((e: { path: string }) => e.path === '/status'),
    status.text,
  );
  const entries = (await read(w.admin, key)).acknowledgements.map((e) => ({ ...e, colour: 'red' }));
  const entry = await w.call('PATCH', `${ASSIGNMENTS}/${key}`, { ...as(w.admin), body: { acknowledgements: entries } });
  assert.equal(entry.status, 400, entry.text);
  assert.ok(
    entry.body.errors.some((e: { path: string }) => e.path.startsWith('/acknowledgements/0')),
    entry.text,
  );
});

test("HR's Overdue view of assignments finds, pages and counts those past their due date that are not done", async () => {
  const meta = await w.call('GET', '/hr/api/data/meta/assignments', as(w.admin));
  assert.equal(meta.status, 200, meta.text);
  const view = (
    meta.body.list.views as { name: string; criteria: { field: string; is: string; value: unknown }[] }[]
  ).find((v) => v.name === 'overdue');
  assert.ok(view, JSON.stringify(meta.body.list));
  const day = 86_400;
  const today = Math.floor(Date.now() / 1000 / day) * day;
  const made: Record<string, string> = {};
  const make = async (name: string, due: number, users = [cara.user]) => {
    const r = await w.call('POST', `${ASSIGNMENTS}/`, {
      ...as(w.admin),
      body: { user_ids: users, document_id: documentId, due_by: due },
    });
    assert.equal(r.status, 201, r.text);
    made[name] = r.body.key;
  };
  await make('late', today - 3 * day);
  await make('late, opened by one of two', today - day, [cara.user, olly.user]);
  await make('due today', today);
  await make('due next week', today + 7 * day);
  await make('late, cancelled', today - 2 * day);
  await make('late, done', today - 2 * day);
  const cancel = await w.call('PATCH', `${ASSIGNMENTS}/${made['late, cancelled']}`, {
    ...as(w.admin),
    body: { status: 'cancelled' },
  });
  assert.equal(cancel.status, 200, cancel.text);
  const done = made['late, done'];
  const completed = await w.call('PATCH', `${ASSIGNMENTS}/${done}`, {
    ...as(cara),
    body: { acknowledgements: await entriesWith(cara, done, cara.user, { status: 'completed' }) },
  });
  assert.equal(completed.status, 200, completed.text);
  const two = made['late, opened by one of two'];
  const opened = await w.call('PATCH', `${ASSIGNMENTS}/${two}`, {
    ...as(olly),
    body: { acknowledgements: await entriesWith(olly, two, olly.user, { signature: signature('Olly') }) },
  });
  assert.equal(opened.status, 200, opened.text);

  const criteria = view.criteria.map((c) => (c.value === '$today' ? { ...c, value: today } : c));
  const ours = new Set(Object.values(made));
  const found = await w.call('POST', '/hr/api/data/find/assignments', {
    ...as(w.admin),
    body: { criteria, limit: 500 },
  });
  assert.equal(found.status, 200, found.text);
  const keys = (found.body.items as { key: string }[]).map((x) => x.key).filter((k) => ours.has(k));
  assert.deepEqual(keys.sort(), [made.late, two].sort());
  // The server counts them, and pages through them.
  const page = await w.call('POST', '/hr/api/data/find/assignments', {
    ...as(w.admin),
    body: { criteria, limit: 1, offset: 1 },
  });
  assert.equal(page.status, 200, page.text);
  assert.equal(page.body.total, found.body.total);
  assert.equal(page.body.items.length, 1);
});
