/** Basic info's mailing address with its toggle ("ui:field": "mailingAddress" under the form's behaviour). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MAILING_TOGGLE_LABEL } from '../../forms/payroll/MailingAddressField.tsx';
import { entityForm } from './entities.ts';
import { legalAddress, poBox } from './fixtures.ts';
import { showsTheError } from '../support/states.ts';
import { FormHarness } from './FormHarness.tsx';

const meta = {
  title: 'Forms/Basic info/MailingAddressField',
  component: FormHarness,
  args: { ...entityForm('basic_info', ['legal_address', 'mailing_address']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Toggle off: the mailing address is the legal address. */
export const SameAsLegal: Story = {
  args: { formData: { legal_address: legalAddress, mailing_address: legalAddress } },
  parameters: { check: { text: 'Same as the legal address: 1200 W Harrison St' } },
};

/** Toggle on: a different mailing address. */
export const Different: Story = {
  args: { formData: { legal_address: legalAddress, mailing_address: poBox } },
  parameters: { check: { role: 'switch', name: MAILING_TOGGLE_LABEL } },
};

/** A new record: both empty, toggle off, the mailing address follows the legal one as it is typed. */
export const NewRecord: Story = {
  args: { formData: {} },
  parameters: { check: { text: 'Same as the legal address.' } },
};

/** A legal address and an empty mailing address: the toggle was switched on and the mailing address cleared. */
export const Cleared: Story = {
  args: { formData: { legal_address: legalAddress, mailing_address: {} } },
  parameters: { check: { role: 'switch', name: MAILING_TOGGLE_LABEL } },
};

/** A legal address and no mailing address on record: none other was given, the toggle off. */
export const NoMailingAddress: Story = {
  args: { formData: { legal_address: legalAddress } },
  parameters: { check: { text: 'Same as the legal address: 1200 W Harrison St' } },
};

/** Another person's record, as a manager reviews it: the toggle speaks of that person by name. */
export const AnotherPersonsRecord: Story = {
  args: {
    formData: { legal_address: legalAddress, mailing_address: poBox },
    whose: { own: false, person: 'Carla Complete' },
  },
  parameters: {
    check: { role: 'switch', name: "Carla Complete's mailing address is different from the legal address" },
  },
};

const BAD_ZIP = 'ZIP code must be 5 digits (or ZIP+4).';

/** A refused mailing ZIP code: the message at the box, the box marked invalid. */
export const WithError: Story = {
  args: {
    formData: { legal_address: legalAddress, mailing_address: { ...poBox, postal_code: '6060' } },
    extraErrors: { mailing_address: { postal_code: { __errors: [BAD_ZIP] } } },
    showAll: true,
  },
  parameters: { check: { text: BAD_ZIP } },
  play: showsTheError(BAD_ZIP),
};
