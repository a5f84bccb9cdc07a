/** time/pto_request: the rules of schemas/time/pto_request.json. */
import type { EntityCases, EntityRules, ExpressionCase, TransformCase } from '../harness.ts';
import { KEY, KEY2, NOW, onCreate, onSave } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'time/pto_request',
  valid: { user_id: KEY, plan_id: KEY2, start_date: NOW, end_date: NOW + 86400, hours: 16, status: 'requested' },
  cases: [
    { name: 'status outside the three', patch: { status: 'pending' }, errors: [{ path: '/status', message: 'Must be one of: requested, approved, denied' }] },
    { name: 'zero hours', patch: { hours: 0 }, errors: [{ path: '/hours', message: 'Hours must be more than 0.' }] },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'time/pto_request',
    name: 'a new request starts as requested',
    kind: 'save',
    input: { user_id: KEY, hours: 8, status: 'approved' },
    output: { user_id: KEY, hours: 8, status: 'requested' },
    bindings: onCreate,
  },
  {
    entity: 'time/pto_request',
    name: 'approving records who decided and when',
    kind: 'save',
    input: { user_id: KEY, hours: 8, status: 'approved' },
    output: { user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW + 60 },
    bindings: onSave({ user_id: KEY, hours: 8, status: 'requested' }),
  },
  {
    entity: 'time/pto_request',
    name: 'more hours on an approved request ask for a decision again: the old one is gone',
    kind: 'save',
    input: { user_id: KEY, hours: 400, status: 'approved', approver_id: KEY2, decision_time: NOW, decision_note: 'Enjoy' },
    output: { user_id: KEY, hours: 400, status: 'requested' },
    bindings: onSave({ user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW, decision_note: 'Enjoy' }),
  },
  {
    entity: 'time/pto_request',
    name: 'other days on a denied request ask again',
    kind: 'save',
    input: { user_id: KEY, hours: 8, start_date: NOW + 86400, status: 'denied', approver_id: KEY2, decision_time: NOW },
    output: { user_id: KEY, hours: 8, start_date: NOW + 86400, status: 'requested' },
    bindings: onSave({ user_id: KEY, hours: 8, start_date: NOW, status: 'denied', approver_id: KEY2, decision_time: NOW }),
  },
  {
    entity: 'time/pto_request',
    name: 'a plan or a partial day added after the decision asks again',
    kind: 'save',
    input: { user_id: KEY, hours: 8, plan_id: KEY2, partial_day: true, status: 'approved', approver_id: KEY2, decision_time: NOW },
    output: { user_id: KEY, hours: 8, plan_id: KEY2, partial_day: true, status: 'requested' },
    bindings: onSave({ user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW }),
  },
  {
    entity: 'time/pto_request',
    name: 'editing the reason keeps the decision',
    kind: 'save',
    input: { user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW, reason: 'Trip' },
    output: { user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW, reason: 'Trip' },
    bindings: onSave({ user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW }),
  },
  {
    entity: 'time/pto_request',
    name: 'a save leaving out partial_day (a full day, its default) keeps the decision',
    kind: 'save',
    input: { user_id: KEY, hours: 8, status: 'denied', approver_id: KEY2, decision_time: NOW, decision_note: 'No.' },
    output: { user_id: KEY, hours: 8, status: 'denied', approver_id: KEY2, decision_time: NOW, decision_note: 'No.' },
    bindings: onSave({ user_id: KEY, hours: 8, partial_day: false, status: 'denied', approver_id: KEY2, decision_time: NOW, decision_note: 'No.' }),
  },
  {
    entity: 'time/pto_request',
    name: 'a partial day asked after the decision asks again',
    kind: 'save',
    input: { user_id: KEY, hours: 8, partial_day: true, status: 'denied', approver_id: KEY2, decision_time: NOW },
    output: { user_id: KEY, hours: 8, partial_day: true, status: 'requested' },
    bindings: onSave({ user_id: KEY, hours: 8, status: 'denied', approver_id: KEY2, decision_time: NOW }),
  },
];

const validations: ExpressionCase[] = [
  {
    entity: 'time/pto_request',
    name: 'a request that ends before it starts',
    input: { start_date: NOW, end_date: NOW - 86400 },
    errors: [{ path: '/end_date', message: 'The last day cannot be before the first day.' }],
  },
  // Balances are kept to the hundredth: a thousandth of an hour would be taken and never shown.
  {
    entity: 'time/pto_request',
    name: 'hours below the hundredth',
    input: { start_date: NOW, end_date: NOW, hours: 0.004 },
    errors: [{ path: '/hours', message: 'Hours may have at most 2 decimals.' }],
  },
  {
    entity: 'time/pto_request',
    name: 'both rules broken: both said',
    input: { start_date: NOW, end_date: NOW - 86400, hours: 8.125 },
    errors: [
      { path: '/end_date', message: 'The last day cannot be before the first day.' },
      { path: '/hours', message: 'Hours may have at most 2 decimals.' },
    ],
  },
  // A day holds at most 24 hours: more would be taken from the balance for time no one can be off.
  {
    entity: 'time/pto_request',
    name: 'more hours than its days hold',
    input: { start_date: NOW, end_date: NOW + 86400, hours: 48.01 },
    errors: [{ path: '/hours', message: 'Hours cannot be more than 24 a day: at most 48 for 2 days.' }],
  },
  {
    entity: 'time/pto_request',
    name: 'one day holds 24 hours',
    input: { start_date: NOW, end_date: NOW, hours: 24.5 },
    errors: [{ path: '/hours', message: 'Hours cannot be more than 24 a day: at most 24 for 1 day.' }],
  },
  // A year at most: a mistyped year would hold every day up to it against her other requests.
  {
    entity: 'time/pto_request',
    name: 'a request of more than a year',
    input: { start_date: NOW, end_date: NOW + 366 * 86400, hours: 8 },
    errors: [{ path: '/end_date', message: 'A request covers at most 366 days: ask for longer time off in parts.' }],
  },
  { entity: 'time/pto_request', name: 'a request of 366 days', input: { start_date: NOW, end_date: NOW + 365 * 86400, hours: 8 }, errors: [] },
  { entity: 'time/pto_request', name: 'a whole day of 24 hours', input: { start_date: NOW, end_date: NOW, hours: 24 }, errors: [] },
  { entity: 'time/pto_request', name: 'hours in hundredths', input: { start_date: NOW, end_date: NOW, hours: 7.57 }, errors: [] },
];

export default { table, transforms, validations } satisfies EntityRules;
