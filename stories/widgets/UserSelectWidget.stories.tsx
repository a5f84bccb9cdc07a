/**
 * The user-select widget (forms/widgets/UserSelectWidget.tsx): one user key (hired by) or one per
 * line for an array (direct managers).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { employeeMeta } from '../fixtures/metas.ts';
import { ADMIN_KEY, PAYROLL_MANAGER_KEY } from '../fixtures/people.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/UserSelectWidget',
  component: WidgetField,
  args: { meta: employeeMeta() },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HiredBy: Story = {
  args: { field: 'hired_by', value: ADMIN_KEY },
  parameters: { check: { role: 'textbox', name: 'Hired by', value: ADMIN_KEY } },
};

export const DirectManagers: Story = {
  args: { field: 'direct_managers', value: [PAYROLL_MANAGER_KEY, ADMIN_KEY] },
  parameters: { check: { role: 'textbox', name: 'Direct managers', value: `${PAYROLL_MANAGER_KEY}\n${ADMIN_KEY}` } },
};

export const Empty: Story = {
  args: { field: 'direct_managers' },
  parameters: { check: { role: 'textbox', name: 'Direct managers', value: '' } },
};

/** The server's refusal of a key that is no user of the company (server/data/hooks/groups.ts). */
const NOT_A_USER = 'Must be a user of this company';

/** A refused person: the message at the box, the box marked invalid. */
export const WithError: Story = {
  args: { field: 'hired_by', value: ADMIN_KEY, errors: [NOT_A_USER] },
  parameters: { check: { text: NOT_A_USER } },
  play: showsTheError(NOT_A_USER),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...HiredBy,
  args: { ...HiredBy.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...HiredBy,
  globals: PHONE,
  play: fitsThePhone,
};
