/**
 * rjsf's own select (a field of a few dozen choices), as the registry draws it
 * (forms/widgets/marked.tsx): a company's state.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationsMeta } from '../fixtures/metas.ts';
import { expect } from 'storybook/test';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/SelectWidget',
  component: WidgetField,
  args: { meta: organizationsMeta(), field: 'state' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Chosen: Story = {
  args: { value: 'IA' },
  parameters: { check: { role: 'combobox', name: 'State' } },
  // The select's values are rjsf's option numbers; the chosen state is the option shown.
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('select')?.selectedOptions[0]?.textContent).toBe('Iowa');
  },
};

/** The engine's message for a required field left empty (engine/messages.ts: its title). */
const REQUIRED = 'State is required.';

/** A refused choice: the message beside the select, the select described by it and marked invalid. */
export const WithError: Story = {
  args: { errors: [REQUIRED] },
  parameters: { check: { text: REQUIRED } },
  play: showsTheError(REQUIRED),
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
