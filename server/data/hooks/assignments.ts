/**
 * HR assignments (docs/signatures.md, "An assignment is acknowledged by each person it names"):
 * - the document assigned is one of this company's, of the kind named, that the people named can
 *   open: a company document or labour-law poster published, an employee's own document only to
 *   that employee;
 * - each named user has an entry of their own in `acknowledgements`, made by the server: they alone
 *   mark it viewed or completed and sign it, in their own session; one person's acknowledgement
 *   never counts for another. A completion where acknowledgement is required needs their signature;
 * - each entry carries the assigned document as its signature attests it, so HR assigning another
 *   document voids every acknowledgement of the old one (its history keeps them);
 * - the assignment's status is the summary of the entries, unless HR cancelled it; to a person it
 *   names, the summary of their own entry (their status does not tell them a colleague's progress).
 */
import { allows, type Principal } from '../../../engine/access.ts';
import type { Entity } from '../../../engine/entity.ts';
import type { FieldError } from '../../../engine/messages.ts';
import type { DataObject } from '../../storage/types.ts';
import type { EntityHooks, HookArgs } from '../hooks.ts';
import { SIGNER_ONLY, sameValue } from '../signatures.ts';

const ACKS = 'acknowledgements';
/** The fields of the assignment each entry's signature attests, copied into the entry. */
const ATTESTED = ['document_type', 'document_id', 'questionnaire_id'] as const;
/** What a person changes in their own entry. */
const OWN = ['status', 'viewed_time', 'completed_time', 'signature'] as const;

const COLLECTION: Record<string, string> = {
  documents: 'hr/documents',
  global_docs: 'hr/global_docs',
  payroll_documents: 'payroll/payroll_documents',
  employee_documents: 'hr/employee_documents',
};

type Entry = DataObject & { user_id?: string; status?: string; signature?: unknown };

const entriesOf = (d: DataObject | undefined): Entry[] =>
  Array.isArray(d?.[ACKS]) ? (d![ACKS] as unknown[]).filter((e): e is Entry => !!e && typeof e === 'object') : [];
const same = (a: unknown, b: unknown) => sameValue(a ?? null, b ?? null);
const usersOf = (d: DataObject | undefined) =>
  Array.isArray(d?.user_ids) ? (d!.user_ids as unknown[]).filter((u): u is string => typeof u === 'string') : [];

/**
 * One entry per named user, in the order of `user_ids`: the caller's as they sent it (their own
 * fields only), everyone else's as stored; each with the assigned document copied in.
 */
function prepare({ s, data, before, caller }: HookArgs): DataObject {
  // Entries sent malformed stay as sent, for the schema to refuse them by their place: the server
  // keeps its own entries, but a wrong one is the client's mistake to hear of, not to lose quietly.
  if (data[ACKS] !== undefined && !wellFormed(s, data)) return data;
  const me = caller.principal.userKey;
  const sent = entriesOf(data);
  const stored = entriesOf(before);
  // The server's clock, as a signature's stamp reads it.
  const now = s.now();
  data[ACKS] = usersOf(data).map((user) => {
    const old = stored.find((e) => e.user_id === user);
    const entry: Entry = { ...(old ?? {}), user_id: user, status: old?.status ?? 'assigned' };
    const mine = user === me ? sent.find((e) => e.user_id === user) : undefined;
    if (mine) {
      for (const f of OWN) {
        if (mine[f] === undefined || mine[f] === null) delete entry[f];
        else (entry as DataObject)[f] = mine[f];
      }
      entry.status ??= 'assigned';
      // A signed acknowledgement completes it; the times are the server's.
      if (entry.signature !== undefined) entry.status = 'completed';
      entry.viewed_time = old?.viewed_time ?? (entry.status !== 'assigned' ? now : undefined);
      entry.completed_time =
        entry.status === 'completed' ? (old?.status === 'completed' ? old.completed_time : now) : undefined;
      for (const f of ['viewed_time', 'completed_time']) if (entry[f] === undefined) delete entry[f];
    }
    // Another document assigned: everyone reads and acknowledges it anew (the signature stays for
    // the signature binding to void, so the history says the document changed after signing).
    if (old && ATTESTED.some((f) => !same(old[f], data[f]))) {
      entry.status = 'assigned';
      delete entry.viewed_time;
      delete entry.completed_time;
    }
    for (const f of ATTESTED) {
      if (data[f] === undefined) delete entry[f];
      else entry[f] = data[f];
    }
    return entry;
  });
  // A status of the summary's values follows the entries; cancelled, or a value of no kind (which
  // the schema then refuses), is kept as sent.
  if (typeof data.status !== 'string' || SUMMARIES.has(data.status)) data.status = summaryOf(data[ACKS] as Entry[]);
  return data;
}

/** Whether the entries as sent pass the schema (what else the data holds is checked as usual). */
function wellFormed(s: HookArgs['s'], data: DataObject): boolean {
  const entity = s.catalogue.registry.get('hr', 'assignments');
  if (!entity) return true;
  const errors = s.catalogue.validator(entity)(structuredClone(data));
  return !errors.some((e) => e.path === `/${ACKS}` || e.path.startsWith(`/${ACKS}/`));
}

const SUMMARIES = new Set(['assigned', 'viewed', 'completed']);

