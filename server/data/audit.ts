/**
 * Audit records: written by the server alone, in the same commit as the change they describe.
 * They name who, what type and key, when and which fields changed; sensitive values never appear.
 */
import { randomUUID } from 'node:crypto';
import type { Impersonator } from '../auth/impersonation.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';

export const AUDIT_COLLECTION = 'auth/audit_log';
/** How long audit records are kept: seven years, as for US payroll records. */
export const RETAIN_SECONDS = 7 * 365 * 24 * 3600;

/** Who did it: the signed-in account, and the staff member acting in it when it was entered by sudo_login. */
export interface AuditActor {
  key: string;
  name: string;
  impersonatedBy?: Impersonator;
}

/**
 * The actor of a signed-in caller. Product staff in a company are named as themselves: their name
 * as `Product staff: <name>` and their own user key in `impersonated_by`.
 */
export function actorOf(caller: { user: StoredRecord; impersonatedBy?: Impersonator }): AuditActor {
  const staff = caller.impersonatedBy;
  if (staff) return { key: caller.user.key, name: `Product staff: ${staff.name || staff.key}`, impersonatedBy: staff };
  return { key: caller.user.key, name: String(caller.user.data.display_name ?? '') };
}

export interface AuditEvent {
  org: string;
  actor: AuditActor | undefined;
  action:
    'create' | 'save' | 'update' | 'delete' | 'reveal' | 'login' | 'logout' | 'password' | 'invite' | 'two_factor';
  module: string;
  type: string;
  key: string;
  affectedUser?: string;
  fields?: string[];
  /** How an attempt ended when it may not succeed (a reveal: `revealed`, `refused`, `not found`). */
  outcome?: string;
  /** More of what happened (signatures made or voided), never a sensitive value. */
  detail?: Record<string, unknown>;
  browser?: string;
  address?: string;
  now: number;
}

export function auditOp(e: AuditEvent): WriteOp {
  const fields = e.fields?.length ? ` (${e.fields.join(', ')})` : '';
  const outcome = e.outcome ? `: ${e.outcome}` : '';
  const voids = Array.isArray(e.detail?.voided) && e.detail.voided.length ? ' voiding a signature' : '';
  const message = `${e.action} ${e.module}/${e.type} ${e.key}${voids}${fields}${outcome}`.slice(0, 116);
  const data: Record<string, unknown> = {
    action_time: e.now,
    origin_module: e.module,
    action_type: e.action,
    detail: {
      type: e.type,
      key: e.key,
      fields: e.fields ?? [],
      address: e.address ?? '',
      ...(e.outcome ? { outcome: e.outcome } : {}),
      ...e.detail,
    },
    browser_info: (e.browser ?? '').slice(0, 255),
    logged_in_user: e.actor?.key,
    logged_in_username: (e.actor?.name || 'system').slice(0, 120),
    message,
    organization_id: e.org,
    retain_until: e.now + RETAIN_SECONDS,
  };
  if (e.affectedUser) data.affected_user = e.affectedUser;
  if (e.actor?.impersonatedBy) {
    data.impersonated_by = e.actor.impersonatedBy.key;
    (data.detail as Record<string, unknown>).impersonated_from = e.actor.impersonatedBy.org;
  }
  if (!e.actor) delete data.logged_in_user;
  const actor = e.actor?.key ?? 'system';
  return {
    op: 'put',
    expectVersion: 0,
    record: {
      collection: AUDIT_COLLECTION,
      org: e.org,
      key: randomUUID(),
      data,
      meta: { created_by: actor, created_time: e.now, updated_by: actor, updated_time: e.now, version: 1 },
    },
  };
}
