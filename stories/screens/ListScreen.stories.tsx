/**
 * The generic list screen (renderers/screens/list/ListScreen.tsx) of payroll/employee in the main
 * layout, over the fixture employees: paging, sorting and filtering run through the real client
 * and controller against the fixture back end.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { acmeBackend } from '../fixtures/backend.ts';
import { FixtureApp } from '../support/FixtureApp.tsx';

const meta = {
  title: 'Screens/ListScreen',
  component: FixtureApp,
  args: { backend: acmeBackend(), path: '/payroll/employee/list' },
} satisfies Meta<typeof FixtureApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Employees: Story = {
  parameters: { check: { role: 'table', text: 'Alvarez' } },
};

export const SecondPage: Story = {
  args: { path: '/payroll/employee/list?page=2' },
  parameters: { check: { text: '21–26 of 26' } },
};

export const SortedByHireDate: Story = {
  args: { path: '/payroll/employee/list?sort=-hire_date&size=10' },
  parameters: { check: { role: 'table', text: '10/28/2024' } },
};

export const FilteredByJobTitle: Story = {
  args: { path: '/payroll/employee/list?f.job_title=clerk' },
  parameters: { check: { text: '1–2 of 2' } },
};

export const NoMatches: Story = {
  args: { path: '/payroll/employee/list?f.last_name=zzz' },
  parameters: { check: { role: 'status', text: 'No employees match these filters.' } },
};

export const Loading: Story = {
  args: { backend: acmeBackend({ latencyMs: Infinity }) },
  parameters: { check: { role: 'status', text: 'Loading' } },
};

export const PageFailed: Story = {
  args: {
    backend: acmeBackend({
      failures: [{ path: /\/data\/find\/employee$/, status: 503, message: 'The service is not available.' }],
    }),
  },
  parameters: { check: { role: 'alert', text: 'The service is not available.' } },
};
