/**
 * Facts about one field of a bundled entity schema that the screens need: its resolved schema,
 * its uiSchema, and how to show its value (date, phone, enum label ...).
 */
import type { JsonObject } from '../api/types.ts';

export type ValueKind =
  | 'epochDate'
  /** Epoch seconds of a moment (an audit entry's time, `"ui:options": {"time": true}`): date and time. */
  | 'epochDateTime'
  | 'isoDate'
  | 'phone'
  | 'enum'
  | 'boolean'
  | 'array'
  | 'number'
  | 'text'
  /** One user key or a list of them, shown by display name (../users/UserNames.tsx). */
  | 'user';

/**
 * A field that holds user keys: a user picker (`"ui:widget": "userSelect"`), or a text field named
 * like `created_by`, `updated_by`, `invited_by` (who did something).
 */
export function holdsUserKeys(s: JsonObject, widget: unknown, dotted: string): boolean {
  if (widget === 'userSelect') return true;
  const name = dotted.split('.').pop() ?? '';
  // The user a record is of (an I-9, a W-4): shown by name in lists, never as a key.
  if (name === '_user_uuid') return true;
  return name.endsWith('_by') && s.type === 'string' && s.enum === undefined && s.format === undefined;
}

/** Resolves local `#/definitions/...` refs, keeping the referring schema's own keywords on top. */
export function resolveSchema(root: JsonObject, s: JsonObject | undefined): JsonObject | undefined {
  let cur = s;
  let merged: JsonObject = {};
  for (let i = 0; i < 8 && cur && typeof cur.$ref === 'string'; i++) {
    const { $ref, ...own } = cur;
    merged = { ...own, ...merged };
    const ref = $ref as string;
    cur = ref.startsWith('#/definitions/')
      ? ((root.definitions as Record<string, JsonObject> | undefined)?.[ref.slice(14)] ?? undefined)
      : undefined;
  }
  const out = cur ? { ...cur, ...merged } : Object.keys(merged).length ? merged : undefined;
  // A field that extends a shared definition through allOf (a group's permissions) reads as that
  // definition with its own keywords over it; a list's items behind a reference, as their schema
  // (a permission reads as its name).
  const { allOf, ...own } = out ?? {};
  // Only where the field adds no fields or items of its own (a legal address's own `properties`
  // refine the address's: merged flat, they hid its fields' choices); those read their parts themselves.
  const whole =
    Array.isArray(allOf) && own.properties === undefined && own.items === undefined
      ? (Object.assign(
          {},
          ...(allOf as JsonObject[]).map((part) => resolveSchema(root, part) ?? {}),
          own,
        ) as JsonObject)
      : out;
  const items = whole?.items as JsonObject | undefined;
  return items && typeof items === 'object' && typeof items.$ref === 'string'
    ? { ...whole, items: resolveSchema(root, items) }
    : whole;
}

/** A schema resolved, and a list's its items': the fields of `history.time` are the items' fields. */
function container(root: JsonObject, s: JsonObject | undefined): JsonObject | undefined {
  const cur = resolveSchema(root, s);
  const items = cur?.items;
  return cur?.type === 'array' && items && typeof items === 'object' && !Array.isArray(items)
    ? resolveSchema(root, items as JsonObject)
    : cur;
}

/** The schema of a dotted field (`legal_address.state`, `activity_log.time`) of a bundled entity schema. */
export function fieldSchema(root: JsonObject, dotted: string): JsonObject | undefined {
  let cur: JsonObject | undefined = root;
  for (const part of dotted.split('.')) {
    cur = container(root, cur);
    const props = cur?.properties as Record<string, JsonObject> | undefined;
    // Own names only: a URL's `f.constructor` is no field, not Object's constructor.
    cur = props && Object.hasOwn(props, part) ? props[part] : undefined;
    if (!cur) return undefined;
  }
  return resolveSchema(root, cur);
}

export function fieldUi(ui: JsonObject, dotted: string): JsonObject {
  let cur: JsonObject | undefined = ui;
  for (const part of dotted.split('.')) {
    // A list's fields' hints are under its `items`.
    const here: JsonObject | undefined = cur?.[part] === undefined ? (cur?.items as JsonObject | undefined) : cur;
    cur = here?.[part] as JsonObject | undefined;
  }
  return cur ?? {};
}

function refName(root: JsonObject, dotted: string): string | undefined {
  let cur: JsonObject | undefined = root;
  let last: JsonObject | undefined;
  for (const part of dotted.split('.')) {
    cur = container(root, cur);
    last = (cur?.properties as Record<string, JsonObject> | undefined)?.[part];
    cur = last;
  }
  const ref = last?.$ref;
  return typeof ref === 'string' ? ref.split('/').pop() : undefined;
}

export function valueKind(root: JsonObject, ui: JsonObject, dotted: string): ValueKind {
  const s = fieldSchema(root, dotted) ?? {};
  const widget = fieldUi(ui, dotted)['ui:widget'];
  const ref = refName(root, dotted);
  if (widget === 'epochDate' || ref === 'epochSeconds') {
    return (fieldUi(ui, dotted)['ui:options'] as JsonObject | undefined)?.time === true ? 'epochDateTime' : 'epochDate';
  }
  if (widget === 'phone' || ref === 'phone') return 'phone';
  if (widget === 'dob' || s.format === 'date') return 'isoDate';
  if (holdsUserKeys(s, widget, dotted)) return 'user';
  if (Array.isArray(s.enum)) return 'enum';
  if (s.type === 'boolean') return 'boolean';
  if (s.type === 'array') return 'array';
  if (s.type === 'integer' || s.type === 'number') return 'number';
  return 'text';
}

export function fieldTitle(root: JsonObject, dotted: string): string {
  const s = fieldSchema(root, dotted);
  if (typeof s?.title === 'string' && s.title) return s.title;
  const last = dotted.split('.').pop() ?? dotted;
  const words = last.replace(/^_+/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
