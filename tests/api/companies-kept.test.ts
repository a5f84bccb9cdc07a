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

describe("a company's feature switches", () => {
  test('are at most 64, each named in at most 64 characters: its users can still use their sessions', async () => {
    const made = await w.call('POST', `${ORGS}/`, {
      ...as(w.staff),
      body: { name: 'Feature Flood', admin_email: 'boss@flood.example', active_modules: ['payroll'] },
    });
    assert.equal(made.status, 201, made.text);
    const set = (enabled_features: Record<string, boolean>) =>
      w.call('PATCH', `${ORGS}/${made.body.key}`, { ...as(w.staff), body: { enabled_features } });

    const long = await set({ [`f_${'x'.repeat(63)}`]: true });
    assert.equal(long.status, 400, long.text);
    assert.ok(
      long.body.errors.some(
        (e: { path: string; message: string }) =>
          e.path === '/enabled_features' && e.message === 'A feature name is lower_snake_case, at most 64 characters.',
      ),
      long.text,
    );
    const many = await set(Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`flag_${i}`, true])));
    assert.equal(many.status, 400, many.text);
    assert.deepEqual(many.body.errors, [
      { path: '/enabled_features', message: 'A company has at most 64 feature switches.' },
    ]);

    // The most it may hold still leaves its sessions usable.
    const most = Object.fromEntries(
      Array.from({ length: 64 }, (_, i) => [`f${String(i).padStart(2, '0')}_${'x'.repeat(60)}`, true]),
    );
    const ok = await set(most);
    assert.equal(ok.status, 200, ok.text);
    const inside = await sudoInto(w, w.staff, made.body.key);
    assert.equal((await w.call('GET', '/auth/api/session', as(inside))).status, 200);
  });
});

describe("who switches a company's features", () => {
  test('product staff only: a company manager (AUTH:CanManageOrganizations) edits the rest of its companies', async () => {
    const acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
    const g = await w.call('POST', '/auth/api/data/groups/', {
      ...as(acmeStaff),
      body: { name: 'Company managers', permissions: ['AUTH:CanManageOrganizations'], users: [w.admin.user] },
    });
    assert.equal(g.status, 201, g.text);
    const message = "Only product staff may switch a company's features.";
    const given = await w.call('POST', `${ORGS}/`, {
      ...as(w.admin),
      body: {
        name: 'Managed Client',
        admin_email: 'owner@managed.example',
        active_modules: ['payroll'],
        enabled_features: { labor_law_plus: true },
      },
    });
    assert.equal(given.status, 400, given.text);
    assert.deepEqual(given.body.errors, [{ path: '/enabled_features', message }]);
    const made = await w.call('POST', `${ORGS}/`, {
      ...as(w.admin),
      body: { name: 'Managed Client', admin_email: 'owner@managed.example', active_modules: ['payroll'] },
    });
    assert.equal(made.status, 201, made.text);
    const switched = await w.call('PATCH', `${ORGS}/${made.body.key}`, {
      ...as(w.admin),
      body: { enabled_features: { labor_law_plus: true } },
    });
    assert.equal(switched.status, 400, switched.text);
    assert.deepEqual(switched.body.errors, [{ path: '/enabled_features', message }]);
    const renamed = await w.call('PATCH', `${ORGS}/${made.body.key}`, {
      ...as(w.admin),
      body: { internal_notes: 'signed in March', status: 'inactive' },
    });
    assert.equal(renamed.status, 200, renamed.text);
    const meta = await w.call('GET', '/auth/api/data/meta/organizations', as(w.admin));
    assert.equal(meta.body.ui.enabled_features['ui:readonly'], true);

    // Product staff, in the company that keeps the record, switch it.
    const byStaff = await w.call('PATCH', `${ORGS}/${made.body.key}`, {
      ...as(acmeStaff),
      body: { enabled_features: { labor_law_plus: true } },
    });
    assert.equal(byStaff.status, 200, byStaff.text);
  });
});
