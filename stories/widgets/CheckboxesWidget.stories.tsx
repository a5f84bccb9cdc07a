/**
 * rjsf's own list of boxes ("ui:widget": "checkboxes": several choices of a list), as the registry
 * draws it (forms/widgets/marked.tsx): a company's active modules.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationsMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/CheckboxesWidget',
  component: WidgetField,
  args: { meta: organizationsMeta(), field: 'active_modules' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Chosen: Story = {
  args: { value: ['auth', 'payroll', 'comms'] },
  // The boxes are a group named by the field, so a screen reader says which list a box is of.
  parameters: { check: { role: 'group', name: 'Active modules' } },
};

/** The engine's message for a list over the schema's maxItems (engine/messages.ts). */
const TOO_MANY = 'Must have at most 6 items';

/** A refused list: the message beside the boxes, each box described by it and marked invalid. */
export const WithError: Story = {
  args: { value: ['auth', 'payroll'], errors: [TOO_MANY] },
  parameters: { check: { text: TOO_MANY } },
  play: showsTheError(TOO_MANY),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Chosen,
  args: { ...Chosen.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Chosen,
  globals: PHONE,
  play: fitsThePhone,
};
