/**
 * What a user deleted for good leaves in records that are not theirs (docs/api-notes.md
 * `delete_user`): every such record names them by key (`x-ref: auth/users`), and a key no account
 * has would show as it is where a name was. In the delete's commit:
 * - a list that names them among others names them no more: a team's PTO approvers, an
 *   employee's direct managers, a channel's direct members, a notification's or a route's recipients, an assignment's people (with their
 *   acknowledgement entry, the status summarised anew), a share request's people;
 * - a list that named them alone names nobody and means nothing: the record goes (a notification,
 *   a route, an assignment, a share request), listed in `removed`;
 * - an employee whose PTO approver they were has none: their requests go to the team's approvers,
 *   as the field says when empty, and the PTO screen shows it empty for a manager to choose anew;
 *   a hire whose direct manager they were has none (the field is optional);
 * - a channel they owned passes to the next person in it (its admins first, then its members, the
 *   longest there first); with nobody else in it, it goes when nothing was said in it, and is
 *   otherwise the company's product-staff account's (the one deleting them), so that what was
 *   written stays administered.
 * Every record changed or removed gets its audit entry, as the user's own records do.
 */
import { actorOf, auditOp } from '../data/audit.ts';
import { CHANNEL_MEMBERS } from '../data/channel-reach.ts';
import { membershipReleaseOp } from '../data/hooks/comms.ts';
import { summaryOf } from '../data/hooks/assignments.ts';
import type { Services } from '../services.ts';
import type { DataObject, StoredRecord, WriteOp } from '../storage/types.ts';
import type { Caller } from './principal.ts';

/** Lists of people: what the record is with the user left out, or undefined when nobody remains. */
interface PeopleList {
  collection: string;
  field: string;
  /** A record whose list empties is deleted (the list is required); otherwise kept with it empty. */
  emptyGoes: boolean;
  /** Anything else that changes with the list. */
  adjust?: (data: DataObject, user: string) => void;
}

const LISTS: readonly PeopleList[] = [
  { collection: 'time/pto_prefs', field: 'approvers', emptyGoes: false },
  { collection: 'payroll/employee', field: 'direct_managers', emptyGoes: false },
  { collection: 'comms/channels', field: 'direct_members', emptyGoes: false },
  { collection: 'comms/notifications', field: 'recipients', emptyGoes: true },
  { collection: 'comms/notification_routes', field: 'recipients', emptyGoes: true },
  { collection: 'hr/share_request', field: 'share_to', emptyGoes: true },
  {
    collection: 'hr/assignments',
    field: 'user_ids',
    emptyGoes: true,
    // Their acknowledgement entry goes with them; the status is the others' summary (unless HR
    // cancelled it).
    adjust: (data, user) => {
      if (Array.isArray(data.acknowledgements)) {
        data.acknowledgements = data.acknowledgements.filter(
          (e) => !(e && typeof e === 'object' && (e as DataObject).user_id === user),
        );
        if (data.status !== 'cancelled')
          data.status = summaryOf(data.acknowledgements as Parameters<typeof summaryOf>[0]);
      }
    },
  },
];

/**
 * One person a record names and may do without: an employee's PTO approver (without one, the
 * team's approvers decide), a hire's direct manager (optional: the manager who sees the hire's
 * uploads at approval).
 */
const OPTIONAL_PERSON = [
  { collection: 'time/pto_employee', field: 'approver_id' },
  { collection: 'payroll/onboarding_user', field: 'direct_manager' },
] as const;

const CHANNELS = 'comms/channels';
const MESSAGES = 'comms/messages';
const REQUESTS = 'comms/membership_requests';

export interface ReferenceChanges {
  ops: WriteOp[];
  /** `collection/key` of every record removed. */
  removed: string[];
}

/**
 * The ops that take `user` out of the records of others naming them; `doomed` are the records
 * already going in the same commit (they are left alone here).
 */
