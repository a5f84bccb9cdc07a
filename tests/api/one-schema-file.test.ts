/**
 * The product's promise to a developer: an entity is one schema file, and from it alone come the
 * data API's validation, access rules, tenancy, audit and masking. The entity here,
 * tests/fixtures/extra-schemas/hr/training_records.json, is in no other file of the product: the
 * server loads it through DFORM_EXTRA_SCHEMAS (docs/architecture.md "Adding an entity").
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, ROOT, startServer } from '../helpers/server.ts';

const EXTRA = path.join(ROOT, 'tests/fixtures/extra-schemas');
const TYPE = '/hr/api/data/training_records';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld({ DFORM_EXTRA_SCHEMAS: EXTRA });
});
afterAll(async () => {
  await w?.server.stop();
});

describe('an entity that is one schema file', () => {
  let key = '';

  test('its meta, and a create that breaks its rules is refused naming each field with its message', async () => {
    const meta = await w.call('GET', '/hr/api/data/meta/training_records', as(w.admin));
    assert.equal(meta.status, 200, meta.text);
    assert.equal(meta.body.plural, 'Training records');
    assert.deepEqual(meta.body.can, { list: true, read: true, create: true, edit: true, delete: true });
    const emmaMeta = await w.call('GET', '/hr/api/data/meta/training_records', as(w.emma));
    assert.deepEqual(emmaMeta.body.can, { list: true, read: true, create: false, edit: false, delete: false });

    const empty = await w.call('POST', `${TYPE}/`, { ...as(w.admin), body: {} });
    assert.equal(empty.status, 400, empty.text);
    assert.deepEqual(empty.body.errors, [
      { path: '/employee_id', message: 'Employee is required.' },
      { path: '/course_name', message: 'Course name is required.' },
      { path: '/completed_on', message: 'Completion date is required.' },
    ]);
    const bad = await w.call('POST', `${TYPE}/`, {
      ...as(w.admin),
      body: {
        employee_id: w.emma.user,
        course_name: 'x'.repeat(201),
        completed_on: 1_790_000_000,
        certificate_number: 'not <b>one</b>',
        grade: 'A',
      },
    });
    assert.equal(bad.status, 400, bad.text);
    const byPath = Object.fromEntries(
      bad.body.errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    );
    assert.equal(byPath['/course_name'], 'Course name must be at most 200 characters.');
    assert.equal(byPath['/certificate_number'], 'Certificate number must be 4 to 40 letters, digits or dashes.');
    assert.equal(byPath['/grade'], 'Is not a field of this form');
    const nobody = await w.call('POST', `${TYPE}/`, {
      ...as(w.admin),
      body: { employee_id: crypto.randomUUID(), course_name: 'Forklift safety', completed_on: 1_790_000_000 },
    });
    assert.equal(nobody.status, 400, nobody.text);
    assert.deepEqual(nobody.body.errors, [{ path: '/employee_id', message: 'Must be a user of this company.' }]);
  });

  test('a record is created, read, found, updated and deleted, its certificate number stored masked', async () => {
    const created = await w.call('POST', `${TYPE}/`, {
      ...as(w.admin),
      body: {
        employee_id: w.emma.user,
        course_name: 'Forklift safety',
        completed_on: 1_790_000_000,
        certificate_number: 'FS-2026-12345',
      },
    });
    assert.equal(created.status, 201, created.text);
    key = created.body.key;
    assert.equal(created.body.data.certificate_number, 'xxxxxxx2345');
    assert.ok(!created.text.includes('FS-2026-12345'));

    const read = await w.call('GET', `${TYPE}/${key}`, as(w.admin));
    assert.equal(read.body.data.certificate_number, 'xxxxxxx2345');
    const found = await w.call('POST', '/hr/api/data/find/training_records', {
      ...as(w.admin),
      body: { criteria: [{ field: 'course_name', is: 'like', value: 'FORKLIFT' }] },
    });
    assert.deepEqual(
      found.body.items.map((r: { key: string }) => r.key),
      [key],
    );
    const bySecret = await w.call('POST', '/hr/api/data/find/training_records', {
      ...as(w.admin),
      body: { criteria: [{ field: 'certificate_number', is: '=', value: 'FS-2026-12345' }] },
    });
    assert.equal(bySecret.status, 400, bySecret.text);

    // The masked value sent back keeps the stored one; a new one replaces it.
    const patched = await w.call('PATCH', `${TYPE}/${key}`, {
      ...as(w.admin),
      body: { course_name: 'Forklift safety II', certificate_number: 'xxxxxxx2345' },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.data.certificate_number, 'xxxxxxx2345');
    assert.equal(patched.body.meta.version, 2);
    const saved = await w.call('POST', `${TYPE}/${key}`, {
      ...as(w.admin),
      body: {
        employee_id: w.emma.user,
        course_name: 'Forklift safety II',
        completed_on: 1_790_000_000,
        certificate_number: 'FS-9999',
      },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.match(saved.body.data.certificate_number, /^x+9999$/);
    const stale = await w.call('PATCH', `${TYPE}/${key}`, {
      ...as(w.admin),
      body: { course_name: 'Late' },
      headers: { 'if-match': '1' },
    });
    assert.equal(stale.status, 409, stale.text);

    const audit = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: { criteria: [{ field: 'origin_module', is: '=', value: 'hr' }], limit: 500 },
    });
    const actions = audit.body.items
      .filter((r: { data: { detail?: { key?: string } } }) => r.data.detail?.key === key)
      .map((r: { data: { action_type: string } }) => r.data.action_type)
      .sort();
    assert.deepEqual(actions, ['create', 'save', 'update']);
    assert.ok(!audit.text.includes('FS-2026-12345') && !audit.text.includes('FS-9999'));
  });

  test('its x-access holds: the employee reads her own, writes none; payroll, without HR rights, reads none of hers', async () => {
    const own = await w.call('GET', `${TYPE}/${key}`, as(w.emma));
    assert.equal(own.status, 200, own.text);
    const mine = await w.call('POST', '/hr/api/data/find/my_training_records', {
      ...as(w.emma),
      body: { criteria: [] },
    });
    assert.deepEqual(
      mine.body.items.map((r: { key: string }) => r.key),
      [key],
    );
    assert.equal(
      (await w.call('PATCH', `${TYPE}/${key}`, { ...as(w.emma), body: { course_name: 'Mine' } })).status,
      403,
    );
    assert.equal((await w.call('DELETE', `${TYPE}/${key}`, as(w.emma))).status, 403);
    const own2 = await w.call('POST', `${TYPE}/`, {
      ...as(w.emma),
      body: { employee_id: w.emma.user, course_name: 'Self-made', completed_on: 1_790_000_000 },
    });
    assert.equal(own2.status, 403, own2.text);

    assert.equal((await w.call('GET', `${TYPE}/${key}`, as(w.payroll))).status, 403);
    const theirs = await w.call('POST', '/hr/api/data/find/training_records', {
      ...as(w.payroll),
      body: { criteria: [] },
    });
    // @owner lets everyone list their own: payroll's list holds none of Emma's.
    assert.equal(theirs.status, 200, theirs.text);
    assert.equal(theirs.body.total, 0);
  });

  test('another company does not see it, and deleting it removes it', async () => {
    const other = await createCompany(w, 'Other Training Co', 'othertraining.dform.app', ['auth', 'hr']);
    const otherAdmin: Session = await sudoInto(w, w.staff, other);
    assert.equal((await w.call('GET', `${TYPE}/${key}`, as(otherAdmin))).status, 404);
    assert.equal(
      (await w.call('PATCH', `${TYPE}/${key}`, { ...as(otherAdmin), body: { course_name: 'Ours' } })).status,
      404,
    );
    assert.equal((await w.call('DELETE', `${TYPE}/${key}`, as(otherAdmin))).status, 404);
    const found = await w.call('POST', '/hr/api/data/find/training_records', {
      ...as(otherAdmin),
      body: { criteria: [] },
    });
    assert.equal(found.status, 200, found.text);
    assert.equal(found.body.total, 0);

    assert.equal((await w.call('DELETE', `${TYPE}/${key}`, as(w.admin))).status, 204);
    assert.equal((await w.call('GET', `${TYPE}/${key}`, as(w.admin))).status, 404);
  });

  test('the catalogue offers an employee her own training records under My records (x-my-menu), HR the list of all', async () => {
    type Entry = { module: string; type: string; can: Record<string, boolean>; mine?: boolean };
    const entry = async (who: typeof w.admin) =>
      ((await w.call('GET', '/auth/api/catalogue', as(who))).body as Entry[]).find(
        (e) => e.module === 'hr' && e.type === 'training_records',
      );
    const emmas = await entry(w.emma);
    assert.equal(emmas?.mine, true);
    assert.deepEqual(emmas?.can, { list: true, read: true, create: false, edit: false, delete: false });
    const hrs = await entry(w.admin);
    assert.equal(hrs?.mine, undefined);
    assert.equal(hrs?.can.list, true);
    // Payroll's manager does not manage HR: her own, as Emma.
    assert.equal((await entry(w.payroll))?.mine, true);
  });
});

test('a server without DFORM_EXTRA_SCHEMAS knows no such type; one naming no folder does not start', async () => {
  assert.equal((await w.call('GET', '/auth/api/catalogue', as(w.admin))).text.includes('"training_records"'), true);
  const plain = await startServer({ demo: false });
  try {
    const call = client(plain.url);
    const org = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
    const login = await call('POST', '/auth/api/login', { org, body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
    const meta = await call('GET', '/hr/api/data/meta/training_records', { org, token: login.body.token });
    assert.equal(meta.status, 404);
  } finally {
    await plain.stop();
  }
  await assert.rejects(
    startServer({ env: { DFORM_EXTRA_SCHEMAS: path.join(EXTRA, 'no-such-folder') } }),
    /DFORM_EXTRA_SCHEMAS: .*no-such-folder is not a folder/,
  );
});

/**
 * Starts a server with the fixture changed by each of `tries` in turn (or replaced by its text) as
 * the only file of DFORM_EXTRA_SCHEMAS, and expects each start refused with the message it names.
 */
