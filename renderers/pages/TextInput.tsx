/**
 * A labelled text input for the pages outside the schema forms (sign-in, passwords).
 */
import { useId } from 'react';

export function TextInput(props: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  error?: string;
  /** The keyboard a phone shows (`numeric` for codes). */
  inputMode?: 'text' | 'numeric';
  /** A hint read with the field (what to type, where it came from). */
  hint?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  const errId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [props.hint ? hintId : '', props.error ? errId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {props.label}
        {props.required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        id={id}
        name={props.name}
        className="input"
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        value={props.value}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        inputMode={props.inputMode}
        autoFocus={props.autoFocus}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint && (
        <p id={hintId} className="field__hint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errId} className="field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}
