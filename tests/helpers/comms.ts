/**
 * People and records of the COMMS module for API tests (docs/comms.md).
 */
import assert from 'node:assert/strict';
import { as, signedInEmployee, type DemoWorld, type Session } from './demo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server.ts';
import type { WriteOp } from '../../server/storage/types.ts';

/** The module's one permission. */
export const COMMS = ['COMMS:CanManageNotificationRoutes'];
export const COMMS_API = '/comms/api/data';

/**
 * A person of the demo company given COMMS the way a company gets it today: its product-staff admin
 * (`staff`, signed into the company: its own admin holds no COMMS permission, and may grant only
 * those it holds) puts them in a group holding the module's one permission.
 */
export async function commsUser(w: DemoWorld, staff: Session, name: string, extra: string[] = []): Promise<Session> {
  const who = await signedInEmployee(w, name, extra);
  const g = await w.call('POST', '/auth/api/data/groups/', {
    ...as(staff),
    body: { name: `COMMS ${name} ${who.user}`, permissions: COMMS, users: [who.user] },
  });
  assert.equal(g.status, 201, g.text);
  return who;
}

/** A COMMS record made by `who` (201), its key. */
export async function commsPost(w: DemoWorld, who: Session, type: string, body: unknown): Promise<string> {
  const r = await w.call('POST', `${COMMS_API}/${type}/`, { ...as(who), body });
  assert.equal(r.status, 201, `${type}: ${r.text}`);
  return r.body.key as string;
}

type InProcessCall = (
  method: string,
  path: string,
  o?: { org?: string; token?: string; body?: unknown },
) => Promise<{ status: number; text: string; body: any }>;

/**
 * In-process (../helpers/in-process.ts inProcessDemo), demo people of the company `org` signed in
 * and given the module as `commsUser` gives it: the product-staff admin, entered into the company,
 * puts them in a group holding its permission. Their sessions, in the order given.
 */
export async function inProcessCommsUsers(
  call: InProcessCall,
  org: string,
  people: readonly (readonly [email: string, password: string])[],
): Promise<{ org: string; token: string; user: string }[]> {
  const root = await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  assert.equal(root.status, 200, root.text);
  const sudo = await call('POST', `/auth/api/sudo_login?organization_id=${org}`, {
    token: root.body.token,
    body: { organization_id: org },
  });
  assert.equal(sudo.status, 200, sudo.text);
  const entered = await call('POST', '/auth/api/login', {
    org,
    body: { userid: sudo.body.identifier, key: sudo.body.single_use_key, type: 'sudo_login' },
  });
  assert.equal(entered.status, 200, entered.text);
  const sessions = [];
  for (const [userid, key] of people) {
    const r = await call('POST', '/auth/api/login', { org, body: { userid, key } });
    assert.equal(r.status, 200, r.text);
    sessions.push({ org, token: r.body.token as string, user: r.body.session.user.key as string });
  }
  const g = await call('POST', '/auth/api/data/groups/', {
    org,
    token: entered.body.token,
    body: { name: 'COMMS in-process', permissions: COMMS, users: sessions.map((p) => p.user) },
  });
  assert.equal(g.status, 201, g.text);
  return sessions;
}

/**
 * A notification delivered to `recipient` in the app (`delivery_result` as the sending queue leaves
 * it), written to the store as the queue writes one: the API makes none. Answers its key.
 */
export async function deliveredNotification(
  storage: { commit(ops: WriteOp[]): Promise<unknown> },
  org: string,
  recipient: string,
  delivery: Record<string, string> = { app: 'ready' },
): Promise<string> {
  const key = crypto.randomUUID();
  const now = Math.floor(Date.now() / 1000);
  await storage.commit([
    {
      op: 'put',
      expectVersion: 0,
      record: {
        collection: 'comms/user_notifications',
        org,
        key,
        data: {
          notification_id: crypto.randomUUID(),
          recipient_id: recipient,
          module: 'time',
          message_type: 'pto_request_approved',
          sent_time: now,
          delivery_result: delivery,
          message_content: { app: { message: 'Your time off was approved.' } },
        },
        meta: { created_by: 'system', created_time: now, updated_by: 'system', updated_time: now, version: 1 },
      },
    },
  ]);
  return key;
}
