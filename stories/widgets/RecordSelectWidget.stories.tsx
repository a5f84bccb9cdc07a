/**
 * The record-select widget (forms/widgets/RecordSelectWidget.tsx): a PTO request's plan. In the
 * app a choice of the plans the person may list, by name; here, without the data client, the key.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { JsonObject } from '../../renderers/api/types.ts';
import { metaOf } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import ptoRequest from '../../schemas/time/pto_request.json';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const PLAN = '6f9f0c1e-4a5b-4c3d-9e8f-0a1b2c3d4e5f';

const meta = {
  title: 'Widgets/RecordSelectWidget',
  component: WidgetField,
  args: { meta: metaOf(ptoRequest as JsonObject, 'time', 'pto_request') },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Plan: Story = {
  args: { field: 'plan_id', value: PLAN },
  parameters: { check: { role: 'textbox', name: 'Plan', value: PLAN } },
};

export const NoPlanYet: Story = {
  args: { field: 'plan_id' },
  parameters: { check: { role: 'textbox', name: 'Plan', value: '' } },
};

const NO_PLAN = 'Choose a plan.';

/** No plan chosen on save: the message at the box, the box marked invalid. */
export const WithError: Story = {
  args: { field: 'plan_id', errors: [NO_PLAN] },
  parameters: { check: { text: NO_PLAN } },
  play: showsTheError(NO_PLAN),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...Plan,
  args: { ...Plan.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...Plan,
  globals: PHONE,
  play: fitsThePhone,
};
