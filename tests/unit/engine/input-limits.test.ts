import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { bundleSchema } from '../../../engine/bundle.ts';
import { boundedView } from '../../../engine/bounded-view.ts';
import { controlCharacterErrors, withoutControlCharacters } from '../../../engine/control-characters.ts';
import { capErrors, MAX_ERRORS, moreErrors } from '../../../engine/messages.ts';
import { canonicalJson, firstRepeat } from '../../../engine/unique-items.ts';
import { compileValidator, createAjv } from '../../../engine/validation.ts';

const defs = JSON.parse(readFileSync(new URL('../../../schemas/common/defs.json', import.meta.url), 'utf8'));

const schema = bundleSchema(
  {
    $id: 'https://dform.dev/schemas/auth/t.json',
    type: 'object',
    additionalProperties: false,
    properties: {
      name: { type: 'string', maxLength: 8 },
      notes: { type: 'string', maxLength: 100 },
      users: {
        type: 'array',
        maxItems: 3,
        uniqueItems: true,
        items: { $ref: '../common/defs.json#/definitions/uuid' },
      },
      rows: {
        type: 'array',
        maxItems: 2,
        items: { type: 'object', additionalProperties: false, properties: { label: { type: 'string', maxLength: 4 } } },
      },
      attributes: { type: 'object' },
    },
    'x-ui': { notes: { 'ui:widget': 'textarea' }, rows: { items: { label: { 'ui:widget': 'textarea' } } } },
  },
  defs,
);
const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

describe('bounded view: what ajv is shown', () => {
  test('lists are cut one past maxItems, texts past twice maxLength, unknown fields past the first few', () => {
    const data = {
      name: 'x'.repeat(1000),
      users: Array.from({ length: 100 }, (_, i) => `bad ${i}`),
      rows: [{ label: 'a' }, { label: 'b' }, { label: 'c' }, { label: 'd' }],
      attributes: { free: Array(50).fill(0) },
      ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`unknown${i}`, i])),
    };
    const before = JSON.stringify(data);
    const { data: view, more } = boundedView(schema, data, 3) as { data: any; more: number };
    assert.equal(view.name.length, 18);
    assert.equal(view.users.length, 4);
    assert.equal(view.rows.length, 3);
    assert.equal(view.attributes, data.attributes, 'free-form data is not walked');
    assert.deepEqual(
      Object.keys(view).filter((k) => k.startsWith('unknown')),
      ['unknown0', 'unknown1', 'unknown2'],
    );
    assert.equal(more, 7);
    assert.equal(JSON.stringify(data), before, 'the data itself is unchanged');
  });

  test('data within its limits is given as it is', () => {
    const data = { name: 'ok', users: [uuid(1)], rows: [{ label: 'a' }] };
    assert.equal(boundedView(schema, data, 3).data, data);
  });

  test('a text of surrogate pairs within maxLength is not cut', () => {
    const data = { name: '\u{1f600}'.repeat(8) };
    assert.equal(boundedView(schema, data, 3).data, data);
  });
});

describe('the entity validator on hopeless documents', () => {
  const v = compileValidator(createAjv(), schema);

  test('a list far past maxItems is explained from its first maxItems + 1 items', () => {
    const errors = v({ users: Array.from({ length: 60_000 }, (_, i) => `bad ${i}`) });
    assert.equal(errors.filter((e) => e.path.startsWith('/users/')).length, 4);
    assert.ok(errors.some((e) => e.path === '/users' && e.message === 'Must have at most 3 items'));
  });

  test('unknown fields past the first 50 are counted in one last item', () => {
    const data = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`unknown${i}`, i]));
    const errors = v(data);
    assert.equal(errors.length, MAX_ERRORS + 1);
    assert.deepEqual(errors.at(-1), moreErrors(70));
    assert.equal(errors.at(-1)!.message, 'and 70 more errors');
  });

  test('uniqueItems is checked in linear time with the same error', () => {
    const errors = v.withKeywords({ users: [uuid(1), uuid(2), uuid(1)] });
    assert.deepEqual(errors, [{ path: '/users', message: 'Must not repeat an item', keyword: 'uniqueItems' }]);
    const big = createAjv().compile({ type: 'array', uniqueItems: true, items: { type: 'object' } });
    const items = Array.from({ length: 2_000 }, (_, i) => ({ a: i, b: [i] }));
    assert.equal(big(items), true);
    assert.equal(big([...items, { b: [7], a: 7 }]), false, 'keys in another order are the same item');
  });

  test('control characters are refused in every text, line breaks only outside multi-line text', () => {
    assert.deepEqual(v({ name: 'a\u0000', notes: 'line\r\n\tnext', rows: [{ label: 'a\nb' }] }), [
      { path: '/name', message: 'Must not contain control characters' },
    ]);
    assert.deepEqual(v({ name: 'a\tb', notes: 'x\u001b', attributes: { 'k\u0085': 'v\u007f' } }), [
      { path: '/name', message: 'Must not contain control characters' },
      { path: '/notes', message: 'Must not contain control characters' },
      { path: '/attributes/k\u0085', message: 'Must not contain control characters' },
      { path: '/attributes/k\u0085', message: 'Must not contain control characters' },
    ]);
  });
});

describe('pieces', () => {
  test('controlCharacterErrors keeps the first ones and counts the rest', () => {
    const { errors, more } = controlCharacterErrors({ a: Array(10).fill('\u0000') }, undefined, 4);
    assert.deepEqual(
      errors.map((e) => e.path),
      ['/a/0', '/a/1', '/a/2', '/a/3'],
    );
    assert.equal(more, 6);
    assert.equal(controlCharacterErrors({ 'a/b~': '\u0001' }, undefined, 4).errors[0].path, '/a~1b~0');
    assert.equal(withoutControlCharacters('Mozilla\t5.0\u0085'), 'Mozilla 5.0 ');
    // A JSON object edited in a box of several rows: the texts inside may break lines, not hold NUL.
    const ui = { layout: { 'ui:field': 'jsonObject', 'ui:options': { rows: 20 } } };
    const layout = { layout: { elements: [{ text: 'USCIS\nForm I-9' }, { text: 'a\u0000' }] }, title: 'a\nb' };
    assert.deepEqual(
      controlCharacterErrors(layout, ui, 4).errors.map((e) => e.path),
      ['/layout/elements/1/text', '/title'],
    );
  });

  test('capErrors answers at most MAX_ERRORS errors and one item counting the rest', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ path: `/f${i}`, message: 'Required' }));
    const capped = capErrors([...many, moreErrors(5)]);
    assert.equal(capped.length, MAX_ERRORS + 1);
    assert.deepEqual(capped.at(-1), { path: '', message: 'and 75 more errors', more: 75 });
    assert.deepEqual(capErrors(many.slice(0, 3)), many.slice(0, 3));
    assert.equal(moreErrors(1).message, 'and 1 more error');
  });

  test('canonical JSON makes equal values equal texts', () => {
    assert.equal(canonicalJson({ b: [1, { d: 1, c: 2 }], a: 'x' }), canonicalJson({ a: 'x', b: [1, { c: 2, d: 1 }] }));
    assert.notEqual(canonicalJson(['1']), canonicalJson([1]));
    assert.deepEqual(firstRepeat(['a', 1, '1', 'a']), { i: 3, j: 0 });
    assert.equal(firstRepeat([1, '1', [1], ['1']]), undefined);
  });
});
