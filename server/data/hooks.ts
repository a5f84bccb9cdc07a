/**
 * Server-side behaviour a schema cannot say as data: uniqueness across records, records that
 * must be written together with another (an organization's directory entry, an SSN index entry),
 * rules that live in another record (a state withholding form's definition), and messages sent once
 * a record is committed (a hire's invitation). Keyed by entity id; small, one job each. Everything
 * expressible as a rule lives in the schema file instead.
 */
import type { FieldError } from '../../engine/messages.ts';
import type { Principal } from '../../engine/access.ts';
import type { Entity } from '../../engine/entity.ts';
import type { Caller } from '../auth/principal.ts';
import type { Services } from '../services.ts';
import type { DataObject, StoredRecord, WriteOp } from '../storage/types.ts';
import { assignmentHooks } from './hooks/assignments.ts';
import { groupHooks } from './hooks/groups.ts';
import { shareRequestHooks } from './hooks/share-request.ts';
import { secureFileHooks } from './hooks/secure-files.ts';
import { onboardingUserHooks } from './hooks/onboarding-user.ts';
import { employeeHooks } from './hooks/employee.ts';
import { i9Hooks } from './hooks/i9.ts';
import { i9DocumentCopyHooks } from './hooks/i9-document-copies.ts';
import { organizationHooks } from './hooks/organizations.ts';
import { organizationRedirectHooks } from './hooks/organization_redirects.ts';
import { organizationPreferencesHooks } from './hooks/organization_preferences.ts';
import { organizationSettingsHooks } from './hooks/organization_settings.ts';
import { userHooks } from './hooks/users.ts';
import { stateW4Hooks } from './hooks/state_w4.ts';
import { stateW4FormHooks } from './hooks/state_w4_form.ts';
import { w4Hooks } from './hooks/w4.ts';
import {
  channelHooks,
  channelMemberHooks,
  membershipRequestHooks,
  messageHooks,
  userNotificationHooks,
} from './hooks/comms.ts';
import { ptoPlanHooks } from './hooks/pto_plan.ts';
import { ptoRequestHooks } from './hooks/pto_request.ts';
import { ptoRegisterHooks } from './hooks/pto_register.ts';
import { fileGroupHooks, fileHooks, shareHooks } from './hooks/sharing.ts';
import type { WriteMode } from './records.ts';
import type { Write } from './write-lifecycle.ts';

export interface HookArgs {
  s: Services;
  caller: Caller;
  key: string;
  /** The data about to be stored, in clear. */
  data: DataObject;
  before: DataObject | undefined;
  mode: 'create' | 'save' | 'update';
  /** What the client sent, before the server kept its own fields. */
  incoming: DataObject;
}

/**
 * An entity's hooks, each run inside the stage of the write lifecycle named beside it
 * (./write-lifecycle.ts WRITE_STAGES; docs/write-lifecycle.md).
 */
