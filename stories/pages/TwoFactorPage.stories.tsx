/**
 * Two-factor sign-in settings (/settings/two-factor, renderers/pages/TwoFactorPage.tsx) over the
 * fixture back end: choosing a method, the authenticator's QR code and key, the recovery codes
 * shown once, and the page a company's requirement leaves open.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { acmeBackend } from '../fixtures/backend.ts';
import { payrollSession } from '../fixtures/session.ts';
import type { FixtureBackend } from '../support/fixture-api.ts';
import { FixtureApp } from '../support/FixtureApp.tsx';

/** A base32 key and its otpauth URI, as set_2fa_options answers them for an authenticator app. */
const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Acme%20Demo:payroll%40acme.example?secret=${KEY}&issuer=Acme%20Demo&algorithm=SHA1&digits=6&period=30`;
const RECOVERY = [
  '7KQ4-M2XD',
  'P9RT-3VHA',
  'C6WN-8ZJE',
  'H2LF-5QYB',
  'T8GM-4DKS',
  'X3PV-9NCR',
  'B5JH-7WEU',
  'N4ZA-6RTL',
  'E7YC-2MPG',
  'R9DK-3SHW',
];
/** The code the fixture accepts. */
const GOOD_CODE = '492039';

function twoFactorBackend(session = payrollSession()): FixtureBackend {
  return acmeBackend({
    session,
    calls: {
      ...acmeBackend().calls,
      '/auth/api/set_2fa_options': ({ body }) =>
        body['2fa_method'] === 'authenticator'
          ? { status: 200, body: { '2fa_method': 'authenticator', authenticator_key: KEY, otpauth_uri: URI } }
          : body['2fa_method'] === 'none'
            ? { status: 200, body: { '2fa_method': 'none' } }
            : { status: 200, body: { '2fa_method': body['2fa_method'], recovery_codes: RECOVERY } },
      '/auth/api/verify_2fa': ({ body }) =>
        body.code === GOOD_CODE
          ? { status: 200, body: { '2fa_method': 'authenticator', recovery_codes: RECOVERY } }
          : { status: 401, body: { message: 'Invalid code.' } },
      '/auth/api/trigger_2fa': () => ({ status: 200, body: { message: 'A code is on its way.' } }),
    },
  });
}

const meta = {
  title: 'Pages/TwoFactorPage',
  component: FixtureApp,
  args: { backend: twoFactorBackend(), path: '/settings/two-factor' },
} satisfies Meta<typeof FixtureApp>;

export default meta;
type Story = StoryObj<typeof meta>;

async function chooseAuthenticator(canvasElement: HTMLElement) {
  const screen = within(canvasElement);
  await userEvent.click(await screen.findByRole('radio', { name: /Authenticator app/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

/** Off: the methods to choose from, the authenticator app first. */
export const Off: Story = {
  parameters: { check: { role: 'radio', name: 'Authenticator app (recommended)' } },
};

/** The authenticator's QR code of the otpauth URI and its key, and a code to turn it on. */
export const AuthenticatorSetup: Story = {
  play: ({ canvasElement }) => chooseAuthenticator(canvasElement),
  parameters: { check: { role: 'img', name: 'QR code to scan with your authenticator app' } },
};

/** A code the app did not show: turned on only with a right one. */
export const WrongCode: Story = {
  play: async ({ canvasElement }) => {
    await chooseAuthenticator(canvasElement);
    const screen = within(canvasElement);
    await userEvent.type(await screen.findByLabelText(/^Code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
  },
  parameters: { check: { role: 'alert', text: 'That code did not work. Check it and try again.' } },
};

/** The ten recovery codes, shown once after the code proved the method. */
export const RecoveryCodes: Story = {
  play: async ({ canvasElement }) => {
    await chooseAuthenticator(canvasElement);
    const screen = within(canvasElement);
    await userEvent.type(await screen.findByLabelText(/^Code/), GOOD_CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
  },
  parameters: { check: { role: 'list', name: 'Recovery codes', text: RECOVERY[0] } },
};

/** Codes by e-mail: on at once, the recovery codes shown. */
export const EmailCode: Story = {
  play: async ({ canvasElement }) => {
    const screen = within(canvasElement);
    await userEvent.click(await screen.findByRole('radio', { name: 'Code by e-mail' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  },
  parameters: { check: { role: 'list', name: 'Recovery codes' } },
};

/** The company requires a second factor the user has not set up: turning it off is not offered. */
export const RequiredByCompany: Story = {
  args: { backend: twoFactorBackend({ ...payrollSession(), two_factor_setup_required: true }) },
  parameters: {
    check: { role: 'status', text: 'Your company requires two-factor sign-in for your role. Set it up to continue.' },
  },
};

/** Already on with an authenticator app. */
export const On: Story = {
  args: { backend: twoFactorBackend({ ...payrollSession(), two_factor_method: 'authenticator' }) },
  parameters: { check: { role: 'radio', name: 'Off: sign in with the password alone' } },
};
