import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { ROOT } from '../helpers/server.ts';

let w: DemoWorld;
before(async () => {
  w = await demoWorld();
});
after(async () => {
  await w.server.stop();
});

const FIND = '/payroll/api/data/find/state_w4_form';
const byState = (state: string) => ({ criteria: [{ field: 'state', is: '=', value: state }] });

test('the 15 shipped state forms are seeded once into the product organization and read by every company', async () => {
  const all = await w.call('POST', FIND, {
    ...as(w.emma),
    body: { limit: 100, sort: [{ field: 'state', dir: 'asc' }] },
  });
  assert.equal(all.status, 200, all.text);
  assert.equal(all.body.total, 15);
  const states = all.body.items.map((i: any) => i.data.state);
  assert.deepEqual(states, [...states].sort());
  const ca = await w.call('POST', FIND, { ...as(w.emma), body: byState('CA') });
  assert.equal(ca.body.total, 1);
  assert.equal(ca.body.items[0].data.printable_type, 'california');
  const read = await w.call('GET', `/payroll/api/data/state_w4_form/${ca.body.items[0].key}`, as(w.emma));
  assert.equal(read.status, 200);
  // A company can neither change nor delete the product's definitions.
  const key = ca.body.items[0].key;
  assert.equal(
    (await w.call('PATCH', `/payroll/api/data/state_w4_form/${key}`, { ...as(w.admin), body: { instructions: 'x' } }))
      .status,
    403,
  );
  assert.equal((await w.call('DELETE', `/payroll/api/data/state_w4_form/${key}`, as(w.admin))).status, 403);
  assert.equal(
    (await w.call('GET', `/payroll/api/data/state_w4_form/${key}`, as(w.staff))).body.data.instructions,
    ca.body.items[0].data.instructions,
  );
});

test('a new state added as data by product staff is seen by an employee at once, and its form record saves', async () => {
  const kansas = {
    ...JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8')),
    state: 'KS',
    form_name: 'K-4 Kansas Employee’s Withholding Allowance Certificate',
    printable_type: 'kansas',
  };
  const created = await w.call('POST', '/payroll/api/data/state_w4_form/', { ...as(w.staff), body: kansas });
  assert.equal(created.status, 201, created.text);
  const seen = await w.call('POST', FIND, { ...as(w.emma), body: byState('KS') });
  assert.equal(seen.body.total, 1);
  assert.equal(seen.body.items[0].data.form_name, kansas.form_name);
  const saved = await w.call('POST', '/payroll/api/data/my_state_w4/', {
    ...as(w.emma),
    body: { state: 'KS', extra_state_withholding: 10 },
  });
  assert.equal(saved.status, 201, saved.text);
  assert.equal(saved.body.data.state, 'KS');
});
