/**
 * The user form's password mode (spec/001 sections 2, 4 and 5): password and retype with the rules
 * of engine/passwords.ts (the company's minimum, the account's name and e-mail), checked here and
 * again by the server, which stores the hash.
 */
import { Dialog } from '../../../renderers/dialogs/Dialog.tsx';
import type { ApiClient } from '../../../renderers/api/client.ts';
import { NewPasswordForm } from '../../../renderers/pages/NewPasswordForm.tsx';
import type { ScreenContext } from '../../../renderers/contract/forms-registry.ts';
import type { PasswordPolicy } from '../../../engine/passwords.ts';

export function UserPasswordDialog(props: {
  open: boolean;
  userId: string;
  name: string;
  /** The company's minimum length and the account's e-mail and name. */
  policy: Omit<PasswordPolicy, 'common'>;
  client: ApiClient;
  notify: ScreenContext['notify'];
  onClose(): void;
}) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title={`Set password: ${props.name}`} width={440}>
      {/* Mounted only while open, so a closed dialog forgets what was typed. */}
      {props.open && (
        <NewPasswordForm
          submitLabel="Set password"
          policy={props.policy}
          save={async (password, password2) => {
            await props.client.setUserPassword(props.userId, password, password2);
            props.notify({ type: 'positive', message: `Password set for ${props.name}.` });
            props.onClose();
          }}
          onFailure={(message) => props.notify({ type: 'negative', message })}
          failureMessage="The password was not set."
          extraActions={
            <button type="button" className="btn" onClick={props.onClose}>
              Cancel
            </button>
          }
        />
      )}
    </Dialog>
  );
}
