/**
 * How a list draws one field's value in a cell, worked out once per column: a field whose widget
 * has a view for cells (registered by the app root, a plan chosen by name) by that view, user keys
 * by the people's names, anything else as text (dates MM/DD/YYYY, enum labels). The list screen
 * and the reports page draw their cells with it, so a value reads the same in both.
 */
import type { ReactNode } from 'react';
import type { JsonObject, TypeMeta } from '../../api/types.ts';
import { cellViews } from '../../contract/forms-registry.ts';
import { breakable } from '../../format/BreakableText.tsx';
import { formatByKind } from '../../format/format-value.ts';
import { fieldSchema, valueKind } from '../../format/schema-facts.ts';
import { UserNames } from '../../users/UserNames.tsx';

/** A field's value as text, with what formatting needs worked out once per column. */
export function columnFormatter(meta: Pick<TypeMeta, 'schema' | 'ui'>, field: string): (value: unknown) => string {
  const kind = valueKind(meta.schema, meta.ui, field);
  const schema = fieldSchema(meta.schema, field);
  return (value) => formatByKind(kind, value, schema);
}

/** The widget hint and options of a top-level field (a nested field's are not looked up). */
export function ownWidget(meta: Pick<TypeMeta, 'ui'>, field: string): { widget?: string; options: JsonObject } {
  const ownUi = field.includes('.') ? undefined : (meta.ui[field] as JsonObject | undefined);
  const hint = ownUi?.['ui:widget'];
  return {
    widget: typeof hint === 'string' ? hint : undefined,
    options: (ownUi?.['ui:options'] as JsonObject | undefined) ?? {},
  };
}

/** The widget hint and options of a top-level list field's items (a list of plans chosen by name). */
export function itemsWidget(meta: Pick<TypeMeta, 'ui'>, field: string): { widget?: string; options: JsonObject } {
  const items = field.includes('.')
    ? undefined
    : ((meta.ui[field] as JsonObject | undefined)?.items as JsonObject | undefined);
  const hint = items?.['ui:widget'];
  return {
    widget: typeof hint === 'string' ? hint : undefined,
    options: (items?.['ui:options'] as JsonObject | undefined) ?? {},
  };
}

export function fieldCell(meta: Pick<TypeMeta, 'schema' | 'ui'>, field: string): (value: unknown) => ReactNode {
  const isUser = valueKind(meta.schema, meta.ui, field) === 'user';
  const format = columnFormatter(meta, field);
  const { widget, options } = ownWidget(meta, field);
  const View = widget ? cellViews()[widget] : undefined;
  if (View) return (value) => <View value={value} options={options} />;
  // A list of references, each chosen by name in the form, is shown by their names too (not keys).
  const items = itemsWidget(meta, field);
  const ItemView = items.widget ? cellViews()[items.widget] : undefined;
  if (ItemView)
    return (value) =>
      Array.isArray(value) && value.length ? (
        <>
          {value.map((v, i) => (
            <span key={i}>
              {i > 0 && ', '}
              <ItemView value={v} options={items.options} />
            </span>
          ))}
        </>
      ) : (
        format(value)
      );
  if (isUser) return (value) => <UserNames value={value} />;
  return (value) => breakable(format(value));
}
