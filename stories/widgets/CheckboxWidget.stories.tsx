/**
 * rjsf's own checkbox (a boolean field), as the registry draws it (forms/widgets/marked.tsx): a
 * company's requirement of two-factor sign-in for managers.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationsMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/CheckboxWidget',
  component: WidgetField,
  args: { meta: organizationsMeta(), field: 'require_2fa_for_managers' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Checked: Story = {
  args: { value: true },
  parameters: { check: { role: 'checkbox', name: 'Require two-factor sign-in for managers' } },
};

/** The engine's message for a value that is not a boolean (engine/messages.ts). */
const NOT_A_BOOLEAN = 'Must be true or false';

/** A refused box: the message beside it, the box described by it and marked invalid. */
export const WithError: Story = {
  args: { value: false, errors: [NOT_A_BOOLEAN] },
  parameters: { check: { text: NOT_A_BOOLEAN } },
  play: showsTheError(NOT_A_BOOLEAN),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Checked,
  args: { ...Checked.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Checked,
  globals: PHONE,
  play: fitsThePhone,
};
