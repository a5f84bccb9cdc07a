/**
 * Companies, redirects, cross-org accounts and company settings through the API (spec/001 section 5):
 * the derived hostname and who may choose it, the company ID, the modules kept active, the new
 * company's product-staff admin.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';

const ORGS = '/auth/api/data/organizations';
const ADMIN_ONLY = 'Only the product-staff admin may change the hostname.';
const DOMAIN_RULE = 'Hostname must be a lowercase word under one of the product domains (dform.app, dform.test).';

let w: DemoWorld;
/** The demo company's admin, given AUTH:CanManageOrganizations (not the product-staff admin). */
let manager: Session;

const errorsOf = (body: { errors?: { path: string; message: string }[] }) =>
  (body.errors ?? []).map((e) => `${e.path} ${e.message}`);

beforeAll(async () => {
  w = await demoWorld({ DFORM_HOSTNAME_DOMAINS: 'dform.test' });
  // The demo company's product-staff admin grants its admin the company-management permission.
  const acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
  const g = await w.call('POST', '/auth/api/data/groups/', {
    ...as(acmeStaff),
    body: { name: 'Resellers', permissions: ['AUTH:CanManageOrganizations'], users: [w.admin.user] },
  });
  assert.equal(g.status, 201, g.text);
  manager = w.admin;
});
afterAll(async () => {
  await w.server.stop();
});

const company = (over: Record<string, unknown> = {}) => ({
  name: 'Acme Widgets, Inc.',
  admin_email: 'Owner@Widgets.example',
  active_modules: ['payroll', 'hr'],
  ...over,
});

