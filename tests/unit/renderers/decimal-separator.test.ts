/**
 * The decimal separator the web build gives @rjsf (renderers/build/decimal-separator.ts): the
 * locale's, '.' by default, worked out once per list of locales; and the build plugin that puts it
 * in place of @rjsf/utils' own.
 */
import { test, vi } from 'vitest';
import assert from 'node:assert/strict';
import getDecimalSeparator from '../../../renderers/build/decimal-separator.ts';
import { DECIMAL_SEPARATOR_MODULE, dformDecimalSeparator } from '../../../scripts/vite/decimal-separator-plugin.ts';

/**
 * Counts `new Intl.NumberFormat(...)`. The spy builds the real one: a spy called with `new` makes an
 * object of its own, without a number format's internals.
 */
function spyOnNumberFormat() {
  const NumberFormat = Intl.NumberFormat;
  return vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
    ...args: ConstructorParameters<typeof NumberFormat>
  ) {
    return new NumberFormat(...args);
  } as typeof NumberFormat);
}

test("answers the locale's separator, '.' for an invalid locale", () => {
  assert.equal(getDecimalSeparator('en-US'), '.');
  assert.equal(getDecimalSeparator(['de-DE']), ',');
  assert.equal(getDecimalSeparator('fr-FR'), ',');
  assert.equal(getDecimalSeparator('not a locale!'), '.');
});

test("answers '.' for en and en-US first without building a number format", () => {
  const made = spyOnNumberFormat();
  assert.equal(getDecimalSeparator(['en-US', 'de-DE']), '.');
  assert.equal(getDecimalSeparator('EN'), '.');
  assert.equal(made.mock.calls.length, 0);
  assert.equal(getDecimalSeparator(['de-DE', 'en-US']), ',', 'the first locale decides');
  assert.equal(made.mock.calls.length, 1);
});

test('builds one number format per list of locales, not one per call', () => {
  const made = spyOnNumberFormat();
  for (let i = 0; i < 50; i++) getDecimalSeparator(['es-ES']);
  assert.equal(made.mock.calls.length, 1);
  assert.equal(getDecimalSeparator(['es-ES']), ',');
  getDecimalSeparator(['en-GB']);
  assert.equal(made.mock.calls.length, 2, 'another locale list is worked out again');
});

test("the build plugin answers ours to @rjsf/utils' modules only", () => {
  const plugin = dformDecimalSeparator() as unknown as {
    resolveId(source: string, importer?: string): string | undefined;
  };
  const rjsf = '/app/node_modules/@rjsf/utils/lib/index.js';
  assert.equal(plugin.resolveId('./getDecimalSeparator.js', rjsf), DECIMAL_SEPARATOR_MODULE);
  assert.equal(plugin.resolveId('./asNumber.js', rjsf), undefined);
  assert.equal(plugin.resolveId('./getDecimalSeparator.js', '/app/renderers/x.ts'), undefined);
});
