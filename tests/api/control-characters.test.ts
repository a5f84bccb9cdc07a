/**
 * No text of any record holds a control character (NUL, ESC, DEL, C0 and C1): a write is refused
 * with 400 naming each field, and nothing is stored. Tab, line feed and carriage return are kept
 * in multi-line text (the fields a form shows as a text area) and refused elsewhere.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

const G = '/auth/api/data/groups/';
const MESSAGE = 'Must not contain control characters';
let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const group = (fields: Record<string, unknown>) => ({
  name: 'Night shift',
  description: '',
  permissions: [],
  users: [],
  notes: '',
  ...fields,
});

const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  (body.errors ?? []).map((e) => `${e.path} ${e.message}`);

async function groupsNamed(name: string): Promise<number> {
  const r = await w.call('POST', '/auth/api/data/find/groups', {
    ...as(w.admin),
    body: { criteria: [{ field: 'name', is: '=', value: name }] },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.total;
}

describe('control characters', () => {
  test('a group named with a NUL is refused, naming the field, and not stored', async () => {
    const name = 'nul\u0000group';
    const r = await w.call('POST', G, { ...as(w.admin), body: group({ name }) });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, 'Validation failed');
    assert.deepEqual(errorsOf(r.body), [`/name ${MESSAGE}`]);
    assert.equal(await groupsNamed('nul'), 0);
    assert.equal(await groupsNamed('group'), 0);
  });

  test('text that is no character, or that reorders what is shown, is refused like a control character', async () => {
    // An unpaired surrogate (PostgreSQL's jsonb cannot hold one), noncharacters, and the
    // bidirectional embeddings, overrides and isolates that make text read other than it is stored.
    for (const bad of ['lone\ud800', '\udc00x', 'not\uffffe', '\ufdd0', 'evil\u202egnp.exe', 'a\u2066b\u2069']) {
      const r = await w.call('POST', G, { ...as(w.admin), body: group({ name: `Team ${bad}` }) });
      assert.equal(r.status, 400, `${JSON.stringify(bad)}: ${r.text}`);
      assert.deepEqual(errorsOf(r.body), [`/name ${MESSAGE}`], JSON.stringify(bad));
      const find = await w.call('POST', '/auth/api/data/find/groups', {
        ...as(w.admin),
        body: { criteria: [{ field: 'name', is: '=', value: `Team ${bad}` }] },
      });
      assert.notEqual(find.status, 500, `${JSON.stringify(bad)}: ${find.text}`);
    }
    // Right-to-left text and its marks, and characters beyond the first plane, are text.
    for (const good of ['צוות לילה', 'فريق\u200f', 'Team \u{1F600}', 'Zoë']) {
      const r = await w.call('POST', G, { ...as(w.admin), body: group({ name: good }) });
      assert.equal(r.status, 201, `${JSON.stringify(good)}: ${r.text}`);
    }
  });

  test("a client's user agent reaches the audit log without its control characters", async () => {
    const made = await w.call('POST', G, {
      ...as(w.admin),
      // A C1 CSI acts on a terminal as ESC [ does; a client can send it in a header.
      headers: { 'user-agent': 'Mozilla\u0085\u009b[31m evil' },
      body: group({ name: `Agents ${crypto.randomUUID().slice(0, 8)}` }),
    });
    assert.equal(made.status, 201, made.text);
    const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: { criteria: [{ field: 'message', is: 'like', value: made.body.key }] },
    });
    assert.equal(audit.status, 200, audit.text);
    const agents = audit.body.items.map((i: { data: { browser_info?: string } }) => i.data.browser_info);
    assert.ok(agents.length > 0, audit.text);
    for (const a of agents) {
      // eslint-disable-next-line no-control-regex -- finding control characters is what it checks
      assert.doesNotMatch(a, /[\u0000-\u001f\u007f-\u009f]/, JSON.stringify(a));
      assert.equal(a, 'Mozilla  [31m evil');
    }
  });

  test('a NUL anywhere in a body is refused before it is read further, naming where it is', async () => {
    // Every store answers alike: PostgreSQL's text and jsonb cannot hold NUL at all.
    const find = await w.call('POST', '/auth/api/data/find/groups', {
      ...as(w.admin),
      body: { criteria: [{ field: 'name', is: '=', value: 'nul\u0000group' }] },
    });
    assert.equal(find.status, 400, find.text);
    assert.equal(find.body.message, 'Validation failed');
    assert.deepEqual(errorsOf(find.body), [`/criteria/0/value ${MESSAGE}`]);

    const like = await w.call('POST', '/auth/api/data/find/groups', {
      ...as(w.admin),
      body: { criteria: [{ field: 'na\u0000me', is: 'like', value: 'x' }] },
    });
    assert.equal(like.status, 400, like.text);
    assert.deepEqual(errorsOf(like.body), [`/criteria/0/field ${MESSAGE}`]);

    const login = await w.call('POST', '/auth/api/login', {
      org: w.admin.org,
      body: { userid: 'emma\u0000@acme.example', key: 'x' },
    });
    assert.equal(login.status, 400, login.text);
    assert.deepEqual(errorsOf(login.body), [`/userid ${MESSAGE}`]);

    // Spelled with an escaped backslash it is text, not a NUL: read as usual.
    const text = await w.call('POST', '/auth/api/data/find/groups', {
      ...as(w.admin),
      rawBody: '{"criteria":[{"field":"name","is":"=","value":"a\\\\u0000b"}]}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(text.status, 200, text.text);
    assert.equal(text.body.total, 0);
  });

  test('ESC, DEL, a C1 control, tab and line breaks are refused in one-line text', async () => {
    for (const c of ['\u001b[31m', '\u007f', '\u0085', '\u009b', '\t', '\n', '\r', '\u0007', '\u001f']) {
      const r = await w.call('POST', G, { ...as(w.admin), body: group({ name: `a${c}b`, description: `${c}` }) });
      assert.equal(r.status, 400, `${JSON.stringify(c)}: ${r.text}`);
      assert.deepEqual(errorsOf(r.body), [`/name ${MESSAGE}`, `/description ${MESSAGE}`], JSON.stringify(c));
    }
  });

  test('multi-line text keeps tabs and line breaks but not other control characters', async () => {
    const notes = 'First line\r\nSecond line\n\tindented';
    const ok = await w.call('POST', G, { ...as(w.admin), body: group({ name: 'Notes with lines', notes }) });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.data.notes, notes);
    const back = await w.call('GET', `${G}${ok.body.key}`, as(w.admin));
    assert.equal(back.body.data.notes, notes);

    const bad = await w.call('POST', G, { ...as(w.admin), body: group({ name: 'Notes with NUL', notes: 'a\u0000b' }) });
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(errorsOf(bad.body), [`/notes ${MESSAGE}`]);
  });

  test('nested fields, list items and an employee’s own record are checked alike', async () => {
    const contacts = await w.call('POST', `/payroll/api/data/my_emergency_contacts/${w.emma.user}`, {
      ...as(w.emma),
      body: {
        contacts: [
          { contact_first_name: 'Dan', contact_last_name: 'Doe', relationship: 'Brother', phone_number: '2125550000' },
          {
            contact_first_name: 'Ann\u0000',
            contact_last_name: 'Doe',
            relationship: 'Sister',
            phone_number: '2125550001',
          },
        ],
      },
    });
    assert.equal(contacts.status, 400, contacts.text);
    assert.deepEqual(errorsOf(contacts.body), [`/contacts/1/contact_first_name ${MESSAGE}`]);

    const info = await w.call('POST', `/payroll/api/data/my_basic_info/${w.emma.user}`, {
      ...as(w.emma),
      body: {
        phone: '5555551234',
        dob: '1990-01-31',
        legal_address: { address1: '1 Main St', city: 'Spring\u001bfield', state: 'IL', postal_code: '62701' },
      },
    });
    assert.equal(info.status, 400, info.text);
    assert.deepEqual(errorsOf(info.body), [`/legal_address/city ${MESSAGE}`]);
  });

  test('keys of free-form data are text too', async () => {
    const r = await w.call('POST', '/auth/api/data/user_options/', {
      ...as(w.emma),
      body: { user_id: w.emma.user, module: 'payroll', attributes: { 'theme\u0000': 'dark', ok: 'x\u0000' } },
    });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(errorsOf(r.body).sort(), [`/attributes/ok ${MESSAGE}`, `/attributes/theme\u0000 ${MESSAGE}`]);
  });
});
