/**
 * The group-select widget (forms/widgets/GroupSelectWidget.tsx): a team's PTO preferences name
 * their team. In the app a choice of the company's groups by name; here, without the data client,
 * the key.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { JsonObject } from '../../renderers/api/types.ts';
import { metaOf } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import ptoPrefs from '../../schemas/time/pto_prefs.json';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const TEAM = '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const meta = {
  title: 'Widgets/GroupSelectWidget',
  component: WidgetField,
  args: { meta: metaOf(ptoPrefs as JsonObject, 'time', 'pto_prefs') },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Team: Story = {
  args: { field: 'team_id', value: TEAM },
  parameters: { check: { role: 'textbox', name: 'Team', value: TEAM } },
};

export const NoTeamYet: Story = {
  args: { field: 'team_id' },
  parameters: { check: { role: 'textbox', name: 'Team', value: '' } },
};

const NOT_A_GROUP = 'Must be a group of this company.';

/** The server refused the key (no group of this company): the message at the box, the box marked invalid. */
export const WithError: Story = {
  args: { field: 'team_id', value: TEAM, errors: [NOT_A_GROUP] },
  parameters: { check: { text: NOT_A_GROUP } },
  play: showsTheError(NOT_A_GROUP),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Team,
  args: { ...Team.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Team,
  globals: PHONE,
  play: fitsThePhone,
};
