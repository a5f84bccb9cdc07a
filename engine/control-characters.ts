/**
 * A rule of every entity: text holds no control characters (NUL, ESC, DEL, the C0 and C1 ranges).
 * Tab, line feed and carriage return are allowed only in multi-line text: the fields the form edits
 * in a box of several lines (`"ui:widget": "textarea"`, or `"ui:options": {"rows": n}` as on a
 * JSON object edited as text, whose texts inside may break lines too). Object keys are text too.
 */
import type { FieldError } from './messages.ts';

const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/* eslint-disable no-control-regex -- finding control characters is what these expressions are for */
/** C0 controls but tab, line feed and carriage return; DEL; C1 controls. */
const IN_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Every C0 control, DEL and the C1 controls. */
const IN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
const ALL_IN_ONE_LINE = /[\u0000-\u001f\u007f-\u009f]/g;
const NUL = /\u0000/;
/* eslint-enable no-control-regex */

/** The text with each control character (line breaks too) made a space: for text taken from a request header. */
export function withoutControlCharacters(text: string): string {
  return text.replace(ALL_IN_ONE_LINE, ' ');
}

type Ui = Record<string, unknown> | undefined;

function multiLine(ui: Ui): boolean {
  return ui?.['ui:widget'] === 'textarea' || typeof child(ui, 'ui:options')?.rows === 'number';
}

function child(ui: Ui, key: string): Ui {
  const c = ui?.[key];
  return c && typeof c === 'object' && !Array.isArray(c) ? (c as Record<string, unknown>) : undefined;
}

const pointer = (keys: readonly (string | number)[]) =>
  keys.map((k) => '/' + String(k).replace(/~/g, '~0').replace(/\//g, '~1')).join('');

/**
 * The strings (and keys) of `data` that break the rule, one error each: at most `keep` of them, the
 * others counted in `more`. `ui` is the entity's uiSchema, read for the multi-line fields.
 */
export function controlCharacterErrors(data: unknown, ui: Ui, keep: number): { errors: FieldError[]; more: number } {
  return walk(data, ui, keep, (lines) => (lines ? IN_MULTI_LINE : IN_ONE_LINE));
}

/**
 * The strings (and keys) of any JSON value that hold NUL (U+0000), with the same errors as the rule
 * above. NUL is refused in every request body before it is read further, whatever reads it (a find's
 * criteria, a sign-in name): PostgreSQL's jsonb and text cannot hold it, and both stores answer alike.
 */
export function nulErrors(data: unknown, keep: number): { errors: FieldError[]; more: number } {
  return walk(data, undefined, keep, () => NUL);
}

/** Walks strings and keys, naming each that `pattern` (for a multi-line field or not) finds a character in. */
function walk(
  data: unknown,
  ui: Ui,
  keep: number,
  pattern: (multiLine: boolean) => RegExp,
): { errors: FieldError[]; more: number } {
  const errors: FieldError[] = [];
  let more = 0;
  // The path to the value being looked at; a pointer is spelled only for an error.
  const keys: (string | number)[] = [];
  const found = () => {
    if (errors.length < keep)
      errors.push({ path: pointer(keys), message: CONTROL_CHARACTERS_MESSAGE, keyword: 'controlCharacters' });
    else more++;
  };
  const inKey = pattern(false);
  // `multi`: the value is (inside) a multi-line field.
  const visit = (value: unknown, hints: Ui, multi: boolean): void => {
    const lines = multi || multiLine(hints);
    if (typeof value === 'string') {
      if (pattern(lines).test(value)) found();
    } else if (Array.isArray(value)) {
      const items = child(hints, 'items');
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (item === null || (typeof item !== 'object' && typeof item !== 'string')) continue;
        keys.push(i);
        visit(item, items, lines);
        keys.pop();
      }
    } else if (value && typeof value === 'object') {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        keys.push(key);
        if (inKey.test(key)) found();
        visit((value as Record<string, unknown>)[key], child(hints, key), lines);
        keys.pop();
      }
    }
  };
  visit(data, ui, false);
  return { errors, more };
}
