/**
 * Every widget, field and behaviour a payroll schema's x-ui names exists in the forms registries (or
 * is one of @rjsf's own), so a schema cannot point at a missing component.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getDefaultRegistry } from '@rjsf/core';
import { behaviours } from '../../forms/behaviour/index.ts';
import { fields } from '../../forms/fields/index.ts';
import { widgets } from '../../forms/widgets/index.ts';
import { parseWholeNumber } from '../../forms/widgets/WholeNumberWidget.tsx';
import * as S from '../../stories/forms/WholeNumberWidget.stories.tsx';
import { renderStory } from './render-story.tsx';

const schemasDir = path.resolve(import.meta.dirname, '../../schemas');

/** The widget names @rjsf resolves by itself (getWidget's aliases for each schema type). */
const RJSF_ALIASES = new Set([
  'checkbox',
  'radio',
  'select',
  'hidden',
  'text',
  'password',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uri',
  'data-url',
  'textarea',
  'date',
  'datetime',
  'date-time',
  'alt-date',
  'alt-datetime',
  'time',
  'color',
  'file',
  'updown',
  'range',
  'checkboxes',
  'files',
]);

function uiNames(ui: unknown, out: { widget: string[]; field: string[]; behaviour: string[] }) {
  if (!ui || typeof ui !== 'object') return out;
  for (const [k, v] of Object.entries(ui)) {
    if (k === 'ui:widget' && typeof v === 'string') out.widget.push(v);
    else if (k === 'ui:field' && typeof v === 'string') out.field.push(v);
    else if (k === 'ui:options' && v && typeof (v as { behaviour?: unknown }).behaviour === 'string') {
      out.behaviour.push((v as { behaviour: string }).behaviour);
    } else uiNames(v, out);
  }
  return out;
}

describe('forms registries', () => {
  const builtIn = getDefaultRegistry();
  const files = readdirSync(schemasDir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.json') && !f.startsWith('common') && f !== 'entity.schema.json');

  it('resolves every ui:widget, ui:field and behaviour named in the schemas', () => {
    assert.ok(files.length > 10);
    for (const f of files) {
      const ui = (JSON.parse(readFileSync(path.join(schemasDir, f), 'utf8')) as { 'x-ui'?: unknown })['x-ui'];
      const names = uiNames(ui, { widget: [], field: [], behaviour: [] });
      for (const w of names.widget)
        assert.ok(w in widgets || w in builtIn.widgets || RJSF_ALIASES.has(w), `${f}: no widget '${w}'`);
      for (const n of names.field) assert.ok(n in fields || n in builtIn.fields, `${f}: no field '${n}'`);
      for (const b of names.behaviour) assert.ok(b in behaviours, `${f}: no behaviour '${b}'`);
      for (const b of names.behaviour)
        assert.equal(
          f
            .replace(/\.json$/, '')
            .split(path.sep)
            .join('/'),
          b,
          `${f}: behaviour named after another form`,
        );
    }
  });
});

describe('WholeNumberWidget', () => {
  it('keeps digits and a decimal point: cents are kept for the schema to refuse, never folded in', () => {
    assert.equal(parseWholeNumber('1,250'), 1250);
    assert.equal(parseWholeNumber('$ 007'), 7);
    assert.equal(parseWholeNumber('0'), 0);
    assert.equal(parseWholeNumber('12.50'), 12.5);
    assert.equal(parseWholeNumber('12.'), 12);
    assert.equal(parseWholeNumber('.5'), 0.5);
    assert.equal(parseWholeNumber('1.2.3'), 1.23);
    assert.equal(parseWholeNumber('abc'), undefined);
    assert.equal(parseWholeNumber(''), undefined);
  });

  it('shows the dollar prefix and numeric input', () => {
    const h = renderStory(S.default, S.WithValues);
    assert.match(
      h,
      /<span class="input-affix__text">\$<\/span><input id="root_income_not_from_jobs"[^>]*inputMode="numeric"[^>]*value="12000"/,
    );
    assert.match(h, /id="root_number_of_other_dependents"[^>]*value="1"/);
    assert.match(renderStory(S.default, S.Empty), /id="root_federal_withholding_extra"[^>]*value=""/);
  });
});
