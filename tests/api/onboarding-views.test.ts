/**
 * The onboarding views (docs/journeys.md): the employee's own checklist and the manager's pipeline,
 * tried as each role on the demo's story (server/demo-journeys.ts) and as hostile callers.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, onboardingManager, signedInEmployee, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
let sam: Session;
let wes: Session;
let carla: Session;
beforeAll(async () => {
  w = await demoWorld();
  sam = await w.login(w.acmeOrg, 'sam@acme.example', 'demo-section2-pass');
  wes = await w.login(w.acmeOrg, 'wes@acme.example', 'demo-resign-pass');
  carla = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
});
afterAll(async () => {
  await w.server.stop();
});

const checklist = async (who: Session) => {
  const r = await w.call('GET', '/payroll/api/onboarding_checklist', as(who));
  assert.equal(r.status, 200, r.text);
  return r.body as {
    items: { type: string; state: string; due?: number; employer?: { signed: boolean } }[];
    done: number;
    total: number;
    next?: string;
    user_key: string;
  };
};
const stateOf = (c: Awaited<ReturnType<typeof checklist>>, type: string) => c.items.find((i) => i.type === type)?.state;

describe('GET /payroll/api/onboarding_checklist', () => {
  test('a new employee: every step not started, in the schemas order, I-9 Section 1 due by the first day', async () => {
    const c = await checklist(w.emma);
    assert.equal(c.user_key, w.emma.user);
    assert.deepEqual(
      c.items.map((i) => i.type),
      ['basic_info', 'emergency_contacts', 'employee_payment_information', 'i9', 'w4'],
    );
    assert.ok(c.items.every((i) => i.state === 'not_started'));
    assert.equal(c.done, 0);
    assert.equal(c.total, 5);
    assert.equal(c.next, 'basic_info');
    assert.equal(typeof c.items.find((i) => i.type === 'i9')!.due, 'number');
  });

  test('the demo stages: complete, waiting for Section 2, W-4 to sign again', async () => {
    const full = await checklist(carla);
    assert.equal(full.done, full.total);
    assert.equal(full.next, undefined);
    assert.equal(stateOf(full, 'i9'), 'signed');
    const waiting = await checklist(sam);
    assert.equal(stateOf(waiting, 'i9'), 'waiting_employer');
    assert.equal(waiting.items.find((i) => i.type === 'i9')!.employer?.signed, false);
    const again = await checklist(wes);
    assert.equal(stateOf(again, 'w4'), 'needs_signing_again');
    assert.equal(again.next, 'w4');
  });

  test('saving a form moves its step; a change after signing asks for a new signature', async () => {
    const nora = await signedInEmployee(w, 'Nora');
    const save = (type: string, body: Record<string, unknown>) =>
      w.call('POST', `/payroll/api/data/my_${type}/${nora.user}`, { ...as(nora), body });
    assert.equal(
      (
        await save('emergency_contacts', {
          contacts: [
            { contact_first_name: 'A', contact_last_name: 'B', relationship: 'Friend', phone_number: '5125550100' },
          ],
        })
      ).status,
      200,
    );
    let c = await checklist(nora);
    assert.equal(stateOf(c, 'emergency_contacts'), 'done');
    const w4 = await save('w4', { filing_status: 'Single' });
    assert.equal(w4.status, 200, w4.text);
    c = await checklist(nora);
    assert.equal(stateOf(c, 'w4'), 'in_progress');
    const signed = await w.call('PATCH', `/payroll/api/data/my_w4/${nora.user}`, {
      ...as(nora),
      body: { employee_signature: { name: 'Nora', font: 'font1', timestamp: 1 } },
    });
    assert.equal(signed.status, 200, signed.text);
    assert.equal(stateOf(await checklist(nora), 'w4'), 'signed');
    const changed = await w.call('PATCH', `/payroll/api/data/my_w4/${nora.user}`, {
      ...as(nora),
      body: { filing_status: 'Married' },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(stateOf(await checklist(nora), 'w4'), 'needs_signing_again');
  });

  test('documents requested of the employee are steps, each with its state, due day and record; another employee sees none of them', async () => {
    const olga = await signedInEmployee(w, 'Olga', ['HR:CanUseModule']);
    const other = await signedInEmployee(w, 'Otto', ['HR:CanUseModule']);
    const request = async (display_name: string, status: string, due_by?: number) => {
      const r = await w.call('POST', '/hr/api/data/employee_documents/', {
        ...as(w.admin),
        body: { employee_id: olga.user, display_name, status, ...(due_by ? { due_by } : {}) },
      });
      assert.equal(r.status, 201, r.text);
      return r.body.key as string;
    };
    const due = Math.floor(Date.now() / 1000) + 7 * 86_400;
    const licence = await request('Driving licence', 'requested', due);
    const diploma = await request('Diploma', 'uploading');
    const policy = await request('Signed policy', 'uploaded');
    let c = (await w.call('GET', '/payroll/api/onboarding_checklist', as(olga))).body as {
      items: {
        type: string;
        my_type: string;
        module: string;
        key?: string;
        task: string;
        state: string;
        due?: number;
      }[];
      done: number;
      total: number;
      next?: string;
      next_key?: string;
    };
    const docs = c.items.filter((i) => i.type === 'employee_documents');
    assert.deepEqual(
      docs.map((i) => [i.key, i.task, i.state]),
      [
        [licence, 'Upload a requested document: Driving licence', 'not_started'],
        [diploma, 'Upload a requested document: Diploma', 'in_progress'],
        [policy, 'Upload a requested document: Signed policy', 'done'],
      ],
    );
    assert.equal(docs[0].due, due);
    assert.equal(docs[2].due, undefined, 'a finished item has no due day');
    assert.equal(c.items.at(-1)!.key, policy, 'the documents follow the forms');
    assert.equal(c.total, 8);
    assert.equal(c.done, 1);
    // The item opens the employee's own record of the request, where the file is uploaded.
    assert.equal(docs[0].module, 'hr');
    assert.equal(docs[0].my_type, 'employee_documents');
    const own = await w.call('GET', `/hr/api/data/employee_documents/${licence}`, as(olga));
    assert.equal(own.status, 200, own.text);
    assert.equal(own.body.data.display_name, 'Driving licence');
    // Uploading finishes the item (the upload sets the status; she cannot set it herself).
    const up = await w.call('PUT', `/hr/api/files/employee_documents/${licence}/file`, {
      ...as(olga),
      headers: { 'content-type': 'application/pdf', 'x-file-name': 'licence.pdf' },
      rawBody: new Blob([
        Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
      ]),
    });
    assert.equal(up.status, 200, up.text);
    c = (await w.call('GET', '/payroll/api/onboarding_checklist', as(olga))).body;
    assert.equal(c.items.find((i) => i.key === licence)!.state, 'done');
    assert.equal(c.done, 2);
    // Once the forms are finished, the next step is the document still open, by its record.
    assert.equal(c.next, 'basic_info');
    assert.equal(c.next_key, undefined);
    const theirs = (await w.call('GET', '/payroll/api/onboarding_checklist', as(other))).body as typeof c;
    assert.ok(!theirs.items.some((i) => i.type === 'employee_documents'), 'no one else’s requests');
  });

  test('when the forms are finished, the next step is a requested document, named by its record', async () => {
    const open = await w.call('POST', '/hr/api/data/employee_documents/', {
      ...as(w.admin),
      body: { employee_id: carla.user, display_name: 'Passport', status: 'requested' },
    });
    assert.equal(open.status, 201, open.text);
    try {
      const c = (await w.call('GET', '/payroll/api/onboarding_checklist', as(carla))).body;
      assert.equal(c.next, 'employee_documents');
      assert.equal(c.next_key, open.body.key);
      assert.equal(c.done, c.total - 1);
      const pipe = (await w.call('GET', '/payroll/api/onboarding_pipeline', as(w.admin))).body;
      const hire = pipe.hires.find((h: { email: string }) => h.email === 'carla@acme.example');
      assert.deepEqual(hire.missing, ['Upload a requested document: Passport']);
    } finally {
      const del = await w.call('DELETE', `/hr/api/data/employee_documents/${open.body.key}`, as(w.admin));
      assert.equal(del.status, 204, del.text);
    }
  });

  test('a non-employee account has no steps; no session is refused', async () => {
    const c = await checklist(w.payroll);
    assert.deepEqual(c.items, []);
    const r = await w.call('GET', '/payroll/api/onboarding_checklist', { org: w.acmeOrg });
    assert.equal(r.status, 401);
  });
});

describe('GET /payroll/api/onboarding_pipeline', () => {
  const pipeline = async (who: Session) => w.call('GET', '/payroll/api/onboarding_pipeline', as(who));

  test('the payroll manager sees hires by the eight statuses, what each misses, Section 2 due and lapsing dates', async () => {
    const r = await pipeline(w.payroll);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      r.body.statuses.map((x: { status: string }) => x.status),
      ['created', 'invited', 'started', 'pending_approval', 'approved', 'complete', 'error', 'cancelled'],
    );
    const count = (st: string) => r.body.statuses.find((x: { status: string }) => x.status === st).count;
    assert.equal(count('started'), 2);
    assert.equal(count('complete'), 1);
    const samHire = r.body.hires.find((h: { email: string }) => h.email === 'sam@acme.example');
    assert.deepEqual(samHire.missing, ['Form I-9, Section 2']);
    const due = r.body.awaiting_employer.find((a: { user_key: string }) => a.user_key === sam.user);
    assert.equal(due.type, 'i9');
    assert.equal(due.overdue, true);
    const labels = r.body.lapsing.map((l: { label: string; user_key: string }) => `${l.label}:${l.user_key}`);
    assert.ok(labels.includes(`Work authorization ends:${sam.user}`), labels.join());
    assert.ok(labels.includes(`Exempt W-4 ends:${carla.user}`), labels.join());
  });

  test('a manager of onboarding only sees it too; an employee and another company do not', async () => {
    const olga = await onboardingManager(w);
    assert.equal((await pipeline(olga)).status, 200);
    assert.equal((await pipeline(w.emma)).status, 403);
    const other = await pipeline({ ...w.payroll, org: w.rootOrg });
    assert.notEqual(other.status, 200);
    const staffView = await pipeline(w.staff);
    assert.equal(staffView.status, 200);
    assert.ok(!staffView.body.hires.some((h: { email: string }) => h.email.endsWith('@acme.example')));
  });
});

/** The titles and descriptions of a schema: what its form shows. */
function texts(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(texts);
  if (!v || typeof v !== 'object') return [];
  return Object.entries(v).flatMap(([k, x]) =>
    (k === 'title' || k === 'description') && typeof x === 'string' ? [x] : k === 'x-transforms' ? [] : texts(x),
  );
}

