/**
 * A new password typed twice (and the current one when the server asks for it), with the rules of
 * engine/passwords.ts checked here before the server checks them again: one form for changing one's
 * own password and for an administrator setting someone else's.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isFailure } from '../api/failure.ts';
import { PASSWORD_MESSAGES, passwordProblems, type PasswordPolicy } from '../../engine/passwords.ts';
import { loadCommonPasswords } from '../../engine/common-passwords.ts';
import { TextInput } from './TextInput.tsx';

export function NewPasswordForm(props: {
  submitLabel: string;
  /** Sends the password; a 400 failure's field errors are shown at their fields. */
  save(password: string, password2: string, currentPassword?: string): Promise<void>;
  /** Any other failure, already worded for the user. */
  onFailure(message: string): void;
  /** What the caller says when the failure carries no message of its own. */
  failureMessage: string;
  /** More buttons beside the submit button (Cancel in a dialog). */
  extraActions?: ReactNode;
  /** Ask for the current password too (a holder changing their own, but after a forgot-password link). */
  askCurrent?: boolean;
  /** The company's minimum length and the account's e-mail and names. */
  policy?: Omit<PasswordPolicy, 'common'>;
}) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // A refused password puts the keyboard on the first field that says why, as the record forms do.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  // The common-password list comes in a chunk of its own, fetched while the form is filled in.
  useEffect(() => void loadCommonPasswords().catch(() => undefined), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Without the list (it failed to load) the server still checks it.
    const common = await loadCommonPasswords().catch(() => undefined);
    const problems = passwordProblems(password, password2, { ...props.policy, common });
    if (props.askCurrent && !current)
      problems.unshift({ path: '/current_password', message: PASSWORD_MESSAGES.currentRequired });
    setErrors(Object.fromEntries(problems.map((p) => [p.path.slice(1), p.message])));
    if (problems.length) return setRefusals((n) => n + 1);
    setBusy(true);
    try {
      await props.save(password, password2, props.askCurrent ? current : undefined);
    } catch (err) {
      if (isFailure(err, 400)) {
        setErrors(Object.fromEntries(err.errors.map((x) => [x.path.replace(/^\//, '') || 'password', x.message])));
        setRefusals((n) => n + 1);
      } else props.onFailure(isFailure(err) ? err.message : props.failureMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
      {props.askCurrent && (
        <TextInput
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          error={errors.current_password}
          required
        />
      )}
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
      <div className="form__actions" data-keep-clear>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {props.submitLabel}
        </button>
        {props.extraActions}
      </div>
    </form>
  );
}
