/**
 * One choice among a few ("ui:widget": "radio"), as the W-4's filing status: the group is named by
 * its field's title, which a screen reader announces on entering it.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import { FormHarness } from './FormHarness.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Forms/Widgets/RadioWidget',
  component: FormHarness,
  args: { ...entityForm('w4', ['filing_status']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Chosen: Story = {
  args: { formData: { filing_status: 'Married' } },
  parameters: { check: { role: 'radiogroup', name: 'Step 1(c) Filing status' } },
};

export const NoneChosen: Story = {
  args: { formData: {} },
  parameters: { check: { role: 'radiogroup', name: 'Step 1(c) Filing status' } },
};

const NOT_A_STATUS = 'Filing status must be Head of Household, Married or Single.';

/** A refused filing status: the message at the group, the group marked invalid. */
export const WithError: Story = {
  args: { formData: {}, extraErrors: { filing_status: { __errors: [NOT_A_STATUS] } }, showAll: true },
  parameters: { check: { text: NOT_A_STATUS } },
  play: showsTheError(NOT_A_STATUS),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Chosen,
  args: { ...Chosen.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Chosen,
  globals: PHONE,
  play: fitsThePhone,
};