describe('forms speak the user’s language', () => {
  const meta = async (who: Session, type: string) => {
    const r = await w.call('GET', `/payroll/api/data/meta/${type}`, as(who));
    assert.equal(r.status, 200, r.text);
    return r.body as { schema: Record<string, any>; hidden: string[]; sections: { fields: string[] }[] };
  };

  test('developer notes (x-dev-note) never reach a client, on any payroll form', async () => {
    for (const type of [
      'my_basic_info',
      'my_emergency_contacts',
      'my_employee_payment_information',
      'my_i9',
      'my_w4',
    ]) {
      const m = await meta(w.emma, type);
      assert.ok(!JSON.stringify(m).includes('x-dev-note'), type);
      const shown = texts(m.schema).join(' ');
      assert.ok(!/keyed by|spec\/0|docs\//.test(shown), `${type}'s titles and help say nothing of keys, specs or docs`);
    }
  });

  test('fields of the server or of another role (x-visible) are left out for the employee, kept for payroll', async () => {
    const mine = await meta(w.emma, 'my_w4');
    const listed = (m: typeof mine) => m.sections.flatMap((x) => x.fields);
    for (const f of ['sync_status', 'unemployment_state', 'w4_2019']) {
      assert.ok(mine.hidden.includes(f), f);
      assert.ok(!listed(mine).includes(f), f);
    }
    const theirs = await meta(w.payroll, 'w4');
    for (const f of ['sync_status', 'unemployment_state', 'w4_2019']) {
      assert.ok(theirs.schema.properties[f], f);
      assert.ok(!theirs.hidden.includes(f), f);
    }
  });

  test('an employee’s save keeps the SUI state payroll set, which they do not see', async () => {
    const set = await w.call('PATCH', `/payroll/api/data/w4/${carla.user}`, {
      ...as(w.payroll),
      body: { unemployment_state: 'TX' },
    });
    assert.equal(set.status, 200, set.text);
    const own = await w.call('GET', `/payroll/api/data/my_w4/${carla.user}`, as(carla));
    const { unemployment_state: _hidden, ...data } = own.body.data;
    const saved = await w.call('POST', `/payroll/api/data/my_w4/${carla.user}`, {
      ...as(carla),
      headers: { 'if-match': String(own.body.meta.version) },
      body: data,
    });
    assert.equal(saved.status, 200, saved.text);
    const after = await w.call('GET', `/payroll/api/data/w4/${carla.user}`, as(w.payroll));
    assert.equal(after.body.data.unemployment_state, 'TX');
  });
});
