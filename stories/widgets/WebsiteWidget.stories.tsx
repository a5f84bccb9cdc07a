/**
 * The company website widget (forms/widgets/WebsiteWidget.tsx) in the company's branding: stored as
 * host and path, shown after the https:// it stands for (spec/001 section 5).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationPreferencesMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/WebsiteWidget',
  component: WidgetField,
  args: { meta: organizationPreferencesMeta(), field: 'attributes' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Stored: Story = {
  args: { value: { website: 'www.acme-widgets.example/about' } },
  parameters: { check: { role: 'textbox', name: 'Website', value: 'www.acme-widgets.example/about' } },
};

/** None stored: the box is empty, its example shown. */
export const Empty: Story = {
  args: { value: {} },
  parameters: { check: { role: 'textbox', name: 'Website', value: '' } },
};

const NOT_A_HOST = 'Website must be a host name such as example.com.';

/** A website that is not a host name: the message at the box, the box marked invalid. */
export const WithError: Story = {
  args: { value: { website: 'acme widgets' }, errors: [NOT_A_HOST], errorsAt: 'website' },
  parameters: { check: { text: NOT_A_HOST } },
  play: showsTheError(NOT_A_HOST),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Stored,
  args: { ...Stored.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Stored,
  globals: PHONE,
  play: fitsThePhone,
};
