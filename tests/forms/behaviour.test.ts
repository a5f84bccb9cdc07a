/** The per-form behaviour helpers: paths, patches and errors, pure. */
import { describe, it } from 'vitest';
import type { ErrorSchema } from '@rjsf/utils';
import assert from 'node:assert/strict';
import {
  applyPatch,
  behaviourChanges,
  errorsAt,
  mergeErrors,
  setAtPath,
  type FormBehaviour,
} from '../../forms/behaviour/behaviour.ts';
import { behaviours, behaviourHeaders } from '../../forms/behaviour/index.ts';
import { examinedDocuments } from '../../forms/payroll/I9DocumentWidget.tsx';

describe('form behaviour helpers', () => {
  it('sets a value at a path without touching the original', () => {
    const data = { a: { b: [1, 2] }, c: 1 };
    assert.deepEqual(setAtPath(data, ['a', 'b', 1], 5), { a: { b: [1, 5] }, c: 1 });
    assert.deepEqual(data, { a: { b: [1, 2] }, c: 1 });
    assert.deepEqual(setAtPath({ c: 1 }, ['c'], undefined), {});
    assert.deepEqual(setAtPath(undefined, ['x', 0], 'y'), { x: ['y'] });
  });

  it('runs the patch of the changed top-level field, with the change applied', () => {
    const b: FormBehaviour = { patches: { a: (next, prev) => ({ seen: [prev.a, next.a] }) } };
    assert.deepEqual(behaviourChanges(b, { a: 1 }, ['a'], 2), [['seen', [1, 2]]]);
    assert.deepEqual(behaviourChanges(b, { a: 1 }, ['', 'a'], 3), [['seen', [1, 3]]]);
    assert.deepEqual(behaviourChanges(b, { a: 1 }, ['b'], 3), []);
    assert.deepEqual(behaviourChanges(undefined, {}, ['a'], 3), []);
    assert.deepEqual(behaviourChanges(b, {}, [], 3), []);
  });

  it('applies patches, removing undefined', () => {
    assert.deepEqual(applyPatch({ a: 1, b: 2 }, { a: undefined, c: 3 }), { b: 2, c: 3 });
  });

  it('merges errors into an ErrorSchema without repeats and reads them back', () => {
    const base = { a: { __errors: ['x'] } } as unknown as ErrorSchema;
    const merged = mergeErrors(base, [
      { path: '/a', message: 'x' },
      { path: '/a', message: 'y' },
      { path: '/list/0/b', message: 'z' },
    ]);
    assert.deepEqual(errorsAt(merged, 'a'), ['x', 'y']);
    assert.deepEqual(errorsAt(merged, 'list', 0, 'b'), ['z']);
    assert.deepEqual(errorsAt(merged, 'missing'), []);
    assert.deepEqual(base, { a: { __errors: ['x'] } });
    assert.equal(mergeErrors(base, []), base);
  });

  it('registers the form behaviours and the W-4 header', () => {
    assert.deepEqual(Object.keys(behaviours).sort(), [
      'auth/organizations',
      'payroll/basic_info',
      'payroll/employee_payment_information',
      'payroll/i9',
      'payroll/i9_document_copies',
      'payroll/w4',
    ]);
    assert.ok(behaviourHeaders['payroll/w4']);
  });
});

describe('an I-9 document copy', () => {
  it('forgets the document chosen when another employee is chosen, whose I-9 lists other documents', () => {
    const prev = { employee_id: 'a', document_id: 'doc-of-a' };
    const changes = behaviourChanges(behaviours['payroll/i9_document_copies'], prev, ['employee_id'], 'b');
    assert.deepEqual(changes, [['document_id', undefined]]);
    assert.deepEqual(behaviourChanges(behaviours['payroll/i9_document_copies'], prev, ['notes'], 'x'), []);
  });
  it('names the documents examined as the I-9 does: Section 2 by title and list, Supplement B by title and date', () => {
    assert.deepEqual(
      examinedDocuments({
        documentation: [{ id: 'p', title: 'U.S. Passport', list: 'A' }, { title: 'no id' }],
        supplement_b: [{ id: 'b', document_title: 'Driver license', rehire_date: 1_796_428_800 }],
      }),
      [
        { id: 'p', label: 'U.S. Passport (List A), Section 2' },
        { id: 'b', label: 'Driver license, Supplement B of 12/05/2026' },
      ],
    );
  });
});
