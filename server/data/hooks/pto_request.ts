/**
 * PTO requests (docs/pto.md):
 * - a request is on a plan of the company, active when it is asked (or moved to it), and one the
 *   employee is in when their PTO enrolment lists plans;
 * - an approval is written to the employee's ledger (`time/pto_register`) in the same commit as the
 *   decision: a `use` debit of the hours on the plan. An approval that goes (denied after all, the
 *   request changed and asked again, or deleted) is given back by a `use` credit, so a balance read
 *   from the ledger is never off by a decision.
 */
import { randomUUID } from 'node:crypto';
import type { FieldError } from '../../../engine/messages.ts';
import type { Services } from '../../services.ts';
import type { DataObject, WriteOp } from '../../storage/types.ts';
import type { TimePtoEmployee } from '../../../types/generated/time/pto_employee.ts';
import type { TimePtoPlan } from '../../../types/generated/time/pto_plan.ts';
import type { TimePtoRegister } from '../../../types/generated/time/pto_register.ts';
import type { TimePtoRequest } from '../../../types/generated/time/pto_request.ts';
import { systemPut } from '../system-write.ts';
import type { EntityHooks } from '../hooks.ts';

const PLAN = 'time/pto_plan';
const ENROLMENT = 'time/pto_employee';
const LEDGER = 'time/pto_register';

async function planErrors(s: Services, org: string, request: TimePtoRequest): Promise<FieldError[]> {
  const stored = await s.storage.get(PLAN, org, request.plan_id);
  const plan = stored?.data as TimePtoPlan | undefined;
  if (!plan) return [{ path: '/plan_id', message: "Choose one of the company's plans." }];
  if (plan.status === 'inactive') {
    return [{ path: '/plan_id', message: `${plan.name} is no longer offered: choose an active plan.` }];
  }
  const enrolment = (await s.storage.get(ENROLMENT, org, request.user_id))?.data as TimePtoEmployee | undefined;
  const plans = enrolment?.plan_ids ?? [];
  if (plans.length && !plans.includes(request.plan_id)) {
    return [{ path: '/plan_id', message: `The employee is not in ${plan.name}: choose one of their plans.` }];
  }
  return [];
}

/** The ledger line that takes an approval's hours (`debit`) or gives them back (`credit`). */
function useLine(
  s: Services,
  org: string,
  by: string,
  requestKey: string,
  request: TimePtoRequest,
  action: 'debit' | 'credit',
): WriteOp {
  const line: TimePtoRegister = {
    user_id: request.user_id,
    plan_id: request.plan_id,
    action,
    type: 'use',
    hours: request.hours,
    effective_date: request.start_date,
    request_id: requestKey,
    note: action === 'debit' ? 'Time off approved.' : 'Approval withdrawn: hours given back.',
    created_by: by,
    created_time: s.now(),
  };
  return systemPut(s, LEDGER, org, randomUUID(), line as unknown as DataObject, by);
}

const approved = (r: TimePtoRequest | undefined): r is TimePtoRequest => r?.status === 'approved';
const decidedOn = (r: TimePtoRequest) => JSON.stringify([r.user_id, r.plan_id, r.hours, r.start_date]);

export const ptoRequestHooks: EntityHooks = {
  async validate({ s, caller, data, before }) {
    const request = data as unknown as TimePtoRequest;
    const previous = before as unknown as TimePtoRequest | undefined;
    // Without a plan or an employee the schema's own messages say what is missing.
    if (typeof request.plan_id !== 'string' || typeof request.user_id !== 'string') return [];
    // A request already on a plan keeps it, so one asked before the plan closed can still be decided.
    if (previous && previous.plan_id === request.plan_id && previous.user_id === request.user_id) return [];
    return planErrors(s, caller.org.id, request);
  },
  extraOps({ s, caller, key, data, before }) {
    const now = data as unknown as TimePtoRequest;
    const was = before as unknown as TimePtoRequest | undefined;
    const by = caller.principal.userKey;
    if (approved(was) && approved(now) && decidedOn(was) === decidedOn(now)) return [];
    const ops: WriteOp[] = [];
    if (approved(was)) ops.push(useLine(s, caller.org.id, by, key, was, 'credit'));
    if (approved(now)) ops.push(useLine(s, caller.org.id, by, key, now, 'debit'));
    return ops;
  },
  onDelete({ s, caller, record }) {
    const request = record.data as unknown as TimePtoRequest;
    return approved(request)
      ? [useLine(s, caller.org.id, caller.principal.userKey, record.key, request, 'credit')]
      : [];
  },
};
