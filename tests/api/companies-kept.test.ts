/**
 * A company is turned inactive, never deleted (spec/001: the company form's toggle is active or
 * inactive): a DELETE of a company record is refused for everyone, product staff included, and the
 * company, its site and its users stay as they were. The product's own organization, where product
 * staff sign in, is never turned inactive either: that would end every product-staff session and
 * refuse every sign-in, with no one left to turn it on again.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const ORGS = '/auth/api/data/organizations';

describe('deleting a company', () => {
  test('is refused to the product-staff admin; the company, its site and its sign-in stay', async () => {
    const del = await w.call('DELETE', `${ORGS}/${w.acmeOrg}`, as(w.staff));
    assert.equal(del.status, 403, del.text);
    assert.equal(del.body.message, 'Not authorized.');
    const site = await w.call('GET', '/auth/api/resolve_org?hostname=acmedemo.dform.app');
    assert.equal(site.status, 200, site.text);
    assert.equal(site.body.organization_id, w.acmeOrg);
    assert.equal((await w.call('GET', `${ORGS}/${w.acmeOrg}`, as(w.staff))).status, 200);
    await w.login(w.acmeOrg, 'admin@acme.example', 'demo-admin-pass');
  });

  test("is refused for the product's own organization", async () => {
    const del = await w.call('DELETE', `${ORGS}/${w.rootOrg}`, as(w.staff));
    assert.equal(del.status, 403, del.text);
    assert.equal((await w.call('GET', '/auth/api/session', as(w.staff))).status, 200);
  });

  test("is refused to a reseller inside their client company, for the client's own companies", async () => {
    const inAcme = await sudoInto(w, w.staff, w.acmeOrg);
    const sub = await w.call('POST', `${ORGS}/`, {
      ...as(inAcme),
      body: { name: 'Acme Subsidiary', admin_email: 'owner@acmesub.example', active_modules: ['payroll'] },
    });
    assert.equal(sub.status, 201, sub.text);
    const del = await w.call('DELETE', `${ORGS}/${sub.body.key}`, as(inAcme));
    assert.equal(del.status, 403, del.text);
    const meta = await w.call('GET', '/auth/api/data/meta/organizations', as(inAcme));
    assert.equal(meta.body.can.delete, false);
  });
});

describe("the product's own organization", () => {
  test('cannot be turned inactive: product staff stay signed in and may sign in', async () => {
    const off = await w.call('PATCH', `${ORGS}/${w.rootOrg}`, { ...as(w.staff), body: { status: 'inactive' } });
    assert.equal(off.status, 400, off.text);
    assert.deepEqual(off.body.errors, [
      { path: '/status', message: "The product's own organization stays active: product staff sign in there." },
    ]);
    assert.equal((await w.call('GET', '/auth/api/session', as(w.staff))).status, 200);
    const rec = await w.call('GET', `${ORGS}/${w.rootOrg}`, as(w.staff));
    assert.equal(rec.body.data.status, 'active');
  });

  test('other changes to it are still saved, and a company is still turned inactive and active again', async () => {
    const notes = await w.call('PATCH', `${ORGS}/${w.rootOrg}`, {
      ...as(w.staff),
      body: { internal_notes: 'product organization' },
    });
    assert.equal(notes.status, 200, notes.text);
    for (const status of ['inactive', 'active']) {
      const r = await w.call('PATCH', `${ORGS}/${w.acmeOrg}`, { ...as(w.staff), body: { status } });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.status, status);
    }
  });
});
