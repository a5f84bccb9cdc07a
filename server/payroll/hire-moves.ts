/**
 * The moves of a hire's status a client may make (docs/decisions.md, "A hire's status"). The server
 * alone sets `invited`, `started` and `error` (the invitation, the hire's own forms, a failed send);
 * the employer moves a hire on one step at a time, and only once the hire's onboarding is as far as
 * the step needs, read from the same checklist the pipeline shows (./onboarding.ts):
 *
 * - Send for approval (`started` to `pending_approval`) and Approve (to `approved`): the hire's own
 *   forms finished;
 * - Mark complete (`approved` to `complete`): those and the employer's parts (I-9 Section 2) signed;
 * - Approve and Mark complete: by those who manage payroll data (`PAYROLL:CanManageUserPayrollData`),
 *   not by those who manage onboarding only;
 * - Cancel hire: from any status but `complete`; Open hire again: `cancelled` to `created`, which
 *   the server makes where the hire is (`reopenedStatus`): started once the hire saved a form of the
 *   onboarding, invited once an invitation went out.
 *
 * A complete hire moves no more. Anything else is refused (409, the reason at `/status`). The pay an
 * approval settled (rate, pay type and frequency) is changed afterwards only by those who approve (403).
 */
import { allows } from '../../engine/access.ts';
import type { FieldError } from '../../engine/messages.ts';
import type { Caller } from '../auth/principal.ts';
import { ApiError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';
import { historyOf } from './hire-account.ts';
import { hireChecklist, missingParts } from './onboarding.ts';
import { EMPLOYER_STEPS, HIRE_APPROVERS, STATUS_NAMES } from '../../engine/hire-steps.ts';

/** The statuses only the server sets. */
const SERVER_SET = new Set(['invited', 'started', 'error']);

const refuse = (status: number, message: string) =>
  new ApiError(status as 403 | 409, message, [{ path: '/status', message } satisfies FieldError]);

/** Throws when `caller` may not move the hire from `before`'s status to `after`'s. */
export async function checkHireMove(
  s: Services,
  caller: Caller,
  key: string,
  before: DataObject,
  after: DataObject,
): Promise<void> {
  const from = String(before.status ?? 'created');
  const to = String(after.status ?? 'created');
  if (from === to) return;
  const name = (v: string) => STATUS_NAMES[v] ?? v;
  if (from === 'complete') throw refuse(409, 'This hire is complete: its status no longer changes.');
  if (to === 'cancelled') return;
  if (to === 'created') {
    if (from === 'cancelled') return;
    throw refuse(
      409,
      `A hire is set back to Created only by opening a cancelled hire again; this one is ${name(from)}.`,
    );
  }
  if (SERVER_SET.has(to)) {
    throw refuse(
      409,
      `${name(to)} is set by the server (the invitation, the hire's own forms, a failed send); it cannot be chosen.`,
    );
  }
  const step = EMPLOYER_STEPS[to];
  if (!step) throw refuse(409, `A hire cannot move from ${name(from)} to ${name(to)}.`);
  if (step.approver && !allows(HIRE_APPROVERS, caller.principal, false)) {
    throw refuse(403, `${step.step}: only those who manage payroll data may do this.`);
  }
  if (from !== step.from) {
    throw refuse(409, `${step.step}: the hire must be ${name(step.from)} first; it is ${name(from)}.`);
  }
  const { list } = await hireChecklist(s, caller, { key, data: after });
  if (!list) {
    throw refuse(409, `${step.step}: the hire has no account yet, so none of their onboarding forms is done.`);
  }
  const parts = missingParts(list);
  const missing = [...parts.employee, ...(step.employer ? parts.employer : [])];
  if (missing.length) {
    throw refuse(409, `${step.step}: the hire's onboarding is not done. Still to do: ${missing.join('; ')}.`);
  }
}

/** The pay an approval settles. */
const PAY_FIELDS = ['rate', 'pay_type', 'pay_frequency'] as const;
export const PAY_SETTLED = "Only those who manage payroll data change an approved hire's pay.";

/**
 * Throws (403) when one who does not approve hires changes the pay of a hire approved or complete:
 * the approval settled it, and changing it afterwards would undo the approval without one.
 */
export function checkPayChange(caller: Caller, before: DataObject, after: DataObject): void {
  if (!['approved', 'complete'].includes(String(before.status)) || allows(HIRE_APPROVERS, caller.principal, false)) {
    return;
  }
  const changed = PAY_FIELDS.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  if (changed.length) {
    throw new ApiError(
      403,
      PAY_SETTLED,
      changed.map((f) => ({ path: `/${f}`, message: PAY_SETTLED })),
    );
  }
}

/**
 * Where a cancelled hire opened again is: `started` when the hire has saved a form of the onboarding
 * (else the employer could never send it for approval: only the hire's next save would move it),
 * `invited` when an invitation went out, else `created`.
 */
export async function reopenedStatus(
  s: Services,
  caller: Caller,
  key: string,
  data: DataObject,
): Promise<'created' | 'invited' | 'started'> {
  const { list } = await hireChecklist(s, caller, { key, data });
  if (list?.items.some((i) => i.state !== 'not_started')) return 'started';
  return historyOf(data).some((e) => e.action === 'invited') ? 'invited' : 'created';
}
