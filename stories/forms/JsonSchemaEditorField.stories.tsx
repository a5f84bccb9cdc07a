/**
 * The fields editor of a state withholding form definition ("ui:field": "jsonSchemaEditor" on
 * payroll/state_w4_form.fields): the JSON Schema and uiSchema as JSON text, checked as they are typed.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { entityForm } from './entities.ts';
import { FormHarness } from './FormHarness.tsx';
import { showsTheError } from '../support/states.ts';

const meta = {
  title: 'Forms/State forms/JsonSchemaEditorField',
  component: FormHarness,
  args: { ...entityForm('state_w4_form', ['fields']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

const kansas = {
  schema: {
    type: 'object',
    properties: {
      k4_allowances: { type: 'integer', title: 'Kansas allowances', minimum: 0, maximum: 20 },
    },
  },
  uiSchema: { k4_allowances: { 'ui:widget': 'wholeNumber' } },
};

/** A new definition: the schema starts from the field's default, an object with no properties yet. */
export const Empty: Story = {
  args: { formData: {} },
  parameters: {
    check: { role: 'textbox', name: 'JSON Schema', value: JSON.stringify({ type: 'object', properties: {} }, null, 2) },
  },
};

/** A stored definition's fields, as indented JSON. */
export const Filled: Story = {
  args: { formData: { fields: kansas } },
  parameters: { check: { role: 'textbox', name: 'uiSchema', value: JSON.stringify(kansas.uiSchema, null, 2) } },
};

/** Text that is not JSON is kept, with the parser's message under it. */
export const NotJson: Story = {
  args: { formData: { fields: kansas } },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'JSON Schema' });
    await userEvent.clear(box);
    await userEvent.type(box, '{{ "type": "object", ');
  },
  parameters: { check: { text: 'Not valid JSON:' } },
};

/** JSON that is no JSON Schema: the meta-schema's message. */
export const NotASchema: Story = {
  args: { formData: { fields: { schema: { type: 'object', properties: { k4_allowances: { type: 'whole' } } } } } },
  parameters: { check: { text: 'Not a valid JSON Schema:' } },
};

/** Read-only (a definition the viewer may not change): the text shown, not editable. */
export const ReadOnly: Story = {
  args: { formData: { fields: kansas }, readonly: true },
  parameters: { check: { role: 'textbox', name: 'JSON Schema', value: JSON.stringify(kansas.schema, null, 2) } },
};

/** The server's message about the schema as a whole (server/payroll/state-forms.ts), as after a refused save. */
const NO_SCHEMA = 'The form fields need a JSON Schema object.';

/** A refused schema: the message under its text, the text box described by it and marked invalid. */
export const WithError: Story = {
  args: { formData: { fields: kansas }, extraErrors: { fields: { schema: { __errors: [NO_SCHEMA] } } } },
  parameters: { check: { text: NO_SCHEMA } },
  play: showsTheError(NO_SCHEMA),
};
