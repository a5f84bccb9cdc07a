/**
 * Form I-9 Supplement A (preparers and translators of Section 1) and Supplement B (reverification
 * and rehire), as the I-9 schema's x-ui draws their blocks: each block with its own signature.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import { typedSignature } from './fixtures.ts';
import { FormHarness } from './FormHarness.tsx';

const meta = {
  title: 'Forms/I-9/Supplements',
  component: FormHarness,
  args: { ...entityForm('i9', ['supplement_a', 'supplement_b']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 06/15/2027 */
const REHIRED = 1812931200;
/** 06/30/2029 */
const EXPIRES = 1877385600;

const translator = {
  id: 'a1',
  last_name: 'Nguyen',
  first_name: 'Linh',
  middle_initial: 'T',
  address: { address1: '200 W Adams St', city: 'Chicago', state: 'IL', postal_code: '60606' },
};

const rehire = {
  id: 'b1',
  rehire_date: REHIRED,
  document_title: 'Employment Authorization Document (Form I-766)',
  document_number: 'SRC2790123456',
  expiration_date: EXPIRES,
  employer_name: 'Paul Payroll',
};

/** No blocks yet: both supplements offer to add one. */
export const NoBlocks: Story = {
  args: { formData: {} },
  parameters: { check: { text: 'Supplement A, Preparer and/or Translator Certification for Section 1' } },
};

/** A translator's block, not yet signed: its own signature is asked for. */
export const TranslatorUnsigned: Story = {
  args: { formData: { supplement_a: [translator] } },
  parameters: { check: { role: 'textbox', name: 'Middle Initial (if any)', value: 'T' } },
};

/** A signed translator's block. */
export const TranslatorSigned: Story = {
  args: { formData: { supplement_a: [{ ...translator, signature: typedSignature }] } },
  parameters: { check: { text: 'Signed 01/02/2026' } },
};

/** A rehire with a reverified document, signed by the employer; a second block still unsigned. */
export const ReverificationAndRehire: Story = {
  args: {
    formData: {
      supplement_b: [
        { ...rehire, signature: { ...typedSignature, name: 'Paul Payroll' } },
        { id: 'b2', new_last_name: 'Garcia-Lopez', employer_name: 'Paul Payroll' },
      ],
    },
  },
  parameters: { check: { role: 'textbox', name: 'Document Number (if any)', value: 'SRC2790123456' } },
};

export const ReadOnly: Story = {
  args: {
    formData: {
      supplement_a: [{ ...translator, signature: typedSignature }],
      supplement_b: [{ ...rehire, signature: { ...typedSignature, name: 'Paul Payroll' } }],
    },
    readonly: true,
  },
  parameters: { check: { text: 'Paul Payroll' } },
};
