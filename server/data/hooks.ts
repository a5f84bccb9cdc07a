/**
 * Server-side behaviour a schema cannot say as data: uniqueness across records, records that
 * must be written together with another (an organization's directory entry), and rules that live in
 * another record (a state withholding form's definition). Keyed by entity id;
 * small, one job each. Everything expressible as a rule lives in the schema file instead.
 */
import type { FieldError } from '../../engine/messages.ts';
import type { Caller } from '../auth/principal.ts';
import type { Services } from '../services.ts';
import type { DataObject, StoredRecord, WriteOp } from '../storage/types.ts';
import { organizationHooks } from './hooks/organizations.ts';
import { userHooks } from './hooks/users.ts';
import { stateW4Hooks } from './hooks/state_w4.ts';
import { stateW4FormHooks } from './hooks/state_w4_form.ts';

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
  /** Runs before validation (after the entity's save transform): the data to validate and store. */
  prepare?(args: HookArgs): Promise<DataObject> | DataObject;
  validate?(args: HookArgs): Promise<FieldError[]> | FieldError[];
  extraOps?(args: HookArgs & { record: StoredRecord }): Promise<WriteOp[]> | WriteOp[];
  onDelete?(args: { s: Services; caller: Caller; record: StoredRecord }): Promise<WriteOp[]> | WriteOp[];
}

const HOOKS: Record<string, EntityHooks> = {
  'auth/users': userHooks,
  'auth/organizations': organizationHooks,
  'payroll/state_w4': stateW4Hooks,
  'payroll/state_w4_form': stateW4FormHooks,
};

export function hooksFor(entityId: string): EntityHooks | undefined {
  return HOOKS[entityId];
}
