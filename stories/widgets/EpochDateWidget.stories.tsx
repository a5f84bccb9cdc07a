/**
 * The epoch-date widget (forms/widgets/EpochDateWidget.tsx) on the employee's hire date: the
 * browser's date input over a value stored as epoch seconds.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { employeeMeta, specMessage } from '../fixtures/metas.ts';
import { day } from '../fixtures/people.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const meta = {
  title: 'Widgets/EpochDateWidget',
  component: WidgetField,
  args: { meta: employeeMeta(), field: 'hire_date' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  parameters: { check: { label: 'Hire date', value: '' } },
};

export const HireDate: Story = {
  args: { value: day('2021-03-15') },
  parameters: { check: { label: 'Hire date', value: '2021-03-15' } },
};

export const TerminationDate: Story = {
  args: { field: 'term_date', value: day('2024-12-31') },
  parameters: { check: { label: 'Termination date', value: '2024-12-31' } },
};

/** A failed save (a day before 1970): the message at the date, the date marked invalid. */
export const WithError: Story = {
  args: { value: -86400, errors: [specMessage(employeeMeta(), 'hire_date', 'minimum')] },
  parameters: { check: { text: specMessage(employeeMeta(), 'hire_date', 'minimum') } },
  play: showsTheError(specMessage(employeeMeta(), 'hire_date', 'minimum')),
};

/** Read-only (a record the viewer may read, not change): the value shown, nothing to change it with. */
export const ReadOnly: Story = {
  ...HireDate,
  args: { ...HireDate.args, readonly: true },
  play: nothingEditable,
};

/** At a phone's width (320 px): nothing wider than the screen. */
export const Phone: Story = {
  ...HireDate,
  globals: PHONE,
  play: fitsThePhone,
};
