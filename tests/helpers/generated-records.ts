/**
 * What the schema-driven tests (catalogue, fuzzer, roles, permissions) share when they let
 * json-schema-faker make records: the rules a generator cannot know, and schemas stripped of the
 * engine's x- keywords.
 */
import { SECTION2 } from './i9-section2.ts';

/**
 * Merged over a generated record so the server accepts it: a rule across fields, an enum a
 * generator picks badly, an array json-schema-faker builds out of order.
 */
export const RECORD_OVERRIDES: Readonly<Record<string, Record<string, unknown>>> = {
  'auth/organizations': { active_modules: ['auth', 'payroll'] },
  // A redirect sends visitors to a hostname or an http(s) address, not generated words.
  'auth/organization_redirects': { redirect_to: 'newsite.dform.app' },
  // A company keeps one preferences record a module, and its auth one (the branding) is made with
  // the company: a generated one is of another module.
  'auth/organization_preferences': { module: 'hr' },
  'auth/users': { is_employee: false },
  // A draft: HR:CanUseModule reaches published documents only.
  'hr/documents': { filename: 'handbook.pdf', published: false },
  // A draft too: everyone reaches published labour-law posters only.
  'hr/global_docs': { filename: 'poster.pdf', published: false },
  // Not listed: a file group seen by its administrators, members, creator and file managers only
  // (a listed one is seen by everyone in the company, @shared).
  'storage/fgroups': { listed: false },
  // A state certificate must be of a state the employee's residence or work calls for, and of one
  // that taxes wages: the generated employee lives in Colorado and gives Colorado's certificate.
  'payroll/basic_info': {
    legal_address: { address1: '1 Elm St', city: 'Denver', state: 'CO', postal_code: '80202' },
  },
  'payroll/state_w4': { state: 'CO' },
  // The records a caller approves of their own are approved as the employee, never as admin (the
  // approval's validate rule).
  'payroll/approvals': { approval_type: 'employee' },
  // A pay statement's lines add up to its totals and its deposits to its net pay (its validate rule):
  // one that pays nothing, in one period.
  'payroll/paystubs': {
    earnings: [],
    taxes: [],
    deductions: [],
    deposits: [],
    gross_pay: 0,
    total_taxes: 0,
    total_deductions: 0,
    net_pay: 0,
    gross_pay_ytd: 0,
    net_pay_ytd: 0,
    period_start: 1_796_083_200,
    period_end: 1_797_292_800,
    pay_date: 1_797_724_800,
  },
  // A manager saving someone else's I-9 signs Section 2, with what Section 2 asks (the I-9's validate rule).
  // Its owner's own signature is in their name: the product-staff admin's, who makes the generated records.
  'payroll/i9': {
    ...SECTION2,
    employee_signature: { name: 'Product staff admin', font: 'font1', timestamp: 1 },
    employer_signature: { name: 'Paula Payroll', font: 'font1', timestamp: 1 },
  },
  // json-schema-faker does not keep to exclusiveMinimum: 0 on an unbounded number, nor the first day
  // before the last (the request's validate rule).
  'time/pto_request': { hours: 8, start_date: 1_796_083_200, end_date: 1_796_169_600 },
  'time/pto_register': { action: 'annotation' },
  'time/pto_progression': {
    steps: [
      { after_months: 0, accrual_hours: 4 },
      { after_months: 12, accrual_hours: 6 },
    ],
  },
};

/** A copy without x- keywords: json-schema-faker reads `x-messages.required` as a schema keyword. */
export function withoutEngineKeywords<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutEngineKeywords) as T;
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k]) => !k.startsWith('x-'))
      .map(([k, v]) => [k, withoutEngineKeywords(v)]),
  ) as T;
}

/**
 * A copy of an I-9 document names an I-9 and one of the documents examined on it (the copies'
 * validate hook): the first such document of the company, for `payroll/i9_document_copies`.
 */
export async function examinedI9Document(
  find: (body: unknown) => Promise<{ status: number; body: any }>,
): Promise<Record<string, unknown>> {
  const r = await find({ limit: 100 });
  if (r.status !== 200) throw new Error(`find payroll/i9: ${r.status}`);
  for (const i9 of r.body.items ?? []) {
    const doc = (i9.data?.documentation ?? []).find((d: { id?: unknown }) => typeof d?.id === 'string');
    if (doc) return { employee_id: i9.key, document_id: doc.id };
  }
  throw new Error('no I-9 of the company has a document examined');
}

/**
 * The PTO records name records of their company (x-ref, the requests' validate hook): a request is on
 * an active plan for a user of the company, a ledger line names such a user, plan and request. The
 * first active plan and request found, and the given user, for `time/pto_request` and
 * `time/pto_register`.
 */
