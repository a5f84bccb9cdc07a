/** The defaults and sensitive fields the spec names, as the schema files carry them. */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { bundleSchema } from '../../../../engine/bundle.ts';
import { walkFields } from '../../../../engine/schema-walk.ts';
import { defs, readJson } from './fixtures.ts';

const fileOf = (entity: string) => readJson(`${entity}.json`);

/** spec/000 sections 1, 3 and 4, spec/001 sections 3 and 9: the defaults the schemas must carry. */
const DEFAULTS: [entity: string, field: string, value: unknown][] = [
  ['auth/organizations', 'active_modules', ['auth', 'payroll', 'comms', 'hr']],
  ['auth/organizations', 'status', 'active'],
  ['auth/organization_preferences', 'attributes.colorPrimary', '002d50'],
  ['auth/organization_preferences', 'attributes.colorSecondary', 'bfc0c0'],
  ['auth/organization_preferences', 'attributes.colorAccent', '588326'],
  ['auth/users', 'is_employee', true],
  ['auth/users', 'cross_site_login_only', false],
  ['auth/groups', 'type', 'group'],
  ['auth/activity_log', 'must_be_retained', false],
  ['payroll/employer', 'status', 'active'],
  ['payroll/employer', 'direct_deposit_available', 'yes'],
  ['payroll/employee_payment_information', 'sync_status', 'approval_requested'],
  ['payroll/basic_info', 'sync_status', 'pending'],
  ['payroll/i9', 'sync_status', 'pending'],
  ['payroll/i9', 'work_auth_status', 'Citizen of the United States'],
  ['payroll/i9', 'employee_signature.font', 'font1'],
  ['payroll/w4', 'w4_year', '2020'],
  ['payroll/w4', 'deductions', 0],
  ['payroll/w4', 'exempt_from_federal_withholding', false],
  ['payroll/w4', 'income_not_from_jobs', 0],
  ['payroll/w4', 'multiple_jobs', false],
  ['payroll/w4', 'number_of_dependents_under_17', 0],
  ['payroll/w4', 'number_of_other_dependents', 0],
  ['payroll/w4', 'sync_status', 'pending'],
  ['payroll/onboarding_user', 'status', 'created'],
  ['payroll/sync_queue', 'status', 'pending'],
  ['storage/fgroups', 'modules', ['ALL']],
  ['time/pto_request', 'status', 'requested'],
  ['hr/employee_documents', 'status', 'requested'],
];

describe('spec defaults', () => {
  for (const [entity, field, value] of DEFAULTS) {
    it(`${entity} ${field} defaults to ${JSON.stringify(value)}`, () => {
      const fields = walkFields(bundleSchema(fileOf(entity), defs));
      const f = fields.find((x) => x.path.join('.') === field);
      assert.ok(f, `${entity} has no field ${field}`);
      assert.deepEqual(f.schema.default, value);
    });
  }
});

/** x-sensitive on every SSN, bank account number and secret the spec names. */
const SENSITIVE: [entity: string, field: string, kind: 'ssn' | 'account' | 'secret'][] = [
  ['payroll/onboarding_user', 'ssn', 'ssn'],
  ['payroll/employee_payment_information', 'direct_deposit_accounts.*.account_number', 'account'],
  ['auth/users', 'secret', 'secret'],
  ['auth/users', 'authenticator_key', 'secret'],
  ['auth/single_use_logins', 'key_hash', 'secret'],
  ['auth/user_tokens', 'token_data', 'secret'],
];

describe('sensitive fields', () => {
  for (const [entity, field, kind] of SENSITIVE) {
    it(`${entity} ${field} is x-sensitive ${kind}`, () => {
      const f = walkFields(bundleSchema(fileOf(entity), defs)).find((x) => x.path.join('.') === field);
      assert.ok(f, `${entity} has no field ${field}`);
      assert.equal(f.schema['x-sensitive'], kind);
    });
  }
});

