/**
 * What the signed-in user may change on one record, from the schema's x-edit rules. The server
 * enforces them (a field the caller may not change keeps what is stored); the screens mirror them
 * so that such a field is read-only instead of an edit the server quietly drops. Pure.
 */
import { allows, type Principal } from '../../../engine/access.ts';
import type { Session, TypeMeta } from '../../api/types.ts';
import { principalOf } from '../../session/principal.ts';

export interface Viewer {
  principal: Principal;
  /** The record is the viewer's own; undefined when the screen cannot tell (the server decides). */
  isOwner?: boolean;
}

/** May the viewer change a field with this x-edit rule (none: whoever may edit the record)? */
export function mayEditField(rule: unknown, viewer: Viewer | undefined): boolean {
  if (!Array.isArray(rule) || !viewer || viewer.isOwner === undefined) return true;
  return allows(rule as string[], viewer.principal, viewer.isOwner);
}

/**
 * The signed-in user looking at a record of this type: its owner on a `my_` type or on their own
 * record of a type keyed by its user; ownership unknown otherwise (x-owner fields are not known
 * before the record is).
 */
export function viewerOf(session: Session | undefined, meta: TypeMeta, key: string | undefined): Viewer | undefined {
  if (!session) return undefined;
  const isOwner = meta.my ? true : meta.key === 'user' && key ? key === session.user.key : undefined;
  return { principal: principalOf(session), isOwner };
}

/**
 * A new record's owner field (the schema's x-owner, a field holding a user key) for a viewer who
 * may create only their own records of the type: themselves, since no one else may be chosen (an
 * employee's PTO request asked her to pick an employee from a directory she may not read).
 * Undefined for one who may create anyone's: they choose.
 */
export function ownOwnerField(
  schema: Record<string, unknown>,
  viewer: Viewer | undefined,
): { field: string; user: string } | undefined {
  const field = schema['x-owner'];
  const create = (schema['x-access'] as { create?: unknown } | undefined)?.create;
  if (!viewer || typeof field !== 'string' || field === 'key' || !Array.isArray(create)) return undefined;
  if (!(schema.properties as Record<string, unknown> | undefined)?.[field]) return undefined;
  const others = (create as string[]).filter((r) => r !== '@owner');
  if (!create.includes('@owner') || allows(others, viewer.principal, false)) return undefined;
  return { field, user: viewer.principal.userKey };
}

/**
 * On the create screen of a type keyed by its person (x-key user: a W-4, an employee, a PTO
 * enrolment), does this viewer choose whose record it is? Yes when the type lets them create
 * others' (a rule besides @owner they pass); otherwise it is their own, as the server keys it.
 */
export function choosesWhose(schema: Record<string, unknown>, viewer: Viewer | undefined): boolean {
  const create = (schema['x-access'] as { create?: unknown } | undefined)?.create;
  if (!viewer || schema['x-key'] !== 'user' || !Array.isArray(create)) return false;
  return allows(
    (create as string[]).filter((r) => r !== '@owner'),
    viewer.principal,
    false,
  );
}

/**
 * May the viewer do `verb` (edit, delete) to this very record, as the server decides it
 * (engine/access.ts `can`): the type's rule with whether the record is theirs (its x-owner field
 * names or lists them), theirs by creation and published. The type's `can` says whether they may
 * to some record; a record shared with them (a file) is one they may read but not change, and its
 * screens offer no Edit or Delete. True when the screen cannot tell (no session, no rule).
 */
export function mayOnRecord(
  schema: Record<string, unknown> | undefined,
  verb: 'edit' | 'delete',
  principal: Principal | undefined,
  record: { key: string; data: Record<string, unknown>; meta?: { created_by?: string } } | undefined,
): boolean {
  const rule = (schema?.['x-access'] as Record<string, unknown> | undefined)?.[verb];
  if (!schema || !principal || !record || !Array.isArray(rule)) return true;
  const field = schema['x-owner'] ?? (schema['x-key'] === 'user' ? 'key' : undefined);
  const value = field === 'key' ? record.key : typeof field === 'string' ? record.data[field] : undefined;
  const isOwner = Array.isArray(value) ? value.includes(principal.userKey) : value === principal.userKey;
  const isCreator = record.meta?.created_by === principal.userKey;
  return allows(rule as string[], principal, isOwner, isCreator, record.data.published === true);
}
