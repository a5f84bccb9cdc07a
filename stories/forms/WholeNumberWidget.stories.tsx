/** Whole amounts ("ui:widget": "wholeNumber"), as on the W-4: digits, and cents kept as typed for the schema to refuse. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import { FormHarness } from './FormHarness.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Forms/Widgets/WholeNumberWidget',
  component: FormHarness,
  args: { ...entityForm('w4', ['number_of_other_dependents', 'income_not_from_jobs', 'federal_withholding_extra']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithValues: Story = {
  args: { formData: { number_of_other_dependents: 1, income_not_from_jobs: 12000, federal_withholding_extra: 25 } },
  parameters: { check: { role: 'textbox', name: 'Step 4(a) Other income (not from jobs)', value: '12000' } },
};

/** A new form: amounts with a schema default show it (0), the others are empty. */
export const Empty: Story = {
  args: { formData: {} },
  parameters: { check: { role: 'textbox', name: 'Step 4(c) Extra withholding (per pay period)', value: '' } },
};

const BELOW_ZERO = 'Dependent counts must be 0 or more.';

/** A refused count: the message at its box, the box marked invalid. */
export const WithError: Story = {
  args: {
    formData: { number_of_other_dependents: -1 },
    extraErrors: { number_of_other_dependents: { __errors: [BELOW_ZERO] } },
    showAll: true,
  },
  parameters: { check: { text: BELOW_ZERO } },
  play: showsTheError(BELOW_ZERO),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...WithValues,
  args: { ...WithValues.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...WithValues,
  globals: PHONE,
  play: fitsThePhone,
};