describe('a new company', () => {
  let created: { key: string; data: Record<string, unknown> };

  test('gets a hostname derived from its name, the product-staff admin as parent, auth and comms active', async () => {
    const r = await w.call('POST', `${ORGS}/`, { ...as(w.staff), body: company({ company_id: '5001' }) });
    assert.equal(r.status, 201, r.text);
    created = r.body;
    assert.equal(r.body.data.hostname, 'acmewidgets.dform.app');
    assert.equal(r.body.data.parent_organization, w.rootOrg);
    assert.deepEqual(r.body.data.active_modules, ['payroll', 'hr', 'auth', 'comms']);
    assert.equal(r.body.data.status, 'active');
    assert.equal(r.body.data.admin_email, 'owner@widgets.example');
    const resolved = await w.call('GET', '/auth/api/resolve_org?hostname=acmewidgets.dform.app');
    assert.equal(resolved.body.organization_id, r.body.key);
  });

  test('has its own product-staff admin, reached by sudo login', async () => {
    const s = await sudoInto(w, w.staff, created.key);
    const session = await w.call('GET', '/auth/api/session', as(s));
    assert.equal(session.body.is_admin, true);
    assert.equal(session.body.organization_id, created.key);
    assert.deepEqual(session.body.organization.active_modules, ['auth', 'comms', 'payroll', 'hr']);
  });

  test("its preferences page shows the company's own name, hostname, ID, parent, status and modules, kept in step", async () => {
    const made = await w.call('POST', `${ORGS}/`, {
      ...as(w.staff),
      body: company({ name: 'Branding Copy Co', company_id: '5077' }),
    });
    assert.equal(made.status, 201, made.text);
    const inside = await sudoInto(w, w.staff, made.body.key);
    const prefs = async () =>
      (await w.call('POST', '/auth/api/data/find/organization_preferences', { ...as(inside), body: { criteria: [] } }))
        .body.items[0].data;
    expect(await prefs()).toMatchObject({
      name: 'Branding Copy Co',
      hostname: made.body.data.hostname,
      company_id: '5077',
      parent_organization: w.rootOrg,
      status: 'active',
      active_modules: made.body.data.active_modules,
    });
    const renamed = await w.call('PATCH', `${ORGS}/${made.body.key}`, {
      ...as(w.staff),
      body: { name: 'Branding Copy Company', active_modules: ['payroll'] },
    });
    assert.equal(renamed.status, 200, renamed.text);
    expect(await prefs()).toMatchObject({
      name: 'Branding Copy Company',
      active_modules: renamed.body.data.active_modules,
      attributes: { business_name: 'Branding Copy Co' },
    });
  });

  test('a name whose hostname is taken is refused until a hostname is given', async () => {
    const again = await w.call('POST', `${ORGS}/`, { ...as(w.staff), body: company() });
    assert.equal(again.status, 409, 'a duplicate (API.md "Errors")');
    // Made from the name, not chosen: the refusal says so, and what to do.
    assert.deepEqual(errorsOf(again.body), [
      "/hostname The hostname made from the company's name, acmewidgets.dform.app, is already in use: choose a hostname, or give the company a name that sets it apart.",
    ]);
    const own = await w.call('POST', `${ORGS}/`, {
      ...as(w.staff),
      body: company({ hostname: 'Widgets2.dform.test' }),
    });
    assert.equal(own.status, 201, own.text);
    assert.equal(own.body.data.hostname, 'widgets2.dform.test');
  });

  test('two companies sent at once with one hostname: one is made, the other refused', async () => {
    const sent = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        w.call('POST', `${ORGS}/`, {
          ...as(w.staff),
          body: company({ name: `Same Host ${n}`, hostname: 'samehost.dform.test', admin_email: `o${n}@same.example` }),
        }),
      ),
    );
    assert.deepEqual(sent.map((r) => r.status).sort(), [201, 409, 409, 409], sent.map((r) => r.text).join('\n'));
    for (const r of sent.filter((x) => x.status === 409)) {
      assert.deepEqual(errorsOf(r.body), ['/hostname This hostname is already in use.']);
    }
    const made = sent.find((r) => r.status === 201)!;
    const resolved = await w.call('GET', '/auth/api/resolve_org?hostname=samehost.dform.test');
    assert.equal(resolved.body.organization_id, made.body.key);
  });

  test('hostname: at least 5 characters, a lowercase word under an allowed domain', async () => {
    const short = await w.call('POST', `${ORGS}/`, { ...as(w.staff), body: company({ hostname: 'a.io' }) });
    assert.ok(errorsOf(short.body).includes('/hostname Hostname must be at least 5 characters.'), short.text);
    for (const hostname of ['widgets.example.com', 'two.words.dform.app', 'dform.app']) {
      const r = await w.call('POST', `${ORGS}/`, { ...as(w.staff), body: company({ hostname }) });
      assert.equal(r.status, 400, hostname);
      assert.deepEqual(errorsOf(r.body), [`/hostname ${DOMAIN_RULE}`], hostname);
    }
  });

  test('company ID: digits only, and never changed once saved', async () => {
    const letters = await w.call('POST', `${ORGS}/`, {
      ...as(w.staff),
      body: company({ name: 'Letters Co', company_id: '12AB' }),
    });
    assert.deepEqual(errorsOf(letters.body), ['/company_id Company ID must be digits only.']);
    const changed = await w.call('POST', `${ORGS}/${created.key}`, {
      ...as(w.staff),
      body: { ...created.data, company_id: '5002' },
    });
    assert.equal(changed.status, 400);
    assert.deepEqual(errorsOf(changed.body), ['/company_id Company ID may not be changed once saved.']);
    const without = await w.call('POST', `${ORGS}/`, { ...as(w.staff), body: company({ name: 'No Id Co' }) });
    assert.equal(without.status, 201, without.text);
    const added = await w.call('PATCH', `${ORGS}/${without.body.key}`, {
      ...as(w.staff),
      body: { company_id: '77' },
    });
    assert.deepEqual(errorsOf(added.body), ['/company_id Company ID may not be changed once saved.']);
  });

  test("a wrong module is refused at the client's own place in the list", async () => {
    const r = await w.call('POST', `${ORGS}/`, {
      ...as(w.staff),
      body: company({ company_id: '5002', name: 'Caps Co', active_modules: ['AUTH', 'PAYROLL', 'HR'] }),
    });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(
      r.body.errors.map((e: { path: string }) => e.path),
      ['/active_modules/0', '/active_modules/1', '/active_modules/2'],
    );
  });

  test('auth and comms stay active whatever a save sends', async () => {
    const r = await w.call('PATCH', `${ORGS}/${created.key}`, {
      ...as(w.staff),
      body: { active_modules: ['payroll'], status: 'inactive' },
    });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.data.active_modules, ['payroll', 'auth', 'comms']);
    assert.equal(r.body.data.status, 'inactive');
  });
});

