/**
 * A started demo server with signed-in callers of each role, for the API tests.
 */
import assert from 'node:assert/strict';
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

export async function demoWorld(env?: Record<string, string>): Promise<DemoWorld> {
  const server = await startServer({ demo: true, env });
  const call = client(server.url);
  const root = await call('GET', '/auth/api/resolve_org?hostname=localhost');
  const acme = await call('GET', '/auth/api/resolve_org?hostname=acmedemo.dform.app');
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
