/**
 * The brand colour widget (forms/widgets/HexColorWidget.tsx) in the company's branding: six hex
 * digits stored without '#' (spec/001 section 5), the spec's default colours.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationPreferencesMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/HexColorWidget',
  component: WidgetField,
  args: { meta: organizationPreferencesMeta(), field: 'attributes' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Stored: Story = {
  args: { value: { colorPrimary: 'aabbcc', colorSecondary: 'bfc0c0', colorAccent: '588326' } },
  parameters: { check: { role: 'textbox', name: 'Primary colour', value: 'aabbcc' } },
};

/** Nothing stored yet: the spec's default colours. */
export const Defaults: Story = {
  args: { value: {} },
  parameters: { check: { role: 'textbox', name: 'Accent colour', value: '588326' } },
};

const NOT_HEX = "Colours are 6 hex digits without '#'.";

/** A colour that is not 6 hex digits: the message at its box, the box marked invalid. */
export const WithError: Story = {
  args: { value: { colorPrimary: '#aabbcc' }, errors: [NOT_HEX], errorsAt: 'colorPrimary' },
  parameters: { check: { text: NOT_HEX } },
  play: showsTheError(NOT_HEX),
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
