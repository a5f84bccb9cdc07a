/**
 * A link may start a create screen with some fields filled in: its query parameters named after
 * the form's top-level fields (`/time/pto_register/create?user_id=<key>`). Only the fields this
 * viewer may set on create are taken (the ones the create form shows and lets them change; a hidden,
 * server-owned or read-only field is not), and only values such a field's control can hold (text, a
 * number, true / false, one of its choices, a user key for a user picker); anything else is
 * ignored. A taken value is in the form as if typed: the form's checks and the server's still
 * decide on Save. Pure.
 */
import type { JsonObject } from '../../api/types.ts';
import { holdsUserKeys, resolveSchema } from '../../format/schema-facts.ts';
import { isUserKey } from '../../users/user-names.ts';
import type { FormModel } from './form-model.ts';

type Scalar = string | number | boolean;

/** A field's schema with its `$ref`s and one-level `allOf` parts merged (the field's own words on top). */
function flatten(root: JsonObject, p: JsonObject): JsonObject {
  const r = resolveSchema(root, p) ?? p;
  const parts = Array.isArray(r.allOf) ? (r.allOf as JsonObject[]).map((a) => resolveSchema(root, a) ?? a) : [];
  return Object.assign({}, ...parts, r) as JsonObject;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The text of a parameter as a value of a field of this schema, or undefined when it cannot be one. */
function valueOf(s: JsonObject, text: string, userKeys: boolean): Scalar | undefined {
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter((t) => t !== 'null');
  const type = types.length === 1 ? types[0] : undefined;
  let value: Scalar | undefined;
  if (type === 'string') value = text;
  else if (type === 'number' || type === 'integer') value = NUMBER.test(text) ? Number(text) : undefined;
  else if (type === 'boolean') value = text === 'true' ? true : text === 'false' ? false : undefined;
  if (value === undefined) return undefined;
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return undefined;
  if (userKeys && !(typeof value === 'string' && isUserKey(value))) return undefined;
  return userKeys ? (value as string).toLowerCase() : value;
}

/** The values of `search` a new record's form of `model` takes (see above). */
export function prefillOf(search: URLSearchParams, model: FormModel): JsonObject {
  const props = (model.schema.properties ?? {}) as Record<string, JsonObject>;
  const ui = model.uiSchema as Record<string, JsonObject | undefined>;
  const out: JsonObject = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    // Said twice, a parameter says nothing for sure.
    if (values.length !== 1 || !Object.hasOwn(props, name)) continue;
    const s = flatten(model.schema, props[name]);
    const own = ui[name] ?? {};
    if (s.readOnly === true || own['ui:readonly'] === true || own['ui:disabled'] === true) continue;
    if (own['ui:widget'] === 'hidden') continue;
    const value = valueOf(s, values[0], holdsUserKeys(s, own['ui:widget'], name));
    if (value !== undefined) out[name] = value;
  }
  return out;
}
