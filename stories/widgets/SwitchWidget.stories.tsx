/**
 * The switch widget (forms/widgets/SwitchWidget.tsx) on a company's status: on stores 'active',
 * off 'inactive' (spec/001 section 4: the company status toggles between the two).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationsMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

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

/** The engine's message for a value outside the schema's enum (engine/messages.ts). */
const NOT_A_STATUS = 'Must be one of: active, inactive';

/** A refused status: the message at the switch, the switch marked invalid. */
export const WithError: Story = {
  args: { value: 'active', errors: [NOT_A_STATUS] },
  parameters: { check: { text: NOT_A_STATUS } },
  play: showsTheError(NOT_A_STATUS),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Active,
  args: { ...Active.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Active,
  globals: PHONE,
  play: fitsThePhone,
};
