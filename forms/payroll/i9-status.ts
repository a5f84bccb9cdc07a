/**
 * Form I-9 Section 1 behaviour (spec/001 sections 2 and 4): the alien number type, alien number,
 * I-94 admission number, authorized-until date, country of issuance, foreign passport number and renew date appear only
 * when the work authorization status is not Citizen of the United States; choosing Citizen removes
 * them from the record (the server's save rule drops them too). Pure.
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

/** Citizen is the status's default, so a record without one is a citizen's. */
export function isCitizen(data: FormData): boolean {
  return data.work_auth_status === undefined || data.work_auth_status === CITIZEN;
}

const statusPatch: PatchFn = (next) =>
  isCitizen(next) ? Object.fromEntries(ALIEN_FIELDS.map((f) => [f, undefined])) : {};

export const i9Behaviour: FormBehaviour = {
  patches: { work_auth_status: statusPatch },
  ui: (data) => (isCitizen(data) ? Object.fromEntries(ALIEN_FIELDS.map((f) => [f, { 'ui:widget': 'hidden' }])) : {}),
};
