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
}) {
  const id = useId();
  const errId = `${id}-error`;
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
        aria-describedby={props.error ? errId : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.error && (
        <p id={errId} className="field__error">
          {props.error}
        </p>
      )}
    </div>
  );
}