/** The assignment's status from its entries: completed by all, opened by one, or neither. */
export const summaryOf = (entries: readonly Entry[]) =>
  entries.every((e) => e.status === 'completed')
    ? 'completed'
    : entries.some((e) => e.status !== 'assigned')
      ? 'viewed'
      : 'assigned';

async function validate({ s, caller, data, before, incoming }: HookArgs): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const me = caller.principal.userKey;
  // The assignment's own signature is no one's to make now: each person signs their entry.
  if (incoming.signature != null && !same(incoming.signature, before?.signature)) {
    errors.push({ path: '/signature', message: 'Each person signs their own entry under Acknowledgements.' });
  }
  // Nobody marks or signs another person's entry: what they sent for it differs from what is stored.
  const stored = entriesOf(before);
  const sent = Array.isArray(incoming[ACKS]) ? (incoming[ACKS] as unknown[]) : [];
  sent.forEach((e, i) => {
    if (!e || typeof e !== 'object') return;
    const entry = e as Entry;
    if (entry.user_id === me) return;
    const old = stored.find((x) => x.user_id === entry.user_id);
    for (const f of OWN) {
      if (f.endsWith('_time') || same(entry[f], old?.[f] ?? (f === 'status' ? 'assigned' : undefined))) continue;
      errors.push({
        path: `/${ACKS}/${i}/${f}`,
        message: f === 'signature' ? SIGNER_ONLY : 'Only the person this entry names marks it, in their own session.',
      });
    }
  });
  // HR assigns or cancels; completed and viewed follow the entries.
  const status = incoming.status;
  if ((status === 'viewed' || status === 'completed') && status !== before?.status) {
    if (status !== summaryOf(data[ACKS] as Entry[])) {
      errors.push({
        path: '/status',
        message: "HR sets an assignment assigned or cancelled; viewed and completed follow each person's own entry.",
      });
    }
  }
  // A completion where acknowledgement is required is signed.
  if (data.acknowledgement_required === true) {
    (data[ACKS] as Entry[]).forEach((e, i) => {
      if (e.user_id === me && e.status === 'completed' && e.signature === undefined) {
        errors.push({
          path: `/${ACKS}/${i}/signature`,
          message: 'Sign the acknowledgement to complete this assignment.',
        });
      }
    });
  }
  if (errors.length) return errors;
  return documentErrors(s, caller.org.id, data, before);
}

/** The assigned document, when what is assigned or to whom changed. */
async function documentErrors(
  s: HookArgs['s'],
  org: string,
  data: DataObject,
  before: DataObject | undefined,
): Promise<FieldError[]> {
  const id = data.document_id;
  if (typeof id !== 'string') return [];
  if (before && ['document_id', 'document_type', 'user_ids'].every((f) => same(data[f], before[f]))) return [];
  const kind = typeof data.document_type === 'string' ? data.document_type : 'documents';
  const collection = COLLECTION[kind];
  if (!collection) return [];
  const doc = (await s.storage.get(collection, org, id))?.data;
  if (!doc) return [{ path: '/document_id', message: 'Choose a document of this company of the kind named.' }];
  if ((kind === 'documents' || kind === 'global_docs') && doc.published !== true) {
    return [
      {
        path: '/document_id',
        message: 'This document is not published: publish it first, or the people named could not open it.',
      },
    ];
  }
  if (kind === 'employee_documents') {
    const others = usersOf(data).filter((u) => u !== doc.employee_id);
    if (others.length) {
      return [{ path: '/user_ids', message: "An employee's own document is assigned to that employee only." }];
    }
  }
  return [];
}

/**
 * Who reads every entry: whoever may say who an assignment names (HR: `user_ids`' x-edit). A named
 * user reads their own entry only, and the signature history of their own entry only: whether a
 * colleague has opened, completed or signed the document is between that colleague and HR.
 */
const readsEveryEntry = (entity: Entity, reader: Principal) => {
  const rule = (entity.file.properties.user_ids as { 'x-edit'?: string[] } | undefined)?.['x-edit'];
  return !!rule && allows(rule, reader, false);
};

function present({ entity, data, reader }: { entity: Entity; data: DataObject; reader: Principal }): DataObject {
  if (readsEveryEntry(entity, reader)) return data;
  const me = reader.userKey;
  const out: DataObject = { ...data };
  if (Array.isArray(data[ACKS])) out[ACKS] = entriesOf(data).filter((e) => e.user_id === me);
  // The status summarises the entries this reader reads: their own. The stored one (viewed once
  // anyone opened it, completed once all have) would tell them a colleague's progress.
  const mine = out[ACKS];
  if (data.status !== 'cancelled' && Array.isArray(mine) && mine.length) out.status = summaryOf(mine as Entry[]);
  if (Array.isArray(data.signature_history)) {
    out.signature_history = (data.signature_history as unknown[]).filter((h) => {
      const field = (h as { field?: unknown } | null)?.field;
      return typeof field !== 'string' || !field.startsWith(`${ACKS}.`) || field === `${ACKS}.${me}.signature`;
    });
  }
  return out;
}

/** To a named person, the status is their own progress (present): not searched or listed for them. */
const servedAsOwn = ({ entity, reader }: { entity: Entity; reader: Principal }) =>
  readsEveryEntry(entity, reader) ? [] : ['status'];

export const assignmentHooks: EntityHooks = { prepare, validate, present, servedAsOwn };
