/**
 * API.md, "Generic data API": "`my_T` ... is `T` addressed by the caller's own user key ... Any
 * other key answers `404`." Every verb of every `my_` type, as each role, with a colleague's key,
 * an unknown key and a key that is no key at all. A DELETE (or a save of a form the caller may not
 * change) used to answer `403` there, before the key was looked at, where a GET answered `404`.
 * A type whose module the caller may not use at all answers `403` whatever the key, its own too,
 * as its meta and finds do; such types are left out here.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { loadCatalogue } from '../../server/schemas.ts';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
let carla: Session;

beforeAll(async () => {
  w = await demoWorld();
  carla = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
});
afterAll(async () => {
  await w?.server.stop();
});

const myTypes = loadCatalogue()
  .registry.all()
  .filter((e) => e.file['x-my'] === true)
  .map((e) => ({ module: e.module, type: e.type }));

const VERBS: [string, unknown][] = [
  ['GET', undefined],
  ['POST', {}],
  ['PATCH', {}],
  ['DELETE', undefined],
];

describe('my_T answers 404 for any key but the caller own', () => {
  test('the catalogue has my_ types', () => {
    assert.ok(myTypes.length >= 10, `${myTypes.length} my_ types`);
  });

  for (const role of ['emma', 'payroll', 'admin'] as const) {
    test(`as ${role}`, async () => {
      const s = w[role];
      const wrong: string[] = [];
      for (const { module, type } of myTypes) {
        // A module the caller may not use at all: 403 for everything of it, their own record too.
        if ((await w.call('GET', `/${module}/api/data/meta/my_${type}`, as(s))).status === 403) continue;
        for (const key of [carla.user, crypto.randomUUID(), 'not-a-key']) {
          for (const [method, body] of VERBS) {
            const r = await w.call(method, `/${module}/api/data/my_${type}/${key}`, { ...as(s), body });
            if (r.status !== 404 || r.body?.message !== 'Not found') {
              wrong.push(
                `${method} ${module}/my_${type}/${key === carla.user ? "a colleague's key" : key}: ${r.status} ${r.text}`,
              );
            }
          }
        }
      }
      assert.deepEqual(wrong, []);
    });
  }
});
