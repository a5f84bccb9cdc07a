/**
 * The user form's password mode (spec/001 sections 2, 4 and 5): password and retype with the
 * spec's three messages, checked here and again by the server, which stores the hash.
 */
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../dialog/Dialog.tsx';
import type { ApiClient } from '../../../renderers/api/client.ts';
import { isFailure } from '../../../renderers/api/failure.ts';
import { passwordProblems } from '../../../renderers/pages/ChangePasswordPage.tsx';
import { TextInput } from '../../../renderers/pages/TextInput.tsx';
import type { ScreenContext } from '../extension.ts';

export function UserPasswordDialog(props: {
  open: boolean;
  userId: string;
  name: string;
  client: ApiClient;
  notify: ScreenContext['notify'];
  onClose(): void;
}) {
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setPassword2('');
    setErrors({});
    props.onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = passwordProblems(password, password2);
    setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
    if (problems.length) return;
    setBusy(true);
    try {
      await props.client.setUserPassword(props.userId, password, password2);
      props.notify({ type: 'positive', message: `Password set for ${props.name}.` });
      close();
    } catch (err) {
      if (isFailure(err, 400)) {
        setErrors(Object.fromEntries(err.errors.map((x) => [x.path.replace(/^\//, '') || 'password', x.message])));
      } else props.notify({ type: 'negative', message: isFailure(err) ? err.message : 'The password was not set.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={props.open} onClose={close} title={`Set password: ${props.name}`} width={440}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <TextInput
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
          required
        />
        <TextInput
          label="Retype the new password"
          name="password2"
          type="password"
          autoComplete="new-password"
          value={password2}
          onChange={setPassword2}
          error={errors.password2}
          required
        />
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Set password
          </button>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
