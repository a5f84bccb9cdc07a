/**
 * A text of nothing but spaces is no answer. Where a schema asks for at least one character
 * (`minLength` of 1 or more: the product's way of saying a text is required), a text made only of
 * white space (spaces, tabs, line breaks, the no-break and ideographic spaces) and of characters
 * that show nothing (zero-width spaces and joiners, direction marks, the word joiner, soft hyphens,
 * the byte-order mark, the Hangul fillers) is refused as an empty one is, with the same message: a
 * hire named "   " would otherwise be stored, listed and printed as a blank.
 */
import { _, str, type Ajv, type KeywordCxt } from 'ajv';
import { useFunc } from 'ajv/dist/compile/util.js';
import ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';

// ajv's runtime helpers are CommonJS; depending on the loader the function is the default export or its `.default`.
const ucs2length = ((ucs2lengthModule as unknown as { default?: typeof ucs2lengthModule }).default ??
  ucs2lengthModule) as typeof ucs2lengthModule;

/** One character that shows something: not white space (`\s`) and not one of the invisible ones above. */
const SHOWN = '[^\\s\\u00ad\\u115f\\u1160\\u180e\\u200b-\\u200f\\u2060-\\u2064\\u3164\\ufeff\\uffa0]';
const SHOWN_PATTERN = new RegExp(SHOWN, 'u');

/** True for a text with nothing to read in it (the empty text too). */
export function isBlank(text: string): boolean {
  return !SHOWN_PATTERN.test(text);
}

/**
 * Replaces ajv's minLength with one that also refuses a blank text when the minimum is 1 or more.
 * The error is ajv's own (keyword `minLength`, params `{limit}`), so a field's `x-messages.minLength`
 * and the default "<Title> is required." say it. Written as generated code, not a function, so that
 * the browser's precompiled validators carry it too.
 */
export function useNonBlankMinLength(ajv: Ajv): void {
  ajv.removeKeyword('minLength');
  ajv.addKeyword({
    keyword: 'minLength',
    type: 'string',
    schemaType: 'number',
    error: {
      message: ({ schemaCode }) => str`must NOT have fewer than ${schemaCode} characters`,
      params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
    },
    code(cxt: KeywordCxt) {
      const { data, schemaCode } = cxt;
      const length = _`${useFunc(cxt.gen, ucs2length)}(${data})`;
      // Built with `new RegExp` whatever engine the ajv instance gives `pattern` (a state form's
      // patterns go through engine/linear-regexp): this one is the product's own and linear.
      const shown = cxt.gen.scopeValue('pattern', {
        key: SHOWN_PATTERN.toString(),
        ref: SHOWN_PATTERN,
        code: _`new RegExp(${SHOWN}, "u")`,
      });
      cxt.fail(_`${length} < ${schemaCode} || (${schemaCode} > 0 && !${shown}.test(${data}))`);
    },
  });
}
