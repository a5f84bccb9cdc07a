/**
 * The @rjsf form of the create and edit screens, kept apart from the screen so that a keystroke
 * renders the field that changed and little else: the form is uncontrolled (it holds its own data
 * and reports each change; the screen remounts it with a new `key` to start it from other data),
 * its props keep their identity between keystrokes (memo), and the action bar under it is a
 * context consumer, so the screen's state (saving, unsaved changes, the save label) reaches it
 * without rendering the form again.
 */
import {
  createContext,
  memo,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import Form, { getDefaultRegistry } from '@rjsf/core';
import {
  retrieveSchema,
  type ErrorSchema,
  type Experimental_DefaultFormStateBehavior,
  type RJSFSchema,
  type RJSFValidationError,
  type TemplatesType,
  type ValidatorType,
} from '@rjsf/utils';
import { withoutUnsigned } from '../../../engine/unsigned-signatures.ts';
import type { JsonObject } from '../../api/types.ts';
import { recordForms } from '../../contract/forms-registry.ts';
import { OWN_ENTRY_FIELD, type FormModel } from './form-model.ts';
import { OwnEntryField } from './OwnEntryField.tsx';
import { inlineSchema } from './inline-schema.ts';
import { withKnownWidgets } from './known-widgets.ts';
import {
  MarkedArrayFieldTemplate,
  MarkedInputTemplate,
  SectionedObjectTemplate,
  ShownErrorsSchemaField,
  textButtons,
  TouchedFieldErrorTemplate,
  type FormContext,
} from './templates.tsx';

/**
 * A list of plain values with a minItems (the people an assignment is for, those a share goes to)
 * starts empty: rjsf filled it with minItems empty values, which its picker showed as nothing, so a
 * Save without a choice was refused with 'Must be text' about an item no box shows, not with the
 * list's own message ('Assign it to at least one user.') at the picker. A list of objects (emergency
 * contacts, a progression's steps) still starts with its first item to fill in.
 */
const defaultFormStateBehavior: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: {
    computeSkipPopulate: ((validator: ValidatorType, schema: RJSFSchema, rootSchema?: RJSFSchema) => {
      const items = schema.items;
      if (!items || typeof items !== 'object' || Array.isArray(items)) return false;
      const item = retrieveSchema(validator, items as RJSFSchema, rootSchema);
      return item.type !== 'object' && item.type !== 'array' && !item.properties;
    }) as NonNullable<Experimental_DefaultFormStateBehavior['arrayMinItems']>['computeSkipPopulate'],
  },
};

/** The templates of the generic forms (exported for measuring tools that wrap them). */
export const templates: Partial<TemplatesType> = {
  ObjectFieldTemplate: SectionedObjectTemplate,
  FieldErrorTemplate: TouchedFieldErrorTemplate,
  BaseInputTemplate: MarkedInputTemplate,
  ArrayFieldTemplate: MarkedArrayFieldTemplate,
  // Text on the list buttons: rjsf's glyph icons showed as empty boxes.
  ButtonTemplates: { ...getDefaultRegistry().templates.ButtonTemplates, ...textButtons },
};

export interface FormActionsState {
  saving: boolean;
  /** The form's validator has loaded (Save waits for it). */
  ready: boolean;
  dirty: boolean;
  saveLabel: string;
  /** Why the last Save was blocked, where no field shows it (./unshown-errors.ts). */
  unshown: readonly string[];
  /** A field says there is nothing to fill in: no Save (../../contract/nothing-to-save.ts). */
  nothingToSave: boolean;
  cancel(): void;
}

export const FormActionsContext = createContext<FormActionsState | undefined>(undefined);

/**
 * A button of the form pressed with the mouse or a finger leaves the keyboard where it is until its
 * click lands: the field it left would be checked on its blur, and the message that adds or removes
 * above the button moved the button away before the press came up, so the click fell beside it
 * (Save saved nothing; the first "Add a contact" added none). The field is checked when the keyboard
 * does leave it, and a Save checks every field anyway. For the form's wrapper, in the capture phase.
 */
export function keepFieldFocusOnPress(e: ReactMouseEvent<HTMLElement>) {
  if (e.button !== 0) return;
  const button = (e.target as Element).closest('button');
  if (button && !button.disabled && e.currentTarget.contains(button)) e.preventDefault();
}

