/** The agreement for electronic forms and signature (forms/signature/AgreementDialog.tsx). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { AgreementDialog } from '../../forms/signature/AgreementDialog.tsx';

const meta = {
  title: 'Forms/Signature/AgreementDialog',
  component: AgreementDialog,
  args: { open: true, organizationName: 'Acme Demo Inc.', onAgree: () => undefined, onClose: () => undefined },
} satisfies Meta<typeof AgreementDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open, with the organization's name, before "I agree". */
export const Open: Story = {
  parameters: {
    check: { role: 'dialog', name: 'Agreement for Electronic Forms and Signature', text: 'Acme Demo Inc.' },
  },
};

/** A company whose branding has no business name yet. */
export const NoOrganizationName: Story = {
  args: { organizationName: '' },
  parameters: { check: { text: 'your employer provides your employment forms electronically' } },
};
