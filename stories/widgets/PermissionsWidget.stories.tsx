/**
 * The permissions checklist (forms/widgets/PermissionsWidget.tsx) of a group and of a user account.
 * Outside the app it lists the schema's permissions (in the app, only those the editor may grant,
 * from get_available_permissions, plus the record's others checked and disabled).
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { groupsMeta, usersMeta } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';

const meta = {
  title: 'Widgets/PermissionsWidget',
  component: WidgetField,
  args: { meta: groupsMeta(), field: 'permissions' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ClockEmployees: Story = {
  args: { value: ['TIME:CanUseModule', 'TIME:CanUseClock'] },
  parameters: { check: { role: 'checkbox', name: 'TIME:CanUseClock' } },
};

export const UserAccount: Story = {
  args: { meta: usersMeta(), value: ['AUTH:CanManageUsers'] },
  parameters: { check: { role: 'checkbox', name: 'AUTH:CanManageUsers' } },
};
