/**
 * The permissions checklist (forms/widgets/PermissionsWidget.tsx) of a group and of a user account.
 * Outside the app it lists the schema's permissions (in the app, only those the editor may grant,
 * from get_available_permissions, plus the record's others checked and disabled).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { groupsMeta, usersMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/PermissionsWidget',
  component: WidgetField,
  args: { meta: groupsMeta(), field: 'permissions' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ClockEmployees: Story = {
  args: { value: ['TIME:CanUseModule', 'TIME:CanUseClock'] },
  parameters: { check: { role: 'checkbox', name: 'Use the time clock TIME:CanUseClock' } },
};

export const UserAccount: Story = {
  args: { meta: usersMeta(), value: ['AUTH:CanManageUsers'] },
  parameters: { check: { role: 'checkbox', name: 'Manage users AUTH:CanManageUsers' } },
};

/** The server's refusal (server/data/hooks/groups.ts) of a grant the editor may not make. */
const NOT_HELD = 'You may grant only permissions you hold; you do not hold AUTH:CanManageUsers.';

/** A refused grant: the message at the checklist, the checklist marked invalid. */
export const WithError: Story = {
  args: { value: ['AUTH:CanManageUsers'], errors: [NOT_HELD] },
  parameters: { check: { text: NOT_HELD } },
  play: showsTheError(NOT_HELD),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...ClockEmployees,
  args: { ...ClockEmployees.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...ClockEmployees,
  globals: PHONE,
  play: fitsThePhone,
};
