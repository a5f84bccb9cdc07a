/**
 * The demo company's records are the product's own records: a record of a type keyed by its person
 * (x-key: user) names that person in `_user_uuid`, as every write through the data API does, so the
 * lists' Employee column names them. Before, the seeded payment information named no one: the
 * payroll manager's list showed an empty Employee column with empty row links.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MODULES } from '../../engine/entity.ts';
import { ROOT } from '../helpers/server.ts';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

/** Every type keyed by its person, as module/type. */
const personKeyed = MODULES.flatMap((module) =>
  readdirSync(path.join(ROOT, 'schemas', module))
    .filter((f) => f.endsWith('.json'))
    .filter((f) => JSON.parse(readFileSync(path.join(ROOT, 'schemas', module, f), 'utf8'))['x-key'] === 'user')
    .map((f) => `${module}/${f.replace(/\.json$/, '')}`),
);

test('every seeded record of a type keyed by its person names that person', async () => {
  assert.ok(personKeyed.includes('payroll/employee_payment_information'), personKeyed.join(', '));
  const unnamed: string[] = [];
  let seen = 0;
  for (const type of personKeyed) {
    const [module, name] = type.split('/');
    const r = await w.call('POST', `/${module}/api/data/find/${name}`, { ...as(w.admin), body: { limit: 500 } });
    assert.equal(r.status, 200, `${type}: ${r.text}`);
    for (const item of r.body.items as { key: string; data: Record<string, unknown> }[]) {
      seen++;
      // A state certificate is kept at its user's key or, for another state, at a key of its own.
      const person = item.data._user_uuid;
      if (typeof person !== 'string' || (name !== 'state_w4' && person !== item.key))
        unnamed.push(`${type}/${item.key}`);
    }
  }
  assert.ok(seen > 10, `the demo seeds records of these types (${seen})`);
  assert.deepEqual(unnamed, []);
});
