/**
 * The few people anyone of the company may choose in a form whose person they otherwise could not
 * search for (docs/directory.md, "Searching people"): the form names its purpose (`for` of
 * search_people, `"ui:options": {"for": ...}` of its picker) and the server offers, and later
 * accepts, only these, by name.
 * - a secure file's recipient: those who handle secure files or HR documents for the company
 *   (./secure-file-recipients.ts);
 * - the people a share request asks HR to share an employee's document with: her direct managers
 *   (her payroll record's `direct_managers`) and those same HR people.
 */
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';
import { SECURE_FILES, secureFileRecipients } from './secure-file-recipients.ts';

export const SHARE_REQUESTS = 'hr/share_request';

const usable = (u: StoredRecord | undefined): u is StoredRecord =>
  !!u && u.data.status !== 'inactive' && u.data.status !== 'blocked' && u.data.locked !== true;

/** The caller's direct managers and the company's HR people, by display name; never the caller. */
async function shareRequestRecipients(s: Services, org: string, caller: string): Promise<StoredRecord[]> {
  const hr = await secureFileRecipients(s, org);
  const managers = (await s.storage.get('payroll/employee', org, caller))?.data.direct_managers;
  const keys = (Array.isArray(managers) ? managers : []).filter(
    (k): k is string => typeof k === 'string' && !hr.some((u) => u.key === k),
  );
  const found = keys.length
    ? await s.storage.getMany(
        org,
        keys.slice(0, 100).map((key) => ({ collection: 'auth/users', key })),
      )
    : [];
  return [...hr, ...found.filter(usable)]
    .filter((u) => u.key !== caller)
    .sort((a, b) => String(a.data.display_name ?? '').localeCompare(String(b.data.display_name ?? '')));
}

const OFFERED: Readonly<Record<string, (s: Services, org: string, caller: string) => Promise<StoredRecord[]>>> = {
  [SECURE_FILES]: (s, org) => secureFileRecipients(s, org),
  [SHARE_REQUESTS]: shareRequestRecipients,
};

/** The forms whose people are offered so, in the words of a refusal of any other `for`. */
export const OFFERED_FORMS = Object.keys(OFFERED);

export function offersPeople(form: unknown): form is string {
  return typeof form === 'string' && Object.hasOwn(OFFERED, form);
}

/** The people offered for `form` to `caller`. */
export function offeredPeople(s: Services, org: string, form: string, caller: string): Promise<StoredRecord[]> {
  return OFFERED[form](s, org, caller);
}