describe('a company made inactive', () => {
  test("ends its users' signed-in sessions and their renewal, not only new sign-ins; active again, they are back", async () => {
    const made = await w.call('POST', `${ORGS}/`, {
      ...as(w.staff),
      body: company({ company_id: '5010', name: 'Dormant Goods' }),
    });
    assert.equal(made.status, 201, made.text);
    const org = made.body.key as string;
    const staff = await sudoInto(w, w.staff, org);
    const email = 'owner@dormant.example';
    const u = await w.call('POST', '/auth/api/data/users/', {
      ...as(staff),
      body: { email, display_name: 'Dora Dormant', status: 'active', permissions: [], is_employee: false },
    });
    assert.equal(u.status, 201, u.text);
    const pass = 'quiet-harbor-lamp-9';
    const p = await w.call('POST', '/auth/api/set_user_password', {
      ...as(staff),
      body: { user_id: u.body.key, password: pass, password2: pass },
    });
    assert.equal(p.status, 200, p.text);
    const login = await w.call('POST', '/auth/api/login', { org, body: { userid: email, key: pass } });
    assert.equal(login.status, 200, login.text);
    const token = login.body.token as string;
    const refresh = { refresh_id: login.body.refresh_id, refresh_token: login.body.refresh_token };
    assert.equal((await w.call('GET', '/auth/api/session', { org, token })).status, 200);

    const off = await w.call('PATCH', `${ORGS}/${org}`, { ...as(w.staff), body: { status: 'inactive' } });
    assert.equal(off.status, 200, off.text);
    assert.equal((await w.call('GET', '/auth/api/session', { org, token })).status, 401, 'the session is refused');
    const renewed = await w.call('POST', '/auth/api/refresh_auth_token', { org, body: refresh });
    assert.equal(renewed.status, 401, `no renewal: ${renewed.text}`);
    const again = await w.call('POST', '/auth/api/login', { org, body: { userid: email, key: pass } });
    assert.equal(again.status, 401, 'nor a new sign-in');

    const on = await w.call('PATCH', `${ORGS}/${org}`, { ...as(w.staff), body: { status: 'active' } });
    assert.equal(on.status, 200, on.text);
    assert.equal((await w.call('GET', '/auth/api/session', { org, token })).status, 200, 'active again');
  });
});

