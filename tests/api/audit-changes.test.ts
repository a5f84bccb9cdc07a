/**
 * The audit log says what an account change did, not only which field: a permission granted or
 * revoked, an account blocked or let back in (an outside check found every such entry reading
 * `update auth/users <key> (permissions)` or `(status)`, a grant and a revoke alike). Values of
 * other records, and names, notes and sensitive fields, stay out of it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

/** The audit entries of the record `key`, by their own keys. */
async function entriesOf(key: string): Promise<Map<string, Record<string, any>>> {
  const r = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [], sort: [{ field: 'action_time', dir: 'desc' }], limit: 500 },
  });
  assert.equal(r.status, 200, r.text);
  const items = r.body.items as { key: string; data: Record<string, any> }[];
  return new Map(items.filter((i) => i.data.detail.key === key).map((i) => [i.key, i.data]));
}

/** The one audit entry `act` adds for the record `key`. */
async function entryOf(key: string, act: () => Promise<void>): Promise<Record<string, any>> {
  const before = await entriesOf(key);
  await act();
  const added = [...(await entriesOf(key))].filter(([k]) => !before.has(k)).map(([, e]) => e);
  assert.equal(added.length, 1, JSON.stringify(added));
  return added[0];
}

test('a grant, a revoke, a block and an unblock each say from what to what; a name change names only the field', async () => {
  const made = await w.call('POST', '/auth/api/data/users/', {
    ...as(w.admin),
    body: {
      email: `audit.${Date.now()}@acme.example`,
      display_name: 'Ada Audit',
      status: 'active',
      permissions: ['HR:CanUseModule'],
      is_employee: false,
    },
  });
  assert.equal(made.status, 201, made.text);
  const key = made.body.key as string;
  const patch = async (body: Record<string, unknown>) =>
    (
      await entryOf(key, async () => {
        const r = await w.call('PATCH', `/auth/api/data/users/${key}`, { ...as(w.admin), body });
        assert.equal(r.status, 200, r.text);
      })
    ).detail;
  expect((await patch({ permissions: ['HR:CanUseModule', 'AUTH:CanViewAuditLogs'] })).changes).toEqual({
    permissions: { added: ['AUTH:CanViewAuditLogs'], removed: [] },
  });
  expect((await patch({ permissions: ['AUTH:CanViewAuditLogs'] })).changes).toEqual({
    permissions: { added: [], removed: ['HR:CanUseModule'] },
  });
  expect((await patch({ status: 'blocked' })).changes).toEqual({ status: { from: 'active', to: 'blocked' } });
  expect((await patch({ status: 'active', locked: true })).changes).toEqual({
    status: { from: 'blocked', to: 'active' },
    locked: { from: false, to: true },
  });
  const renamed = await patch({ display_name: 'Ada Renamed' });
  assert.deepEqual(renamed.fields, ['display_name']);
  assert.equal(renamed.changes, undefined, 'a name is not copied into the log');
});

test("another module's record, choices and all, names its fields only", async () => {
  let key = '';
  const hireKey = await w.call('POST', '/payroll/api/data/onboarding_user/', {
    ...as(w.payroll),
    body: { first_name: 'Otto', last_name: 'Other', email: `otto.${Date.now()}@acme.example` },
  });
  assert.equal(hireKey.status, 201, hireKey.text);
  key = hireKey.body.key;
  const entry = await entryOf(key, async () => {
    const r = await w.call('PATCH', `/payroll/api/data/onboarding_user/${key}`, {
      ...as(w.payroll),
      body: { employment_type: 'CONTRACT' },
    });
    assert.equal(r.status, 200, r.text);
  });
  assert.ok(entry.detail.fields.includes('employment_type'), JSON.stringify(entry.detail));
  assert.equal(entry.detail.changes, undefined);
});
