/**
 * The Paystubs page (renderers/pages/PaystubsPage.tsx, docs/paystubs.md) over the fixture back end:
 * Emma's statements, a second page of them, none yet, and the company's block_paystubs.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { emmaPaystubs, paystubsBackend } from '../fixtures/paystubs.ts';
import { FixtureApp } from '../support/FixtureApp.tsx';

const meta = {
  title: 'Pages/PaystubsPage',
  component: FixtureApp,
  args: { backend: paystubsBackend(), path: '/paystubs' },
} satisfies Meta<typeof FixtureApp>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three statements, the newest (paid 11/27/2026) first, each opening its printable statement. */
export const Statements: Story = {
  parameters: { check: { role: 'button', name: 'Open statement of 11/27/2026 (PDF, new tab)' } },
};

/** A year of statements: thirteen a page, and the pager. */
export const Paged: Story = {
  args: { backend: paystubsBackend(emmaPaystubs(26)) },
  parameters: { check: { role: 'navigation', name: 'Pages', text: 'Page 1 of 2' } },
};

/** A new employee before her first payday. */
export const NoneYet: Story = {
  args: { backend: paystubsBackend([]) },
  parameters: { check: { text: 'No paystubs yet. Your pay statements appear here after each payday.' } },
};

/** The company has block_paystubs on: the page says so and asks the server nothing. */
export const Blocked: Story = {
  args: { backend: paystubsBackend(emmaPaystubs(), { block_paystubs: true }) },
  parameters: { check: { text: 'Paystubs are not available for this company.' } },
};
