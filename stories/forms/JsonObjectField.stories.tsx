/**
 * A JSON object edited as text ("ui:field": "jsonObject", as payroll/state_w4_form.printable_layout,
 * a new state's printable form kept as data).
 */
import { showsTheError } from '../support/states.ts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { entityForm } from './entities.ts';
import { FormHarness } from './FormHarness.tsx';

const meta = {
  title: 'Forms/State forms/JsonObjectField',
  component: FormHarness,
  args: { ...entityForm('state_w4_form', ['printable_layout']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

const layout = { form: 'kansas', state: 'KS', title: 'Form K-4', pages: 1, elements: [] };

/** No layout yet: an empty box. */
export const Empty: Story = {
  args: { formData: {} },
  parameters: { check: { role: 'textbox', name: 'Printable layout', value: '' } },
};

/** A stored layout, as indented JSON. */
export const Filled: Story = {
  args: { formData: { printable_layout: layout } },
  parameters: { check: { role: 'textbox', name: 'Printable layout', value: JSON.stringify(layout, null, 2) } },
};

/** Text that is not JSON is kept, with the parser's message. */
export const NotJson: Story = {
  args: { formData: { printable_layout: layout } },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Printable layout' });
    await userEvent.clear(box);
    await userEvent.type(box, '{{ "form": ');
  },
  parameters: { check: { text: 'Not valid JSON:' } },
};

/** The server's messages about places inside the layout, listed under the text. */
export const ServerErrors: Story = {
  args: {
    formData: { printable_layout: layout },
    extraErrors: {
      printable_layout: { form: { __errors: ["The layout's form must be this definition's printable form type."] } },
    },
  },
  parameters: { check: { text: "The layout's form must be this definition's printable form type." } },
};

/** Read-only: shown, not editable. */
export const ReadOnly: Story = {
  args: { formData: { printable_layout: layout }, readonly: true },
  parameters: { check: { role: 'textbox', name: 'Printable layout', value: JSON.stringify(layout, null, 2) } },
};

/** The error story: the server's message at a place inside the layout, the text box marked invalid. */
export const WithError: Story = {
  ...ServerErrors,
  play: showsTheError("The layout's form must be this definition's printable form type."),
};
