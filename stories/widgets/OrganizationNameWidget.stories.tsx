/**
 * The organization name (forms/widgets/OrganizationNameWidget.tsx): a company's parent organization,
 * which the form shows and never changes. In the app the organization's name; here, without the
 * data client, its key.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationsMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const PARENT = '53bd9d37-7be4-4e62-82a6-d2552b2fa364';

const meta = {
  title: 'Widgets/OrganizationNameWidget',
  component: WidgetField,
  args: { meta: organizationsMeta(), field: 'parent_organization' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Parent: Story = {
  args: { value: PARENT },
  parameters: { check: { role: 'textbox', name: 'Parent organization', value: PARENT } },
};

/** The schema's message for a company without its parent (schemas/auth/organizations.json). */
const REQUIRED = 'Parent organization is required.';

export const WithError: Story = {
  args: { errors: [REQUIRED] },
  parameters: { check: { text: REQUIRED } },
  play: showsTheError(REQUIRED),
};

/** Read-only, as it always is: the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Parent,
  args: { ...Parent.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Parent,
  globals: PHONE,
  play: fitsThePhone,
};
