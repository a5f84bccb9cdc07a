/** Form W-4 with its behaviour ("ui:field": "formBehaviour", behaviour "payroll/w4"). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import { typedSignature } from './fixtures.ts';
import { FormHarness } from './FormHarness.tsx';

const meta = {
  title: 'Forms/W-4/W4Form',
  component: FormHarness,
  args: { ...entityForm('w4') },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A W-4 on the 2020 form: $2,000 per child, one Step 3 amount. */
const on2020 = {
  w4_year: '2020',
  filing_status: 'Married',
  multiple_jobs: false,
  number_of_dependents_under_17: 2,
  number_of_other_dependents: 1,
  dependent_amount: 4500,
  income_not_from_jobs: 0,
  deductions: 0,
  exempt_from_federal_withholding: false,
  employee_signature: typedSignature,
};

/** The same answers on the 2026 form, the edition in effect at the stories' clock (01/02/2026). */
const current = {
  ...on2020,
  w4_year: '2026',
  dependents_under_17_amount: 4400,
  other_dependents_amount: 500,
  dependent_amount: 4900,
};

/** The form in effect: the link to the federal form; counts fill 3(a), 3(b) and the Step 3 total. */
export const CurrentForm: Story = {
  args: { formData: current },
  parameters: { check: { role: 'link', name: 'Form W-4 (PDF, IRS)' } },
};

/** A 2019 record: read-only with an Edit action. */
export const Year2019: Story = {
  args: {
    formData: {
      w4_year: '2019',
      w4_2019: { status: 'Married', dependents: 3, extra_withholding: 0, exempt_from_withholding: false },
    },
  },
  parameters: { check: { role: 'button', name: 'Edit' } },
};

/** Fixed and extra withholding together: the message (after a submit). */
export const BothWithholdings: Story = {
  args: { formData: { ...current, federal_withholding_fixed: 150, federal_withholding_extra: 20 }, showAll: true },
  parameters: { check: { text: 'You cannot enter both fixed and extra withholding at the same time.' } },
};

/** The 2026 edition: $2,200 per child, Step 3 split into 3(a) and 3(b), the exempt checkbox. */
export const Edition2026: Story = {
  args: { formData: current },
  parameters: {
    check: { role: 'textbox', name: 'Step 3(a) Qualifying children under age 17 (amount)', value: '4400' },
  },
};

/** A 2020 W-4 once the 2026 edition is in effect: read-only, Edit moves it onto the 2026 form. */
export const Year2020Now2026: Story = {
  args: { formData: on2020 },
  parameters: { check: { role: 'button', name: 'Edit' } },
};

/** An exempt W-4 on the 2026 form: Steps 2 to 4 empty, the exemption's expiry shown. */
export const Exempt: Story = {
  args: {
    formData: {
      w4_year: '2026',
      filing_status: 'Single',
      multiple_jobs: false,
      income_not_from_jobs: 0,
      deductions: 0,
      exempt_from_federal_withholding: true,
      exempt_expires: '2027-02-15',
      employee_signature: typedSignature,
    },
  },
  parameters: { check: { text: 'Exemption expires' } },
};
