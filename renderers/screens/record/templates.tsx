/**
 * rjsf templates of the generic forms: the root object laid out in x-sections as fieldsets, and
 * field errors shown once the field was left (blurred) or the form submitted.
 */
import { cloneElement, useSyncExternalStore, type ReactElement } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import {
  type ArrayFieldTemplateProps,
  errorId,
  getUiOptions,
  type BaseInputTemplateProps,
  type ErrorSchema,
  type FieldProps,
  type Registry,
  TranslatableString,
  type FieldErrorProps,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
} from '@rjsf/utils';
import { sectionApplies, type Section } from './form-model.ts';
import type { JsonObject } from '../../api/types.ts';
import type { TouchedFields } from './touched.ts';

/** A section's explanation panel (a W-9 part's instructions), paragraphs split at blank lines. */
export function SectionExplanation({ section }: { section: Section }) {
  if (!section.description) return null;
  return (
    <aside className="section__explain" aria-label={`About ${section.title}`}>
      {section.description
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{p}</p>
        ))}
    </aside>
  );
}

export interface FormContext {
  sections: Section[];
  /** Ids of the fields the user has left at least once. */
  touched: TouchedFields;
  /** After a submit (or a server answer), every error shows. */
  showAll: boolean;
  /** The record does not exist yet (form behaviours set a new record's values). */
  isNew?: boolean;
  /** The stored record whose file fields the file widget uploads to, once it exists. */
  files?: FileTarget;
  /** The record is the signed-in person's own (their my_ type, or one whose owner they are). */
  own?: boolean;
  /** The signed-in user's key: a signature only the user an item names signs is locked for anyone else. */
  viewer?: string;
  /** The name of the person the record is about, when it is not the viewer's own and is known. */
  person?: string;
  /** Fields a file sets, each with its file field (FormModel.setByFile): not drawn while empty. */
  setByFile?: Readonly<Record<string, string>>;
  /** The record's data as stored: a signature field warns of a change to what it attests before it is saved. */
  stored?: Readonly<Record<string, unknown>>;
  /**
   * The form's own rules checked in the browser (a behaviour's, the schema's x-transforms.validate)
   * report their current errors here, so that a blocked Save lists them with the schema's.
   */
  ruleErrors?: (errors: readonly { path: string; message: string }[]) => void;
  /**
   * A field whose typed text is not data yet (JSON that does not parse) says so at `path` (a JSON
   * Pointer), and clears it with `undefined`: while any is said, Save is refused and lists them, so
   * that the text is neither saved as the last good value nor lost.
   */
  unparsed?: (path: string, message: string | undefined) => void;
  /**
   * A field that draws fields of its own beside the entity's (a state form's, from its definition)
   * gives their titles by top-level name, so that the error summary names them as their labels do.
   */
  fieldTitles?: (titles: Readonly<Record<string, string>>) => void;
  /**
   * Files chosen before their record exists, by field: the file field holds one here, and uploads
   * it as soon as it has the saved record to upload to (the create screen's Save, then its edit screen).
   */
  heldFiles?: HeldFiles;
}

/** Files chosen for a record not saved yet, by field (see FormContext.heldFiles). */
export interface HeldFiles {
  /** Whether a field with no stored record yet may hold a file (the record will be editable once saved). */
  readonly open: boolean;
  get(field: string): File | undefined;
  /** Holds a file for the field, or lets go of it (`undefined`): taken for its upload, or removed. */
  set(field: string, file: File | undefined): void;
  /**
   * Calls `listener` whenever a file is held: a file chosen in the create screen's field as the
   * screen turns into the edit screen reaches the field drawn there. Answers the unsubscribe.
   */
  subscribe(listener: () => void): () => void;
}

/** Where a form's file fields live, and what the widget calls once it changed one. */
export interface FileTarget {
  module: string;
  type: string;
  key: string;
  /** A file was stored or removed: the record has a new version. */
  changed(): void;
}

const fixed = () => () => {};

const Default = getDefaultRegistry().templates.ObjectFieldTemplate;

export function SectionedObjectTemplate(props: ObjectFieldTemplateProps) {
  const ctx = props.registry.formContext as FormContext | undefined;
  const sections = ctx?.sections ?? [];
  // A root field that draws its own fields from data ("ui:options": {"flat": true}) is not sectioned.
  const flat = getUiOptions(props.uiSchema).flat === true;
  if (props.fieldPathId.$id !== 'root') return <Default {...props} />;
  // A file's name, type and size, empty before there is a file: boxes no one may fill are not drawn.
  const data = (props.formData ?? {}) as JsonObject;
  const setByFile = ctx?.setByFile ?? {};
  const properties = props.properties.filter((p) => !(p.name in setByFile) || data[p.name] !== undefined);
  if (!sections.length || flat) return <Default {...props} properties={properties} />;
  const byName = new Map(properties.map((p) => [p.name, p]));
  return (
    <div className="form-sections">
      {properties.filter((p) => p.hidden).map((p) => p.content)}
      {sections.map((s) => {
        // A section whose x-when the data does not match is not shown; its fields keep their values.
        if (!sectionApplies(s, props.formData, props.registry.rootSchema as JsonObject)) return null;
        const items = s.fields.map((f) => byName.get(f)).filter((p) => p && !p.hidden);
        if (!items.length) return null;
        return (
          <fieldset key={s.title} className="section">
            <legend className="section__title">{s.title}</legend>
            <SectionExplanation section={s} />
            <div className="section__grid">{items.map((p) => p!.content)}</div>
          </fieldset>
        );
      })}
    </div>
  );
}

