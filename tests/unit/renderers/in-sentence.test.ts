/**
 * A schema's title inside a sentence (the list screen's "New form I-9" button, "No W-4s yet."): a
 * form's number and an abbreviation keep their capitals, as the official forms print them.
 */
import { describe, expect, test } from 'vitest';
import { inSentence } from '../../../renderers/format/title-case.ts';

describe('inSentence', () => {
  test.each([
    ['Form I-9', 'form I-9'],
    ['I-9s', 'I-9s'],
    ['Form W-4', 'form W-4'],
    ['W-4s', 'W-4s'],
    ['I-9 document copies', 'I-9 document copies'],
    ['PTO plans', 'PTO plans'],
    ['State withholding certificates', 'state withholding certificates'],
    ['Hire', 'hire'],
    ['A request', 'a request'],
  ])('%s reads %s', (title, expected) => {
    expect(inSentence(title)).toBe(expected);
  });
});
