import { test } from 'vitest';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { isBlank } from '../../../engine/blank-text.ts';
import { compileValidator, createAjv, entityValidator } from '../../../engine/validation.ts';
import { linearPatterns } from '../../../engine/linear-regexp.ts';

const schema = {
  $id: 'https://dform.dev/schemas/hr/blank-text-example.json',
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 20 },
    code: { type: 'string', title: 'Code', minLength: 3 },
    zip: { type: 'string', minLength: 5, 'x-messages': { minLength: 'ZIP codes have 5 digits.' } },
    note: { type: 'string', maxLength: 20 },
    lines: { type: 'array', items: { type: 'string', title: 'Line', minLength: 1 } },
  },
};

// Tab and line breaks are control characters in a one-line text (engine/control-characters.ts).
const BLANKS = [
  ' ',
  '   ',
  '\u00a0',
  '\u3000\u2003',
  '\u200b',
  '\u200d\ufeff',
  '\u00ad',
  '\u200f',
  '\u3164',
  '\u115f\u1160\uffa0',
];

test('text with nothing to read is blank; any letter, digit, mark or symbol is not', () => {
  for (const b of [...BLANKS, '', '\t\n', ' \r\n ']) assert.equal(isBlank(b), true, JSON.stringify(b));
  for (const t of [' a ', '0', '.', '—', '😀', 'ש', '\u200fא', ' 名 ']) assert.equal(isBlank(t), false, t);
});

const explain = (v: (d: unknown) => { path: string; message: string }[]) => {
  for (const blank of BLANKS) {
    assert.deepEqual(v({ name: blank }), [{ path: '/name', message: 'Name is required.' }], JSON.stringify(blank));
    assert.deepEqual(v({ name: 'Al', code: blank.padEnd(3) }), [{ path: '/code', message: 'Code is required.' }]);
    assert.deepEqual(v({ name: 'Al', lines: ['one', blank] }), [{ path: '/lines/1', message: 'Line is required.' }]);
  }
  assert.deepEqual(v({ name: 'Al', zip: '     ' }), [{ path: '/zip', message: 'ZIP codes have 5 digits.' }]);
  // A text that is not required may be blank; a short text is still short.
  assert.deepEqual(v({ name: ' Al ', note: '   ', lines: [' x'] }), []);
  assert.deepEqual(v({ name: 'Al', code: 'ab' }), [{ path: '/code', message: 'Must be at least 3 characters' }]);
  assert.deepEqual(v({ name: '' }), [{ path: '/name', message: 'Name is required.' }]);
};

test('a required text of only spaces is refused as an empty one, in its own words', () => {
  explain(compileValidator(createAjv(), schema as never));
});

test('the same rule where patterns take the linear engine (state form definitions)', () => {
  explain(compileValidator(createAjv({ code: { regExp: linearPatterns } }), schema as never));
});

test("the browser's precompiled validators carry the rule", () => {
  type Standalone = (ajv: unknown, refs: Record<string, string>) => string;
  const standaloneCode = ((standaloneModule as unknown as { default?: Standalone }).default ??
    standaloneModule) as unknown as Standalone;
  const ajv = createAjv({ code: { source: true } });
  ajv.addSchema(schema);
  const source = standaloneCode(ajv, { v: schema.$id });
  assert.doesNotMatch(source, /\/\[\^/, 'the pattern is built with new RegExp, not a literal the build could alter');
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(source, { module, exports: module.exports, require: createRequire(import.meta.url) });
  explain(entityValidator(module.exports.v as never, schema as never));
});