export interface EntityHooks {
  /**
   * Before stage authorize, and before any read.
   * For a type keyed by its user and one of its fields (a state certificate, one per state): the
   * stored key a user key addresses, given the data written (or nothing, for a read or a delete),
   * and the user it belongs to. Undefined when `key` is not a user's: it is the record's own key.
   */
  address?(args: {
    s: Services;
    org: string;
    key: string;
    data?: DataObject;
    /** The caller's user key, for a record they write under its own key before it exists. */
    caller?: string;
  }): Promise<{ key: string; user: string } | undefined>;
  /**
   * Stage authorize.
   * Refuses (throws 403) a write or delete the type's access rules allow but this record does not,
   * before anything is validated: a user manager may not change an account holding more than them.
   */
  authorize?(args: {
    s: Services;
    caller: Caller;
    key: string;
    stored: StoredRecord | undefined;
  }): Promise<void> | void;
  /**
   * Stage derive, before the field rules: the value the server itself gives `field` on a create
   * (a new company's hostname, derived from its name), which a caller who may not set the field may
   * still send as it is (a form shows and sends it): no change, as the field's default is not.
   */
  createValue?(args: { s: Services; data: DataObject }, field: string): unknown;
  /** Stage derive: fills in what the server derives from its configuration, before the save transform. */
  derive?(args: HookArgs): DataObject | undefined;
  /** Stage save transforms, after the entity's own: the data to validate and store. */
  prepare?(args: HookArgs): Promise<DataObject> | DataObject;
  /**
   * Serving (toWire, after the fields the reader may not see are left out): the record's data as
   * this reader is answered it, when part of a field is one person's only (an assignment's entries).
   * Returns a copy; the stored data is never changed.
   */
  present?(args: { entity: Entity; data: DataObject; reader: Principal }): DataObject;
  /**
   * Serving: the top-level fields `present` gives this reader as their own view rather than as
   * stored (an assignment's status, to a person it names: their own progress). The stored value is
   * not theirs to read, so they cannot search or sort on it either, and their list leaves it out.
   */
  servedAsOwn?(args: { entity: Entity; reader: Principal }): readonly string[];
  /** Stage validate by hook: field errors (400); may throw an ApiError for another answer (a duplicate is 409). */
  validate?(args: HookArgs): Promise<FieldError[]> | FieldError[];
  /** Stage extra operations: server-owned additions to valid data before it is stored (a hire's activity entry). */
  amend?(args: HookArgs): Promise<DataObject> | DataObject;
  /** Stage after commit: work once the record is committed (sending a message); the record as stored. */
  afterCommit?(args: HookArgs & { record: StoredRecord }): Promise<void>;
  /** Stage extra operations: records written in the same commit as this one. */
  extraOps?(args: HookArgs & { record: StoredRecord }): Promise<WriteOp[]> | WriteOp[];
  /** Stage extra operations of a delete: records written or refused (409) with the delete. */
  onDelete?(args: {
    s: Services;
    caller: Caller;
    record: StoredRecord;
    request: { browser?: string; address?: string };
  }): Promise<WriteOp[]> | WriteOp[];
  /** Stage after commit of a delete: work once the record is gone (sending a message); the record as it was. */
  afterDelete?(args: { s: Services; caller: Caller; record: StoredRecord }): Promise<void>;
  /**
   * Before a file of the record is removed or replaced (the files API, not a record write): throws
   * an ApiError (409) when the stored bytes must stay, as a record kept for retention.
   */
  fileRemoval?(args: { s: Services; caller: Caller; record: StoredRecord; field: string }): Promise<void> | void;
}

const HOOKS: Record<string, EntityHooks> = {
  'auth/users': userHooks,
  'auth/organizations': organizationHooks,
  'auth/organization_redirects': organizationRedirectHooks,
  'auth/organization_preferences': organizationPreferencesHooks,
  'auth/organization_settings': organizationSettingsHooks,
  'auth/groups': groupHooks,
  'payroll/onboarding_user': onboardingUserHooks,
  'payroll/employee': employeeHooks,
  'payroll/i9': i9Hooks,
  'payroll/i9_document_copies': i9DocumentCopyHooks,
  'payroll/state_w4': stateW4Hooks,
  'payroll/state_w4_form': stateW4FormHooks,
  'payroll/w4': w4Hooks,
  'time/pto_plan': ptoPlanHooks,
  'time/pto_register': ptoRegisterHooks,
  'time/pto_request': ptoRequestHooks,
  'hr/assignments': assignmentHooks,
  'hr/share_request': shareRequestHooks,
  'hr/secure_files': secureFileHooks,
  'comms/channels': channelHooks,
  'comms/channel_members': channelMemberHooks,
  'comms/messages': messageHooks,
  'comms/membership_requests': membershipRequestHooks,
  'comms/user_notifications': userNotificationHooks,
  'storage/files': fileHooks,
  'storage/shares': shareHooks,
  'storage/fgroups': fileGroupHooks,
};

export function hooksFor(entityId: string): EntityHooks | undefined {
  return HOOKS[entityId];
}

/** The arguments every data hook receives, from the write under way. */
export function hookArgs(w: Write, data: DataObject, mode: WriteMode): HookArgs {
  return { s: w.s, caller: w.caller, key: w.key, data, before: w.before, mode, incoming: w.incoming };
}
