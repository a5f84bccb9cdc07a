/**
 * Every widget a state form definition may name (engine/definition-widgets.ts, checked when a
 * definition is saved) is one the employee's screen can draw: the product's own registry or
 * @rjsf/core's for some type of value. A name the screen lacks made the page fail to draw.
 */
import { it } from 'vitest';
import assert from 'node:assert/strict';
import { getWidget, type RJSFSchema } from '@rjsf/utils';
import { getDefaultRegistry } from '@rjsf/core';
import { DEFINITION_WIDGETS } from '../../engine/definition-widgets.ts';
import { widgets } from '../../forms/widgets/index.ts';

const TYPES: RJSFSchema[] = [
  { type: 'string' },
  { type: 'number' },
  { type: 'integer' },
  { type: 'boolean' },
  { type: 'array', items: { type: 'string', enum: ['a'] }, uniqueItems: true },
];

it('names only widgets the screen has', () => {
  const all = { ...getDefaultRegistry().widgets, ...widgets };
  for (const name of DEFINITION_WIDGETS) {
    const drawn = TYPES.some((schema) => {
      try {
        return !!getWidget(schema, name, all);
      } catch {
        return false;
      }
    });
    assert.ok(drawn, `${name} is drawn for some type of value`);
  }
  assert.throws(() => getWidget({ type: 'string' }, 'nosuchwidget', all), 'an unknown name is not drawn');
});
