/**
 * The read-only record view (renderers/screens/record/RecordView.tsx): a record's fields in the
 * schema's sections, formatted as the list formats them (dates MM/DD/YYYY, phones, enum labels).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
// The app's forms (views, hidden fields, signatures), there on the first render.
import '../support/app-forms.ts';
import type { JsonObject, TypeMeta } from '../../renderers/api/types.ts';
import { buildFormModel } from '../../renderers/screens/record/form-model.ts';
import { RecordView } from '../../renderers/screens/record/RecordView.tsx';
import { expect, within } from 'storybook/test';
import {
  assignmentsMeta,
  basicInfoMeta,
  employeeMeta,
  i9Meta,
  paymentInformationMeta,
  payrollDocumentsMeta,
  w4Meta,
} from '../fixtures/metas.ts';
import { drawnSignature, typedSignature } from '../forms/fixtures.ts';
import { emmaBasicInfo, employees } from '../fixtures/people.ts';

function RecordViewPage({ meta, data }: { meta: TypeMeta; data: JsonObject }) {
  return (
    <main className="page record" style={{ padding: 24 }}>
      <h1>{meta.title}</h1>
      <RecordView meta={meta} model={buildFormModel(meta, 'view')} data={data} />
    </main>
  );
}

const meta = {
  title: 'Screens/RecordView',
  component: RecordViewPage,
  args: { meta: employeeMeta(), data: employees()[0].data },
} satisfies Meta<typeof RecordViewPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Employee: Story = {
  parameters: { check: { role: 'region', name: 'Employment', text: '03/15/2021' } },
};

export const EmployeeMasked: Story = {
  args: { data: employees()[2].data },
  parameters: { check: { role: 'region', name: 'Personal', text: 'xxx-xx-' } },
};

export const BasicInfo: Story = {
  args: { meta: basicInfoMeta(), data: emmaBasicInfo().data },
  parameters: { check: { role: 'region', name: 'Contact', text: '(312) 555-0147' } },
};

export const Empty: Story = {
  args: { meta: basicInfoMeta(), data: {} },
  parameters: { check: { role: 'region', name: 'Personal', text: '—' } },
};

const signedW4 = (signature: JsonObject): JsonObject => ({
  w4_year: '2020',
  filing_status: 'Single',
  multiple_jobs: false,
  dependent_amount: 2000,
  employee_signature: signature,
  sync_status: 'pending',
});

/** A signed form shows the name in its script font with the date, not the stored JSON. */
export const SignedTyped: Story = {
  args: { meta: w4Meta(), data: signedW4(typedSignature as unknown as JsonObject) },
  parameters: { check: { role: 'region', name: 'Step 5. Sign here', text: typedSignature.name } },
};

/** A drawn signature shows its image with the date. */
export const SignedDrawn: Story = {
  args: { meta: w4Meta(), data: signedW4(drawnSignature as unknown as JsonObject) },
  parameters: { check: { role: 'img', name: `Signature of ${drawnSignature.name}` } },
};

/** A citizen's I-9: the alien fields the edit screen hides for a citizen are not listed either. */
export const I9Citizen: Story = {
  args: {
    meta: i9Meta(),
    data: { work_auth_status: 'Citizen of the United States', employee_signature: typedSignature },
  },
  parameters: {
    check: {
      role: 'region',
      name: 'Section 1. Employee Information and Attestation',
      text: 'A citizen of the United States',
    },
  },
};

