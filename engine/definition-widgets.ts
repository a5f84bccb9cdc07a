/**
 * The widgets a state form definition's uiSchema may name ("ui:widget"): those of @rjsf/core that
 * suit a form an employee fills, and the product's own that make sense there. A name outside the
 * list is refused when the definition is saved: the employee's screen would otherwise fail to draw.
 */
export const DEFINITION_WIDGETS: readonly string[] = [
  'text',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'updown',
  'hidden',
  'date',
  'email',
  'wholeNumber',
  'phone',
  'dob',
  'switch',
];
