/**
 * The two states that decide an employee's state withholding certificate (engine/withholding-states.ts):
 * the state they work in (their employee record's work_state, else their hire's work state) and the
 * state they live in (their basic info's legal address). Read from the store as kept, whoever asks.
 */
import type { Services } from '../services.ts';
import { certificateState, type CertificateState } from '../../engine/withholding-states.ts';

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The hire of this user: keyed by the user key, or else the first one with the account's e-mail. */
async function hireOf(s: Services, org: string, userKey: string) {
  const own = await s.storage.get('payroll/onboarding_user', org, userKey);
  if (own) return own.data;
  const email = (await s.storage.get('auth/users', org, userKey))?.data.email;
  if (typeof email !== 'string') return undefined;
  const query = { criteria: [{ field: 'email', is: '=' as const, value: email }], limit: 1, offset: 0 };
  return (await s.storage.find('payroll/onboarding_user', org, query)).items[0]?.data;
}

export async function workStateOf(s: Services, org: string, userKey: string): Promise<string | undefined> {
  return (
    text((await s.storage.get('payroll/employee', org, userKey))?.data.work_state) ??
    text((await hireOf(s, org, userKey))?.state)
  );
}

export async function residenceOf(s: Services, org: string, userKey: string): Promise<string | undefined> {
  const legal = (await s.storage.get('payroll/basic_info', org, userKey))?.data.legal_address as
    Record<string, unknown> | undefined;
  return text(legal?.state);
}

/** The certificate this employee gives, or undefined when neither state is on record. */
export async function employeeCertificate(
  s: Services,
  org: string,
  userKey: string,
): Promise<CertificateState | undefined> {
  return certificateState(await workStateOf(s, org, userKey), await residenceOf(s, org, userKey));
}
