/**
 * The records a printable form reads, through the record service, so tenancy, x-access and the
 * my_* variants are decided as for any read (spec/001 sections 2 and 7): the caller's own forms
 * through my_i9, my_w4, my_basic_info, my_employee and my_state_w4, anyone else's through the
 * standard types; the hire (onboarding_user) only when there is no employee record (a person's own
 * hire gives its name, SSN and contact fields, though they may not read the hire); the employer
 * by organization. A record that cannot be read is logged and left out; only the form's own record
 * is required. The SSN and the EIN, masked in every answer, are taken decrypted from the stored
 * record once its read has succeeded: the printed form needs them whole. The SSN is handed to the
 * layout whole only for a caller who may see it (./ssn-access.ts), masked for anyone else; whenever
 * a whole SSN is handed over, the route audits the reveal, whatever the layout then prints.
 */
import type { FederalForm, Layout, PrintInput, RecordName } from '../../printable/layout.ts';
import type { Caller } from '../auth/principal.ts';
import { decryptedData, readRecord, target, unreadableFields } from '../data/records.ts';
import { fieldFacts } from '../data/fields.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { companyEmployerKey } from '../payroll/employer.ts';
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';
import { looksMasked, mapSensitive, maskValue } from '../../engine/masking.ts';
import { getAt } from '../../engine/schema-walk.ts';
import { maySeeWholeSsn } from '../payroll/ssn-access.ts';
import { certificatesOf } from '../payroll/certificates.ts';
import { hireKeyOf, ownHireFields } from '../payroll/own-hire.ts';
import { orgTimeZone } from '../orgs.ts';

/** Types read as my_<type> by a caller printing their own form. */
const HAS_MY = new Set<RecordName>(['i9', 'w4', 'w9', 'basic_info', 'employee', 'state_w4']);
/**
 * Sensitive fields a form prints whole: the SSN (audited by the route) and the employer's EIN,
 * which the W-4 and the state forms show (as on every W-2 the employee receives).
 */
const PRINTED_WHOLE: Partial<Record<RecordName, readonly string[]>> = {
  employee: ['ssn'],
  onboarding_user: ['ssn'],
  employer: ['ein'],
  // The W-9's taxpayer identification number (an SSN or an EIN), whole for whoever may see an SSN.
  w9: ['tin'],
};

/** Fields handed over whole only to a caller who may see the employee's whole SSN (audited by the route). */
const REVEALED = new Set(['ssn', 'tin']);

export interface FormRecords {
  input: PrintInput;
  /** The record whose whole SSN (or W-9 TIN, `field`) was handed to the layout, for the audit. */
  ssnSource?: { type: RecordName; key: string; field?: string };
  /** The form's own record whose identifiers (x-sensitive "id") were handed to the layout whole, for the audit. */
  idSource?: { type: RecordName; key: string; fields: string[] };
}

/**
 * Puts the whole identifiers (x-sensitive "id": an I-9's A-Number, I-94 and passport numbers and
 * document numbers) into a record read for printing, for a caller who may see them (the employee,
 * a caller who may manage payroll data); anyone else keeps the masks of the answer. Answers the
 * fields handed over whole.
 */
async function wholeIdentifiers(
  s: Services,
  caller: Caller,
  type: RecordName,
  key: string,
  data: DataObject,
): Promise<string[]> {
  if (!maySeeWholeSsn(caller, key)) return [];
  const entity = s.catalogue.registry.resolve('payroll', type)?.entity;
  const ids = entity ? fieldFacts(s.catalogue, entity).sensitive.filter((f) => f.kind === 'id') : [];
  const stored = entity && ids.length ? await s.storage.get(entity.id, caller.org.id, key) : undefined;
  if (!entity || !stored) return [];
  const full = decryptedData(s, entity, stored);
  const handed = new Set<string>();
  for (const f of ids) {
    mapSensitive(data, [f], (_kind, masked, at) => {
      const whole = getAt(full, at);
      if (typeof whole !== 'string') return masked;
      handed.add(f.path.filter((p) => p !== '*').join('.'));
      return whole;
    });
  }
  return [...handed];
}

