/**
 * A find's body is `{criteria: [{field, is, value}], sort?: [{field, dir}], limit?, offset?}` (API.md,
 * "Generic data API"), and an unknown field in criteria is a `400` that says which (API.md,
 * "Errors"). The body's own unknown options were refused (`unknown search option 'anyOf'`), but a
 * criterion or a sort key with a member of its own was searched without it: `{field, is, value,
 * not: true}` answered the records the client meant to leave out, `{field, dir, nulls: 'last'}` an
 * order it did not ask for, both `200`.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const EMPLOYEES = '/payroll/api/data/find/employee';
const find = (body: object) => w.call('POST', EMPLOYEES, { ...as(w.payroll), body });

describe('a criterion or a sort key holds only its own members', () => {
  test('a criterion with another member is a 400 naming it, not a search without it', async () => {
    const r = await find({ criteria: [{ field: 'first_name', is: '=', value: 'Emma', not: true }] });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, "criteria[0]: unknown member 'not': a criterion is {field, is, value}");
    assert.deepEqual(r.body.errors, [
      { path: '/criteria/0/not', message: "Unknown member 'not': a criterion is {field, is, value}" },
    ]);
  });

  test('a sort key with another member is a 400 naming it', async () => {
    const r = await find({ criteria: [], sort: [{ field: 'first_name', dir: 'asc', nulls: 'last' }] });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, "sort[0]: unknown member 'nulls': a sort key is {field, dir}");
    assert.deepEqual(r.body.errors, [
      { path: '/sort/0/nulls', message: "Unknown member 'nulls': a sort key is {field, dir}" },
    ]);
  });

  test('the second criterion is named by its place', async () => {
    const r = await find({
      criteria: [
        { field: 'first_name', is: 'like', value: 'e' },
        { field: 'last_name', op: '=', is: '=', value: 'Employee' },
      ],
    });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.errors[0].path, '/criteria/1/op');
  });

  test('criteria and sort keys of their own members alone are searched as before', async () => {
    const r = await find({
      criteria: [{ field: 'first_name', is: '=', value: 'Emma' }],
      sort: [{ field: 'last_name', dir: 'desc' }, { field: 'first_name' }],
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.total, 1);
    assert.equal(r.body.items[0].data.first_name, 'Emma');
  });
});
