/** The x- keywords of an entity file the format does not know, where a schema stands (engine/unknown-keywords.ts). */
import { describe, expect, it } from 'vitest';
import { unknownKeywords } from '../../../engine/unknown-keywords.ts';

describe('unknownKeywords', () => {
  it('finds a typo at the top, in a field, in a list item and in a definition, with the keyword meant', () => {
    const schema = {
      'x-acess': {},
      'x-access': {},
      properties: {
        a: { type: 'string', 'x-mesages': {} },
        'b/c': { type: 'array', items: { type: 'object', properties: { d: { 'x-sensitve': 'ssn' } } } },
      },
      definitions: { e: { allOf: [{ 'x-wholly-new': true }] } },
    };
    expect(unknownKeywords(schema)).toEqual([
      { at: '/', keyword: 'x-acess', meant: 'x-access' },
      { at: '/properties/a', keyword: 'x-mesages', meant: 'x-messages' },
      { at: '/properties/b~1c/items/properties/d', keyword: 'x-sensitve', meant: 'x-sensitive' },
      { at: '/definitions/e/allOf/0', keyword: 'x-wholly-new' },
    ]);
  });
  it("leaves alone what a keyword holds: x-ui's fields, x-messages' rules, x-list's columns", () => {
    expect(
      unknownKeywords({
        'x-ui': { 'x-anything': { 'ui:widget': 'text' } },
        'x-list': { columns: ['x-col'] },
        properties: { a: { 'x-messages': { 'x-rule': 'm' } } },
      }),
    ).toEqual([]);
  });
});