describe('only the product-staff admin chooses hostnames', () => {
  let child: { key: string; data: Record<string, unknown> };

  test('a company manager gets the derived hostname and cannot choose another', async () => {
    const chosen = await w.call('POST', `${ORGS}/`, {
      ...as(manager),
      body: company({ name: 'Client One', hostname: 'custom.dform.app' }),
    });
    assert.equal(chosen.status, 400);
    assert.deepEqual(errorsOf(chosen.body), [`/hostname ${ADMIN_ONLY}`]);
    const derived = await w.call('POST', `${ORGS}/`, { ...as(manager), body: company({ name: 'Client One' }) });
    assert.equal(derived.status, 201, derived.text);
    assert.equal(derived.body.data.hostname, 'clientone.dform.app');
    assert.equal(derived.body.data.parent_organization, w.acmeOrg);
    child = derived.body;
  });

  test('a company manager sending the hostname the name derives (as the company form does) makes the company', async () => {
    const r = await w.call('POST', `${ORGS}/`, {
      ...as(manager),
      body: company({ name: 'Formy Co', hostname: 'formyco.dform.app' }),
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.data.hostname, 'formyco.dform.app');
  });

  test('a company manager cannot change a hostname; saving it unchanged works', async () => {
    const changed = await w.call('POST', `${ORGS}/${child.key}`, {
      ...as(manager),
      body: { ...child.data, hostname: 'clientuno.dform.app' },
    });
    assert.equal(changed.status, 400);
    assert.deepEqual(errorsOf(changed.body), [`/hostname ${ADMIN_ONLY}`]);
    const same = await w.call('POST', `${ORGS}/${child.key}`, {
      ...as(manager),
      body: { ...child.data, city: 'Springfield' },
    });
    assert.equal(same.status, 200, same.text);
    assert.equal(same.body.data.hostname, 'clientone.dform.app');
  });

  test('the product-staff admin changes it, and the company is found under the new host', async () => {
    const acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
    const r = await w.call('PATCH', `${ORGS}/${child.key}`, {
      ...as(acmeStaff),
      body: { hostname: 'clientuno.dform.app' },
    });
    assert.equal(r.status, 200, r.text);
    const found = await w.call('GET', '/auth/api/resolve_org?hostname=clientuno.dform.app');
    assert.equal(found.body.organization_id, child.key);
  });

  test('a reseller inside their client company is its admin, not product staff: they neither choose nor change one', async () => {
    const acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
    const g = await w.call('POST', '/auth/api/data/groups/', {
      ...as(acmeStaff),
      body: { name: 'Resellers who enter', permissions: ['AUTH:CanLoginToOrganizations'], users: [manager.user] },
    });
    assert.equal(g.status, 201, g.text);
    const inClient = await sudoInto(w, manager, child.key);
    const chosen = await w.call('POST', `${ORGS}/`, {
      ...as(inClient),
      body: company({ name: 'Sub Client', hostname: 'login.dform.app' }),
    });
    assert.equal(chosen.status, 400, chosen.text);
    assert.deepEqual(errorsOf(chosen.body), [`/hostname ${ADMIN_ONLY}`]);
    const derived = await w.call('POST', `${ORGS}/`, { ...as(inClient), body: company({ name: 'Sub Client' }) });
    assert.equal(derived.status, 201, derived.text);
    assert.equal(derived.body.data.hostname, 'subclient.dform.app');
    const changed = await w.call('PATCH', `${ORGS}/${derived.body.key}`, {
      ...as(inClient),
      body: { hostname: 'login.dform.app' },
    });
    assert.equal(changed.status, 400, changed.text);
    assert.deepEqual(errorsOf(changed.body), [`/hostname ${ADMIN_ONLY}`]);
    const meta = await w.call('GET', '/auth/api/data/meta/organizations', as(inClient));
    assert.equal(meta.body.ui.hostname['ui:readonly'], true);
    // Nor a redirect: hostnames are every company's namespace.
    const redirect = await w.call('POST', '/auth/api/data/organization_redirects/', {
      ...as(inClient),
      body: { hostname: 'old-client.dform.app', redirect_to: 'clientuno.dform.app', type: 'permanent' },
    });
    assert.equal(redirect.status, 403, redirect.text);
    // Product staff entering the same company still change it.
    const staffThere = await sudoInto(w, w.staff, child.key);
    const byStaff = await w.call('PATCH', `${ORGS}/${derived.body.key}`, {
      ...as(staffThere),
      body: { hostname: 'subclient2.dform.app' },
    });
    assert.equal(byStaff.status, 200, byStaff.text);
  });

  test('the hostname is read-only in the form of anyone but the product-staff admin', async () => {
    const theirs = await w.call('GET', '/auth/api/data/meta/organizations', as(manager));
    assert.equal(theirs.body.ui.hostname['ui:readonly'], true);
    const staffs = await w.call('GET', '/auth/api/data/meta/organizations', as(w.staff));
    assert.equal(staffs.body.ui.hostname['ui:readonly'], undefined);
  });

  test('resolve_org tells the browser the domains', async () => {
    const r = await w.call('GET', '/auth/api/resolve_org?hostname=acmedemo.dform.app');
    assert.equal(r.body.product_domain, 'dform.app');
    assert.deepEqual(r.body.hostname_domains, ['dform.app', 'dform.test']);
  });
});

describe('redirects, cross-org accounts and company settings', () => {
  test('a redirect hostname follows the hostname rule; redirect_to has at least 5 characters', async () => {
    const R = '/auth/api/data/organization_redirects/';
    const outside = await w.call('POST', R, {
      ...as(w.staff),
      body: { hostname: 'old.example.com', redirect_to: 'acmedemo.dform.app', type: 'permanent' },
    });
    assert.deepEqual(errorsOf(outside.body), [`/hostname ${DOMAIN_RULE}`]);
    const capitals = await w.call('POST', R, {
      ...as(w.staff),
      body: { hostname: 'Old-Acme.dform.app', redirect_to: 'acme', type: 'permanent' },
    });
    assert.deepEqual(errorsOf(capitals.body), ['/redirect_to Redirect target must be at least 5 characters.']);
    const ok = await w.call('POST', R, {
      ...as(w.staff),
      body: { hostname: 'Old-Acme.dform.app', redirect_to: 'acmedemo.dform.app', type: 'permanent' },
    });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.data.hostname, 'old-acme.dform.app');
  });

  test("a redirect never takes a company's hostname, and sends visitors only to a host or an http(s) address", async () => {
    const R = '/auth/api/data/organization_redirects/';
    const taken = await w.call('POST', R, {
      ...as(w.staff),
      body: { hostname: 'acmedemo.dform.app', redirect_to: 'elsewhere.example.com', type: 'temporary' },
    });
    assert.equal(taken.status, 409, taken.text);
    assert.deepEqual(errorsOf(taken.body), ['/hostname This hostname is already in use.']);
    for (const target of [
      'javascript:alert(document.domain)',
      'data:text/html,<b>x</b>',
      'https://',
      'not a host at all',
    ]) {
      const bad = await w.call('POST', R, {
        ...as(w.staff),
        body: { hostname: 'old-widgets.dform.app', redirect_to: target, type: 'permanent' },
      });
      assert.equal(bad.status, 400, `${target}: ${bad.text}`);
      assert.deepEqual(errorsOf(bad.body), [
        '/redirect_to Redirect target must be a hostname or an http:// or https:// address.',
      ]);
    }
    for (const target of [
      'widgets.dform.app',
      'https://www.widgets.example/welcome?from=old',
      'http://widgets.example:8080',
    ]) {
      const ok = await w.call('POST', R, {
        ...as(w.staff),
        body: { hostname: `r${crypto.randomUUID().slice(0, 8)}.dform.app`, redirect_to: target, type: 'permanent' },
      });
      assert.equal(ok.status, 201, `${target}: ${ok.text}`);
    }
  });

  test('a cross-org account is limited only', async () => {
    const body = {
      org_id: w.acmeOrg,
      org_name: 'Acme Demo',
      org_hostname: 'acmedemo.dform.app',
      user_id: w.staff.user,
      org_user_id: w.admin.user,
    };
    const full = await w.call('POST', '/auth/api/data/cross_org_accounts/', {
      ...as(w.staff),
      body: { ...body, login_type: 'full' },
    });
    assert.equal(full.status, 400);
    assert.equal(errorsOf(full.body)[0]?.startsWith('/login_type '), true, full.text);
    const limited = await w.call('POST', '/auth/api/data/cross_org_accounts/', { ...as(w.staff), body });
    assert.equal(limited.status, 201, limited.text);
    assert.equal(limited.body.data.login_type, 'limited');
  });

  test('company settings are kept only for the own organization or a company under it', async () => {
    const S = '/auth/api/data/organization_settings/';
    const other = await w.call('POST', S, {
      ...as(manager),
      body: { org_id: w.rootOrg, module: 'auth', name: 'company_settings', attributes: {} },
    });
    assert.equal(other.status, 400);
    assert.deepEqual(errorsOf(other.body), [
      '/org_id Settings can be kept only for this organization or a company under it.',
    ]);
    const own = await w.call('POST', S, {
      ...as(w.staff),
      body: { org_id: w.acmeOrg, module: 'auth', name: 'company_settings', attributes: { payroll_day: 'Friday' } },
    });
    assert.equal(own.status, 201, own.text);
  });
});
