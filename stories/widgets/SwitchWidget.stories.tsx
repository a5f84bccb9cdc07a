/**
 * The switch widget (forms/widgets/SwitchWidget.tsx) on a company's status: on stores 'active',
 * off 'inactive' (spec/001 section 4: the company status toggles between the two).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationsMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';

const meta = {
  title: 'Widgets/SwitchWidget',
  component: WidgetField,
  args: { meta: organizationsMeta(), field: 'status' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {
  args: { value: 'active' },
  parameters: { check: { text: 'Active: active' } },
};

export const Inactive: Story = {
  args: { value: 'inactive' },
  parameters: { check: { text: 'Active: inactive' } },
};
