/**
 * Patterns and expressions written as data (a state form's fields and transforms) run in linear time
 * (RE2, engine/linear-regexp.ts): a catastrophic pattern answers an employee's save at once, and a
 * pattern RE2 cannot run, or longer than 512 characters, is refused when the definition is saved.
 * (Before, `^(a+)+$` against 30 characters held the server, every company's requests with it, for
 * minutes; bench/data-patterns.ts measures both engines.)
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { ROOT } from '../helpers/server.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const FORMS = '/payroll/api/data/state_w4_form/';
const EVIL = `${'a'.repeat(30)}!`;
const base = JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8'));

/** A definition of `state` whose one field has `pattern`, and whose validator is `validator`. */
function definition(state: string, pattern: string, validator = '[]') {
  return {
    ...base,
    state,
    printable_type: undefined,
    fields: {
      schema: {
        type: 'object',
        properties: {
          employer_code: {
            type: 'string',
            title: 'Employer code',
            maxLength: 100,
            pattern,
            'x-messages': { pattern: 'The employer code is letters a only.' },
          },
          county: { type: 'string', title: 'County', maxLength: 100 },
        },
      },
      uiSchema: {},
    },
    transforms: { prepare_for_save: '$', validator },
  };
}

const saveAs = (state: string, answers: Record<string, unknown>) =>
  w.call('POST', `/payroll/api/data/my_state_w4/${w.emma.user}`, { ...as(w.emma), body: { state, ...answers } });

test("a state form's catastrophic pattern answers an employee's save at once, by its own message", async () => {
  const created = await w.call('POST', FORMS, {
    ...as(w.staff),
    body: definition('KS', '^(a+)+$', '$match(county, /^(a|aa)+$/) ? [] : []'),
  });
  assert.equal(created.status, 201, created.text);
  const refused = await saveAs('KS', { employer_code: EVIL });
  assert.equal(refused.status, 400, refused.text);
  assert.deepEqual(refused.body.errors, [{ path: '/employer_code', message: 'The employer code is letters a only.' }]);
  // The validator's $match over the same shape of text answers too.
  const matched = await saveAs('KS', { employer_code: 'aaaa', county: EVIL });
  assert.ok([200, 201].includes(matched.status), matched.text);
  assert.equal(matched.body.data.county, EVIL);
});

test('a pattern RE2 cannot run, or longer than 512 characters, is refused when the definition is saved', async () => {
  const cases: [string, RegExp][] = [
    ['^(a)\\1$', /the pattern "\^\(a\)\\\\1\$" is not supported/],
    ['^(?=a)a$', /is not supported/],
    [`^${'a'.repeat(511)}$`, /longer than 512 characters/],
  ];
  for (const [pattern, message] of cases) {
    const r = await w.call('POST', FORMS, { ...as(w.staff), body: definition('NE', pattern) });
    assert.equal(r.status, 400, `${pattern.slice(0, 20)}: ${r.text}`);
    assert.equal(r.body.errors[0].path, '/fields/schema');
    assert.match(r.body.errors[0].message, message);
  }
  // The longest accepted pattern is 512 characters.
  const longest = await w.call('POST', FORMS, { ...as(w.staff), body: definition('NE', `^[${'a'.repeat(508)}]$`) });
  assert.equal(longest.status, 201, longest.text);
});

test('a pattern too complex to match quickly, or a patterned text without a bound, is refused when the definition is saved', async () => {
  // 7,002 RE2 instructions: 0.9 s on one answer of 10,000 characters, every company waiting.
  const complex = await w.call('POST', FORMS, { ...as(w.staff), body: definition('MT', '(a|aa){1,1000}[^a]') });
  assert.equal(complex.status, 400, complex.text);
  assert.equal(complex.body.errors[0].path, '/fields/schema');
  assert.match(
    complex.body.errors[0].message,
    /is too complex to match quickly \(7002 RE2 instructions, at most 300\)/,
  );
  const long = definition('MT', '^[a-z]+$');
  delete (long.fields.schema.properties.employer_code as { maxLength?: number }).maxLength;
  const unbounded = await w.call('POST', FORMS, { ...as(w.staff), body: long });
  assert.deepEqual(unbounded.body.errors, [
    {
      path: '/fields/schema',
      message:
        'Every text with a pattern needs a maxLength of at most 1,000: /properties/employer_code has none, or more.',
    },
  ]);
  // A pattern of the same kind within the bound is taken.
  const modest = await w.call('POST', FORMS, { ...as(w.staff), body: definition('MT', '^(a|aa){1,20}$') });
  assert.equal(modest.status, 201, modest.text);
});

test('a transform whose regular expression RE2 cannot run is refused, named by the transform', async () => {
  const r = await w.call('POST', FORMS, {
    ...as(w.staff),
    body: definition('NV', '^a+$', '$match(county, /(\\w)\\1/) ? [{"path": "/county", "message": "no doubles"}] : []'),
  });
  assert.equal(r.status, 400, r.text);
  assert.equal(r.body.errors[0].path, '/transforms/validator');
  assert.match(
    r.body.errors[0].message,
    /^Not a valid JSONata expression: .*the pattern "\(\\\\w\)\\\\1" is not supported/,
  );
});
