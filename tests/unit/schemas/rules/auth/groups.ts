/** auth/groups: the rules of schemas/auth/groups.json. */
import type { EntityCases, EntityRules, TransformCase } from '../harness.ts';
import { KEY, KEY2, NOW } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'auth/groups',
  valid: {
    name: 'PTO Employees',
    description: 'Everyone who uses paid time off',
    permissions: ['TIME:CanUsePTO', 'TIME:CanUseModule'],
    users: [KEY, KEY2],
    notes: '',
    type: 'group',
    created_by: KEY,
    created_time: NOW,
  },
  cases: [
    { name: 'type other than group', patch: { type: 'team' }, errors: [{ path: '/type', message: 'Must be "group"' }] },
    { name: 'users are user keys', patch: { users: ['jane'] }, errors: [{ path: '/users/0', message: 'Must be a 36-character id.' }] },
    { name: 'a user listed twice', patch: { users: [KEY, KEY] }, errors: [{ path: '/users', message: 'Must not repeat an item' }] },
    { name: 'empty name', patch: { name: '' }, errors: [{ path: '/name', message: 'Group name is required.' }] },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'auth/groups',
    name: "type is set to 'group' on save",
    kind: 'save',
    input: { name: 'Clock Employees', type: 'team' },
    output: { name: 'Clock Employees', type: 'group' },
  },
  {
    entity: 'auth/groups',
    name: "type is added as 'group' on create",
    kind: 'save',
    input: { name: 'Clock Employees' },
    output: { name: 'Clock Employees', type: 'group' },
  },
];

export default { table, transforms } satisfies EntityRules;