/** Section 2's documents examined: each document's title and number, not the key the server gives it. */
export const I9DocumentsExamined: Story = {
  args: {
    meta: i9Meta(),
    data: {
      work_auth_status: 'Citizen of the United States',
      employee_signature: typedSignature,
      documentation: [
        {
          id: '9795e5c0-d834-4bc1-a78b-3f535a2a4f67',
          document_type: 'us_passport',
          list: 'A',
          title: 'U.S. Passport',
          issuing_authority: 'DOS',
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('U.S. Passport')).toBeTruthy();
    await expect(within(canvasElement).queryByText('9795e5c0-d834-4bc1-a78b-3f535a2a4f67')).toBeNull();
  },
  parameters: { check: { text: 'U.S. Passport' } },
};

/** A lawful permanent resident's I-9: the alien number shows. */
export const I9PermanentResident: Story = {
  args: {
    meta: i9Meta(),
    data: {
      work_auth_status: 'Lawful Permanent Resident',
      alien_number_type: 'USCIS Number',
      alien_number: '123456789',
      employee_signature: typedSignature,
    },
  },
  parameters: { check: { role: 'region', name: 'Section 1. Employee Information and Attestation', text: '123456789' } },
};

/** Three accounts, paid in order: a percent, a flat amount, the rest. */
export const PaymentInformation: Story = {
  args: {
    meta: paymentInformationMeta(),
    data: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [
        {
          id: '6f1c2d3e-0000-4000-8000-000000000001',
          account_nickname: 'Chase',
          routing_number: '011000015',
          account_number: 'xxxx5678',
          account_type: 'Checking',
          split_type: 'Percent Split',
          amount: 30,
        },
        {
          id: '6f1c2d3e-0000-4000-8000-000000000002',
          account_nickname: 'Ally',
          routing_number: '021000021',
          account_number: 'xxxx4321',
          account_type: 'Savings',
          split_type: 'Flat Split',
          amount: 250,
        },
        {
          id: '6f1c2d3e-0000-4000-8000-000000000003',
          account_nickname: 'Credit union',
          routing_number: '011000028',
          account_number: 'xxxx9999',
          account_type: 'Checking',
          split_type: 'Percent Split',
          amount: 100,
        },
      ],
    },
  },
  parameters: { check: { text: 'The rest of the pay' } },
};

/**
 * An assignment's entries show what the form shows of them: whose entry, its status and dates, and
 * its signature; not the document key each entry holds for its signature (hidden in the form), which
 * read as a raw 36-character key.
 */
export const AssignmentEntries: Story = {
  args: {
    meta: assignmentsMeta(),
    data: {
      document_type: 'documents',
      document_id: '2eb16dce-2b26-41fa-9792-65655f79b7cb',
      user_ids: ['0177174d-536e-4704-a840-771279b8fe70'],
      status: 'assigned',
      acknowledgements: [
        {
          user_id: '0177174d-536e-4704-a840-771279b8fe70',
          status: 'assigned',
          document_type: 'documents',
          document_id: '2eb16dce-2b26-41fa-9792-65655f79b7cb',
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const entries = canvasElement.querySelector('.view-list') as HTMLElement;
    await expect(entries).toBeTruthy();
    await expect(within(entries).queryByText('2eb16dce-2b26-41fa-9792-65655f79b7cb')).toBeNull();
    await expect(within(entries).queryByText('Document kind')).toBeNull();
    // No questionnaire type exists to choose from: the field is neither asked nor listed empty.
    await expect(within(canvasElement).queryByText('Questionnaire')).toBeNull();
  },
  parameters: { check: { text: 'Acknowledgements' } },
};

/**
 * A payroll document: the storage fields of the spec's older model, which the form does not ask
 * (a stored file's key, where it was served from), are not listed while they hold nothing.
 */
export const PayrollDocument: Story = {
  args: {
    meta: payrollDocumentsMeta(),
    data: { display_name: 'Pay calendar 2027', filename: 'calendar-2027.pdf', type: 'company', view_type: 'file' },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Pay calendar 2027')).toBeTruthy();
    await expect(within(canvasElement).queryByText('Location')).toBeNull();
    await expect(within(canvasElement).queryByText('Preview location')).toBeNull();
    await expect(within(canvasElement).queryAllByText('File', { selector: 'dt' }).length).toBeLessThan(2);
  },
  parameters: { check: { text: 'Pay calendar 2027' } },
};
