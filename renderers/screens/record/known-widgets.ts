/**
 * A form's UI hints with every widget and field name the form can draw: one it cannot (a typo in an
 * entity file's `x-ui`, `epochdate` for `epochDate`) made @rjsf throw while drawing, and the whole
 * screen said "Something went wrong". Such a hint is dropped, the field drawn by its type's own
 * widget, and the mistake said in the console, naming the field and the name. A widget is known as
 * @rjsf finds it (`hasWidget`: a registered name, or one of its own for the field's type).
 */
import { hasWidget, type RJSFSchema, type RegistryWidgetsType } from '@rjsf/utils';
import type { JsonObject } from '../../api/types.ts';

export interface KnownNames {
  widgets: RegistryWidgetsType;
  fields: ReadonlySet<string>;
}

const asObject = (v: unknown): JsonObject | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as JsonObject) : undefined;

/** `ui` for the (inlined) `schema`, without the hints no widget or field answers. */
export function withKnownWidgets(
  schema: JsonObject,
  ui: JsonObject,
  known: KnownNames,
  warn: (message: string) => void,
  at = '',
): JsonObject {
  let out: JsonObject | undefined;
  const set = (k: string, v: unknown) => {
    out ??= { ...ui };
    if (v === undefined) delete out[k];
    else out[k] = v;
  };
  const where = at || '(the form)';
  const widget = ui['ui:widget'];
  if (typeof widget === 'string' && !hasWidget(schema as RJSFSchema, widget, known.widgets)) {
    warn(
      `forms: ${where}: no widget '${widget}' is registered for type ${String(schema.type ?? 'any')}; drawn by its type's own`,
    );
    set('ui:widget', undefined);
  }
  const field = ui['ui:field'];
  if (typeof field === 'string' && !known.fields.has(field)) {
    warn(`forms: ${where}: no field '${field}' is registered; drawn by its type's own`);
    set('ui:field', undefined);
  }
  for (const [name, sub] of Object.entries(asObject(schema.properties) ?? {})) {
    const subUi = asObject(ui[name]);
    const subSchema = asObject(sub);
    if (!subUi || !subSchema) continue;
    const checked = withKnownWidgets(subSchema, subUi, known, warn, at ? `${at}.${name}` : name);
    if (checked !== subUi) set(name, checked);
  }
  const items = asObject(schema.items);
  const itemsUi = asObject(ui.items);
  if (items && itemsUi) {
    const checked = withKnownWidgets(items, itemsUi, known, warn, `${where}[]`);
    if (checked !== itemsUi) set('items', checked);
  }
  return out ?? ui;
}
