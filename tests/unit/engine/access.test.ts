import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import {
  allows,
  effectivePermissions,
  moduleUsable,
  productStaffAdminKey,
  type Principal,
} from '../../../engine/access.ts';
import type { EntityFile } from '../../../engine/entity.ts';
import { PERMISSIONS, permissionMap, splitPermission } from '../../../engine/permissions.ts';
import { Registry } from '../../../engine/registry.ts';

const ORG = '7d1f6a52-0b1e-4f51-9a62-5c3a1b2d4e6f';
const p = (over: Partial<Principal> = {}): Principal => ({
  userKey: 'u1',
  orgId: ORG,
  permissions: new Set<string>(),
  isAdmin: false,
  isEmployee: false,
  ...over,
});

describe('access rules', () => {
  const cases: [string, string[], Principal, boolean, boolean][] = [
    ['permission held', ['AUTH:CanManageUsers'], p({ permissions: new Set(['AUTH:CanManageUsers']) }), false, true],
    ['permission missing', ['AUTH:CanManageUsers'], p(), false, false],
    ['any of two', ['A:X', 'B:Y'], p({ permissions: new Set(['B:Y']) }), false, true],
    ['@owner as owner', ['@owner'], p(), true, true],
    ['@owner as someone else', ['@owner'], p(), false, false],
    ['@employee', ['@employee'], p({ isEmployee: true }), false, true],
    ['@employee for a non-employee', ['@employee'], p(), false, false],
    ['@signed-in', ['@signed-in'], p(), false, true],
    ['admin passes a permission rule', ['AUTH:CanManageUsers'], p({ isAdmin: true }), false, true],
    ['admin passes @admin', ['@admin'], p({ isAdmin: true }), false, true],
    ['non-admin fails @admin', ['@admin'], p({ permissions: new Set(['AUTH:CanManageUsers']) }), false, false],
    ['@nobody stops even the admin', ['@nobody'], p({ isAdmin: true }), true, false],
    ['@product-staff for product staff', ['@product-staff'], p({ isAdmin: true, productStaff: true }), false, true],
    ['@product-staff stops an admin who is not product staff', ['@product-staff'], p({ isAdmin: true }), false, false],
    [
      '@product-staff stops a user holding every permission',
      ['@product-staff'],
      p({ permissions: new Set(PERMISSIONS) }),
      false,
      false,
    ],
    ['empty rule allows nobody', [], p(), true, false],
    ['@others as someone else', ['@others'], p(), false, true],
    ['@others as the owner', ['@others'], p(), true, false],
    ['a + alternative needs every token', ['A:X+@others'], p({ permissions: new Set(['A:X']) }), false, true],
    ['a + alternative fails on one token', ['A:X+@others'], p({ permissions: new Set(['A:X']) }), true, false],
    ['a + alternative without the permission', ['A:X+@others'], p(), false, false],
    [
      'Section 2 rule: payroll data on own record',
      ['B:Y', 'A:X+@others'],
      p({ permissions: new Set(['B:Y']) }),
      true,
      true,
    ],
  ];
  for (const [name, rule, principal, owner, expected] of cases) {
    test(name, () => assert.equal(allows(rule, principal, owner), expected));
  }
});

describe('permissions', () => {
  test('a user holds their overrides plus the permissions of every group listing them', () => {
    const perms = effectivePermissions(
      'u1',
      ['AUTH:CanViewAuditLogs'],
      [
        { users: ['u1', 'u2'], permissions: ['PAYROLL:CanUseModule'] },
        { users: ['u2'], permissions: ['AUTH:CanManageUsers'] },
        { users: ['u1'], permissions: ['TIME:CanUsePTO', 'PAYROLL:CanUseModule'] },
      ],
    );
    assert.deepEqual([...perms].sort(), ['AUTH:CanViewAuditLogs', 'PAYROLL:CanUseModule', 'TIME:CanUsePTO']);
  });

  test('permissions split at the first colon into a module map', () => {
    assert.deepEqual(splitPermission('AUTH:Can:Odd'), { module: 'AUTH', name: 'Can:Odd' });
    assert.equal(splitPermission('nocolon'), undefined);
    assert.deepEqual(permissionMap(['PAYROLL:B', 'PAYROLL:A', 'AUTH:X', 'bad']), { PAYROLL: ['A', 'B'], AUTH: ['X'] });
  });

  test('the product-staff admin id is derived deterministically from the organization', () => {
    assert.equal(productStaffAdminKey(ORG), productStaffAdminKey(ORG));
    assert.notEqual(productStaffAdminKey(ORG), productStaffAdminKey('2d1f6a52-0b1e-4f51-9a62-5c3a1b2d4e6f'));
    assert.match(productStaffAdminKey(ORG), /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('module availability (spec/000 section 6)', () => {
  const withPerms = (...perms: string[]) => p({ permissions: new Set(perms) });
  const cases: [string, Parameters<typeof moduleUsable>, boolean][] = [
    ['auth is always available', ['auth', [], p()], true],
    ['an active module with CanUseModule', ['payroll', ['payroll'], withPerms('PAYROLL:CanUseModule')], true],
    [
      'an active module without CanUseModule',
      ['payroll', ['payroll'], withPerms('PAYROLL:CanManageOnboarding')],
      false,
    ],
    ['an inactive module even with CanUseModule', ['time', ['payroll'], withPerms('TIME:CanUseModule')], false],
    ['comms with one of its permissions', ['comms', ['comms'], withPerms('COMMS:CanManageNotificationRoutes')], true],
    ['the admin everywhere', ['hr', [], p({ isAdmin: true })], true],
  ];
  for (const [name, args, expected] of cases) test(name, () => assert.equal(moduleUsable(...args), expected));
});

describe('shared types', () => {
  const shared = (write: string[]) =>
    ({
      $id: 'https://dform.dev/schemas/payroll/state_w4_form.json',
      'x-shared': 'root',
      'x-access': { list: ['@signed-in'], read: ['@signed-in'], create: write, edit: write, delete: write },
    }) as unknown as EntityFile;

  test('the registry refuses an x-shared type that anyone but product staff may write', () => {
    for (const write of [['@admin'], ['AUTH:CanManageOrganizations'], ['@product-staff', '@admin']]) {
      assert.throws(() => new Registry([shared(write)]), /x-shared: its x-access.create must name @product-staff/);
    }
    assert.doesNotThrow(() => new Registry([shared(['@product-staff'])]));
  });
});

describe('types whose rules name @creator', () => {
  const file = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    ({
      $id: 'https://dform.dev/schemas/hr/parcels.json',
      'x-owner': 'to',
      'x-access': { list: ['@owner', '@creator'], read: ['@owner'], create: ['@signed-in'], edit: [], delete: [] },
      properties: { to: { type: 'string' }, ...properties },
      ...extra,
    }) as unknown as EntityFile;
  const kept = { created_by: { type: 'string', readOnly: true, 'x-server-owned': true } };

  test('the registry refuses one that does not keep its creator in a server-owned created_by', () => {
    assert.throws(() => new Registry([file({})]), /hr\/parcels's rules name @creator: it needs a created_by/);
    const clientWritten = { created_by: { type: 'string' } };
    assert.throws(() => new Registry([file(clientWritten)]), /needs a created_by property marked x-server-owned/);
    assert.doesNotThrow(() => new Registry([file(kept)]));
  });

  test('the registry refuses one whose owner is the record key, which a search cannot name', () => {
    const userKeyed = file(kept, { 'x-key': 'user', 'x-owner': undefined });
    assert.throws(() => new Registry([userKeyed]), /its owner must be a data field/);
  });
});
