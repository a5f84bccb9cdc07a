/**
 * /onboarding (renderers/pages/OnboardingPage.tsx): the checklist on a page of its own, where an
 * employee without an employee id lands.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { employeeBackend } from '../fixtures/backend.ts';
import { emmaChecklist } from '../fixtures/onboarding.ts';
import { FixtureApp } from '../support/FixtureApp.tsx';

const meta = {
  title: 'Pages/OnboardingPage',
  component: FixtureApp,
  args: { backend: employeeBackend(emmaChecklist(), null), path: '/onboarding' },
} satisfies Meta<typeof FixtureApp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Checklist: Story = {
  parameters: { check: { role: 'progressbar', name: '2 of 5 forms done' } },
};

/** No onboarding forms apply. */
export const NothingToDo: Story = {
  args: { backend: employeeBackend({ ...emmaChecklist(), items: [], done: 0, total: 0, next: undefined }, null) },
  parameters: { check: { text: 'There are no onboarding forms for you.' } },
};
