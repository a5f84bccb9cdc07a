/**
 * Field rules no answer could meet within the input limits (engine/unmeetable-rules.ts), named at
 * their place; rules an answer can meet, at the limits too, pass.
 */
import assert from 'node:assert/strict';
import { test } from 'vitest';
import { unmeetableRules } from '../../../engine/unmeetable-rules.ts';

const LIMITS = { text: 1000, number: 100, step: 0.000001 };
const check = (schema: unknown) => unmeetableRules(schema, '/s', LIMITS);

test('rules no answer could meet are named at their place, nested ones too', () => {
  assert.deepEqual(check({ type: 'string', minLength: 1001 }), [
    {
      path: '/s',
      message:
        'minLength 1001 is longer than any answer may be (a request holds at most 1,000 characters): no answer could meet it.',
    },
  ]);
  assert.deepEqual(check({ properties: { a: { anyOf: [{ type: 'number', maximum: 1e15 }] } } }), [
    {
      path: '/s/properties/a/anyOf/0',
      message: 'maximum 1000000000000000 is past the largest number an answer may hold (100).',
    },
  ]);
  const messages = (schema: unknown) => check(schema).map((e) => e.message);
  assert.deepEqual(messages({ multipleOf: 1e-300 }), [
    'multipleOf 1e-300 is finer than an answer is checked to: use 0.000001 or more.',
  ]);
  assert.deepEqual(messages({ minimum: 3, exclusiveMaximum: 3 }), [
    'minimum 3 is not less than exclusiveMaximum 3: no answer could meet both.',
  ]);
  assert.deepEqual(messages({ type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 2 }), [
    'No whole number lies between exclusiveMinimum 1 and exclusiveMaximum 2: no answer could meet them.',
  ]);
  assert.deepEqual(messages({ multipleOf: 7, minimum: 8, maximum: 13 }), [
    'No multiple of 7 lies between minimum 8 and maximum 13: no answer could meet them.',
  ]);
  assert.deepEqual(messages({ minItems: 3, maxItems: 2 }), [
    'minItems 3 is more than maxItems 2: no answer could meet both.',
  ]);
});

test('rules an answer can meet pass, and values (enum, default, x-messages) are not rules', () => {
  for (const schema of [
    { type: 'string', minLength: 1000, maxLength: 1000 },
    { type: 'number', minimum: -100, maximum: 100, multipleOf: 0.000001 },
    { type: 'integer', minimum: 0.5, maximum: 1.5 },
    { multipleOf: 7, minimum: 8, maximum: 14 },
    { minimum: 1, exclusiveMinimum: 2, maximum: 3 },
    { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.001 },
    { enum: [{ minLength: 1e9 }], default: { maximum: 1e15 }, 'x-messages': { minimum: 5 } },
    { properties: { minimum: { type: 'string', title: 'A field named minimum' } } },
  ]) {
    assert.deepEqual(check(schema), [], JSON.stringify(schema));
  }
});

test("a pattern no text within the field's maxLength could match is refused: the employee could never answer", () => {
  const messages = (schema: unknown) => check(schema).map((e) => e.message);
  assert.deepEqual(messages({ type: 'string', maxLength: 5, pattern: '^[0-9]{6}$' }), [
    'pattern "^[0-9]{6}$" matches no text shorter than 6 characters, but maxLength is 5: no answer could meet both.',
  ]);
  // Unanchored, a pattern matches within the text: the text still holds the match.
  assert.deepEqual(messages({ type: 'string', maxLength: 9, pattern: '\\d{3}-\\d{2}-\\d{4}' }), [
    'pattern "\\d{3}-\\d{2}-\\d{4}" matches no text shorter than 11 characters, but maxLength is 9: no answer could meet both.',
  ]);
  for (const schema of [
    { type: 'string', maxLength: 6, pattern: '^[0-9]{6}$' },
    { type: 'string', maxLength: 1, pattern: '^(abc|d)$' },
    { type: 'string', maxLength: 0, pattern: '^(a+|)$' },
    { type: 'string', maxLength: 2, pattern: '^(a{3})*$' },
    { type: 'string', maxLength: 1, pattern: '^\\u00e9$' },
    // Not compiled by RE2: the schema's compile names it (docs/data-defined-patterns.md), not this rule.
    { type: 'string', maxLength: 1, pattern: '^(a)\\1$' },
  ]) {
    assert.deepEqual(check(schema), [], JSON.stringify(schema));
  }
});

test('a field no answer could meet for want of a value in common is refused: the employee could never answer', () => {
  const messages = (schema: unknown) => check(schema).map((e) => e.message);
  // A pattern anchored at both ends matches texts of a bounded length only.
  assert.deepEqual(messages({ type: 'string', minLength: 3, maxLength: 3, pattern: '^[0-9]{2}$' }), [
    'pattern "^[0-9]{2}$" matches no text longer than 2 characters, but minLength is 3: no answer could meet both.',
  ]);
  assert.deepEqual(messages({ type: 'string', maxLength: 9, not: {} }), [
    'not {} refuses every answer: no answer could meet it.',
  ]);
  assert.deepEqual(messages({ type: 'string', maxLength: 3, allOf: [{ enum: ['x'] }, { enum: ['y'] }] }), [
    'Its choices (enum, const and those of allOf) have no value in common: no answer could meet them.',
  ]);
  assert.deepEqual(
    messages({ type: 'array', maxItems: 5, minItems: 3, uniqueItems: true, items: { enum: ['x', 'y'] } }),
    ['minItems 3 with uniqueItems, but the items take only 2 values: no answer could meet both.'],
  );
  assert.deepEqual(
    messages({
      type: 'object',
      required: ['b'],
      maxProperties: 0,
      properties: { b: { type: 'string', maxLength: 2 } },
    }),
    ['required names 1 field, but maxProperties is 0: no answer could meet both.'],
  );
  // Rules an answer can meet pass: unanchored or open patterns, choices in common, enough values.
  for (const schema of [
    { type: 'string', minLength: 3, maxLength: 9, pattern: '[0-9]{2}' },
    { type: 'string', minLength: 3, maxLength: 9, pattern: '^[0-9]{2}' },
    { type: 'string', minLength: 3, maxLength: 9, pattern: '^[0-9]{2,}$' },
    { type: 'string', minLength: 3, maxLength: 9, pattern: '^a|bcd$' },
    { type: 'string', minLength: 2, maxLength: 2, pattern: '^[0-9]{2}$' },
    { type: 'string', minLength: 3, maxLength: 3, pattern: '^(ab|cde)$' },
    { type: 'string', maxLength: 9, not: { pattern: '^x' } },
    { type: 'string', maxLength: 3, enum: ['x', 'y'], allOf: [{ enum: ['y', 'z'] }, { const: 'y' }] },
    { type: 'array', maxItems: 5, minItems: 2, uniqueItems: true, items: { type: 'boolean' } },
    { type: 'array', maxItems: 5, minItems: 3, items: { enum: ['x', 'y'] } },
    { type: 'object', required: ['b'], maxProperties: 1, properties: { b: { type: 'string', maxLength: 2 } } },
  ]) {
    assert.deepEqual(check(schema), [], JSON.stringify(schema));
  }
});
