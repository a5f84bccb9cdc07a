/**
 * A widget or field name no one registered (a typo in x-ui) is dropped with a console message
 * naming the field, instead of @rjsf throwing while drawing the screen (renderers/screens/record/known-widgets.ts).
 */
import { describe, expect, it } from 'vitest';
import { getDefaultRegistry } from '@rjsf/core';
import { withKnownWidgets } from '../../../renderers/screens/record/known-widgets.ts';

const { widgets, fields } = getDefaultRegistry();
const known = { widgets: { ...widgets, epochDate: widgets.TextWidget }, fields: new Set(Object.keys(fields)) };
const schema = {
  type: 'object',
  properties: {
    expires_on: { type: 'integer' },
    notes: { type: 'string' },
    kind: { type: 'string', enum: ['a', 'b'] },
    lines: { type: 'array', items: { type: 'object', properties: { when: { type: 'integer' } } } },
  },
};

describe('withKnownWidgets', () => {
  it("keeps registered names and @rjsf's own for the field's type", () => {
    const ui = {
      expires_on: { 'ui:widget': 'epochDate' },
      notes: { 'ui:widget': 'textarea' },
      kind: { 'ui:widget': 'radio' },
      lines: { items: { when: { 'ui:widget': 'epochDate' } } },
    };
    const said: string[] = [];
    expect(withKnownWidgets(schema, ui, known, (m) => said.push(m))).toBe(ui);
    expect(said).toEqual([]);
  });
  it('drops a name nothing draws, in a field and in a list item, saying which', () => {
    const said: string[] = [];
    const ui = {
      expires_on: { 'ui:widget': 'epochdate', 'ui:help': 'kept' },
      kind: { 'ui:field': 'NoSuchField' },
      lines: { items: { when: { 'ui:widget': 'epochdate' } } },
    };
    expect(withKnownWidgets(schema, ui, known, (m) => said.push(m))).toEqual({
      expires_on: { 'ui:help': 'kept' },
      kind: {},
      lines: { items: { when: {} } },
    });
    expect(said).toEqual([
      "forms: expires_on: no widget 'epochdate' is registered for type integer; drawn by its type's own",
      "forms: kind: no field 'NoSuchField' is registered; drawn by its type's own",
      "forms: lines[].when: no widget 'epochdate' is registered for type integer; drawn by its type's own",
    ]);
  });
});
