/**
 * A list with the schema's bounds enforced in the screen ("ui:field": "boundedList"): no Add button
 * at maxItems, no Remove buttons at minItems (emergency contacts: 1 to 2). Renders rjsf's own array
 * field, so items keep their widgets, labels and required marks.
 */
import type { FieldProps, UiSchema } from '@rjsf/utils';

export function boundedListOptions(count: number, minItems: number | undefined, maxItems: number | undefined) {
  return {
    addable: maxItems === undefined || count < maxItems,
    removable: count > (minItems ?? 0),
  };
}

export function BoundedArrayField(props: FieldProps) {
  const { ArrayField } = props.registry.fields;
  const count = Array.isArray(props.formData) ? props.formData.length : 0;
  const { minItems, maxItems } = props.schema;
  const { 'ui:field': _field, ...rest } = (props.uiSchema ?? {}) as UiSchema;
  const ui: UiSchema = {
    ...rest,
    'ui:options': { ...(rest['ui:options'] ?? {}), ...boundedListOptions(count, minItems, maxItems) },
  };
  return <ArrayField {...props} uiSchema={ui} />;
}
