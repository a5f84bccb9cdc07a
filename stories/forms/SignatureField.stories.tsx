/** The signature field of Form I-9 Section 1 as its x-ui picks it ("ui:field": "signature"). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import { drawnSignature, typedSignature } from './fixtures.ts';
import { showsTheError } from '../support/states.ts';
import { FormHarness } from './FormHarness.tsx';

const i9 = entityForm('i9', ['employee_signature']);

const meta = {
  title: 'Forms/Signature/SignatureField',
  component: FormHarness,
  args: { ...i9 },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Signature Required' until signed; clicking opens the card in a dialog. */
export const Unsigned: Story = {
  args: { formData: {} },
  parameters: { check: { role: 'button', name: 'Signature Required' } },
};

/** The stale default some forms carry ({font: 'font1'} without a name) reads as unsigned. */
export const DefaultOnlyIsUnsigned: Story = {
  args: { formData: { employee_signature: { font: 'font1' } } },
  parameters: { check: { role: 'button', name: 'Signature Required' } },
};

export const SignedTyped: Story = {
  args: { formData: { employee_signature: typedSignature } },
  parameters: { check: { text: 'Signed 01/02/2026' } },
};

export const SignedDrawn: Story = {
  args: { formData: { employee_signature: drawnSignature } },
  parameters: { check: { role: 'img', name: 'Signature of Maria L. Garcia' } },
};

export const ReadOnly: Story = {
  args: { formData: { employee_signature: typedSignature }, readonly: true },
  parameters: { check: { text: 'Maria L. Garcia' } },
};

export const ReadOnlyUnsigned: Story = {
  args: { formData: {}, readonly: true },
  parameters: { check: { text: 'Signature Required' } },
};

/** ui:options design "card": the Signature Form inline until signed. */
export const CardDesign: Story = {
  args: {
    uiSchema: { employee_signature: { 'ui:field': 'signature', 'ui:options': { design: 'card' } } },
    formData: {},
  },
  parameters: { check: { role: 'button', name: 'Read Agreement' } },
};

/** ui:options design "button": a Sign Here button until signed. */
export const ButtonDesign: Story = {
  args: {
    uiSchema: { employee_signature: { 'ui:field': 'signature', 'ui:options': { design: 'button' } } },
    formData: {},
  },
  parameters: { check: { role: 'button', name: 'Sign Here' } },
};

/** ui:options mode "drawn". */
export const DrawnMode: Story = {
  args: {
    uiSchema: { employee_signature: { 'ui:field': 'signature', 'ui:options': { mode: 'drawn', design: 'card' } } },
    formData: {},
  },
  parameters: { check: { role: 'button', name: 'Read Agreement' } },
};

const UNSIGNED = 'The employee must sign Section 1.';

/** Saved unsigned: the message at the signature, its button marked invalid. */
export const WithError: Story = {
  args: { formData: {}, extraErrors: { employee_signature: { __errors: [UNSIGNED] } }, showAll: true },
  parameters: { check: { text: UNSIGNED } },
  play: showsTheError(UNSIGNED),
};
