/** The I-9 Section 2 document helper ("ui:field": "i9Documents") in each of its states. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import {
  birthCertificate,
  driversLicense,
  ead,
  foreignPassportPart,
  greenCard,
  i94Part,
  listAReceipt,
  passport,
  reportCard,
  ssCard,
  ssCardNoAuthority,
} from './fixtures.ts';
import { showsTheError } from '../support/states.ts';
import { FormHarness } from './FormHarness.tsx';

const meta = {
  title: 'Forms/I-9/I9DocumentsField',
  component: FormHarness,
  args: { ...entityForm('i9', ['documentation']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;
const docs = (...documentation: object[]) => ({ formData: { documentation } });

export const Empty: Story = { args: { formData: {} }, parameters: { check: { label: 'Add a document' } } };

/** One List B document: not compliant yet, no banner. */
export const ListBOnly: Story = {
  args: docs(driversLicense),
  parameters: { check: { role: 'textbox', name: 'Issuing Authority', value: 'Illinois Secretary of State' } },
};

/** 'Compliance Achieved!' with a List A passport. */
export const AchievedWithListA: Story = {
  args: docs(passport),
  parameters: { check: { text: 'Compliance Achieved!' } },
};

/** 'Compliance Almost Achieved': List B and C present, the C document lacks its issuing authority. */
export const AlmostAchieved: Story = {
  args: docs(driversLicense, ssCardNoAuthority),
  parameters: { check: { text: 'Compliance Almost Achieved' } },
};

/** Half of a two-part List A choice: the warning, and no compliance. */
export const TwoPartHalf: Story = {
  args: docs(foreignPassportPart),
  parameters: { check: { role: 'alert', text: 'This List A choice has two parts' } },
};

/** Both parts of the two-part choice: compliant. */
export const TwoPartComplete: Story = {
  args: docs(foreignPassportPart, i94Part),
  parameters: { check: { text: 'Compliance Achieved!' } },
};

/** A List B document only for persons under 18: the note. */
export const UnderEighteen: Story = {
  args: docs(reportCard, birthCertificate),
  parameters: { check: { text: 'Only for an employee under age 18' } },
};

/** A receipt: valid for limited time only. */
export const Receipt: Story = {
  args: docs(listAReceipt),
  parameters: { check: { text: 'Receipts are valid for limited time only.' } },
};

/** Beyond 3 List A, 1 List B and 1 List C: the leftovers for Additional Information. */
export const Leftovers: Story = {
  args: docs(passport, greenCard, ead, listAReceipt, driversLicense, { ...driversLicense, title: 'State ID' }, ssCard),
  parameters: { check: { text: 'Documents beyond what Section 2 prints' } },
};

export const ReadOnly: Story = {
  args: { ...docs(driversLicense, ssCard), readonly: true },
  parameters: { check: { text: 'Compliance Achieved!' } },
};

/** The server's refusal of 'Individual under age 18' without a date of birth (server/data/hooks/i9.ts). */
const NO_DOB =
  "Individual under age 18 needs the employee's date of birth: enter it on the basic information screen first.";

/** A refused document: the message at its type, the type marked invalid. */
export const WithError: Story = {
  args: {
    ...docs(reportCard, birthCertificate),
    extraErrors: { documentation: { 0: { document_type: { __errors: [NO_DOB] } } } },
    showAll: true,
  },
  parameters: { check: { text: NO_DOB } },
  play: showsTheError(NO_DOB),
};
