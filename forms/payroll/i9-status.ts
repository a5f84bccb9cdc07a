/**
 * Form I-9 Section 1 behaviour (spec/001 sections 2 and 4): each work authorization status shows
 * the fields the official Section 1 asks of it (research/domain-forms.md 1.3): statuses 1 and 2
 * none, status 3 the USCIS or A-Number, status 4 its date and its three identifiers. Choosing a
 * status removes the others' fields from the record (the server's save rule drops them too, and
 * the schema refuses them). Section 2, opened by the employer, starts from what the server proposes
 * for its empty fields (the first day, the business name and address). Pure.
 */
import type { FormBehaviour, FormData, PatchFn } from '../behaviour/behaviour.ts';

export const CITIZEN = 'Citizen of the United States';

export const ALIEN_FIELDS = [
  'alien_number_type',
  'alien_number',
  'i94_admission_number',
  'authorized_to_work_until',
  'country_of_issuance',
  'foreign_passport_number',
  'i9_renew_date',
] as const;

type AlienField = (typeof ALIEN_FIELDS)[number];

const STATUS_FIELDS: Readonly<Record<string, readonly AlienField[]>> = {
  [CITIZEN]: [],
  'Noncitizen National of the United States': [],
  'Lawful Permanent Resident': ['alien_number_type', 'alien_number'],
  'An Alien Authorized to Work': ALIEN_FIELDS,
};

/** The status's own fields; citizen is the status's default, so a record without one is a citizen's. */
export function fieldsOfStatus(data: FormData): readonly AlienField[] {
  const status = typeof data.work_auth_status === 'string' ? data.work_auth_status : CITIZEN;
  return STATUS_FIELDS[status] ?? ALIEN_FIELDS;
}

/** The alien fields the status does not ask. */
const notAsked = (data: FormData) => ALIEN_FIELDS.filter((f) => !fieldsOfStatus(data).includes(f));

const statusPatch: PatchFn = (next) => Object.fromEntries(notAsked(next).map((f) => [f, undefined]));

/** The Section 2 fields the server proposes (server/payroll/section2-proposal.ts). */
const PROPOSED = ['first_day', 'orgname', 'employer_address'] as const;

const empty = (v: unknown) =>
  v === undefined || v === null || v === '' || (typeof v === 'object' && !Array.isArray(v) && !Object.keys(v).length);

export const i9Behaviour: FormBehaviour = {
  patches: { work_auth_status: statusPatch },
  // The employer opening Section 2 confirms what the company already knows rather than typing it:
  // the first day (the hire date), the business name and address, each where the form has none.
  proposal: (client, key) => client.section2Proposal(key),
  init: (data, env) => {
    const proposed = env.proposed;
    if (!proposed || !empty(data.employer_signature)) return {};
    return Object.fromEntries(
      PROPOSED.filter((f) => empty(data[f]) && !empty(proposed[f])).map((f) => [f, proposed[f]]),
    );
  },
  ui: (data) => Object.fromEntries(notAsked(data).map((f) => [f, { 'ui:widget': 'hidden' }])),
};
