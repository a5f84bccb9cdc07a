/**
 * The onboarding checklist as GET /payroll/api/onboarding_checklist answers it (docs/journeys.md):
 * one shape for the server that builds it and the screens that show it.
 */
export type StepState = 'not_started' | 'in_progress' | 'done' | 'signed' | 'needs_signing_again' | 'waiting_employer';

export interface ChecklistItem {
  module: string;
  type: string;
  /** The employee's own copy, the screen they fill in. */
  my_type: string;
  title: string;
  task: string;
  state: StepState;
  /** The record an `each` step's item is (its own screen's key); absent for a form keyed by the employee. */
  key?: string;
  /** Epoch seconds: the day the employee's part is due, when the form has one. */
  due?: number;
  overdue?: boolean;
  /** The employer's part that follows, once the employee has signed. */
  employer?: { task: string; signed: boolean; due?: number; overdue?: boolean };
}

export interface Checklist {
  user_key: string;
  name: string;
  items: ChecklistItem[];
  done: number;
  total: number;
  /** The type of the first step not finished, absent when every step is. */
  next?: string;
  /** The record of that step, when it is an item of an `each` step. */
  next_key?: string;
}