async function refusedStarts(tries: [change: ((file: any) => void) | string, refusal: RegExp][]) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-extra-'));
  try {
    await mkdir(path.join(dir, 'hr'));
    const at = path.join(dir, 'hr/training_records.json');
    const original = await readFile(path.join(EXTRA, 'hr/training_records.json'), 'utf8');
    for (const [change, refusal] of tries) {
      const file = JSON.parse(original);
      if (typeof change === 'function') change(file);
      await writeFile(at, typeof change === 'string' ? change : JSON.stringify(file));
      await assert.rejects(startServer({ env: { DFORM_EXTRA_SCHEMAS: dir } }), refusal);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('a file the entity format refuses, or one that is not JSON, stops the start naming the file and the place', async () => {
  await refusedStarts([
    [
      (file) => delete file.properties.employee_id['x-messages'].ref,
      /DFORM_EXTRA_SCHEMAS: .*training_records\.json: \/properties\/employee_id\/x-messages must have required property 'ref'/,
    ],
    ['{"title": "Training record",', /training_records\.json is not JSON/],
  ]);
});

test('a mistyped x- keyword, of the file or of a field, stops the start naming the file, the place and the keyword meant', async () => {
  // Both passed every check at start: a typo of x-access crashed the start with a message naming
  // nothing, and one of a field's x-messages made every create of the type answer 500.
  const rename = (o: any, from: string, to: string) => {
    o[to] = o[from];
    delete o[from];
  };
  await refusedStarts([
    [
      (file) => rename(file.properties.employee_id, 'x-messages', 'x-mesages'),
      /schemas: .*training_records\.json: \/properties\/employee_id: "x-mesages" is not a keyword of the entity format \(did you mean "x-messages"\?\)/,
    ],
    [
      (file) => rename(file, 'x-access', 'x-acess'),
      /schemas: .*training_records\.json: \/: "x-acess" is not a keyword of the entity format \(did you mean "x-access"\?\)/,
    ],
  ]);
});

test('a list column that is no field, or a list sorted by a sensitive field, stops the start naming the file and the keyword', async () => {
  // Both started: the column showed empty, and the list showed only the server's refusal to sort.
  await refusedStarts([
    [
      (file) => file['x-list'].columns.push('expiry'),
      /schemas: .*training_records\.json: \/x-list\/columns: 'expiry' is not a field of the file/,
    ],
    [
      (file) => (file['x-list'].sort = [{ field: 'certificate_number', dir: 'asc' }]),
      /schemas: .*training_records\.json: \/x-list\/sort: 'certificate_number' is sensitive, and a list cannot be sorted by it/,
    ],
  ]);
});
