/**
 * The homes by role (renderers/pages/HomePage.tsx, docs/journeys.md) over the fixture back end: the
 * payroll manager's onboarding pipeline, and an employee's onboarding checklist on the way and done.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Pipeline } from '../../renderers/api/types.ts';
import { acmeBackend, employeeBackend } from '../fixtures/backend.ts';
import { acmePipeline, emmaChecklist, emmaChecklistFinished } from '../fixtures/onboarding.ts';
import type { FixtureBackend } from '../support/fixture-api.ts';
import { FixtureApp } from '../support/FixtureApp.tsx';

const meta = {
  title: 'Pages/HomePage',
  component: FixtureApp,
  args: { backend: acmeBackend(), path: '/home' },
} satisfies Meta<typeof FixtureApp>;

export default meta;
type Story = StoryObj<typeof meta>;

const managerWith = (pipeline: Pipeline): FixtureBackend =>
  acmeBackend({ calls: { '/payroll/api/onboarding_pipeline': () => ({ status: 200, body: pipeline }) } });

/** The manager's home: an I-9 Section 2 overdue, hires by status, dates about to lapse. */
export const ManagerPipeline: Story = {
  parameters: { check: { role: 'cell', name: 'Complete Form I-9 Section 2' } },
};

export const ManagerHiresByStatus: Story = {
  parameters: { check: { role: 'list', name: 'Hires by status', text: 'Pending approval' } },
};

/** Nothing waiting for the employer and nothing about to lapse. */
export const ManagerNothingDue: Story = {
  args: { backend: managerWith({ ...acmePipeline(), awaiting_employer: [], lapsing: [] }) },
  parameters: { check: { role: 'heading', name: 'Due from you' } },
};

/** Emma, two of five forms done: Continue opens the next one. */
export const EmployeeChecklist: Story = {
  args: { backend: employeeBackend(emmaChecklist()) },
  parameters: { check: { role: 'link', name: 'Continue' } },
};

/** Her I-9 overdue. */
export const EmployeeOverdue: Story = {
  args: { backend: employeeBackend(emmaChecklist({ overdue: true })) },
  parameters: { check: { text: 'Overdue: due 01/05/2026' } },
};

/** Every form of hers signed; the employer's part of the I-9 still to do. */
export const EmployeeFinished: Story = {
  args: { backend: employeeBackend(emmaChecklistFinished()) },
  parameters: { check: { role: 'status', text: 'Your employer still has to complete their part.' } },
};