/** Whether the messages of field `id` show: after a submit (or a server answer), or once it was left. */
function useErrorsShown(registry: Registry, id: string): boolean {
  const ctx = registry.formContext as FormContext | undefined;
  const isTouched = () => !!ctx?.touched.has(id);
  const touched = useSyncExternalStore(ctx?.touched.subscribe ?? fixed, isTouched, isTouched);
  return !ctx || !!ctx.showAll || touched;
}

const DefaultSchemaField = getDefaultRegistry().fields.SchemaField;

/**
 * Every field, its own messages given to its widget only while they show: the form checks every
 * field as soon as one is left, and a widget marks its control aria-invalid on any message it is
 * given, so leaving the phone box had a screen reader call every empty address box invalid, with no
 * message shown to say why. A field's messages (and the mark) come when it is left or the form is
 * submitted, as the message under it does; what is inside it decides for itself.
 */
export function ShownErrorsSchemaField(props: FieldProps) {
  const shown = useErrorsShown(props.registry, props.fieldPathId.$id);
  const own = props.errorSchema?.__errors;
  if (shown || !own?.length) return <DefaultSchemaField {...props} />;
  return (
    <DefaultSchemaField {...props} errorSchema={{ ...props.errorSchema, __errors: [] } as unknown as ErrorSchema} />
  );
}

export function TouchedFieldErrorTemplate({ errors = [], fieldPathId, registry }: FieldErrorProps) {
  const shown = useErrorsShown(registry, fieldPathId.$id);
  const list = errors.filter((e) => !!e);
  return (
    <div id={errorId(fieldPathId)} className="field__errors">
      {shown && list.length > 0 && (
        <ul>
          {list.map((e, i) => (
            <li key={i} className="field__error">
              {e}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The list buttons (add, remove, move, copy) as buttons with their words: rjsf's defaults draw
 * Bootstrap glyph icons, which this app does not load, so they showed as empty boxes.
 */
function textButton(label: TranslatableString, extra = '') {
  return function TextButton(props: IconButtonProps) {
    const { iconType: _iconType, icon: _icon, className, uiSchema: _ui, registry, ...rest } = props;
    const text = registry.translateString(label);
    return (
      <button type="button" className={`btn btn--small ${extra} ${className ?? ''}`.trim()} title={text} {...rest}>
        {text}
      </button>
    );
  };
}

const PlainAddButton = textButton(TranslatableString.AddItemButton, 'btn-add');

/**
 * An Add that hands the keyboard to the item it added: its first field. The button itself may be
 * gone (a list at its most items), and focus would otherwise fall back to the top of the page.
 */
function focusingAdd(onClick: IconButtonProps['onClick']): IconButtonProps['onClick'] {
  return (e) => {
    const list = e.currentTarget.closest('fieldset') ?? e.currentTarget.parentElement;
    onClick?.(e);
    requestAnimationFrame(() => {
      const items = list?.querySelectorAll('.rjsf-array-item');
      items?.[items.length - 1]
        ?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea')
        ?.focus();
    });
  };
}

/** A list's Add button says what it adds when the list's UI hints name it (`ui:options.addLabel`). */
function AddButton(props: IconButtonProps) {
  const label = (props.uiSchema?.['ui:options'] as { addLabel?: unknown } | undefined)?.addLabel;
  const onClick = focusingAdd(props.onClick);
  if (typeof label !== 'string' || !label) return <PlainAddButton {...props} onClick={onClick} />;
  const { iconType: _iconType, icon: _icon, className, uiSchema: _ui, registry: _registry, ...rest } = props;
  return (
    <button
      type="button"
      className={`btn btn--small btn-add ${className ?? ''}`.trim()}
      title={label}
      {...rest}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

export const textButtons = {
  AddButton,
  RemoveButton: textButton(TranslatableString.RemoveButton),
  MoveUpButton: textButton(TranslatableString.MoveUpButton),
  MoveDownButton: textButton(TranslatableString.MoveDownButton),
  CopyButton: textButton(TranslatableString.CopyButton),
};

const DefaultInput = getDefaultRegistry().templates.BaseInputTemplate;

/**
 * rjsf's own text, number and date boxes with aria-invalid while the field has a message: its
 * template shows the message and points the box at it, but never marked the box invalid, so a screen
 * reader read every box of a refused save as fine.
 */
export function MarkedInputTemplate(props: BaseInputTemplateProps) {
  return <DefaultInput {...props} aria-invalid={props.rawErrors?.some(Boolean) ? true : undefined} />;
}

const DefaultArray = getDefaultRegistry().templates.ArrayFieldTemplate as (
  props: ArrayFieldTemplateProps,
) => ReactElement<Record<string, unknown>>;

/**
 * A list (rjsf's fieldset of items) with a message of its own ("At least one emergency contact is
 * required.", "A progression needs 1 to 60 steps.") is a group marked aria-invalid and described by
 * the message below it, and takes the keyboard when the error summary links it (tabIndex -1): before,
 * the message showed under the list but nothing pointed at it, and the summary's link put the keyboard
 * in the first item's first box, as if that box were wrong.
 */
export function MarkedArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const list = DefaultArray(props);
  if (!props.rawErrors?.some(Boolean)) return list;
  return cloneElement(list, {
    'aria-invalid': true,
    'aria-describedby': errorId(props.fieldPathId),
    tabIndex: -1,
  });
}
