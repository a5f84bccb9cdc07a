/**
 * The contract between the generic screens and the concrete forms, as @rjsf's withTheme takes
 * widgets and fields from its caller: renderers/ names what a screen draws forms with (widgets,
 * fields, read-only views, the fields a behaviour hides, the signature on a view, screen extensions,
 * the widgets' styles) and never imports forms/; the app root (web/forms-registry.ts) assembles
 * forms/'s entries into one FormsRegistry and registers it at start-up. With nothing registered the
 * screens run on @rjsf's own widgets and plain views (EMPTY_FORMS_REGISTRY).
 */
import type { ComponentType } from 'react';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { isSigned } from '../../engine/unsigned-signatures.ts';
import type { ApiClient } from '../api/client.ts';
import type { JsonObject, Session, TypeMeta, WireRecord } from '../api/types.ts';
import type { Dialogs } from '../dialogs/Dialogs.tsx';

export type ScreenMode = 'create' | 'edit' | 'view';

/** What a screen extension is told about the screen it extends. */
export interface ScreenContext {
  mode: ScreenMode;
  /** The record does not exist yet (a create, or the first save of a user-keyed record). */
  isNew: boolean;
  meta: TypeMeta;
  record?: WireRecord;
  /** The form's current data (the record's data in view mode). */
  data: JsonObject;
  session: Session | undefined;
  client: ApiClient;
  dialogs: Dialogs;
  notify(n: { type?: 'negative' | 'positive' | 'info' | 'warning'; message: string }): void;
  navigate(to: string): void;
  /** Loads the record again from the server. */
  reload(): Promise<void>;
  /** Loads the organization (name, branding) again, so a change to it shows at once. */
  reloadOrganization(): Promise<void>;
}

/**
 * What a form may add to the generic record screen beyond its schema (spec/001 section 2): another
 * save label (Invite, Save & Reload), questions before a save (the company ID confirm and re-type),
 * work after it, and actions in the screen's header (Audit Log, Delete, Show Printable I9). A form
 * without an entry gets the plain screen.
 */
export interface ScreenExtension {
  /** The save button's label (default Save). */
  saveLabel?(ctx: ScreenContext): string | undefined;
  /** Hides the screen's own header actions (Edit, the list link) and the extension's actions. */
  hideActions?(ctx: ScreenContext): boolean;
  /** Asked before a save: the data to save, or false to cancel it without a word. */
  beforeSave?(ctx: ScreenContext): Promise<JsonObject | false> | JsonObject | false;
  /** After a successful save, with the record as the server answered it. */
  afterSave?(ctx: ScreenContext, saved: WireRecord): Promise<void> | void;
  /** The message shown after a successful save (default 'Saved.'). */
  savedMessage?(ctx: ScreenContext, saved: WireRecord): string | undefined;
  /** More actions in the screen's header. */
  Actions?: ComponentType<ScreenContext>;
  /** The extension's actions hold a Delete of their own, so the screen's generic Delete is not shown. */
  ownDelete?: boolean;
  /**
   * Why this caller may read the record but not change it, when the type's rights would let them
   * (the server refuses such a change): the screen then shows the record with the reason and
   * offers neither Edit, Delete nor the extension's actions.
   */
  locked?(ctx: ScreenContext): string | undefined;
}

/** A read-only view of a form whose screen is drawn from data (its root "ui:field"). */
export interface RecordViewProps {
  meta: TypeMeta;
  /** The entity's schema as the screen renders it. */
  schema: JsonObject;
  ui: JsonObject;
  data: JsonObject;
}

/** What the create, edit and view screens draw a form with; loaded with those screens' own code. */
export interface RecordForms {
  /** The names a schema's x-ui uses ("ui:widget": "phone") to @rjsf widgets. */
  widgets: RegistryWidgetsType;
  /** The names a schema's x-ui uses ("ui:field": "signature") to @rjsf fields. */
  fields: RegistryFieldsType;
  /** Read-only views by the root "ui:field" of a form drawn from data (the generic view would show its generic fields). */
  views: Readonly<Record<string, ComponentType<RecordViewProps>>>;
  /** The top-level fields a form's behaviour hides for this data: the view leaves them out as the edit screen does. */
  hiddenFields(rootUi: JsonObject | undefined, data: JsonObject): string[];
  /** A signature on a read-only view. */
  SignatureView: ComponentType<{ value: unknown }>;
  /**
   * Read-only views of top-level fields by their "ui:field" (the split direct deposit accounts),
   * where the generic details list would show the form's internals or bare numbers.
   */
  fieldViews: Readonly<Record<string, ComponentType<FieldViewProps>>>;
  /** Screen extensions by entity id (module/type). */
  screenExtensions: Readonly<Record<string, ScreenExtension>>;
}

