/**
 * API.md, "Generic data API": `{key}` is a 36-character UUID, and a UUID is the same whether its
 * hex digits are written in small or capital letters (RFC 9562; iOS's `uuidString` writes capitals).
 * The printable-form and file addresses already read a key so; the data API answered 404 to a
 * record's own key in capitals, and a save there could not reach the record it named.
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

describe('a record key in capital letters names the same record', () => {
  test('read, update, save and delete of a record, and one’s own my_ record', async () => {
    const made = await w.call('POST', '/hr/api/data/employee_documents/', {
      ...as(w.admin),
      body: { employee_id: w.emma.user, display_name: 'Driver license', status: 'requested' },
    });
    assert.equal(made.status, 201, made.text);
    const KEY = made.body.key.toUpperCase();
    const url = `/hr/api/data/employee_documents/${KEY}`;

    const read = await w.call('GET', url, as(w.admin));
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.key, made.body.key, 'answered with its key as stored');

    const updated = await w.call('PATCH', url, { ...as(w.admin), body: { display_name: 'Passport' } });
    assert.equal(updated.status, 200, updated.text);
    assert.equal(updated.body.key, made.body.key);
    assert.equal(updated.body.meta.version, 2, 'the same record, not another');

    const saved = await w.call('POST', url, {
      ...as(w.admin),
      body: { ...updated.body.data, display_name: 'Birth certificate' },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.meta.version, 3);

    const carla = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
    for (const type of ['my_basic_info', 'my_w4', 'my_i9']) {
      const small = await w.call('GET', `/payroll/api/data/${type}/${carla.user}`, as(carla));
      assert.equal(small.status, 200, `${type}: ${small.text}`);
      const capital = await w.call('GET', `/payroll/api/data/${type}/${carla.user.toUpperCase()}`, as(carla));
      assert.equal(capital.status, 200, `${type}: ${capital.text}`);
      assert.deepEqual(capital.body, small.body);
    }

    const found = await w.call('POST', '/hr/api/data/find/employee_documents', {
      ...as(w.admin),
      body: { criteria: [{ field: 'display_name', is: '=', value: 'Birth certificate' }] },
    });
    assert.deepEqual(
      found.body.items.map((r: { key: string }) => r.key),
      [made.body.key],
      'one record, under its key',
    );

    assert.equal((await w.call('DELETE', url, as(w.admin))).status, 204);
    assert.equal((await w.call('GET', `/hr/api/data/employee_documents/${made.body.key}`, as(w.admin))).status, 404);
  });
});
