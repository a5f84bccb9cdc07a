/**
 * The generic create / edit screen (renderers/screens/record/RecordScreen.tsx) in the main layout,
 * rendered from the real schemas (payroll/employee, payroll/basic_info) over fixture records.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { CONFLICT_MESSAGE, INVALID_MESSAGE } from '../../renderers/screens/record/useRecordController.ts';
import { acmeBackend, EMMA_KEY } from '../fixtures/backend.ts';
import { largeContactsMeta } from '../fixtures/metas.ts';
import { emergencyContacts, emmaBasicInfo } from '../fixtures/people.ts';
import { FixtureApp } from '../support/FixtureApp.tsx';

const meta = {
  title: 'Screens/RecordScreen',
  component: FixtureApp,
  args: { backend: acmeBackend(), path: `/payroll/employee/edit/${EMMA_KEY}` },
} satisfies Meta<typeof FixtureApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Save button once the form's validator has loaded (it is disabled until then). */
async function saveButton(screen: ReturnType<typeof within>) {
  const save = await screen.findByRole('button', { name: 'Save' });
  await waitFor(() => expect(save).toBeEnabled());
  return save;
}

export const EditEmployee: Story = {
  parameters: { check: { role: 'textbox', name: 'Job title', value: 'Payroll Clerk' } },
};

/** Who hired and who created the record show by name (get_userinfo), not as user keys. */
export const EditEmployeeNames: Story = {
  parameters: { check: { role: 'list', name: 'Hired by: chosen', text: 'Alice Admin' } },
};

export const CreateEmployee: Story = {
  args: { path: '/payroll/employee/create' },
  parameters: { check: { role: 'heading', name: 'New Employee' } },
};

export const EditBasicInfo: Story = {
  args: { path: `/payroll/basic_info/edit/${EMMA_KEY}` },
  parameters: { check: { role: 'textbox', name: 'Date of birth', value: '07/04/1990' } },
};

/** Saving a new employee with an incomplete SSN: the spec's messages at the fields and the notification. */
export const InvalidSave: Story = {
  args: { path: '/payroll/employee/create' },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await userEvent.type(await screen.findByLabelText('SSN'), '12345');
    await userEvent.click(await saveButton(screen));
    await expect(await screen.findByText(INVALID_MESSAGE)).toBeVisible();
  },
  parameters: { check: { text: 'SSN must be 11 characters: 3-2-4 digits (x allowed in the first five).' } },
};

/** Someone else saved first: the save answers 409 and the screen explains it. */
export const VersionConflict: Story = {
  args: {
    backend: acmeBackend({
      failures: [
        {
          path: new RegExp(`/payroll/api/data/employee/${EMMA_KEY}$`),
          method: 'POST',
          status: 409,
          message: 'Version conflict: the record changed since it was read.',
        },
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    const title = await screen.findByLabelText('Job title');
    await userEvent.type(title, ' II');
    await userEvent.click(await saveButton(screen));
    await expect((await screen.findAllByText(CONFLICT_MESSAGE)).length).toBeGreaterThan(0);
  },
  parameters: { check: { role: 'button', name: 'Reload the record' } },
};

/** The benchmark's large array: 200 emergency contacts in one form (bench/browser/run.ts). */
export const EmergencyContacts200: Story = {
  args: {
    backend: acmeBackend({
      metas: { 'payroll/emergency_contacts': largeContactsMeta(200) },
      records: {
        'payroll/emergency_contacts': [
          {
            key: EMMA_KEY,
            data: { contacts: emergencyContacts(200), sync_status: 'synced', _user_uuid: EMMA_KEY },
            meta: emmaBasicInfo().meta,
          },
        ],
      },
    }),
    path: `/payroll/emergency_contacts/edit/${EMMA_KEY}`,
  },
  parameters: { check: { role: 'textbox', name: 'Phone*', value: '(312) 555-1000' } },
};
