/**
 * An employee document's file ("ui:field": "file" on an x-file field): a record not saved yet, a
 * saved one ready to attach, a stored image and a stored PDF, and the read-only view. Uploading
 * needs the app's server; tests/browser/files.test.ts drives it there.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { FileTarget, HeldFiles } from '../../renderers/screens/record/templates.tsx';
import { entityForm } from './entities.ts';
import { showsTheError } from '../support/states.ts';
import { FormHarness, STORY_NOW } from './FormHarness.tsx';

const storedFile = {
  name: 'drivers-license-front.png',
  size: 482_113,
  type: 'image/png',
  sha256: '9f2c1e0a5b7d4c3e8f6a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60',
  uploaded_time: STORY_NOW,
};

const w2Pdf = {
  name: 'W-2 2025 Maria Garcia.pdf',
  size: 184_320,
  type: 'application/pdf',
  sha256: '3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b',
  uploaded_time: STORY_NOW,
};

/** The stored record the field uploads to. */
const savedDocument: FileTarget = {
  module: 'hr',
  type: 'employee_documents',
  key: '6f1d2c3b-4a59-4e8f-9b21-0c7d5e3a9f10',
  changed: () => undefined,
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

/** A record not saved yet, on a screen that cannot hold a file for its Save: it says to save first. */
export const NotSavedYet: Story = {
  args: { formData: {} },
  parameters: { check: { text: 'Save the record first, then attach the file.' } },
};

/** What a create screen holds: files chosen before the record exists, uploaded by its Save. */
function heldOnCreate(files: Record<string, File>): HeldFiles {
  const held = new Map(Object.entries(files));
  return {
    open: true,
    get: (field) => held.get(field),
    set: (field, file) => void (file ? held.set(field, file) : held.delete(field)),
    subscribe: () => () => undefined,
  };
}

/** A new record's create screen: the file chosen now is attached when the record is saved. */
export const ChosenBeforeSave: Story = {
  args: {
    formData: {},
    heldFiles: heldOnCreate({ file: new File(['%PDF-1.4'], 'offer letter.pdf', { type: 'application/pdf' }) }),
  },
  parameters: { check: { text: 'attached when you save' } },
};

/** A saved record without a file: drop one or choose one. */
export const ReadyToAttach: Story = {
  args: { formData: {}, files: savedDocument },
  parameters: { check: { role: 'button', name: 'choose one' } },
};

/** A stored PDF on a saved record: Preview beside Download, and a file to drop to replace it. */
export const StoredPdf: Story = {
  args: { formData: { file: w2Pdf }, files: savedDocument },
  parameters: { check: { role: 'button', name: 'Preview' } },
};

/** Read-only: Download only. */
export const ReadOnly: Story = {
  args: { formData: { file: storedFile }, readonly: true },
  parameters: { check: { role: 'button', name: 'Download' } },
};

/** The server's refusal of an empty upload (server/files/file-writes.ts). */
const EMPTY_UPLOAD = 'The upload held no bytes: choose a file with content.';

/** A refused upload: the message at the file, its drop zone marked invalid. */
export const WithError: Story = {
  args: { formData: {}, files: savedDocument, extraErrors: { file: { __errors: [EMPTY_UPLOAD] } }, showAll: true },
  parameters: { check: { text: EMPTY_UPLOAD } },
  play: showsTheError(EMPTY_UPLOAD),
};
