/**
 * The per-form behaviours by name, as a form's root x-ui names them ("ui:options": {"behaviour":
 * "payroll/w4"}), and the headers some of them show above the form. Add one by adding an entry.
 */
import type { ComponentType } from 'react';
import type { BehaviourHeaderProps, FormBehaviour } from './behaviour.ts';
import { organizationBehaviour } from '../auth/organizations.ts';
import { basicInfoBehaviour } from '../payroll/basic_info.ts';
import { paymentInformationBehaviour } from '../payroll/employee_payment_information.ts';
import { i9Behaviour } from '../payroll/i9-status.ts';
import { w4Behaviour } from '../payroll/w4.ts';
import { W4Header } from '../payroll/W4Header.tsx';

export const behaviours: Readonly<Record<string, FormBehaviour>> = {
  'auth/organizations': organizationBehaviour,
  'payroll/basic_info': basicInfoBehaviour,
  'payroll/employee_payment_information': paymentInformationBehaviour,
  'payroll/i9': i9Behaviour,
  'payroll/w4': w4Behaviour,
};

export const behaviourHeaders: Readonly<Record<string, ComponentType<BehaviourHeaderProps>>> = {
  'payroll/w4': W4Header,
};
