/**
 * An editor for a form's fields kept as data ("ui:field": "jsonSchemaEditor" on an object of
 * {schema, uiSchema}, as payroll/state_w4_form.fields): each part as JSON text. The text is kept
 * while it does not parse (with the parser's message), and the schema is checked against the JSON
 * Schema meta-schema as it changes; the server checks both again (and compiles the schema) on save.
 */
import { useEffect, useState } from 'react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { allErrors } from './JsonObjectField.tsx';
import { metaSchemaErrors, type FormContext } from '../../renderers/contract/record-parts.ts';
import { useFormsStyles } from '../styles/load-styles.ts';

type Json = Record<string, unknown>;
type Part = 'schema' | 'uiSchema';

const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));

/** The text parsed: an object, or the reason it is not one. */
export function parseObject(text: string): { value?: Json; error?: string } {
  if (!text.trim()) return {};
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { error: 'Must be a JSON object ({ … }).' };
    return { value: v as Json };
  } catch (e) {
    return { error: `Not valid JSON: ${(e as Error).message}` };
  }
}

/**
 * The entity schema's rule for a form's field schema beyond the meta-schema (an object schema with
 * properties), checked as the user types, with that schema's message (`part`: its x-messages).
 */
function shapeError(schema: Json | undefined, part: { 'x-messages'?: Json } | undefined): string | undefined {
  if (schema?.type === 'object' && schema.properties && typeof schema.properties === 'object') return undefined;
  const message = part?.['x-messages']?.required;
  return typeof message === 'string' ? message : 'Must be an object schema with properties.';
}

function useMetaErrors(schema: Json | undefined): string[] {
  const [errors, setErrors] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    if (!schema) return setErrors([]);
    void metaSchemaErrors(schema).then(
      (e) => live && setErrors((e ?? []).map((x) => `Not a valid JSON Schema: ${x.message}`)),
    );
    return () => {
      live = false;
    };
  }, [schema]);
  return errors;
}

export function JsonSchemaEditorField(props: FieldProps) {
  useFormsStyles();
  const { formData, onChange, fieldPathId, errorSchema, readonly, disabled, schema, registry } = props;
  const report = (registry.formContext as FormContext | undefined)?.unparsed;
  const pointer = (part: Part) => `/${[...fieldPathId.path, part].join('/')}`;
  const data = (formData ?? {}) as Json;
  const [text, setText] = useState<Record<Part, string>>({ schema: show(data.schema), uiSchema: show(data.uiSchema) });
  const [parseErrors, setParseErrors] = useState<Partial<Record<Part, string>>>({});
  // A new definition starts empty: its schema's shape is judged once someone has typed one.
  const [edited, setEdited] = useState(false);
  const meta = useMetaErrors(data.schema as Json | undefined);
  const parts = (schema.properties ?? {}) as Record<
    Part,
    { title?: string; description?: string; 'x-messages'?: Json }
  >;
  const shape =
    edited || Object.keys((data.schema as Json | undefined) ?? {}).length
      ? shapeError(data.schema as Json, parts.schema)
      : undefined;

  const edit = (part: Part, t: string) => {
    setText((old) => ({ ...old, [part]: t }));
    if (part === 'schema') setEdited(true);
    const { value, error } = parseObject(t);
    setParseErrors((old) => ({ ...old, [part]: error }));
    // Not saved while it does not parse: the last good value would be, and the text lost.
    report?.(pointer(part), error);
    if (!error) onChange({ ...data, [part]: value }, fieldPathId.path);
  };
  // Gone from the form (another record, Cancel), its text no longer holds the Save.
  useEffect(
    () => () => {
      for (const part of ['schema', 'uiSchema'] as const) report?.(pointer(part), undefined);
    },
    // The field's place does not change while it is drawn.
    [report],
  );

  const messages = (part: Part): string[] => [
    ...(parseErrors[part] ? [parseErrors[part]!] : []),
    ...(part === 'schema' && !parseErrors.schema ? [...meta, ...(shape && !meta.length ? [shape] : [])] : []),
    // The server's messages about the part and about places inside it (a field of the schema:
    // /fields/schema/properties/State), which no box of their own could show.
    ...allErrors((errorSchema as Record<string, ErrorSchema | undefined> | undefined)?.[part]),
  ];

  return (
    <div className="json-editor">
      {(['schema', 'uiSchema'] as const).map((part) => {
        const errs = messages(part);
        // The id a listed error links to: @rjsf's root_… of the part.
        const inputId = `${fieldPathId.$id}_${part}`;
        return (
          <div key={part} className="field json-editor__part">
            <label htmlFor={inputId} className="field__label">
              {parts[part]?.title ?? part}
            </label>
            {parts[part]?.description && (
              <p id={`${inputId}-help`} className="field__help muted">
                {parts[part]!.description}
              </p>
            )}
            <textarea
              id={inputId}
              className="input input--mono json-editor__text"
              rows={part === 'schema' ? 16 : 8}
              spellCheck={false}
              value={text[part]}
              readOnly={readonly}
              disabled={disabled}
              aria-invalid={errs.length ? true : undefined}
              aria-describedby={`${inputId}-help ${inputId}-errors`}
              onChange={(e) => edit(part, e.target.value)}
            />
            <ul id={`${inputId}-errors`} className="field__errors">
              {errs.map((e) => (
                <li key={e} className="field__error">
                  {e}
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
