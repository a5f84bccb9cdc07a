/**
 * The phone widget (forms/widgets/PhoneWidget.tsx) on basic information's phone: shown
 * (###) ###-####, stored as 10 digits.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { basicInfoMeta, specMessage } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/PhoneWidget',
  component: WidgetField,
  args: { meta: basicInfoMeta(), field: 'phone' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  parameters: { check: { role: 'textbox', name: 'Phone', value: '' } },
};

export const Stored: Story = {
  args: { value: '3125550147' },
  parameters: { check: { role: 'textbox', name: 'Phone', value: '(312) 555-0147' } },
};

/** A failed save (too few digits): the message at the box, the box marked invalid. */
export const WithError: Story = {
  args: { value: '312555', errors: [specMessage(basicInfoMeta(), 'phone', 'pattern')] },
  parameters: { check: { text: 'Phone numbers must have 10 digits.' } },
  play: showsTheError(specMessage(basicInfoMeta(), 'phone', 'pattern')),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Stored,
  args: { ...Stored.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Stored,
  globals: PHONE,
  play: fitsThePhone,
};
