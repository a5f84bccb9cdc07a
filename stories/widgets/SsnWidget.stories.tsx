/**
 * The SSN widget (forms/widgets/SsnWidget.tsx) on the employee's SSN: typed as digits, shown and
 * stored ###-##-####; the masked value the API answers is kept until a new one is typed.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { employeeMeta, specMessage } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';

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

export const Incomplete: Story = {
  args: { value: '123-45', errors: [specMessage(employeeMeta(), 'ssn', 'pattern')] },
  parameters: { check: { text: 'SSN must be 11 characters: 3-2-4 digits (x allowed in the first five).' } },
};
