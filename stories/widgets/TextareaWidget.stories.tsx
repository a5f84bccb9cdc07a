/**
 * rjsf's own textarea ("ui:widget": "textarea"), as the registry draws it
 * (forms/widgets/marked.tsx): a company's internal notes, at most 4000 characters.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationsMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/TextareaWidget',
  component: WidgetField,
  args: { meta: organizationsMeta(), field: 'internal_notes' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

const NOTE = 'Payroll runs on the 15th and the last day of the month.\nCall before changing the bank.';

export const Written: Story = {
  args: { value: NOTE },
  parameters: { check: { role: 'textbox', name: 'Internal notes', value: NOTE } },
};

/** The engine's message for text over the schema's maxLength (engine/messages.ts). */
const TOO_LONG = 'Must be at most 4000 characters';

/** Refused notes: the message beside the box, the box described by it and marked invalid. */
export const WithError: Story = {
  args: { value: 'x'.repeat(4001), errors: [TOO_LONG] },
  parameters: { check: { text: TOO_LONG } },
  play: showsTheError(TOO_LONG),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Written,
  args: { ...Written.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Written,
  globals: PHONE,
  play: fitsThePhone,
};