export async function referenceOps(
  s: Services,
  caller: Caller,
  user: StoredRecord,
  request: { browser?: string; address?: string },
  doomed: readonly StoredRecord[],
): Promise<ReferenceChanges> {
  const org = caller.org.id;
  const now = s.now();
  const gone = new Set(doomed.map((r) => `${r.collection}/${r.key}`));
  const changed = new Map<string, StoredRecord>();
  const ops: WriteOp[] = [];
  const removed: string[] = [];
  const find = async (collection: string, criteria: { field: string; is: '=' | 'contains'; value: string }[]) =>
    (await s.storage.find(collection, org, { criteria, limit: Infinity, offset: 0 })).items.filter(
      (r) => !gone.has(`${r.collection}/${r.key}`),
    );
  const audit = (r: StoredRecord, action: 'update' | 'delete', fields: string[]) => {
    const [module, type] = r.collection.split('/');
    return auditOp({
      org,
      actor: actorOf(caller),
      action,
      module,
      type,
      key: r.key,
      affectedUser: user.key,
      fields,
      ...request,
      now,
    });
  };
  /** The record as it will be saved (changes to one record gather: a channel's owner and members). */
  const draft = (r: StoredRecord): StoredRecord => {
    const id = `${r.collection}/${r.key}`;
    let d = changed.get(id);
    if (!d) {
      d = { ...r, data: structuredClone(r.data) };
      changed.set(id, d);
    }
    return d;
  };
  const remove = (r: StoredRecord) => {
    const id = `${r.collection}/${r.key}`;
    if (gone.has(id)) return;
    gone.add(id);
    changed.delete(id);
    removed.push(id);
    ops.push(
      { op: 'delete', collection: r.collection, org, key: r.key, expectVersion: r.meta.version },
      audit(r, 'delete', ['superuser_delete']),
    );
  };
  const fieldsOf = new Map<string, Set<string>>();
  const touched = (r: StoredRecord, field: string) => {
    const id = `${r.collection}/${r.key}`;
    fieldsOf.set(id, (fieldsOf.get(id) ?? new Set()).add(field));
  };

  for (const list of LISTS) {
    for (const r of await find(list.collection, [{ field: list.field, is: 'contains', value: user.key }])) {
      const d = draft(r);
      const left = (d.data[list.field] as unknown[]).filter((x) => x !== user.key);
      if (list.emptyGoes && left.length === 0) {
        remove(r);
        continue;
      }
      d.data[list.field] = left;
      list.adjust?.(d.data, user.key);
      touched(r, list.field);
    }
  }

  // A single person a record may do without: the field goes, for someone to choose anew.
  for (const { collection, field } of OPTIONAL_PERSON) {
    for (const r of await find(collection, [{ field, is: '=', value: user.key }])) {
      delete draft(r).data[field];
      touched(r, field);
    }
  }

  // Channels they owned pass on, or go when there is nothing in them for anyone else.
  for (const channel of await find(CHANNELS, [{ field: 'owner', is: '=', value: user.key }])) {
    const members = (await find(CHANNEL_MEMBERS, [{ field: 'channel_id', is: '=', value: channel.key }])).filter(
      (m) => m.data.user_id !== user.key,
    );
    const rank = (m: StoredRecord) => (m.data.type === 'admin' ? 0 : 1);
    const next = members
      .filter((m) => m.data.type !== 'blocked')
      .sort(
        (a, b) =>
          rank(a) - rank(b) ||
          Number(a.data.created_on ?? a.meta.created_time) - Number(b.data.created_on ?? b.meta.created_time) ||
          a.key.localeCompare(b.key),
      )[0]?.data.user_id as string | undefined;
    const direct = (draft(channel).data.direct_members as unknown[] | undefined)?.find(
      (x): x is string => typeof x === 'string',
    );
    const successor = next ?? direct;
    if (successor) {
      draft(channel).data.owner = successor;
      touched(channel, 'owner');
      continue;
    }
    const said = await s.storage.find(MESSAGES, org, {
      criteria: [{ field: 'channel_id', is: '=', value: channel.key }],
      limit: 1,
      offset: 0,
    });
    if (said.total === 0) {
      // Nothing said and nobody else in it: it goes with its memberships (the blocked) and requests.
      remove(channel);
      for (const m of members) {
        remove(m);
        ops.push(membershipReleaseOp(s, org, m.data));
      }
      for (const r of await find(REQUESTS, [{ field: 'channel_id', is: '=', value: channel.key }])) remove(r);
      continue;
    }
    draft(channel).data.owner = caller.user.key;
    touched(channel, 'owner');
  }

  for (const [id, d] of changed) {
    const before = d.meta.version;
    ops.push(
      {
        op: 'put',
        expectVersion: before,
        record: { ...d, meta: { ...d.meta, updated_by: caller.user.key, updated_time: now, version: before + 1 } },
      },
      audit(d, 'update', [...(fieldsOf.get(id) ?? [])]),
    );
  }
  return { ops, removed };
}
