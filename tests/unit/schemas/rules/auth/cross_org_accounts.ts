/** auth/cross_org_accounts: the rules of schemas/auth/cross_org_accounts.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY, KEY2 } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'auth/cross_org_accounts',
  valid: { org_id: KEY2, org_name: 'Client Co', org_hostname: 'clientco.dform.dev', user_id: KEY, org_user_id: KEY2, login_type: 'limited' },
  cases: [
    { name: 'login type other than limited', patch: { login_type: 'full' }, errors: [{ path: '/login_type', message: 'Cross-org logins are type limited only.' }] },
    { name: 'organization name of 101 characters', patch: { org_name: 'o'.repeat(101) }, errors: [{ path: '/org_name', message: 'Organization name may have at most 100 characters.' }] },
  ],
};

export default { table } satisfies EntityRules;
