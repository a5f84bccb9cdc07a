import { expect, test } from 'vitest';
import { recordNamer } from '../../forms/widgets/record-name.ts';

const meta = (canonical: string, properties: Record<string, unknown>, ui: Record<string, unknown> = {}) => ({
  schema: { type: 'object', properties, definitions: { epochSeconds: { type: 'integer', minimum: 0 } } },
  ui,
  list: { columns: [canonical], canonical },
});

test('a record is named by its canonical text as it is', () => {
  expect(recordNamer(meta('name', { name: { type: 'string' } })).name({ name: 'Vacation' })).toBe('Vacation');
});

test('a canonical date reads as the list shows it, not as seconds', () => {
  const namer = recordNamer(
    meta(
      'start_date',
      { start_date: { allOf: [{ $ref: '#/definitions/epochSeconds' }] } },
      {
        start_date: { 'ui:widget': 'epochDate' },
      },
    ),
  );
  expect(namer.name({ start_date: Date.UTC(2026, 11, 1) / 1000 })).toBe('12/01/2026');
});

test('an empty canonical field, or none, names nothing (the caller shows the key)', () => {
  expect(recordNamer(meta('name', { name: { type: 'string' } })).name({ name: '' })).toBeUndefined();
  expect(recordNamer({ schema: {}, ui: {}, list: {} } as never).name({ name: 'x' })).toBeUndefined();
});
