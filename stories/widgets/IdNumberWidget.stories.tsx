/**
 * The document-number widget (forms/widgets/IdNumberWidget.tsx) on the I-9's USCIS or A-Number:
 * hyphens and spaces typed as printed on the card are dropped; the masked value the API answers is
 * shown as it is.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { i9Meta, specMessage } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/IdNumberWidget',
  component: WidgetField,
  args: { meta: i9Meta(), field: 'alien_number' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  parameters: { check: { role: 'textbox', name: 'USCIS or A-Number', value: '' } },
};

export const MaskedFromServer: Story = {
  args: { value: 'xxxxx6789' },
  parameters: { check: { role: 'textbox', name: 'USCIS or A-Number', value: 'xxxxx6789' } },
};

/** A failed save (too few digits): the message at the box, the box marked invalid. */
export const WithError: Story = {
  play: showsTheError(specMessage(i9Meta(), 'alien_number', 'pattern')),
  args: { value: 'A123', errors: [specMessage(i9Meta(), 'alien_number', 'pattern')] },
  parameters: { check: { text: 'A USCIS or A-Number has 7 to 9 digits; an A-Number may start with A.' } },
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
