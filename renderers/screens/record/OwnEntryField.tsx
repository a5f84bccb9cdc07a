/**
 * An entry of a list whose entries each belong to the person they name (an assignment's
 * acknowledgements: `x-item-key` names the user, whose signature alone signs it): drawn as the
 * default object, read-only unless it is the viewer's own. Used when the viewer is named on the
 * record too (HR on an assignment they are also to read), who marks their entry and no one else's;
 * the server refuses the others (server/data/hooks/assignments.ts).
 */
import type { FieldProps } from '@rjsf/utils';

export function OwnEntryField(props: FieldProps) {
  const { registry, uiSchema, formData } = props;
  const { 'ui:field': _field, ...ui } = (uiSchema ?? {}) as Record<string, unknown>;
  const itemKey = (ui['ui:options'] as { itemKey?: unknown } | undefined)?.itemKey;
  const viewer = (registry.formContext as { viewer?: string } | undefined)?.viewer;
  const entry = formData as Record<string, unknown> | undefined;
  const theirs = typeof itemKey === 'string' && entry?.[itemKey] !== viewer;
  const ObjectField = registry.fields.ObjectField;
  return <ObjectField {...props} uiSchema={ui} readonly={props.readonly || theirs} />;
}
