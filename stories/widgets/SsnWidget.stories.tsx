/**
 * The SSN widget (forms/widgets/SsnWidget.tsx) on the employee's SSN: typed as digits, shown and
 * stored ###-##-####; the masked value the API answers is kept until a new one is typed.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { employeeMeta, specMessage } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/SsnWidget',
  component: WidgetField,
  args: { meta: employeeMeta(), field: 'ssn' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  parameters: { check: { role: 'textbox', name: 'SSN', value: '' } },
};

export const MaskedFromServer: Story = {
  args: { value: 'xxx-xx-6789' },
  parameters: { check: { role: 'textbox', name: 'SSN', value: 'xxx-xx-6789' } },
};

/** A failed save (an incomplete number): the message at the box, the box marked invalid. */
export const WithError: Story = {
  play: showsTheError(specMessage(employeeMeta(), 'ssn', 'pattern')),
  args: { value: '123-45', errors: [specMessage(employeeMeta(), 'ssn', 'pattern')] },
  parameters: { check: { text: 'SSN must be 11 characters: 3-2-4 digits (x allowed in the first five).' } },
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...MaskedFromServer,
  args: { ...MaskedFromServer.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...MaskedFromServer,
  globals: PHONE,
  play: fitsThePhone,
};
