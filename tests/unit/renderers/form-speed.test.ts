/**
 * The pure helpers that keep keystrokes cheap on long forms: structural sharing (unchanged parts
 * keep their identity, so memoized array items skip rendering) and the inlined form schema (refs
 * and simple allOf resolved once instead of by @rjsf on every change).
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { shareStructure } from '../../../forms/fields/share-structure.ts';
import { inlineSchema } from '../../../renderers/screens/record/inline-schema.ts';
import { buildFormModel } from '../../../renderers/screens/record/form-model.ts';
import { emergencyContactsMeta, employeeMeta } from '../../../stories/fixtures/metas.ts';
import type { JsonObject } from '../../../renderers/api/types.ts';
import { screenOf } from '../../../engine/screen-path.ts';

describe('shareStructure', () => {
  it('keeps the unchanged items of a list and copies the changed one', () => {
    const prev = { contacts: [{ a: 1 }, { a: 2 }, { a: 3 }], x: 'k' };
    const next = structuredClone(prev);
    next.contacts[1].a = 20;
    const out = shareStructure(prev, next);
    assert.notEqual(out, prev);
    assert.equal(out.contacts[0], prev.contacts[0]);
    assert.equal(out.contacts[2], prev.contacts[2]);
    assert.notEqual(out.contacts[1], prev.contacts[1]);
    assert.deepEqual(out, next);
  });

  it('answers the previous value itself when nothing changed', () => {
    const prev = { a: [1, { b: null }], c: undefined };
    assert.equal(shareStructure(prev, structuredClone(prev)), prev);
  });

  it('tells a missing key, a length change and a type change apart', () => {
    assert.deepEqual(shareStructure({ a: 1 }, { a: 1, b: undefined }), { a: 1, b: undefined });
    assert.deepEqual(shareStructure([1, 2], [1]), [1]);
    assert.deepEqual(shareStructure({ a: [1] }, { a: { 0: 1 } }), { a: { 0: 1 } });
    assert.equal(shareStructure(undefined, 'x'), 'x');
  });
});

describe('inlineSchema', () => {
  it('resolves refs with the referring keywords on top and merges a simple allOf', () => {
    const root: JsonObject = {
      type: 'object',
      definitions: { phone: { type: 'string', title: 'Phone', pattern: '^\\d{10}$', 'x-messages': { pattern: 'P' } } },
      properties: {
        home: { $ref: '#/definitions/phone', title: 'Home phone' },
        cell: {
          type: 'string',
          title: 'Phone',
          minLength: 10,
          allOf: [{ $ref: '#/definitions/phone' }],
          'x-messages': { minLength: 'M' },
        },
      },
    };
    const out = inlineSchema(root);
    const props = out.properties as Record<string, JsonObject>;
    assert.deepEqual(props.home, {
      type: 'string',
      title: 'Home phone',
      pattern: '^\\d{10}$',
      'x-messages': { pattern: 'P' },
    });
    assert.deepEqual(props.cell, {
      type: 'string',
      title: 'Phone',
      minLength: 10,
      pattern: '^\\d{10}$',
      'x-messages': { pattern: 'P', minLength: 'M' },
    });
    assert.deepEqual(out.definitions, root.definitions);
  });

  it('leaves a disagreeing allOf, a conditional one and a recursive ref to @rjsf', () => {
    const root: JsonObject = {
      definitions: { node: { type: 'object', properties: { next: { $ref: '#/definitions/node' } } } },
      properties: {
        a: { type: 'string', allOf: [{ type: 'number' }] },
        b: { allOf: [{ if: { const: 1 }, then: { title: 'x' } }] },
        tree: { $ref: '#/definitions/node' },
      },
    };
    const props = inlineSchema(root).properties as Record<string, JsonObject>;
    assert.deepEqual(props.a, { type: 'string', allOf: [{ type: 'number' }] });
    assert.deepEqual(props.b, root.properties && (root.properties as Record<string, JsonObject>).b);
    const tree = props.tree as { properties: { next: JsonObject } };
    assert.deepEqual(tree.properties.next, { $ref: '#/definitions/node' });
  });

  it('leaves no local ref or allOf in the employee and emergency contacts forms', () => {
    for (const meta of [employeeMeta(), emergencyContactsMeta()]) {
      const { definitions: _, ...rest } = inlineSchema(buildFormModel(meta, 'edit').schema);
      const text = JSON.stringify(rest);
      assert.doesNotMatch(text, /"\$ref"|"allOf"/, `${meta.type}`);
    }
  });
});

describe('screenOf (what renderers/app/prefetch.ts loads ahead for a path)', () => {
  it('names the dynamic-form screens and nothing else', () => {
    const key = '3f2b8c1e-0000-4000-8000-000000000001';
    assert.deepEqual(screenOf(`/payroll/employee/edit/${key}`), {
      module: 'payroll',
      type: 'employee',
      screen: 'edit',
      key,
    });
    assert.deepEqual(screenOf('/payroll/my_i9/create'), {
      module: 'payroll',
      type: 'my_i9',
      screen: 'create',
      key: undefined,
    });
    assert.equal(screenOf('/payroll/employee/list')?.screen, 'list');
    assert.equal(screenOf('/payroll/employee/edit'), undefined, 'edit needs a key');
    assert.equal(screenOf('/payroll/employee/list/x'), undefined, 'a list has no key');
    assert.equal(screenOf('/settings/profile'), undefined);
    assert.equal(screenOf('/home'), undefined);
  });
});
