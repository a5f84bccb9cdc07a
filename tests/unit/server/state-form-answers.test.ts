/**
 * An employee's answers are never checked against a definition past the size rules, even one stored
 * before them: three nested lists of 100 over 900 choices made a 39 KB save build millions of
 * errors until the process ran out of memory, for every company.
 */
import { it } from 'vitest';
import assert from 'node:assert/strict';
import { checkAnswers } from '../../../server/payroll/state-forms.ts';

it('refuses the answers at once, naming the definition, instead of checking them', () => {
  const choices = { anyOf: Array.from({ length: 900 }, (_, i) => ({ const: i + 1 })) };
  const list = (items: unknown) => ({ type: 'array', maxItems: 100, items });
  const schema = { type: 'object', properties: { grid: { title: 'Grid', ...list(list(list(choices))) } } };
  const grid = Array.from({ length: 100 }, () => Array.from({ length: 48 }, () => [0, 0, 0]));
  const t0 = performance.now();
  const errors = checkAnswers(schema, { state: 'KS', grid });
  assert.ok(performance.now() - t0 < 1000, 'answered at once');
  assert.deepEqual(errors, [
    {
      path: '',
      message: "This state's form definition is too large to check answers with: ask your employer to correct it.",
    },
  ]);
  // A definition within the rules checks answers as before.
  const small = { type: 'object', properties: { n: { type: 'integer', title: 'N', maximum: 3 } } };
  assert.deepEqual(checkAnswers(small, { n: 2 }), []);
  assert.equal(checkAnswers(small, { n: 9 })[0].path, '/n');
});

it('holds the answers of a definition stored before its numbers needed bounds within what a certificate holds', () => {
  const old = {
    type: 'object',
    properties: {
      nyc_allowances: { type: 'integer', title: 'NYC allowances', minimum: 0 },
      codes: { type: 'array', maxItems: 3, items: { type: 'number' } },
    },
  };
  assert.deepEqual(checkAnswers(old, { nyc_allowances: 100_000_000, codes: [-100_000_000] }), []);
  assert.deepEqual(checkAnswers(old, { nyc_allowances: 1e300, codes: [1, -1e9], state_status: 1e300 }), [
    { path: '/nyc_allowances', message: 'Must be at most 100,000,000.' },
    { path: '/codes/1', message: 'Must be at least -100,000,000.' },
  ]);
});
