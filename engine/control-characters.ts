/**
 * A rule of every entity: text holds no control characters (NUL, ESC, DEL, the C0 and C1 ranges),
 * none of the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) that
 * make text read other than it is stored ("evil\u202egnp.exe" shows as "evilexe.png"), and nothing
 * that is no character at all: an unpaired surrogate (which PostgreSQL's jsonb cannot hold either)
 * or a noncharacter (U+FDD0-U+FDEF, U+FFFE, U+FFFF). Right-to-left text and its marks are text.
 * Tab, line feed and carriage return are allowed only in multi-line text: the fields the form edits
 * in a box of several lines (`"ui:widget": "textarea"`, or `"ui:options": {"rows": n}` as on a
 * JSON object edited as text, whose texts inside may break lines too). Object keys are text too.
 */
import type { FieldError } from './messages.ts';

const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/** C0 controls, DEL and the C1 controls; in multi-line text, all but tab, line feed and carriage return. */
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f';
const CONTROLS_IN_LINES = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';
/** Bidirectional embeddings, overrides and isolates; noncharacters. */
const NOT_SHOWN_AS_STORED = '\\u202a-\\u202e\\u2066-\\u2069\\ufdd0-\\ufdef\\ufffe\\uffff';
/** A surrogate without its pair. */
const UNPAIRED = '[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const refused = (controls: string, flags = '') => new RegExp(`[${controls}${NOT_SHOWN_AS_STORED}]|${UNPAIRED}`, flags);
const IN_MULTI_LINE = refused(CONTROLS_IN_LINES);
const IN_ONE_LINE = refused(CONTROLS);
const ALL_IN_ONE_LINE = refused(CONTROLS, 'g');
/** What no store holds: NUL, and a surrogate without its pair. */
const NUL = new RegExp(`\\u0000|${UNPAIRED}`);

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
 * The strings (and keys) of any JSON value that hold NUL (U+0000) or an unpaired surrogate, with the
 * same errors as the rule above. They are refused in every request body before it is read further,
 * whatever reads it (a find's criteria, a sign-in name): PostgreSQL's jsonb and text cannot hold
 * them, and both stores answer alike.
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
