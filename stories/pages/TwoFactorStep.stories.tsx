/**
 * The second sign-in step (renderers/pages/TwoFactorStep.tsx): after the password, an account with a
 * second factor is asked for the code of its authenticator app, or of the e-mail or text message
 * sent (which can be sent again), or a recovery code.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import type { TwoFactorChallenge } from '../../renderers/api/types.ts';
import { acmeBackend } from '../fixtures/backend.ts';
import { DEMO_LOGIN, payrollSession } from '../fixtures/session.ts';
import type { FixtureBackend } from '../support/fixture-api.ts';
import { FixtureApp } from '../support/FixtureApp.tsx';
import { FIXTURE_TOKEN } from '../support/fixture-api.ts';

const CHALLENGE = 'c2Vjb25kLXN0ZXAtY2hhbGxlbmdl';
const GOOD_CODE = '318406';
const RECOVERY_CODE = '7KQ4-M2XD';

/** Paul Payroll with a second factor: the password answers a challenge, the code the session. */
function secondFactorBackend(method: TwoFactorChallenge['method']): FixtureBackend {
  const session = { ...payrollSession(), two_factor_method: method };
  return acmeBackend({
    session,
    calls: {
      ...acmeBackend().calls,
      '/auth/api/login': ({ body }) =>
        body.userid === DEMO_LOGIN.userid && body.key === DEMO_LOGIN.key
          ? { status: 200, body: { two_factor_required: true, challenge: CHALLENGE, method } }
          : { status: 401, body: { message: 'Invalid credentials' } },
      '/auth/api/verify_2fa': ({ body }) =>
        body.challenge === CHALLENGE && (body.code === GOOD_CODE || body.code === RECOVERY_CODE)
          ? { status: 200, body: { token: FIXTURE_TOKEN, exp: session.exp, session } }
          : { status: 401, body: { message: 'Invalid code.' } },
      '/auth/api/trigger_2fa': () => ({ status: 200, body: { message: 'A code is on its way.' } }),
    },
  });
}

const meta = {
  title: 'Pages/TwoFactorStep',
  component: FixtureApp,
  args: { backend: secondFactorBackend('authenticator'), path: '/login', signedIn: false },
} satisfies Meta<typeof FixtureApp>;

export default meta;
type Story = StoryObj<typeof meta>;

async function password(canvasElement: HTMLElement) {
  const screen = within(canvasElement);
  await userEvent.type(await screen.findByLabelText(/E-mail/), DEMO_LOGIN.userid);
  await userEvent.type(screen.getByLabelText(/Password/), DEMO_LOGIN.key);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function code(canvasElement: HTMLElement, value: string) {
  await password(canvasElement);
  const screen = within(canvasElement);
  await userEvent.type(await screen.findByLabelText(/^Code/), value);
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

/** After the password: the authenticator app's code. */
export const AuthenticatorCode: Story = {
  play: ({ canvasElement }) => password(canvasElement),
  parameters: { check: { role: 'button', name: 'Verify' } },
};

/** A code sent by e-mail, which can be sent again. */
export const EmailCode: Story = {
  args: { backend: secondFactorBackend('email') },
  play: ({ canvasElement }) => password(canvasElement),
  parameters: { check: { role: 'button', name: 'Send a new code' } },
};

export const WrongCode: Story = {
  play: ({ canvasElement }) => code(canvasElement, '000000'),
  parameters: { check: { role: 'alert', text: 'That code did not work' } },
};

/** The right code opens the session and the home page. */
export const SignedIn: Story = {
  play: ({ canvasElement }) => code(canvasElement, GOOD_CODE),
  parameters: { check: { role: 'heading', name: 'Welcome, Paul Payroll' } },
};

/** A recovery code instead of the app's. */
export const RecoveryCode: Story = {
  play: ({ canvasElement }) => code(canvasElement, RECOVERY_CODE),
  parameters: { check: { role: 'heading', name: 'Welcome, Paul Payroll' } },
};
