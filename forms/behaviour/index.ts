/**
 * The per-form behaviours by name, as a form's root x-ui names them ("ui:options": {"behaviour":
 * "payroll/w4"}), and the headers some of them show above the form. Add one by adding an entry.
 */
import type { ComponentType } from 'react';
import { EMPTY_ENV, type BehaviourHeaderProps, type FormBehaviour, type FormData } from './behaviour.ts';
import { organizationBehaviour } from '../auth/organizations.ts';
import { basicInfoBehaviour } from '../payroll/basic_info.ts';
import { paymentInformationBehaviour } from '../payroll/employee_payment_information.ts';
import { i9Behaviour } from '../payroll/i9-status.ts';
import { i9DocumentCopyBehaviour } from '../payroll/i9_document_copies.ts';
import { w4Behaviour } from '../payroll/w4.ts';
import { W4Header } from '../payroll/W4Header.tsx';
import { YourSsn } from '../payroll/YourSsn.tsx';

export const behaviours: Readonly<Record<string, FormBehaviour>> = {
  'auth/organizations': organizationBehaviour,
  'payroll/basic_info': basicInfoBehaviour,
  'payroll/employee_payment_information': paymentInformationBehaviour,
  'payroll/i9': i9Behaviour,
  'payroll/i9_document_copies': i9DocumentCopyBehaviour,
  'payroll/w4': w4Behaviour,
};

export const behaviourHeaders: Readonly<Record<string, ComponentType<BehaviourHeaderProps>>> = {
  'payroll/w4': W4Header,
  'payroll/basic_info': YourSsn,
};

/**
 * The top-level fields a form's behaviour hides for this data (an I-9 citizen's alien fields, a
 * 2020 W-4's 3(a) and 3(b)), read from the root x-ui's behaviour: the read-only view leaves them out
 * as the edit screen does.
 */
export function fieldsHiddenByBehaviour(
  rootUi: Readonly<Record<string, unknown>> | undefined,
  data: FormData,
): string[] {
  const name = (rootUi?.['ui:options'] as { behaviour?: unknown } | undefined)?.behaviour;
  const behaviour = typeof name === 'string' ? behaviours[name] : undefined;
  const ui = behaviour?.ui?.(data, EMPTY_ENV) ?? {};
  const hidden = Object.entries(ui)
    .filter(([, u]) => u['ui:widget'] === 'hidden')
    .map(([field]) => field);
  return [...hidden, ...(behaviour?.notViewed ?? [])];
}
