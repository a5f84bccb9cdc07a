/**
 * A person's own hire, for what it says of who they are before they have an employee record: their
 * name and SSN as their employer entered them. Only those who manage hires may read a hire; the
 * person reads these fields of their own through what uses them (their printed forms, the copy
 * frozen with their signature), never the hire itself.
 */
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';
import { decryptedData } from '../data/records.ts';

const HIRES = 'payroll/onboarding_user';

/** The fields of a person's own hire that stand for them on their own forms. */
const OWN_HIRE_FIELDS = ['first_name', 'last_name', 'ssn', 'email', 'phone', 'hire_date'] as const;

/** The hire of this user: keyed by the user key, or else the first one with the account's e-mail. */
export async function hireKeyOf(s: Services, org: string, userKey: string): Promise<string | undefined> {
  if (await s.storage.get(HIRES, org, userKey)) return userKey;
  const email = (await s.storage.get('auth/users', org, userKey))?.data.email;
  if (typeof email !== 'string') return undefined;
  const query = { criteria: [{ field: 'email', is: '=' as const, value: email }], limit: 1, offset: 0 };
  return (await s.storage.find(HIRES, org, query)).items[0]?.key;
}

/** The own-hire fields of the hire `hire` (decrypted), unless it was cancelled. */
export async function ownHireFields(
  s: Services,
  org: string,
  hire: string | undefined,
): Promise<DataObject | undefined> {
  const entity = s.catalogue.registry.resolve('payroll', 'onboarding_user')?.entity;
  const stored = hire && entity ? await s.storage.get(entity.id, org, hire) : undefined;
  if (!entity || !stored || stored.data.status === 'cancelled') return undefined;
  const full = decryptedData(s, entity, stored);
  return Object.fromEntries(OWN_HIRE_FIELDS.filter((f) => full[f] !== undefined).map((f) => [f, full[f]]));
}
