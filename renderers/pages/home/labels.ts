/**
 * Plain words for the onboarding views' states (docs/journeys.md) and the paths of their screens.
 */
import type { ChecklistItem, StepState } from '../../api/types.ts';
import { epochToUs } from '../../../engine/masks.ts';

export const STEP_LABELS: Record<StepState, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  done: 'Done',
  signed: 'Signed',
  needs_signing_again: 'Needs signing again',
  waiting_employer: 'Waiting for the employer',
};

/** What the button of a step says, by its state. */
export const STEP_ACTIONS: Record<StepState, string> = {
  not_started: 'Start',
  in_progress: 'Continue',
  done: 'Review',
  signed: 'Review',
  needs_signing_again: 'Sign again',
  waiting_employer: 'Review',
};

/** The steps whose employee part is finished. */
export const FINISHED: ReadonlySet<StepState> = new Set(['done', 'signed', 'waiting_employer']);

/** The walk through the checklist: a form opened from it carries this in its address. */
export const WALK_PARAM = 'walk';
export const WALK_ONBOARDING = 'onboarding';

/** The screen of a step: the employee's own form (keyed by them), or the record of an item (a requested document). */
export function stepPath(item: ChecklistItem, userKey: string, walk = true): string {
  const key = item.key ?? userKey;
  return `/${item.module}/${item.my_type}/edit/${key}${walk ? `?${WALK_PARAM}=${WALK_ONBOARDING}` : ''}`;
}

/** Whether a checklist item is the one shown at this type and record. */
export const isStep = (item: ChecklistItem, type: string, key: string | undefined) =>
  (item.my_type === type || item.type === type) && (item.key === undefined || item.key === key);

/** `pending_approval` reads "Pending approval". */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const dueText = (t: number | undefined) => (t === undefined ? '' : epochToUs(t));

/** A step's due day in words: a late one says so ("Overdue: due 11/20/2026"), not by its colour only. */
export function dueLabel(item: Pick<ChecklistItem, 'due' | 'overdue'>): string {
  if (item.due === undefined) return '';
  return item.overdue ? `Overdue: due ${dueText(item.due)}` : `Due by ${dueText(item.due)}`;
}