/** What a read-only view of one top-level field is given. */
export interface FieldViewProps {
  value: unknown;
  options?: Readonly<Record<string, unknown>>;
  /** The whole record, for a field shown beside another (the mailing address beside the legal one). */
  record?: Readonly<Record<string, unknown>>;
}

export interface FormsRegistry {
  /** Starts loading the widgets' stylesheet and fonts (once), ahead of a form page. */
  loadStyles(): void;
  /** The record screens' forms: a loader, so they come beside the screens' own chunk, or the forms themselves. */
  recordForms: RecordForms | (() => Promise<RecordForms>);
  /**
   * Views of a field's value by its "ui:widget", small enough to load with every page: the list
   * screen draws its cells with them (a plan chosen by name is named in the ledger's list).
   */
  cellViews?: Readonly<Record<string, ComponentType<{ value: unknown; options?: Readonly<Record<string, unknown>> }>>>;
  /**
   * The same values as text, by "ui:widget", for what leaves the screen (a report's CSV names a
   * plan as its cell does); a widget without one is written as the list's text.
   */
  cellTexts?: Readonly<Record<string, CellText>>;
  /**
   * A list filter's input by "ui:widget", for a reference chosen by name (a share's file): it
   * answers the chosen record's key, or '' for any. A widget without one is not offered as a filter.
   */
  filterInputs?: Readonly<Record<string, ComponentType<FilterInputProps>>>;
}

export interface FilterInputProps {
  id: string;
  label: string;
  /** The chosen key, '' for any. */
  value: string;
  onChange(value: string): void;
  options: Readonly<Record<string, unknown>>;
}

/** A field's value as text, read through the data client where naming it needs a lookup. */
export type CellText = (
  client: ApiClient,
  value: unknown,
  options: Readonly<Record<string, unknown>>,
) => Promise<string>;

/** A signature as its signer's name, without the forms' script fonts. */
function PlainSignature({ value }: { value: unknown }) {
  return isSigned(value) ? value.name : 'Not signed';
}

export const EMPTY_RECORD_FORMS: RecordForms = Object.freeze({
  widgets: {},
  fields: {},
  views: {},
  hiddenFields: () => [],
  SignatureView: PlainSignature,
  fieldViews: {},
  screenExtensions: {},
});

export const EMPTY_FORMS_REGISTRY: FormsRegistry = Object.freeze({
  loadStyles: () => {},
  recordForms: EMPTY_RECORD_FORMS,
});

let registry: FormsRegistry = EMPTY_FORMS_REGISTRY;
let loaded: RecordForms | undefined = EMPTY_RECORD_FORMS;
let loading: Promise<RecordForms> | undefined;

/** Hands the screens the forms they draw with; the app root calls it once, before the app starts. */
export function registerForms(forms: FormsRegistry): void {
  registry = forms;
  loading = undefined;
  loaded = typeof forms.recordForms === 'function' ? undefined : forms.recordForms;
}

/** The registered forms (EMPTY_FORMS_REGISTRY until the app root registers its own). */
export function formsRegistry(): FormsRegistry {
  return registry;
}

/** The registered views of a list's cells, by "ui:widget" (none until the app root registers its own). */
export function cellViews(): NonNullable<FormsRegistry['cellViews']> {
  return registry.cellViews ?? {};
}

/** The registered list filter inputs, by "ui:widget" (none until the app root registers its own). */
export function filterInputs(): NonNullable<FormsRegistry['filterInputs']> {
  return registry.filterInputs ?? {};
}

/** The registered texts of values for exports, by "ui:widget" (none until the app root registers its own). */
export function cellTexts(): NonNullable<FormsRegistry['cellTexts']> {
  return registry.cellTexts ?? {};
}

/** Loads the record screens' forms once; the record screens' code waits for it (renderers/app/prefetch.ts). */
export function loadRecordForms(): Promise<RecordForms> {
  if (loaded) return Promise.resolve(loaded);
  const load = registry.recordForms as () => Promise<RecordForms>;
  loading ??= load().then(
    (forms) => (loaded = forms),
    (e: unknown) => {
      loading = undefined;
      throw e;
    },
  );
  return loading;
}

/** The record screens' forms, once loaded: the screens render only after loadRecordForms. */
export function recordForms(): RecordForms {
  if (!loaded) {
    throw new Error(
      'forms registry: the record forms have not loaded yet (loadRecordForms, which the record screen code awaits)',
    );
  }
  return loaded;
}

/** The screen extension of an entity (module/type); a my_ variant uses its type's. */
export function screenExtensionOf(forms: RecordForms, module: string, type: string): ScreenExtension | undefined {
  return forms.screenExtensions[`${module}/${type.replace(/^my_/, '')}`];
}