/** A frozen copy of another record's fields, without those the caller may not see in that record (x-read). */
function readableCopy(s: Services, caller: Caller, type: RecordName, key: string, copy: DataObject): DataObject {
  const entity = s.catalogue.registry.resolve('payroll', type)?.entity;
  if (!entity) return copy;
  const hidden = unreadableFields(fieldFacts(s.catalogue, entity), caller.principal, entity, { key, data: copy });
  return Object.fromEntries(Object.entries(copy).filter(([field]) => !hidden.includes(field)));
}

/** A record read for printing, with the key it is stored at (a state certificate's is not the user key). */
async function readKeyed(
  s: Services,
  caller: Caller,
  type: RecordName,
  key: string,
  own: boolean,
  hint?: DataObject,
): Promise<{ data: DataObject; key: string }> {
  const t = target(s, caller, 'payroll', own && HAS_MY.has(type) ? `my_${type}` : type);
  const wire = await readRecord(s, caller, t, key, hint);
  const data: DataObject = { ...wire.data };
  const whole = PRINTED_WHOLE[type];
  if (whole) {
    const stored = await s.storage.get(t.entity.id, caller.org.id, wire.key);
    const full = stored ? decryptedData(s, t.entity, stored) : undefined;
    for (const field of whole) {
      if (REVEALED.has(field) && !maySeeWholeSsn(caller, key)) continue;
      if (typeof full?.[field] === 'string') data[field] = full[field];
      else delete data[field];
    }
  }
  return { data, key: wire.key };
}

async function read(s: Services, caller: Caller, type: RecordName, key: string, own: boolean, hint?: DataObject) {
  return (await readKeyed(s, caller, type, key, own, hint)).data;
}

/**
 * The form's own record, as its reading decides (404 for another employee's form, 403 for a caller
 * who may not read the type). A state's form prints the employee's certificate of that state (one is
 * kept per state); an employee without an Alabama certificate has no Alabama A-4 (404), as the viewer
 * offers only the forms that exist.
 */
async function readMain(s: Services, caller: Caller, layout: Pick<Layout, 'main' | 'state'>, key: string) {
  const hint = layout.main === 'state_w4' && layout.state !== undefined ? { state: layout.state } : undefined;
  const read = await readKeyed(s, caller, layout.main, key, caller.principal.userKey === key, hint);
  if (hint && read.data.state !== layout.state) throw notFound();
  return read;
}

/** Throws as printing would for the form's own record: what a download key is checked against before it is issued. */
export async function assertMayPrint(s: Services, caller: Caller, layout: Layout, key: string): Promise<void> {
  await readMain(s, caller, layout, key);
}

/** A read that may fail: 403 and 404 are logged and answer nothing. */
async function tryRead(
  s: Services,
  caller: Caller,
  type: RecordName,
  key: string | undefined,
  own: boolean,
  hint?: DataObject,
) {
  if (!key) return undefined;
  try {
    return await read(s, caller, type, key, own, hint);
  } catch (e) {
    if (e instanceof ApiError && (e.status === 403 || e.status === 404)) {
      s.log('info', 'printable form: a record was not read', { type, status: e.status });
      return undefined;
    }
    throw e;
  }
}

/**
 * Reads what a form needs for the employee `key`. The form's own record (`main`) must be readable:
 * its 404 or 403 is thrown, so another employee's form does not exist for the caller.
 */
