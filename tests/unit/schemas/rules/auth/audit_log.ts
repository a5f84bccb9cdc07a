/** auth/audit_log: the rules of schemas/auth/audit_log.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY, KEY2, NOW } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'auth/audit_log',
  valid: {
    action_time: NOW,
    origin_module: 'payroll',
    action_type: 'save',
    affected_user: KEY,
    detail: { type: 'employee', fields: ['job_title'] },
    browser_info: 'Mozilla/5.0',
    logged_in_user: KEY2,
    logged_in_username: 'admin@acme.example',
    message: 'Employee record saved',
    organization_id: KEY2,
    retain_until: NOW + 7 * 365 * 86400,
  },
  cases: [
    { name: 'message of 116 characters', patch: { message: 'm'.repeat(116) }, errors: [] },
    { name: 'message of 117 characters', patch: { message: 'm'.repeat(117) }, errors: [{ path: '/message', message: 'Message must be 1 to 116 characters.' }] },
    { name: 'empty message', patch: { message: '' }, errors: [{ path: '/message', message: 'Message must be 1 to 116 characters.' }] },
    {
      name: 'action type of 256 characters',
      patch: { action_type: 'a'.repeat(256) },
      errors: [{ path: '/action_type', message: 'Action type must be 1 to 255 characters.' }],
    },
    { name: 'empty origin module', patch: { origin_module: '' }, errors: [{ path: '/origin_module', message: 'Origin module must be 1 to 255 characters.' }] },
    {
      name: 'username of 121 characters',
      patch: { logged_in_username: 'u'.repeat(121) },
      errors: [{ path: '/logged_in_username', message: 'Logged-in username must be 1 to 120 characters.' }],
    },
    { name: 'negative retain_until', patch: { retain_until: -1 }, errors: [{ path: '/retain_until', message: 'Retain until must be a non-negative integer.' }] },
    { name: 'fractional action time', patch: { action_time: 1.5 }, errors: [{ path: '/action_time', message: 'Action time must be a non-negative integer.' }] },
  ],
};

export default { table } satisfies EntityRules;