/** Save, Cancel and the unsaved-changes note, under the fields. */
function FormActions() {
  const a = useContext(FormActionsContext);
  if (!a) return null;
  return (
    // Marked for the notices, which rise above the bar rather than cover it (notify/keep-clear.ts).
    <div className="form__actions" data-keep-clear>
      {a.unshown.length > 0 && (
        <div className="banner banner--negative form__unshown" role="alert">
          <p>Not saved:</p>
          <ul>
            {a.unshown.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      )}
      {!a.nothingToSave && (
        <button type="submit" className="btn btn--primary" disabled={a.saving || !a.ready}>
          {a.saving ? 'Saving…' : a.saveLabel}
        </button>
      )}
      <button type="button" className="btn" onClick={a.cancel}>
        Cancel
      </button>
      {a.dirty && <span className="muted form__dirty">Unsaved changes</span>}
    </div>
  );
}

const actions = <FormActions />;

/** @rjsf's own widgets and fields (text, select, checkboxes, …), beside the app root's. */
const defaults = getDefaultRegistry();

export interface RecordFormProps {
  model: FormModel;
  /** The data the form starts from, read once: give the form a new `key` to start it again. */
  initialData: JsonObject;
  validator: ValidatorType;
  /** The validator has loaded: until then a box left is checked by nothing (./RecordScreen.tsx). */
  checksReady: boolean;
  context: FormContext;
  extraErrors?: ErrorSchema;
  onChange(data: JsonObject): void;
  onBlur(id: string): void;
  onError(errors: RJSFValidationError[]): void;
  onSubmit(data: JsonObject): void;
}

export const RecordForm = memo(function RecordForm(p: RecordFormProps) {
  const { onChange, onSubmit, onBlur, checksReady } = p;
  // A box left before the validator arrived was checked by nothing (the form is drawn first, and
  // its checks load after the paint): once they are in, that blur is made again, so its message
  // shows as it would have, instead of only at the next blur or Save.
  const form = useRef<Form>(null);
  const ready = useRef(checksReady);
  const leftEarly = useRef<string | undefined>(undefined);
  const blurred = useCallback(
    (id: string) => {
      if (!ready.current) leftEarly.current = id;
      onBlur(id);
    },
    [onBlur],
  );
  useEffect(() => {
    ready.current = checksReady;
    const id = leftEarly.current;
    if (!checksReady || id === undefined) return;
    leftEarly.current = undefined;
    form.current?.onBlur(id, undefined);
  }, [checksReady]);
  const { signatures } = p.model;
  const schema = useMemo(() => inlineSchema(p.model.schema), [p.model.schema]);
  // The app root's widgets and fields (../../contract/forms-registry.ts), the same objects on every render.
  const { widgets, fields: registered } = recordForms();
  const fields = useMemo(
    () => ({ ...registered, SchemaField: ShownErrorsSchemaField, [OWN_ENTRY_FIELD]: OwnEntryField }),
    [registered],
  );
  const uiSchema = useMemo(
    () =>
      withKnownWidgets(
        schema,
        p.model.uiSchema,
        {
          widgets: { ...defaults.widgets, ...widgets },
          fields: new Set([...Object.keys(defaults.fields), ...Object.keys(fields)]),
        },
        (m) => console.error(m),
      ),
    [schema, p.model.uiSchema, widgets, fields],
  );
  const handlers = useMemo(
    () => ({
      change: (e: { formData?: unknown }) => onChange(e.formData as JsonObject),
      submit: (e: { formData?: unknown }) => onSubmit(withoutUnsigned(e.formData as JsonObject, signatures)),
    }),
    [onChange, onSubmit, signatures],
  );
  return (
    <Form
      ref={form}
      className="form"
      schema={schema}
      uiSchema={uiSchema}
      initialFormData={p.initialData}
      validator={p.validator}
      widgets={widgets}
      fields={fields}
      templates={templates}
      formContext={p.context}
      extraErrors={p.extraErrors}
      liveValidate="onBlur"
      experimental_defaultFormStateBehavior={defaultFormStateBehavior}
      showErrorList={false}
      noHtml5Validate
      onChange={handlers.change}
      onBlur={blurred}
      onError={p.onError}
      onSubmit={handlers.submit}
    >
      {actions}
    </Form>
  );
});