export async function readFormRecords(s: Services, caller: Caller, layout: Layout, key: string): Promise<FormRecords> {
  const { main, records } = layout;
  const own = caller.principal.userKey === key;
  const input: PrintInput = {
    organization: {
      name: caller.org.name,
      city: caller.org.record.data.city as string | undefined,
      state: caller.org.record.data.state as string | undefined,
      time_zone: await orgTimeZone(s, caller.org),
    },
  };
  const { data: mainData, key: mainKey } = await readMain(s, caller, layout, key);
  input[main] = mainData;
  const ids = await wholeIdentifiers(s, caller, main, key, mainData);
  const idSource = ids.length ? { type: main, key, fields: ids } : undefined;
  for (const type of records) {
    if (type === main || type === 'onboarding_user' || type === 'employer') continue;
    input[type] = await tryRead(s, caller, type, key, own);
  }
  if (records.includes('employer')) {
    input.employer = await tryRead(s, caller, 'employer', await companyEmployerKey(s, caller.org.id), false);
  }
  // A signed form prints what its owner attested: the name, SSN and address frozen at signing.
  const printed = await attestedPrint(s, caller, main, mainKey);
  for (const type of ['employee', 'basic_info'] as const) {
    if (printed?.[type]) input[type] = { ...input[type], ...readableCopy(s, caller, type, key, printed[type]) };
  }
  if (printed?.employee && typeof input.employee?.ssn === 'string' && !maySeeWholeSsn(caller, key)) {
    input.employee.ssn = maskValue('ssn', input.employee.ssn);
  }
  let hire: string | undefined;
  if (records.includes('onboarding_user') && !input.employee) {
    hire = await hireKeyOf(s, caller.org.id, key);
    // Their own hire gives a person's own form their name, SSN and contact fields (payroll/own-hire.ts).
    input.onboarding_user = own
      ? await ownHireFields(s, caller.org.id, hire)
      : await tryRead(s, caller, 'onboarding_user', hire, false);
  }
  // A whole SSN handed to the layout is a reveal, printed or not.
  const whole = (v: unknown) => typeof v === 'string' && v !== '' && !looksMasked('ssn', v);
  const ssnSource = whole(input.employee?.ssn)
    ? { type: 'employee' as const, key }
    : whole(input.onboarding_user?.ssn) && hire
      ? { type: 'onboarding_user' as const, key: hire }
      : whole(input.w9?.tin)
        ? { type: 'w9' as const, key, field: 'tin' }
        : undefined;
  return { input, ssnSource, idSource };
}

/** The data frozen with the owner's signature of the form's own record (decrypted), if it has one. */
async function attestedPrint(s: Services, caller: Caller, main: RecordName, key: string) {
  const entity = s.catalogue.registry.resolve('payroll', main)?.entity;
  const stored = entity ? await s.storage.get(entity.id, caller.org.id, key) : undefined;
  if (!entity || !stored) return undefined;
  const data = decryptedData(s, entity, stored);
  const sig = data.employee_signature as { evidence?: { printed?: Record<string, DataObject> } } | undefined;
  return sig?.evidence?.printed;
}

/** A form the viewer may offer for an employee: what the server prints, as the selector names it. */
export interface PrintableForm {
  form: string;
  title: string;
  kind: 'i9' | 'w4' | 'w9' | 'state';
  /** A state form's state: the employee holds one certificate per state. */
  state?: string;
}

/**
 * The forms that exist for an employee and that this caller may print: the I-9, the W-4 and the W-9
 * when their record can be read, and the form of the state of each state certificate (a shipped
 * form, or the layout its state form definition keeps as data).
 */
export async function printableFormsOf(
  s: Services,
  caller: Caller,
  key: string,
  layouts: { shipped: (form: FederalForm) => Layout; ofState: (state: string) => Promise<Layout | undefined> },
): Promise<PrintableForm[]> {
  const own = caller.principal.userKey === key;
  const out: PrintableForm[] = [];
  for (const form of ['i9', 'w4', 'w9'] as const) {
    const layout = layouts.shipped(form);
    if (await tryRead(s, caller, layout.main, key, own)) out.push({ form, title: layout.title, kind: form });
  }
  // Each state certificate the employee holds (one per state) that the caller may read.
  for (const held of await certificatesOf(s, caller.org.id, key)) {
    const state = held.data.state;
    if (typeof state !== 'string') continue;
    const certificate = await tryRead(s, caller, 'state_w4', key, own, { state });
    const layout = certificate ? await layouts.ofState(state) : undefined;
    if (layout) out.push({ form: layout.form, title: layout.title, kind: 'state', state });
  }
  return out;
}
