/**
 * People and records of the COMMS module for API tests (docs/comms.md).
 */
import assert from 'node:assert/strict';
import { as, signedInEmployee, type DemoWorld, type Session } from './demo.ts';

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
