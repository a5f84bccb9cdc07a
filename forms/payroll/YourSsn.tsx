/**
 * The person's own Social Security number, above their Personal details (the basic_info form's
 * header, on their own record only): asked for while none is on file, then shown masked
 * (docs/decisions.md, "Who enters a hire's SSN"). It is not a field of the form: it is kept on the
 * employer's record of the person and saved on its own (POST /payroll/api/my_ssn), before the forms
 * that print it are signed. Someone with no payroll record to hold it is shown nothing.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { BehaviourHeaderProps } from '../behaviour/behaviour.ts';
import { useOptionalServices } from '../env.tsx';
import { isFailure } from '../../renderers/api/failure.ts';
import type { MySsn } from '../../renderers/api/client.ts';

/** Nine digits typed with or without dashes or spaces, as the server takes them (3-2-4). */
export function ssnAsSent(typed: string): string {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : typed.trim();
}

export function YourSsn({ own, disabled }: BehaviourHeaderProps) {
  const client = useOptionalServices()?.client;
  const [state, setState] = useState<MySsn>();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const id = useId();
  // After a save the keyboard goes to what follows it: the number on file, or the field to correct
  // (the button it pressed is disabled while saving, and gone once the number is on file).
  const inputRef = useRef<HTMLInputElement>(null);
  const onFileRef = useRef<HTMLParagraphElement>(null);
  const [focusTo, setFocusTo] = useState<'input' | 'on file'>();
  useEffect(() => {
    if (!focusTo) return;
    (focusTo === 'input' ? inputRef.current : onFileRef.current)?.focus();
    setFocusTo(undefined);
  }, [focusTo]);

  useEffect(() => {
    if (!own || !client) return;
    let live = true;
    client.mySsn().then(
      (answer) => live && setState(answer),
      (e: unknown) => console.warn('forms: the SSN on file was not read', e),
    );
    return () => {
      live = false;
    };
  }, [own, client]);

  if (!own || !client || !state || state.record === null) return null;
  if (state.on_file) {
    return (
      <p className="your-ssn muted" ref={onFileRef} tabIndex={-1}>
        Social Security number on file: <strong>{state.ssn}</strong>. To correct it, ask your payroll contact.
      </p>
    );
  }

  const save = async () => {
    setSaving(true);
    setError(undefined);
    try {
      setState(await client.giveMySsn(ssnAsSent(typed)));
      setTyped('');
      setFocusTo('on file');
    } catch (e) {
      setFocusTo('input');
      const messages = isFailure(e) ? e.errors.map((x) => x.message).filter(Boolean) : [];
      setError(messages.join(' ') || 'The SSN was not saved. Try again.');
      // Another tab or the employer may have given it meanwhile.
      if (isFailure(e, 409)) client.mySsn().then(setState, () => undefined);
    } finally {
      setSaving(false);
    }
  };
  // Enter saves the number, not the Personal details form this sits in.
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (!saving && typed.trim()) void save();
  };

  return (
    <fieldset className="section your-ssn">
      <legend className="section__title">Social Security number</legend>
      <p id={`${id}-help`} className="muted">
        Your employer needs it for your Form W-4 and Form I-9: give it here before you sign them. Once saved, only your
        employer can change it.
      </p>
      <label htmlFor={`${id}-input`}>SSN</label>
      <div className="your-ssn__row">
        <input
          id={`${id}-input`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="123-45-6789"
          maxLength={11}
          ref={inputRef}
          value={typed}
          disabled={disabled}
          readOnly={saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn"
          disabled={disabled || saving || !typed.trim()}
          onClick={() => void save()}
        >
          Save SSN
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="your-ssn__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
