/**
 * A started demo server with signed-in callers of each role, for the API tests.
 */
import assert from 'node:assert/strict';
import { demoHostname } from '../../server/demo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, startServer, type TestServer } from './server.ts';

export interface Session {
  org: string;
  token: string;
  user: string;
}

export interface DemoWorld {
  server: TestServer;
  call: ReturnType<typeof client>;
  rootOrg: string;
  acmeOrg: string;
  login(org: string, userid: string, key: string): Promise<Session>;
  staff: Session;
  admin: Session;
  payroll: Session;
  emma: Session;
  ivan: Session;
}

/**
 * The demo server configured as in production (DFORM_PRODUCT_DOMAIN=dform.app: the demo company at
 * acmedemo.dform.app) unless `env` says otherwise; `DFORM_PRODUCT_DOMAIN: ''` is a local run.
 */
export async function demoWorld(env?: Record<string, string>): Promise<DemoWorld> {
  const server = await startServer({ demo: true, env: { DFORM_PRODUCT_DOMAIN: 'dform.app', ...env } });
  const call = client(server.url);
  const root = await call('GET', '/auth/api/resolve_org?hostname=localhost');
  const acme = await call('GET', `/auth/api/resolve_org?hostname=${demoHostname(root.body.product_domain)}`);
  const login = async (org: string, userid: string, key: string): Promise<Session> => {
    const r = await call('POST', '/auth/api/login', { org, body: { userid, key } });
    if (r.status !== 200) throw new Error(`login ${userid}: ${r.status} ${r.text}`);
    return { org, token: r.body.token, user: r.body.session.user.key };
  };
  const acmeOrg = acme.body.organization_id;
  return {
    server,
    call,
    rootOrg: root.body.organization_id,
    acmeOrg,
    login,
    staff: await login(root.body.organization_id, ADMIN_EMAIL, ADMIN_PASSWORD),
    admin: await login(acmeOrg, 'admin@acme.example', 'demo-admin-pass'),
    payroll: await login(acmeOrg, 'payroll@acme.example', 'demo-payroll-pass'),
    emma: await login(acmeOrg, 'emma@acme.example', 'demo-employee-pass'),
    ivan: await login(acmeOrg, 'ivan@acme.example', 'demo-inactive-pass'),
  };
}

/** The demo company's id, as a server answers it: resolve_org by the demo's host name. */
export async function demoCompanyId(call: ReturnType<typeof client>): Promise<string> {
  const product = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.product_domain;
  return (await call('GET', `/auth/api/resolve_org?hostname=${demoHostname(product)}`)).body.organization_id;
}

/** The demo company's admin signed in through `call`, as `{ org, token }` for the calls' options. */
export async function demoAdmin(call: ReturnType<typeof client>): Promise<{ org: string; token: string }> {
  const org = await demoCompanyId(call);
  const r = await call('POST', '/auth/api/login', {
    org,
    body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
  });
  assert.equal(r.status, 200, `the demo admin's login: ${r.text}`);
  return { org, token: r.body.token as string };
}

/** The body of a new employee account of the demo company, with an e-mail and employee ID of its own. */
export function employeeAccount(over: Record<string, unknown> = {}) {
  return {
    email: `e${crypto.randomUUID().slice(0, 8)}@acme.example`,
    display_name: 'New Hire',
    status: 'active',
    permissions: [],
    is_employee: true,
    employee_id: `E-${crypto.randomUUID().slice(0, 24)}`,
    ...over,
  };
}

export function as(s: Session) {
  return { org: s.org, token: s.token };
}

/** Signs in as the product-staff admin of `org` through sudo_login from `from` (a staff session). */
export async function sudoInto(w: Pick<DemoWorld, 'call'>, from: Session, org: string): Promise<Session> {
  const sudo = await w.call('POST', `/auth/api/sudo_login?organization_id=${org}`, {
    ...as(from),
    body: { organization_id: org },
  });
  assert.equal(sudo.status, 200, `sudo_login into ${org}: ${sudo.text}`);
  const r = await w.call('POST', '/auth/api/login', {
    org,
    body: { userid: sudo.body.identifier, key: sudo.body.single_use_key, type: 'sudo_login' },
  });
  assert.equal(r.status, 200, `sudo login into ${org}: ${r.text}`);
  return { org, token: r.body.token, user: r.body.session.user.key };
}

/**
 * A new user of the demo company holding PAYROLL:CanManageOnboarding but not
 * PAYROLL:CanManageUserPayrollData (through a group), signed in.
 */
export async function onboardingManager(w: DemoWorld): Promise<Session> {
  const email = `onboarder.${crypto.randomUUID().slice(0, 8)}@acme.example`;
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(w.admin),
    body: { email, display_name: 'Olga Onboarder', status: 'active', permissions: [], is_employee: false },
  });
  if (u.status !== 201) throw new Error(`user: ${u.status} ${u.text}`);
  const g = await w.call('POST', '/auth/api/data/groups/', {
    ...as(w.admin),
    body: {
      name: `Onboarders ${email}`,
      description: 'Invite hires',
      permissions: ['PAYROLL:CanUseModule', 'PAYROLL:CanManageOnboarding'],
      users: [u.body.key],
      notes: '',
    },
  });
  if (g.status !== 201) throw new Error(`group: ${g.status} ${g.text}`);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as(w.admin),
    body: { user_id: u.body.key, password: 'onboard-pass-1', password2: 'onboard-pass-1' },
  });
  if (p.status !== 200) throw new Error(`password: ${p.status} ${p.text}`);
  return w.login(w.acmeOrg, email, 'onboard-pass-1');
}

/**
 * A new employee of the demo company (PAYROLL:CanUseModule, no payroll record yet), signed in: a
 * user whose forms a test makes from scratch. `permissions` adds others (HR:CanUseModule).
 */
export async function signedInEmployee(w: DemoWorld, name: string, permissions: string[] = []): Promise<Session> {
  const tag = crypto.randomUUID().slice(0, 8);
  const email = `${name.toLowerCase()}.${tag}@acme.example`;
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(w.admin),
    body: {
      email,
      display_name: name,
      status: 'active',
      permissions: ['PAYROLL:CanUseModule', ...permissions],
      is_employee: true,
      employee_id: `E-${tag}`,
    },
  });
  if (u.status !== 201) throw new Error(`user: ${u.status} ${u.text}`);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as(w.admin),
    body: { user_id: u.body.key, password: 'employee-pass-1', password2: 'employee-pass-1' },
  });
  if (p.status !== 200) throw new Error(`password: ${p.status} ${p.text}`);
  return w.login(w.acmeOrg, email, 'employee-pass-1');
}
