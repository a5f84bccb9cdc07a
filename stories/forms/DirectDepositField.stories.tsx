/** Payment information's split deposits ("ui:field": "directDeposit" under the form's behaviour). */
import { showsTheError } from '../support/states.ts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import { allySavings, chaseChecking, navyFederal } from './fixtures.ts';
import { FormHarness } from './FormHarness.tsx';

const meta = {
  title: 'Forms/Payment information/DirectDepositField',
  component: FormHarness,
  args: { ...entityForm('employee_payment_information', ['desired_payment_method', 'direct_deposit_accounts']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;
const dd = (...direct_deposit_accounts: object[]) => ({
  formData: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts },
});

/** One account, read back masked from the server: Percent Split 100, read-only. */
export const OneAccount: Story = {
  args: dd(chaseChecking),
  parameters: { check: { role: 'textbox', name: 'Routing number', value: '021000021' } },
};

/** Three accounts: a flat $200, then 10 percent, the last takes the rest. */
export const ThreeAccounts: Story = {
  args: dd(allySavings, navyFederal, chaseChecking),
  parameters: { check: { role: 'button', name: 'Remove account 3' } },
};

/** Four accounts: no Add button. */
export const FourAccounts: Story = {
  args: dd(allySavings, navyFederal, { ...allySavings, amount: 50 }, chaseChecking),
  parameters: { check: { role: 'button', name: 'Remove account 4' } },
};

/** A routing number whose ABA check digit is wrong, and letters in an account number (after a submit). */
export const InvalidNumbers: Story = {
  args: {
    ...dd({ ...allySavings, routing_number: '124003117', account_number: '2094-41' }, chaseChecking),
    showAll: true,
  },
  parameters: { check: { text: 'Routing number check digit is not valid.' } },
};

/** Paper Check hides the accounts. */
export const PaperCheck: Story = {
  args: { formData: { desired_payment_method: 'Paper Check' } },
  parameters: { check: { text: 'Paid by paper check: no direct deposit accounts.' } },
};

/** The company's hide_direct_deposit feature: only Paper Check. */
export const HideDirectDeposit: Story = {
  args: { ...dd(chaseChecking), env: { features: { hide_direct_deposit: true } } },
  parameters: { check: { role: 'radio', name: 'Paper Check' } },
};

/** The error story: the form's check of a routing number, at its box, the box marked invalid. */
export const WithError: Story = {
  ...InvalidNumbers,
  play: showsTheError('Routing number check digit is not valid.'),
};
