/**
 * The date-of-birth widget (forms/widgets/DobWidget.tsx): typed MM/DD/YYYY with the mask
 * ##/##/####, stored YYYY-MM-DD.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { basicInfoMeta, specMessage } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';

const meta = {
  title: 'Widgets/DobWidget',
  component: WidgetField,
  args: { meta: basicInfoMeta(), field: 'dob' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  parameters: { check: { role: 'textbox', name: 'Date of birth', value: '' } },
};

export const Stored: Story = {
  args: { value: '1990-07-04' },
  parameters: { check: { role: 'textbox', name: 'Date of birth', value: '07/04/1990' } },
};

export const NotADate: Story = {
  args: { value: '02/30/1990', errors: [specMessage(basicInfoMeta(), 'dob', 'format')] },
  parameters: { check: { text: 'Please enter a valid date.' } },
};
