/**
 * The two states that decide an employee's state withholding certificate (engine/withholding-states.ts):
 * the state they work in (their employee record's work_state, else their hire's work state) and the
 * state they live in (their basic info's legal address). Read from the store as kept, whoever asks.
 */
import type { Services } from '../services.ts';
import { certificateState, type CertificateState } from '../../engine/withholding-states.ts';

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** The hire of this user: keyed by the user key, or else the first one with the account's e-mail. */
function hireOf(s: Services, org: string, userKey: string) {
  const own = s.storage.get('payroll/onboarding_user', org, userKey);
  if (own) return own.data;
  const email = s.storage.get('auth/users', org, userKey)?.data.email;
  if (typeof email !== 'string') return undefined;
  const query = { criteria: [{ field: 'email', is: '=' as const, value: email }], limit: 1, offset: 0 };
  return s.storage.find('payroll/onboarding_user', org, query).items[0]?.data;
}

export function workStateOf(s: Services, org: string, userKey: string): string | undefined {
  return text(s.storage.get('payroll/employee', org, userKey)?.data.work_state) ?? text(hireOf(s, org, userKey)?.state);
}

export function residenceOf(s: Services, org: string, userKey: string): string | undefined {
  const legal = s.storage.get('payroll/basic_info', org, userKey)?.data.legal_address as
    Record<string, unknown> | undefined;
  return text(legal?.state);
}

/** The certificate this employee gives, or undefined when neither state is on record. */
export function employeeCertificate(s: Services, org: string, userKey: string): CertificateState | undefined {
  return certificateState(workStateOf(s, org, userKey), residenceOf(s, org, userKey));
}
