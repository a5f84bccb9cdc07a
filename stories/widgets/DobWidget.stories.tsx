/**
 * The date-of-birth widget (forms/widgets/DobWidget.tsx): typed MM/DD/YYYY with the mask
 * ##/##/####, stored YYYY-MM-DD.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { basicInfoMeta, specMessage } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

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

/** A failed save (no such day): the message at the box, the box marked invalid. */
export const WithError: Story = {
  play: showsTheError(specMessage(basicInfoMeta(), 'dob', 'format')),
  args: { value: '02/30/1990', errors: [specMessage(basicInfoMeta(), 'dob', 'format')] },
  parameters: { check: { text: 'Please enter a valid date.' } },
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
