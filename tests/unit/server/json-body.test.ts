import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import {
  jsonShape,
  MAX_DEPTH,
  MAX_LIST_ITEMS,
  MAX_OBJECT_KEYS,
  MAX_VALUES,
  parseJsonText,
  repeatedKeyAt,
} from '../../../server/http/json-body.ts';
import { ApiError } from '../../../server/http/errors.ts';

const refusal = (text: string) => {
  try {
    parseJsonText(text);
    return undefined;
  } catch (e) {
    assert.ok(e instanceof ApiError);
    return `${e.status} ${e.message}`;
  }
};

describe('JSON bodies', () => {
  test('jsonShape counts depth, the longest list, the widest object and all values without parsing', () => {
    assert.deepEqual(jsonShape('{"a": [1, 2, 3], "b": {"c": "x,]}\\"", "d": []}, "e": {}}'), {
      depth: 3,
      items: 3,
      keys: 3,
      values: 9,
    });
    assert.deepEqual(jsonShape('"a string, with [brackets]"'), { depth: 0, items: 0, keys: 0, values: 1 });
    assert.deepEqual(jsonShape('["\\\\", "\\\\\\"", 1]'), { depth: 1, items: 3, keys: 0, values: 4 });
  });

  test('bodies past each structural limit are refused before parsing, with a message saying which', () => {
    const list = (n: number) => `[${Array(n).fill(0).join(',')}]`;
    const object = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
    assert.equal(refusal(list(MAX_LIST_ITEMS)), undefined);
    assert.equal(refusal(list(MAX_LIST_ITEMS + 1)), `400 A JSON list holds more than ${MAX_LIST_ITEMS} items`);
    assert.equal(refusal(object(MAX_OBJECT_KEYS)), undefined);
    assert.equal(refusal(object(MAX_OBJECT_KEYS + 1)), `400 A JSON object holds more than ${MAX_OBJECT_KEYS} fields`);
    const lists = (n: number) => `[${Array(n).fill(list(1000)).join(',')}]`;
    assert.equal(refusal(lists(MAX_VALUES / 1000 - 1)), undefined);
    assert.equal(refusal(lists(MAX_VALUES / 1000)), `400 The JSON body holds more than ${MAX_VALUES} values`);
    assert.equal(
      refusal('['.repeat(MAX_DEPTH + 1) + ']'.repeat(MAX_DEPTH + 1)),
      `400 JSON nesting is deeper than ${MAX_DEPTH} levels`,
    );
    assert.equal(refusal('{"a": '), '400 Malformed JSON body');
  });

  test('prototype keys are refused however they are spelled, each named by its path', () => {
    let refused: unknown;
    try {
      parseJsonText(
        '{"a": {"__proto__": {"x": 1}, "constructor": 3, "b": [{"pro\\u0074otype": 4}]}, "c/d": {"__proto__": 1}}',
      );
    } catch (e) {
      refused = e;
    }
    assert.ok(refused instanceof ApiError);
    assert.equal(refused.status, 400);
    assert.equal(refused.message, 'Validation failed');
    assert.deepEqual(refused.errors, [
      { path: '/a/__proto__', message: "'__proto__' cannot be a field name: choose another." },
      { path: '/a/constructor', message: "'constructor' cannot be a field name: choose another." },
      { path: '/a/b/0/prototype', message: "'prototype' cannot be a field name: choose another." },
      { path: '/c~1d/__proto__', message: "'__proto__' cannot be a field name: choose another." },
    ]);
    // As values they are plain text.
    assert.deepEqual(parseJsonText('{"name": "constructor", "list": ["__proto__"]}'), {
      name: 'constructor',
      list: ['__proto__'],
    });
  });
});

describe('NUL in a body', () => {
  const errors = (text: string) => {
    try {
      parseJsonText(text);
      return undefined;
    } catch (e) {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 400);
      assert.equal(e.message, 'Validation failed');
      return e.errors?.map((x) => `${x.path} ${x.message}`);
    }
  };

  test('each string and key holding one is named, however deep', () => {
    assert.deepEqual(errors('{"a":"x\\u0000","b":[1,"ok",{"c\\u0000d":"y"}],"e":{"f":["\\u0000"]}}'), [
      '/a Must not contain control characters',
      '/b/2/c\u0000d Must not contain control characters',
      '/e/f/0 Must not contain control characters',
    ]);
    assert.deepEqual(errors('"\\u0000"'), [' Must not contain control characters']);
  });

  test('an escaped backslash before u0000 is text, and other controls are left to the entity rules', () => {
    assert.deepEqual(parseJsonText('{"a":"\\\\u0000"}'), { a: '\\u0000' });
    assert.deepEqual(parseJsonText('{"a":"\\u0007\\u001b"}'), { a: '\u0007\u001b' });
  });

  test('a flood of them is answered with a bounded list', () => {
    const list = errors(JSON.stringify(Array.from({ length: 500 }, () => '\u0000')))!;
    assert.equal(list.length, 51);
    assert.match(list[50], /450/);
  });
});

describe('a key given twice in one object', () => {
  test('is found at its place, however it is spelled; the same key in two objects is not', () => {
    const cases: [string, string | undefined][] = [
      ['{"a": 1, "b": 2}', undefined],
      ['{"a": 1, "a": 2}', '/a'],
      ['{"a": {"x": 1}, "b": {"x": 2}}', undefined],
      ['{"list": [{"k": 1}, {"k": 2, "j": 3, "k": 4}]}', '/list/1/k'],
      [
        '{"fields": {"schema": {"properties": {"age": {}, "name": {}, "age": {"type": "string"}}}}}',
        '/fields/schema/properties/age',
      ],
      ['{"\\u0061": 1, "a": 2}', '/a'],
      ['{"a/b": 1, "a/b": 2}', '/a~1b'],
      ['{"s": "\\"a\\": 1, \\"a\\": 2"}', undefined],
      ['[{"a": 1}, {"a": 1}]', undefined],
      ['"text"', undefined],
    ];
    for (const [text, at] of cases) assert.equal(repeatedKeyAt(text), at, text);
  });

  test('is refused with the body, naming its place', () => {
    try {
      parseJsonText('{"name": "x", "items": [{"n": 1, "n": 2}]}');
      assert.fail('accepted');
    } catch (e) {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 400);
      assert.deepEqual(e.errors, [{ path: '/items/0/n', message: "'n' is given twice in one object: give it once." }]);
    }
  });
});
