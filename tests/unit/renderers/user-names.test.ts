/**
 * Names for user keys on the screens: which fields hold user keys, the form showing them through
 * the user widget, and the cached, batched get_userinfo lookup.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { valueKind } from '../../../renderers/format/schema-facts.ts';
import { buildFormModel } from '../../../renderers/screens/record/form-model.ts';
import { createUserNames, DELETED_USER, shownName } from '../../../renderers/users/user-names.ts';
import type { TypeMeta } from '../../../renderers/api/types.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const GONE = '33333333-3333-4333-8333-333333333333';

const schema = {
  type: 'object',
  definitions: { uuid: { type: 'string', pattern: '^[0-9a-f-]{36}$' }, epochSeconds: { type: 'integer' } },
  properties: {
    name: { type: 'string' },
    created_by: { type: 'string', title: 'Created by', readOnly: true, 'x-server-owned': true },
    invited_by: { type: 'string', title: 'Invited by', readOnly: true },
    hired_by: { $ref: '#/definitions/uuid', title: 'Hired by' },
    users: { type: 'array', items: { $ref: '#/definitions/uuid' } },
    due_by: { $ref: '#/definitions/epochSeconds' },
    pay_by: { type: 'string', enum: ['check', 'deposit'] },
  },
};
const ui = { hired_by: { 'ui:widget': 'userSelect' }, users: { 'ui:widget': 'userSelect' } };

describe('fields that hold user keys', () => {
  it('are the user pickers and the text fields named like created_by; not dates or choices', () => {
    for (const f of ['created_by', 'invited_by', 'hired_by', 'users'])
      assert.equal(valueKind(schema, ui, f), 'user', f);
    assert.equal(valueKind(schema, ui, 'due_by'), 'epochDate');
    assert.equal(valueKind(schema, ui, 'pay_by'), 'enum');
    assert.equal(valueKind(schema, ui, 'name'), 'text');
  });

  it('the edit form shows a read-only one through the user widget (by name), the create form hides it', () => {
    const meta = { schema, ui: {}, module: 'auth', type: 'x' } as unknown as TypeMeta;
    const edit = buildFormModel(meta, 'edit');
    assert.deepEqual(edit.uiSchema.created_by, { 'ui:readonly': true, 'ui:widget': 'userSelect' });
    assert.deepEqual(edit.uiSchema.invited_by, { 'ui:readonly': true, 'ui:widget': 'userSelect' });
    assert.equal(edit.uiSchema.name?.['ui:widget'], undefined);
    assert.ok(buildFormModel(meta, 'create').hidden.includes('created_by'));
  });
});

describe('the user-name lookup', () => {
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it('asks once for the keys of one tick, remembers names and unknown keys, and tells listeners', async () => {
    const calls: string[][] = [];
    const names = createUserNames({
      userInfo: async (ids) => {
        calls.push([...ids]);
        return [{ key: A, data: { display_name: 'Alice Admin', email: 'admin@acme.example' } }];
      },
    });
    let told = 0;
    names.subscribe(() => told++);
    names.request([A, GONE, 'not-a-key']);
    names.request([A.toUpperCase()]);
    assert.equal(names.get(A), undefined);
    await tick();
    assert.deepEqual(calls, [[A, GONE]]);
    assert.deepEqual(names.get(A), { name: 'Alice Admin', email: 'admin@acme.example' });
    assert.equal(names.get(GONE), null, 'no account: known as none, not asked again');
    assert.ok(told >= 1);
    names.request([A, GONE]);
    await tick();
    assert.equal(calls.length, 1, 'cached');
  });

  it('asks in batches of 100, again after ten minutes, and forgets nothing on a failure', async () => {
    let now = 0;
    const sizes: number[] = [];
    let fail = false;
    const names = createUserNames(
      {
        userInfo: async (ids) => {
          sizes.push(ids.length);
          if (fail) throw new Error('offline');
          return ids.map((key) => ({ key, data: { display_name: `N ${key.slice(-3)}`, email: '' } }));
        },
      },
      () => now,
    );
    const keys = Array.from({ length: 150 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    names.request(keys);
    await tick();
    await tick();
    assert.deepEqual(sizes, [100, 50]);
    now += 11 * 60 * 1000;
    assert.equal(names.get(keys[0]), undefined, 'expired');
    fail = true;
    names.request([B]);
    await tick();
    assert.equal(names.get(B), undefined, 'a failed lookup leaves the key unknown');
    fail = false;
    names.request([B]);
    await tick();
    assert.equal(names.get(B)?.name, 'N 222');
  });
});

describe('a key no account has', () => {
  it('reads "Deleted user" once the lookup says so; the key itself only while unknown', () => {
    assert.equal(shownName({ name: 'Ada Byron', email: '' }, A), 'Ada Byron');
    assert.equal(shownName(null, GONE), DELETED_USER);
    assert.equal(shownName(undefined, B), B);
  });
});

describe("a list's fields", () => {
  it("are formatted by their items' schema and hints: a hire's history shows dates and names, not numbers and keys", () => {
    const schema = {
      definitions: { epochSeconds: { type: 'integer' }, uuid: { type: 'string', format: 'uuid' } },
      properties: {
        activity_log: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              time: { $ref: '#/definitions/epochSeconds' },
              user: { $ref: '#/definitions/uuid' },
              action: { type: 'string' },
            },
          },
        },
      },
    };
    const ui = { activity_log: { items: { user: { 'ui:widget': 'userSelect' } } } };
    assert.equal(valueKind(schema, ui, 'activity_log.time'), 'epochDate');
    assert.equal(valueKind(schema, ui, 'activity_log.user'), 'user');
    assert.equal(valueKind(schema, ui, 'activity_log.action'), 'text');
  });
});
