/**
 * The sign-in page (renderers/pages/LoginPage.tsx) in the logged-out layout, over the fixture back
 * end: the page, a failed attempt, and a successful one landing on the home dashboard.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { acmeBackend } from '../fixtures/backend.ts';
import { DEMO_LOGIN } from '../fixtures/session.ts';
import { FixtureApp } from '../support/FixtureApp.tsx';

const meta = {
  title: 'Pages/LoginPage',
  component: FixtureApp,
  args: { backend: acmeBackend(), path: '/login', signedIn: false },
} satisfies Meta<typeof FixtureApp>;

export default meta;
type Story = StoryObj<typeof meta>;

async function signIn(canvasElement: HTMLElement, password: string) {
  const screen = within(canvasElement);
  await userEvent.type(await screen.findByLabelText(/E-mail/), DEMO_LOGIN.userid);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

export const SignIn: Story = {
  parameters: { check: { role: 'heading', name: 'Sign in' } },
};

export const WrongPassword: Story = {
  play: ({ canvasElement }) => signIn(canvasElement, 'not the password'),
  parameters: { check: { role: 'alert', text: 'Invalid credentials' } },
};

export const SignedIn: Story = {
  play: ({ canvasElement }) => signIn(canvasElement, DEMO_LOGIN.key),
  parameters: { check: { role: 'heading', name: 'Welcome, Paul Payroll' } },
};

export const NotFound: Story = {
  args: { path: '/no/such/page/at/all' },
  parameters: { check: { role: 'heading', name: 'Page Not Found' } },
};
