/** Emergency contacts, 1 to 2 ("ui:field": "boundedList"). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import { FormHarness } from './FormHarness.tsx';
import { showsTheError } from '../support/states.ts';
import { emergencyContactsMeta, specMessage } from '../fixtures/metas.ts';

const meta = {
  title: 'Forms/Lists/BoundedArrayField',
  component: FormHarness,
  args: { ...entityForm('emergency_contacts', ['contacts']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

const ana = {
  contact_first_name: 'Ana',
  contact_last_name: 'Garcia',
  relationship: 'Sister',
  phone_number: '3125550142',
};
const luis = {
  contact_first_name: 'Luis',
  contact_last_name: 'Garcia',
  relationship: 'Father',
  phone_number: '7735550199',
};

/** One contact: it cannot be removed; a second can be added. */
export const OneContact: Story = {
  args: { formData: { contacts: [ana] } },
  parameters: { check: { role: 'button', name: 'Add' } },
};

/** Two contacts: both removable, no more can be added. */
export const TwoContacts: Story = {
  args: { formData: { contacts: [ana, luis] } },
  parameters: { check: { role: 'button', name: 'Remove' } },
};

/** A new record starts with one empty contact, every field required (after a submit). */
export const Empty: Story = {
  args: { formData: {}, showAll: true },
  parameters: { check: { role: 'button', name: 'Add' } },
};

/** The list's own message (the schema's minItems message): at the list, whose group is marked invalid. */
const NONE = specMessage(emergencyContactsMeta(), 'contacts', 'minItems');

/** A refused list: the message under it, the list's group described by it and marked invalid. */
export const WithError: Story = {
  args: { formData: {}, showAll: true, extraErrors: { contacts: { __errors: [NONE] } } },
  parameters: { check: { text: NONE } },
  play: showsTheError(NONE),
};
