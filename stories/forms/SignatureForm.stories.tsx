/**
 * The signature panel (forms/signature/SignatureForm.tsx) in both designs and every step of its
 * flow: before consent, reading the agreement, agreed, each font, the dialog design, drawn.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormsEnvProvider } from '../../forms/env.tsx';
import { SignatureForm, type SignatureFormProps } from '../../forms/signature/SignatureForm.tsx';
import { storyEnv } from './FormHarness.tsx';

const withEnv = (args: SignatureFormProps) => (
  <FormsEnvProvider value={storyEnv}>
    <SignatureForm {...args} />
  </FormsEnvProvider>
);

const meta = {
  title: 'Forms/Signature/SignatureForm',
  component: SignatureForm,
  args: { design: 'card', mode: 'typed', onSubmit: () => undefined },
  render: withEnv,
} satisfies Meta<typeof SignatureForm>;

export default meta;
type Story = StoryObj<typeof meta>;

const name = { role: 'textbox', name: 'Full Name' };

/** Before consent: 'Click "Read Agreement" to continue'. */
export const CardBeforeConsent: Story = {
  parameters: { check: { role: 'button', name: 'Read Agreement' } },
};

/** The agreement dialog open, before "I agree". */
export const CardReadingAgreement: Story = {
  args: { initialFlow: { step: 'consent', reading: true } },
  parameters: { check: { role: 'dialog', name: 'Agreement for Electronic Forms and Signature' } },
};

/** After "I agree": an empty name keeps Submit disabled. */
export const CardAgreed: Story = {
  args: { initialFlow: { step: 'signing', name: '', font: 'font1' } },
  parameters: { check: { ...name, value: '' } },
};

export const CardFont1: Story = {
  args: { initialFlow: { step: 'signing', name: 'Maria L. Garcia', font: 'font1' } },
  parameters: { check: { ...name, value: 'Maria L. Garcia' } },
};

export const CardFont2: Story = {
  args: { initialFlow: { step: 'signing', name: 'Maria L. Garcia', font: 'font2' } },
  parameters: { check: { role: 'radio', name: 'Font 2' } },
};

export const CardFont3: Story = {
  args: { initialFlow: { step: 'signing', name: 'Maria L. Garcia', font: 'font3' } },
  parameters: { check: { role: 'radio', name: 'Font 3' } },
};

/** The body of the Sign Here dialog: a 30px preview and no X mark. */
export const DialogDesign: Story = {
  args: { design: 'dialog', initialFlow: { step: 'signing', name: 'Maria L. Garcia', font: 'font1' } },
  parameters: { check: { ...name, value: 'Maria L. Garcia' } },
};

/** The drawn mode: name and drawing pad. */
export const Drawn: Story = {
  args: { mode: 'drawn', initialFlow: { step: 'signing', name: 'Maria L. Garcia', font: 'font1' } },
  parameters: { check: { role: 'img', name: 'Signature drawing area' } },
};
