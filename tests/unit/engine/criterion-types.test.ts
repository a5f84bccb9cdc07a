/**
 * A criterion's value against what its field holds (engine/criterion-types.ts): refused where no
 * value of the field could match, accepted wherever docs/criteria.md gives the criterion a meaning.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { Criterion } from '../../../engine/criteria.ts';
import { criterionProblem, schemaKinds, type SearchedField } from '../../../engine/criterion-types.ts';

const FIELDS: Record<string, SearchedField> = {
  hours: { schema: { type: 'number' } },
  date: { schema: { type: 'integer', maximum: 253402300799 } },
  ended: { schema: { type: ['integer', 'null'] } },
  name: { schema: { type: 'string' } },
  status: { schema: { enum: ['active', 'inactive'] } },
  flag: { schema: { type: 'boolean' } },
  managers: { schema: { type: 'array' }, items: { type: 'string' } },
  address: { schema: { type: 'object' } },
  either: { schema: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
  anything: { schema: { title: 'Any' } },
};

const problem = (field: string, is: Criterion['is'], value: unknown) =>
  criterionProblem({ field, is, value }, FIELDS[field]);

describe('criterionProblem', () => {
  test('values of another type than the field holds are refused at the value, saying the type it needs', () => {
    const refused: [string, Criterion['is'], unknown, (string | number)[], string][] = [
      ['hours', '>', 'abc', ['value'], 'hours holds numbers: the value must be a number'],
      ['hours', '=', true, ['value'], 'hours holds numbers: the value must be a number'],
      ['hours', 'in', [1, null, '2'], ['value', 2], 'hours holds numbers: the value must be a number'],
      ['date', '<', '2024-01-01', ['value'], 'date holds whole numbers: the value must be a whole number'],
      ['date', '=', 1.5, ['value'], 'date holds whole numbers: the value must be a whole number'],
      ['date', '!=', 1.5, ['value'], 'date holds whole numbers: the value must be a whole number'],
      ['ended', '=', 'x', ['value'], 'ended holds whole numbers: the value must be a whole number'],
      ['name', '>=', 3, ['value'], 'name holds text: the value must be text'],
      ['status', '=', 1, ['value'], 'status holds text: the value must be text'],
      ['flag', '=', 'true', ['value'], 'flag holds true or false: the value must be true or false'],
      ['either', '=', false, ['value'], 'either holds text or numbers: the value must be text or a number'],
      ['managers', 'contains', 3, ['value'], 'managers holds a list of text: the value must be text'],
      ['managers', '=', 'x', ['is'], "managers holds a list: search it with 'contains'"],
      ['name', 'contains', 'x', ['is'], "name holds text, not a list: 'contains' searches lists only"],
      ['hours', 'like', '8', ['is'], "hours holds numbers: 'like' searches text only"],
      ['address', '=', 'x', ['field'], 'address holds an object: search one of its fields (address.<field>)'],
    ];
    for (const [field, is, value, at, message] of refused) {
      assert.deepEqual(problem(field, is, value), { at, message }, `${field} ${is} ${JSON.stringify(value)}`);
    }
  });

  test('what docs/criteria.md gives a meaning stays valid', () => {
    const fine: [string, Criterion['is'], unknown][] = [
      ['hours', '>', 1],
      ['hours', '=', null],
      ['hours', '!=', null],
      ['hours', 'in', []],
      ['hours', 'in', [null, 2.5]],
      ['date', '>', 1.5],
      ['ended', '=', null],
      ['name', '<', 'M'],
      ['name', 'like', ''],
      ['status', 'in', ['active', null]],
      ['flag', '!=', false],
      ['managers', 'contains', 'a'],
      ['managers', 'contains', null],
      ['managers', '=', null],
      ['either', '=', 'x'],
      ['either', '<', 3],
      ['anything', '=', true],
    ];
    for (const [field, is, value] of fine) {
      assert.equal(problem(field, is, value), undefined, `${field} ${is} ${JSON.stringify(value)}`);
    }
  });

  test('a schema that does not say what it holds holds anything', () => {
    assert.equal(schemaKinds({ title: 'x' }), undefined);
    assert.equal(schemaKinds({ anyOf: [{ type: 'string' }, { $ref: '#/definitions/x' }] }), undefined);
    assert.deepEqual(schemaKinds({ const: 3 }), new Set(['number']));
  });
});
