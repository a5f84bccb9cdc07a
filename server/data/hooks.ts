/**
 * Server-side behaviour a schema cannot say as data: uniqueness across records, and records that
 * must be written together with another (an organization's directory entry, an SSN index entry).
 * Keyed by entity id; small, one job each. Everything expressible as a rule lives in the schema
 * file instead.
 */
import type { FieldError } from '../../engine/messages.ts';
import type { Caller } from '../auth/principal.ts';
import type { Services } from '../services.ts';
import type { DataObject, StoredRecord, WriteOp } from '../storage/types.ts';
import { employeeHooks } from './hooks/employee.ts';
import { organizationHooks } from './hooks/organizations.ts';
import { userHooks } from './hooks/users.ts';

export interface HookArgs {
  s: Services;
  caller: Caller;
  key: string;
  /** The data about to be stored, in clear. */
  data: DataObject;
  before: DataObject | undefined;
  mode: 'create' | 'save' | 'update';
}

export interface EntityHooks {
  validate?(args: HookArgs): FieldError[];
  extraOps?(args: HookArgs & { record: StoredRecord }): Promise<WriteOp[]> | WriteOp[];
  onDelete?(args: { s: Services; caller: Caller; record: StoredRecord }): Promise<WriteOp[]> | WriteOp[];
}

const HOOKS: Record<string, EntityHooks> = {
  'auth/users': userHooks,
  'auth/organizations': organizationHooks,
  'payroll/employee': employeeHooks,
};

export function hooksFor(entityId: string): EntityHooks | undefined {
  return HOOKS[entityId];
}
