/**
 * A JSON object kept as data edited as JSON text ("ui:field": "jsonObject", as
 * payroll/state_w4_form.printable_layout): the text is kept while it does not parse, with the
 * parser's message, and the value changes only to an object that parses. The server checks the
 * object itself on save; its messages (at any depth inside the object) are listed under the text.
 */
import { useId, useState } from 'react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { useFormsStyles } from '../styles/load-styles.ts';
import { parseObject } from './JsonSchemaEditorField.tsx';

const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));

/** Every message of an error schema, however deep (a layout's errors name places inside it). */
export function allErrors(schema: ErrorSchema | undefined): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const own = ((node.__errors as string[] | undefined) ?? []).filter(Boolean);
  const nested = Object.entries(node)
    .filter(([k]) => k !== '__errors')
    .flatMap(([, v]) => allErrors(v as ErrorSchema));
  return [...own, ...nested];
}

export function JsonObjectField(props: FieldProps) {
  useFormsStyles();
  const { formData, onChange, fieldPathId, errorSchema, readonly, disabled, schema, uiSchema, required } = props;
  const id = useId();
  const [text, setText] = useState(() => show(formData));
  const [parseError, setParseError] = useState<string>();
  const rows = Number((uiSchema?.['ui:options'] as { rows?: number } | undefined)?.rows ?? 12);
  const errors = [...(parseError ? [parseError] : []), ...allErrors(errorSchema)];
  const inputId = `${id}-json`;

  const edit = (t: string) => {
    setText(t);
    const { value, error } = parseObject(t);
    setParseError(error);
    if (!error) onChange(value, fieldPathId.path);
  };

  return (
    <div className="field json-editor__part">
      <label htmlFor={inputId} className="field__label">
        {schema.title ?? fieldPathId.$id}
        {required && <span className="required"> *</span>}
      </label>
      {schema.description && (
        <p id={`${inputId}-help`} className="field__help muted">
          {schema.description}
        </p>
      )}
      <textarea
        id={inputId}
        className="input input--mono json-editor__text"
        rows={rows}
        spellCheck={false}
        value={text}
        readOnly={readonly}
        disabled={disabled}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={`${inputId}-help ${inputId}-errors`}
        onChange={(e) => edit(e.target.value)}
      />
      <ul id={`${inputId}-errors`} className="field__errors">
        {errors.map((e) => (
          <li key={e} className="field__error">
            {e}
          </li>
        ))}
      </ul>
    </div>
  );
}
