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

const current = {
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

/** The current form: the link to the federal form, counts fill the Step 3 amount. */
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

/** A company on the 2026 edition: $2,200 per child, Step 3 split into 3(a) and 3(b), the exempt checkbox. */
export const Edition2026: Story = {
  args: {
    env: { employer: { w4_edition: ['2026'] } },
    formData: {
      ...current,
      w4_year: '2026',
      dependents_under_17_amount: 4400,
      other_dependents_amount: 500,
      dependent_amount: 4900,
    },
  },
  parameters: {
    check: { role: 'textbox', name: 'Step 3(a) Qualifying children under age 17 (amount)', value: '4400' },
  },
};

/** A 2020 W-4 once the company moved to the 2026 edition: read-only, Edit moves it onto 2026. */
export const Year2020On2026Company: Story = {
  args: { env: { employer: { w4_edition: ['2026'] } }, formData: current },
  parameters: { check: { role: 'button', name: 'Edit' } },
};
