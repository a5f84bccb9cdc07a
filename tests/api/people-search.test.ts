/**
 * The people pickers' search (POST /auth/api/search_people, docs/directory.md): a manager who fills
 * in forms naming other people finds them by name, whatever module the right is in (an HR manager
 * requesting an employee's document, a PTO manager enrolling someone), and gets names only; those
 * who manage users find names and e-mails; an employee is refused; another company's people are
 * never found.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';

const SEARCH = '/auth/api/search_people';
let w: DemoWorld;
let hr: Session;
let pto: Session;
let unusable: Session;
let other: Session;
let zelda: Session;

type Hit = { key: string; data: { display_name: string; email?: string } };

beforeAll(async () => {
  w = await demoWorld();
  hr = await signedInEmployee(w, 'Hana', ['HR:CanUseModule', 'HR:CanManageModule']);
  pto = await signedInEmployee(w, 'Pete', ['TIME:CanUseModule', 'TIME:CanManagePTO']);
  // The right without its module: the forms it would fill are not theirs to open.
  unusable = await signedInEmployee(w, 'Uma', ['TIME:CanManagePTO']);
  zelda = await signedInEmployee(w, 'Quillfeather');
  other = await sudoInto(w, w.staff, await createCompany(w, 'Other People Co', 'otherpeople.dform.app'));
});
afterAll(async () => {
  await w?.server.stop();
});

const search = (who: Session, body: unknown) => w.call('POST', SEARCH, { ...as(who), body });

describe('who finds whom', () => {
  test('an HR manager and a PTO manager find a colleague by name, with no e-mail', async () => {
    for (const who of [hr, pto, w.payroll]) {
      const r = await search(who, { text: 'quillfeather' });
      assert.equal(r.status, 200, r.text);
      const hits = r.body as Hit[];
      assert.deepEqual(
        hits.map((h) => h.key),
        [zelda.user],
      );
      assert.equal(hits[0].data.display_name, 'Quillfeather');
      assert.equal(hits[0].data.email, undefined, 'names only for a manager who may not read accounts');
    }
  });

  test('a manager without the accounts cannot search by e-mail (it would tell whose address it is)', async () => {
    // Her e-mail is quillfeather.<tag>@acme.example; her name has no dot.
    const r = await search(hr, { text: 'quillfeather.' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, []);
    const admin = await search(w.admin, { text: 'quillfeather.' });
    assert.deepEqual(
      (admin.body as Hit[]).map((h) => h.key),
      [zelda.user],
    );
  });

  test('the company admin finds by name and by e-mail, with the e-mail', async () => {
    const byMail = await search(w.admin, { text: '@acme.example' });
    assert.equal(byMail.status, 200, byMail.text);
    const hit = (byMail.body as Hit[]).find((h) => h.key === w.emma.user);
    assert.ok(hit, 'Emma by her e-mail');
    assert.equal(hit.data.email, 'emma@acme.example');
    assert.ok((byMail.body as Hit[]).length <= 20);
    // The account product staff enter the company by is nobody's colleague.
    const staff = await search(w.admin, { text: 'Product staff' });
    assert.deepEqual(staff.body, []);
  });

  test('an employee, and a manager whose module is not theirs to use, are refused', async () => {
    for (const who of [w.emma, unusable, zelda]) {
      const r = await search(who, { text: 'a' });
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.message, 'Not authorized.');
    }
  });

  test("another company's admin never finds this company's people", async () => {
    const r = await search(other, { text: 'quillfeather' });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, []);
  });
});

describe('what it takes', () => {
  test('the text is at most 100 characters, named at /text; an empty one finds no one but tells who may search', async () => {
    for (const body of [{}, { text: 7 }, { text: null }, { text: 'x'.repeat(101) }]) {
      const r = await search(hr, body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.errors[0].path, '/text');
    }
    assert.equal((await search(hr, { text: 'x'.repeat(100) })).status, 200);
    for (const text of ['', '   ']) {
      const r = await search(hr, { text });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body, []);
      assert.equal((await search(w.emma, { text })).status, 403);
    }
  });
});
