/**
 * A find's criterion compares a field with a value the field could hold (docs/criteria.md, "Values
 * the field could hold"): a value of another type is a 400 naming the criterion's value, on every
 * store alike, never an empty answer.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const find = (who: Session, type: string, body: object) => w.call('POST', `/${type}`, { ...as(who), body });
const REGISTER = 'time/api/data/find/pto_register';
const EMPLOYEES = 'payroll/api/data/find/employee';
const USERS = 'auth/api/data/find/users';

describe('a value the field could not hold', () => {
  test("a number field compared with text is a 400 naming the criterion's value and the type it needs", async () => {
    const r = await find(w.admin, REGISTER, { criteria: [{ field: 'hours', is: '>', value: 'abc' }] });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, 'criteria[0]: hours holds numbers: the value must be a number');
    assert.deepEqual(r.body.errors, [
      { path: '/criteria/0/value', message: 'hours holds numbers: the value must be a number' },
    ]);
  });

  test('every operator that compares values refuses a type the field cannot hold, naming the place', async () => {
    const cases: [string, object[], string, string][] = [
      [
        REGISTER,
        [{ field: 'hours', is: '=', value: '8' }],
        '/criteria/0/value',
        'hours holds numbers: the value must be a number',
      ],
      [
        REGISTER,
        [{ field: 'hours', is: '!=', value: true }],
        '/criteria/0/value',
        'hours holds numbers: the value must be a number',
      ],
      [
        REGISTER,
        [{ field: 'hours', is: '<=', value: '1' }],
        '/criteria/0/value',
        'hours holds numbers: the value must be a number',
      ],
      [
        REGISTER,
        [{ field: 'hours', is: 'in', value: [1, '2', null] }],
        '/criteria/0/value/1',
        'hours holds numbers: the value must be a number',
      ],
      // A date is kept as epoch seconds: a date as text never matches one.
      [
        EMPLOYEES,
        [
          { field: 'last_name', is: 'like', value: 'a' },
          { field: 'hire_date', is: '>=', value: '2024-01-01' },
        ],
        '/criteria/1/value',
        'hire_date holds whole numbers: the value must be a whole number',
      ],
      [
        EMPLOYEES,
        [{ field: 'hire_date', is: '=', value: 1.5 }],
        '/criteria/0/value',
        'hire_date holds whole numbers: the value must be a whole number',
      ],
      [
        EMPLOYEES,
        [{ field: 'last_name', is: '>', value: 5 }],
        '/criteria/0/value',
        'last_name holds text: the value must be text',
      ],
      [EMPLOYEES, [{ field: 'hours', is: 'like', value: '5' }], '', ''],
      [
        REGISTER,
        [{ field: 'hours', is: 'like', value: '5' }],
        '/criteria/0/is',
        "hours holds numbers: 'like' searches text only",
      ],
      [
        USERS,
        [{ field: 'is_employee', is: '=', value: 'true' }],
        '/criteria/0/value',
        'is_employee holds true or false: the value must be true or false',
      ],
      [
        EMPLOYEES,
        [{ field: 'direct_managers', is: 'contains', value: 7 }],
        '/criteria/0/value',
        'direct_managers holds a list of text: the value must be text',
      ],
      [
        EMPLOYEES,
        [{ field: 'direct_managers', is: '=', value: 'x' }],
        '/criteria/0/is',
        "direct_managers holds a list: search it with 'contains'",
      ],
      [
        EMPLOYEES,
        [{ field: 'last_name', is: 'contains', value: 'x' }],
        '/criteria/0/is',
        "last_name holds text, not a list: 'contains' searches lists only",
      ],
    ];
    for (const [type, criteria, path, message] of cases) {
      const r = await find(type === USERS ? w.admin : type === REGISTER ? w.admin : w.payroll, type, { criteria });
      assert.equal(r.status, 400, `${JSON.stringify(criteria)}: ${r.text}`);
      if (!path) continue; // an unknown field, refused as before
      assert.deepEqual(r.body.errors, [{ path, message }], JSON.stringify(criteria));
      assert.equal(r.body.message, `criteria[${path.split('/')[2]}]: ${message}`);
    }
  });

  test('what docs/criteria.md documents stays valid: null, in lists, text ranges, like on text, lists by contains', async () => {
    const fine: [string, object[]][] = [
      [REGISTER, [{ field: 'hours', is: '>', value: 0 }]],
      [REGISTER, [{ field: 'hours', is: '=', value: null }]],
      [REGISTER, [{ field: 'hours', is: '!=', value: null }]],
      [REGISTER, [{ field: 'hours', is: 'in', value: [8, 4.5, null] }]],
      [REGISTER, [{ field: 'hours', is: 'in', value: [] }]],
      [EMPLOYEES, [{ field: 'hire_date', is: '<', value: 2_000_000_000 }]],
      [EMPLOYEES, [{ field: 'last_name', is: '>=', value: 'M' }]],
      [EMPLOYEES, [{ field: 'last_name', is: 'like', value: '' }]],
      [EMPLOYEES, [{ field: 'term_date', is: '=', value: null }]],
      [EMPLOYEES, [{ field: 'term_reason', is: 'in', value: ['quit', null] }]],
      [EMPLOYEES, [{ field: 'status', is: '=', value: 'active' }]],
      [EMPLOYEES, [{ field: 'direct_managers', is: 'contains', value: w.payroll.user }]],
      [USERS, [{ field: 'is_employee', is: '=', value: true }]],
    ];
    for (const [type, criteria] of fine) {
      const r = await find(type === EMPLOYEES ? w.payroll : w.admin, type, { criteria });
      assert.equal(r.status, 200, `${JSON.stringify(criteria)}: ${r.text}`);
    }
  });

  test('a refused find reads nothing: the same answer before any record is asked for', async () => {
    const r = await find(w.emma, REGISTER, { criteria: [{ field: 'hours', is: '>', value: 'abc' }] });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.errors[0].path, '/criteria/0/value');
  });
});
