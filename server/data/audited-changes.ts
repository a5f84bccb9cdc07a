/**
 * What an account or group change did, for its audit entry: from what to what for a choice or a
 * yes/no (an account's status: `active` → `blocked`; locked), and what was added and removed for a
 * list of choices (a permission granted or revoked). The audit entry named only the fields changed,
 * so a block and an unblock, a grant and a revoke read the same.
 *
 * Only the administration's own records (the `auth` module: users, groups, the company's settings),
 * only fields of a fixed set of values, and none that is sensitive, server-owned or seen by some
 * callers only (x-read): the audit log is read by whoever holds AUTH:CanViewAuditLogs, and shows no
 * value they could not read otherwise. People's names, notes and a group's members stay unnamed.
 */
import type { JsonSchema } from '../../engine/entity.ts';
import type { DataObject } from '../storage/types.ts';
import type { FieldFacts } from './fields.ts';

export type AuditedChange = { from?: unknown; to?: unknown } | { added: unknown[]; removed: unknown[] };

const isChoice = (s: JsonSchema | undefined) => !!s && (Array.isArray(s.enum) || s.type === 'boolean');

export function auditedChanges(
  module: string,
  facts: FieldFacts,
  before: DataObject | undefined,
  after: DataObject,
  changed: readonly string[],
): Record<string, AuditedChange> | undefined {
  if (module !== 'auth') return undefined;
  const out: Record<string, AuditedChange> = {};
  for (const field of changed) {
    if (facts.unsearchable.has(field) || facts.serverOwned.has(field) || facts.readRules.has(field)) continue;
    const searched = facts.searched.get(field);
    if (!searched) continue;
    const [was, now] = [before?.[field], after[field]];
    if (isChoice(searched.schema)) {
      out[field] = { ...(was !== undefined ? { from: was } : {}), ...(now !== undefined ? { to: now } : {}) };
    } else if (searched.schema.type === 'array' && isChoice(searched.items)) {
      const [a, b] = [Array.isArray(was) ? was : [], Array.isArray(now) ? now : []];
      out[field] = { added: b.filter((v) => !a.includes(v)), removed: a.filter((v) => !b.includes(v)) };
    }
  }
  return Object.keys(out).length ? out : undefined;
}
