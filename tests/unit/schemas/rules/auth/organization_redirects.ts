/** auth/organization_redirects: the rules of schemas/auth/organization_redirects.json. */
import type { EntityCases, EntityRules, TransformCase } from '../harness.ts';


const table: EntityCases = {
  entity: 'auth/organization_redirects',
  valid: { hostname: 'oldacme.dform.dev', redirect_to: 'acme.dform.dev', type: 'permanent' },
  cases: [
    { name: 'redirect target of 4 characters', patch: { redirect_to: 'acme' }, errors: [{ path: '/redirect_to', message: 'Redirect target must be at least 5 characters.' }] },
    { name: 'hostname with capitals', patch: { hostname: 'OldAcme.dform.dev' }, errors: [{ path: '/hostname', message: 'Hostname must be a lowercase host name (letters, digits, hyphens and dots).' }] },
    {
      name: 'hostname, target and type are required',
      patch: { hostname: undefined, redirect_to: undefined, type: undefined },
      errors: [
        { path: '/hostname', message: 'Hostname is required.' },
        { path: '/redirect_to', message: 'Redirect target is required.' },
        { path: '/type', message: 'Redirect type is required.' },
      ],
    },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'auth/organization_redirects',
    name: 'hostname lower-cased',
    kind: 'save',
    input: { hostname: 'OldAcme.dform.dev', redirect_to: 'acme.dform.dev', type: 'permanent' },
    output: { hostname: 'oldacme.dform.dev', redirect_to: 'acme.dform.dev', type: 'permanent' },
  },
];

export default { table, transforms } satisfies EntityRules;
