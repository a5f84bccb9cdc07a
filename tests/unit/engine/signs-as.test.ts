/**
 * A typed signature is its signer's own name (engine/unsigned-signatures.ts signsAs): one of the
 * words of a name the product knows them by, accents and case set aside, or their initials alone.
 */
import { expect, test } from 'vitest';
import { signsAs } from '../../../engine/unsigned-signatures.ts';

const JOSE = ['José', undefined, 'Ñúñez', 'José Ñúñez'];

test.each([
  ['José Ñúñez', true],
  ['jose nunez', true],
  ['J. Ñúñez-García', true],
  ['Ñúñez García', true],
  ['J. Ñ.', true],
  ['Mickey Mouse', false],
  ['M. M.', false],
  ['Jo', false],
])('%s signs for José Ñúñez: %s', (typed, ok) => {
  expect(signsAs(typed, JOSE)).toBe(ok);
});

test('with no name known, any name signs', () => {
  expect(signsAs('Anyone', [undefined, ''])).toBe(true);
});
