/**
 * An employee document's file ("ui:field": "file" on an x-file field): a stored file, a record not
 * saved yet, and the read-only view. Uploading needs the app's server; tests/browser/files.test.ts
 * drives it there.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { entityForm } from './entities.ts';
import { FormHarness } from './FormHarness.tsx';

const storedFile = {
  name: 'drivers-license-front.png',
  size: 482_113,
  type: 'image/png',
  sha256: '9f2c1e0a5b7d4c3e8f6a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60',
  uploaded_time: 1767312000,
};

const meta = {
  title: 'Forms/Employee documents/FileField',
  component: FormHarness,
  args: { ...entityForm('employee_documents', ['file']) },
} satisfies Meta<typeof FormHarness>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A stored picture of a driver's license: its name, size and type, Download, Preview, Remove. */
export const Stored: Story = {
  args: { formData: { file: storedFile } },
  parameters: { check: { text: 'drivers-license-front.png' } },
};

/** A record not saved yet: the file is attached once it exists. */
export const NotSavedYet: Story = {
  args: { formData: {} },
  parameters: { check: { text: 'Save the record first, then attach the file.' } },
};

/** Read-only: Download only. */
export const ReadOnly: Story = {
  args: { formData: { file: storedFile }, readonly: true },
  parameters: { check: { role: 'button', name: 'Download' } },
};
