/** The payment method choice ("ui:widget": "paymentMethod"). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import { FormHarness } from './FormHarness.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Forms/Payment information/PaymentMethodWidget',
  component: FormHarness,
  args: { ...entityForm('employee_payment_information', ['desired_payment_method']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BothMethods: Story = {
  args: { formData: { desired_payment_method: 'Direct Deposit' } },
  parameters: { check: { role: 'radio', name: 'Direct Deposit' } },
};

export const HideDirectDeposit: Story = {
  args: { formData: { desired_payment_method: 'Paper Check' }, env: { features: { hide_direct_deposit: true } } },
  parameters: { check: { role: 'radio', name: 'Paper Check' } },
};

const NONE_CHOSEN = 'Choose a payment method.';

/** Saved without a choice: the message at the choice, the choice marked invalid. */
export const WithError: Story = {
  args: { formData: {}, extraErrors: { desired_payment_method: { __errors: [NONE_CHOSEN] } }, showAll: true },
  parameters: { check: { text: NONE_CHOSEN } },
  play: showsTheError(NONE_CHOSEN),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...BothMethods,
  args: { ...BothMethods.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...BothMethods,
  globals: PHONE,
  play: fitsThePhone,
};
