/** The dialog design (forms/signature/SignHereButton.tsx): a Sign Here button opening the Signature Form. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormsEnvProvider } from '../../forms/env.tsx';
import { SignHereButton, type SignHereButtonProps } from '../../forms/signature/SignHereButton.tsx';
import { storyEnv } from './FormHarness.tsx';

const meta = {
  title: 'Forms/Signature/SignHereButton',
  component: SignHereButton,
  args: { onSubmit: () => undefined },
  render: (args: SignHereButtonProps) => (
    <FormsEnvProvider value={storyEnv}>
      <SignHereButton {...args} />
    </FormsEnvProvider>
  ),
} satisfies Meta<typeof SignHereButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = { parameters: { check: { role: 'button', name: 'Sign Here' } } };

export const CustomLabel: Story = {
  args: { label: 'Sign Form W-4' },
  parameters: { check: { role: 'button', name: 'Sign Form W-4' } },
};

export const OpenBeforeConsent: Story = {
  args: { defaultOpen: true },
  parameters: { check: { role: 'dialog', name: 'Signature Form', text: 'Click "Read Agreement" to continue' } },
};

export const OpenSigning: Story = {
  args: { defaultOpen: true, initialFlow: { step: 'signing', name: 'Jordan T. Lee', font: 'font3' } },
  parameters: { check: { role: 'textbox', name: 'Full Name', value: 'Jordan T. Lee' } },
};