export async function ptoReferences(
  find: (type: 'pto_plan' | 'pto_request', body: unknown) => Promise<{ status: number; body: any }>,
  user: string,
): Promise<Record<string, Record<string, unknown>>> {
  const plans = await find('pto_plan', { criteria: [{ field: 'status', is: '=', value: 'active' }], limit: 1 });
  const requests = await find('pto_request', { limit: 1 });
  const plan = plans.body.items?.[0]?.key;
  const request = requests.body.items?.[0]?.key;
  if (!plan || !request)
    throw new Error(`the company has no active PTO plan or no PTO request: ${plans.status} ${requests.status}`);
  return {
    'time/pto_request': { ...RECORD_OVERRIDES['time/pto_request'], plan_id: plan, user_id: user },
    'time/pto_register': {
      ...RECORD_OVERRIDES['time/pto_register'],
      plan_id: plan,
      user_id: user,
      request_id: request,
    },
  };
}

/** A pay statement names a user of the company as its employee (x-ref): `user`'s, for `payroll/paystubs`. */
export function paystubOf(user: string): Record<string, Record<string, unknown>> {
  return { 'payroll/paystubs': { ...RECORD_OVERRIDES['payroll/paystubs'], employee_id: user } };
}

/**
 * The HR records naming people and an employee's document name ones of the company (x-ref;
 * server/data/hooks/assignments.ts, share-request.ts): `user`, and `document`, an employee document
 * of theirs. An assignment names a questionnaire (a document would have to be published).
 */
export function hrPeopleOf(user: string, document: string): Record<string, Record<string, unknown>> {
  return {
    'hr/employee_documents': { employee_id: user },
    'hr/confidential_employee_documents': { employee_id: user },
    'hr/secure_files': { owner_id: user },
    'hr/share_request': { employee_id: user, share_to: [user], document_id: document },
    'hr/assignments': {
      user_ids: [user],
      questionnaire_id: '6f1c1d2e-5b7a-4c1e-9a0b-2f3d4e5f6a7c',
      document_id: undefined,
      acknowledgements: [],
      status: 'assigned',
    },
  };
}

/**
 * A share names a file its sender may edit (docs/files.md "Sharing a stored file"): a file of
 * `owner`'s, made through `create` (a caller who may make one for them), for `storage/shares`.
 */
export async function shareOfFile(
  create: (body: unknown) => Promise<{ status: number; body: any; text?: string }>,
  owner: string,
): Promise<Record<string, Record<string, unknown>>> {
  const r = await create({ owner_id: owner, filename: 'shared.txt', module: 'hr' });
  if (r.status !== 201) throw new Error(`a file to share: ${r.status} ${r.text ?? ''}`);
  return { 'storage/shares': { file_key: r.body.key } };
}

/**
 * A PTO team is a group of the company (x-ref auth/groups, docs/pto.md): a group made with `create`
 * (a POST of auth/groups in the company) for a team's preferences to name.
 */
export async function ptoTeamOf(
  create: (body: unknown) => Promise<{ status: number; body: any; text?: string }>,
): Promise<Record<string, Record<string, unknown>>> {
  const r = await create({ name: `Team ${Math.random().toString(36).slice(2, 8)}`, permissions: [], users: [] });
  if (r.status !== 201) throw new Error(`a team's group: ${r.status} ${r.text ?? ''}`);
  return { 'time/pto_prefs': { team_id: r.body.key } };
}

/**
 * COMMS records name people of the company (x-ref) and a channel's records are written only to a
 * channel of the company that lets the writer in (docs/comms.md): an active group channel `owner`
 * makes through `create`, and `person` as the one each record names.
 */
export async function commsReferences(
  create: (body: unknown) => Promise<{ status: number; body: any; text: string }>,
  owner: string,
  person: string,
): Promise<Record<string, Record<string, unknown>>> {
  const r = await create({ name: 'Generated records', owner, type: 'group', status: 'active' });
  if (r.status !== 201) throw new Error(`channel: ${r.status} ${r.text}`);
  const channel_id = r.body.key as string;
  return {
    'comms/channels': { ...RECORD_OVERRIDES['comms/channels'], owner },
    'comms/messages': { ...RECORD_OVERRIDES['comms/messages'], channel_id },
    'comms/channel_members': { ...RECORD_OVERRIDES['comms/channel_members'], channel_id, user_id: person },
    'comms/membership_requests': { ...RECORD_OVERRIDES['comms/membership_requests'], channel_id, user_id: person },
    'comms/notifications': { ...RECORD_OVERRIDES['comms/notifications'], recipients: [person] },
    'comms/notification_routes': { ...RECORD_OVERRIDES['comms/notification_routes'], recipients: [person] },
  };
}

/**
 * A generated record naming users (x-ref auth/users: a hire's manager, a file's owner) names `user`,
 * a user of the company, wherever the generator wrote a key of no one (refused with "Must be a user
 * of this company.").
 */
export function naming(bundled: { properties?: Record<string, any> }, data: Record<string, unknown>, user: string) {
  for (const [field, p] of Object.entries(bundled.properties ?? {})) {
    if (p?.['x-ref'] !== 'auth/users' || data[field] === undefined) continue;
    data[field] = Array.isArray(data[field]) ? [user] : user;
  }
  return data;
}
