/** The server's catalogue compiles each validator on first use, once; every one compiles. */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { loadCatalogue } from '../../../server/schemas.ts';

test('every entity validator compiles with the server ajv, once', async () => {
  const catalogue = loadCatalogue();
  const entities = catalogue.registry.all();
  assert.ok(entities.length >= 50, `${entities.length} entities`);
  for (const e of entities) {
    const v = catalogue.validator(e);
    assert.equal(typeof v, 'function', e.id);
    assert.equal(catalogue.validator(e), v, `${e.id}: compiled once and kept`);
  }
});
