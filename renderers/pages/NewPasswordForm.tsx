/**
 * A new password typed twice, with the messages of spec/001 section 5 checked here before the
 * server checks them again: one form for changing one's own password and for an administrator
 * setting someone else's.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { isFailure } from '../api/failure.ts';
import { passwordProblems } from '../../engine/passwords.ts';
import { TextInput } from './TextInput.tsx';

export function NewPasswordForm(props: {
  submitLabel: string;
  /** Sends the password; a 400 failure's field errors are shown at their fields. */
  save(password: string, password2: string): Promise<void>;
  /** Any other failure, already worded for the user. */
  onFailure(message: string): void;
  /** What the caller says when the failure carries no message of its own. */
  failureMessage: string;
  /** More buttons beside the submit button (Cancel in a dialog). */
  extraActions?: ReactNode;
}) {
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems = passwordProblems(password, password2);
    setErrors(Object.fromEntries(problems.map((p) => [p.path.slice(1), p.message])));
    if (problems.length) return;
    setBusy(true);
    try {
      await props.save(password, password2);
    } catch (err) {
      if (isFailure(err, 400)) {
        setErrors(Object.fromEntries(err.errors.map((x) => [x.path.replace(/^\//, '') || 'password', x.message])));
      } else props.onFailure(isFailure(err) ? err.message : props.failureMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
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
          {props.submitLabel}
        </button>
        {props.extraActions}
      </div>
    </form>
  );
}
