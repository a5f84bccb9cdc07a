/**
 * The I-9 document choice (forms/payroll/I9DocumentWidget.tsx): which document examined an I-9
 * document copy is a copy of. In the app a choice among the chosen employee's I-9 documents, by
 * their titles; here, without the form's data and the data client, the key as text.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { JsonObject } from '../../renderers/api/types.ts';
import { metaOf } from '../fixtures/metas.ts';
import { WidgetField } from '../support/WidgetField.tsx';
import copies from '../../schemas/payroll/i9_document_copies.json';
import { nothingEditable, PHONE, fitsThePhone, showsTheError } from '../support/states.ts';

const DOCUMENT = '9795e5c0-d834-4bc1-a78b-3f535a2a4f67';

const meta = {
  title: 'Widgets/I9DocumentWidget',
  component: WidgetField,
  args: { meta: metaOf(copies as JsonObject, 'payroll', 'i9_document_copies'), field: 'document_id' },
} satisfies Meta<typeof WidgetField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Chosen: Story = {
  args: { value: DOCUMENT },
  parameters: { check: { role: 'textbox', name: 'Document examined', value: DOCUMENT } },
};

export const NotChosenYet: Story = {
  parameters: { check: { role: 'textbox', name: 'Document examined', value: '' } },
};

/** The server's refusal of a document not on the employee's I-9 (server/data/hooks/i9-document-copies.ts). */
const NOT_ON_THE_I9 = 'Must be the id of a document examined on the I-9.';

export const WithError: Story = {
  args: { value: DOCUMENT, errors: [NOT_ON_THE_I9] },
  parameters: { check: { text: NOT_ON_THE_I9 } },
  play: showsTheError(NOT_ON_THE_I9),
};

/** Read-only (a copy, whose document is set once): the value shown, nothing to change it with. */
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
