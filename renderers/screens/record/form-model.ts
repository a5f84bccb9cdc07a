/**
 * From a type's meta to what @rjsf renders: the schema without the fields a screen hides, the
 * uiSchema with read-only, enum labels and order from x-sections, and the server's errors at their
 * fields. Pure.
 */
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import type { FieldError } from '../../../engine/messages.ts';
import type { JsonObject, TypeMeta } from '../../api/types.ts';
import { holdsUserKeys, resolveSchema } from '../../format/schema-facts.ts';
import { fieldsSetByFile, fileFields } from '../../../engine/files.ts';
import type { SignatureSlot } from '../../../engine/unsigned-signatures.ts';
import { withoutRuleOnlyChoices } from './rule-only-choices.ts';
import { matches } from './mini-schema.ts';
import { choosesWhose, mayEditField, ownOwnerField, type Viewer } from './viewer-rules.ts';
import { ownerOnlyFields, SIGNATURE_HISTORY } from '../../../engine/attestations.ts';

/** The form field drawing an entry that is its own person's (./OwnEntryField.tsx), by its name. */
export const OWN_ENTRY_FIELD = 'ownEntry';

export type FormMode = 'create' | 'edit' | 'view';

export interface Section {
  title: string;
  /** An explanation shown with the section (blank lines separate paragraphs). */
  description?: string;
  /** The schema's x-when: the section is shown for data that matches it (sectionApplies). */
  'x-when'?: JsonObject;
  fields: string[];
}

/**
 * Whether a section is shown for this data: always without x-when, else when the data matches it (the
 * screens' small JSON Schema check, so a section appears as the data it depends on is typed).
 */
export function sectionApplies(section: Section, data: unknown, root: JsonObject): boolean {
  const when = section['x-when'];
  return !when || matches(when, data ?? {}, root);
}

export interface FormModel {
  schema: JsonObject;
  uiSchema: UiSchema;
  sections: Section[];
  /** Top-level fields the form does not show (server-owned on create, internal `_` fields). */
  hidden: string[];
  /** Signature fields, top-level and in array items: unsigned means absent (engine/unsigned-signatures.ts). */
  signatures: SignatureSlot[];
  /**
   * Top-level fields a file sets (its name, type and size: x-file nameField, typeField, sizeField),
   * each with its file field: the form and the view leave them out while they are empty (no file
   * yet), since no one may fill them.
   */
  setByFile: Readonly<Record<string, string>>;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The field naming the person a record of a type keyed by its person is for. */
/** The person a record of a type keyed by its person is for (x-key user). */
export const WHOSE = '_user_uuid';

function isHidden(name: string, prop: JsonObject, mode: FormMode): boolean {
  if (name.startsWith('_')) return true;
  return mode === 'create' && (prop['x-server-owned'] === true || prop.readOnly === true);
}

/** A signature field, referred to directly or through a one-part allOf. */
function isSignature(root: JsonObject, p: JsonObject): boolean {
  const parts = [p, ...(Array.isArray(p.allOf) ? (p.allOf as JsonObject[]) : [])];
  return parts.some((part) => resolveSchema(root, part)?.['x-signature'] === true);
}

/** Adds rjsf's ui:enumNames from the schema's x-enumNames, through nested objects and arrays. */
export function addEnumNames(root: JsonObject, s: JsonObject | undefined, ui: JsonObject): void {
  const r = resolveSchema(root, s);
  if (!r) return;
  if (Array.isArray(r.enum) && Array.isArray(r['x-enumNames']) && ui['ui:enumNames'] === undefined) {
    ui['ui:enumNames'] = r['x-enumNames'];
  }
  for (const [k, p] of Object.entries((r.properties as Record<string, JsonObject> | undefined) ?? {})) {
    const child = (ui[k] ??= {}) as JsonObject;
    addEnumNames(root, p, child);
  }
  if (r.type === 'array' && r.items && typeof r.items === 'object') {
    addEnumNames(root, r.items as JsonObject, (ui.items ??= {}) as JsonObject);
  }
  // A schema that extends another through allOf (a legal address with its own required fields)
  // takes the labels of what it extends, as a plain reference does.
  if (Array.isArray(r.allOf)) for (const part of r.allOf as JsonObject[]) addEnumNames(root, part, ui);
}

/**
 * `exists`: the record is stored already, so its x-immutable fields are read-only. `viewer`: who
 * looks at it, for the fields they may set or change (x-edit, on create too, as the server applies it).
 */
export function buildFormModel(
  meta: TypeMeta,
  mode: FormMode,
  { exists = mode !== 'create', viewer, ownsRecord }: { exists?: boolean; viewer?: Viewer; ownsRecord?: boolean } = {},
): FormModel {
  const schema = withoutRuleOnlyChoices(clone(meta.schema)) as JsonObject;
  delete schema.$id;
  delete schema.$schema;
  const props = (schema.properties ?? {}) as Record<string, JsonObject>;
  const hidden: string[] = [];
  const ownField = ownOwnerField(meta.schema, viewer)?.field;
  // The person a new record of a type keyed by its person is for, when the viewer chooses (the
  // server keys the record by it; left out, it is the viewer's own).
  const whose = mode === 'create' && choosesWhose(meta.schema, viewer) && props[WHOSE] ? WHOSE : undefined;
  // Voided signatures are shown by the signature fields themselves (read from the form's data).
  delete props[SIGNATURE_HISTORY];
  // A file's name, type and size its upload sets: not asked for before there is a file, never typed after.
  const fileNames = new Set(fileFields(meta.schema).flatMap(fieldsSetByFile));
  for (const [name, p] of Object.entries(props)) {
    if (name === whose) continue;
    const ownersOnly = meta.owner_read?.includes(name) && mode !== 'create' && !ownsRecord;
    const unnamedFile = mode === 'create' && fileNames.has(name);
    if (
      meta.hidden?.includes(name) ||
      ownersOnly ||
      unnamedFile ||
      isHidden(name, resolveSchema(schema, p) ?? p, mode)
    ) {
      hidden.push(name);
      delete props[name];
    }
  }
  if (Array.isArray(schema.required))
    schema.required = (schema.required as string[]).filter((r) => !hidden.includes(r));

  const uiSchema = clone(meta.ui ?? {}) as JsonObject;
  // A form its owner signs: what the signature attests is the owner's to change (engine/attestations.ts).
  const ownerOnly = ownerOnlyFields(props, (p) => resolveSchema(schema, p) ?? p);
  for (const [name, p] of Object.entries(props)) {
    const r = resolveSchema(schema, p) ?? p;
    const ref = typeof p.$ref === 'string' ? p.$ref : '';
    if (ref.endsWith('/epochSeconds') && !(uiSchema[name] as JsonObject | undefined)?.['ui:widget']) {
      uiSchema[name] = { ...((uiSchema[name] as JsonObject) ?? {}), 'ui:widget': 'epochDate' };
    }
    // Read-only: set by the server; set on create and never changed afterwards (the server refuses a
    // change) once saved; or not the viewer's to change (x-edit; the server keeps the stored value).
    if (name === whose) {
      // Read-only once the record exists (the schema's ui says so for its edit screen), chosen here.
      const { 'ui:readonly': _readonly, ...ui } = (uiSchema[name] as JsonObject | undefined) ?? {};
      uiSchema[name] = { ...ui, 'ui:widget': 'userSelect' };
      schema.required = [...new Set([...((schema.required as string[] | undefined) ?? []), name])];
      continue;
    }
    if (
      r['x-server-owned'] === true ||
      r.readOnly === true ||
      fileNames.has(name) ||
      (exists && (p['x-immutable'] === true || r['x-immutable'] === true)) ||
      // Someone who may make only their own (an employee's PTO request) is its owner, not a choice.
      ownField === name ||
      !mayEditField(p['x-edit'] ?? r['x-edit'] ?? (ownerOnly.has(name) ? ['@owner'] : undefined), viewer)
    ) {
      const ui = (uiSchema[name] as JsonObject | undefined) ?? {};
      uiSchema[name] = { ...ui, 'ui:readonly': true };
      // rjsf draws a read-only list's Add and Remove anyway, only disabled: buttons nobody may press.
      if (r.type === 'array') {
        const options = { ...((ui['ui:options'] as JsonObject | undefined) ?? {}) };
        uiSchema[name] = {
          ...(uiSchema[name] as JsonObject),
          'ui:options': { ...options, addable: false, removable: false, orderable: false, copyable: false },
        };
      }
    }
    // Who created or changed the record: shown by name (the user widget), never as a key.
    const ui = (uiSchema[name] as JsonObject | undefined) ?? {};
    if (ui['ui:readonly'] === true && !ui['ui:widget'] && holdsUserKeys(r, undefined, name)) {
      uiSchema[name] = { ...ui, 'ui:widget': 'userSelect' };
    }
  }
  // Entries each kept by the user the entry names (an item signature `signerIsItemKey`: an
  // assignment's acknowledgements): to a viewer the record does not name (HR), every entry is
  // read-only, since only its own person marks it (the signature field locks itself likewise); to
  // one it names, every entry but their own (OwnEntryField: HR named on it too reads them all).
  if (exists) {
    for (const [name, p] of Object.entries(props)) {
      const r = resolveSchema(schema, p) ?? p;
      const items =
        r.type === 'array' && r.items ? (resolveSchema(schema, r.items as JsonObject) ?? r.items) : undefined;
      const fields = ((items as JsonObject | undefined)?.properties ?? {}) as Record<string, JsonObject>;
      const perItem = Object.values(fields).some(
        (f) => (f['x-attests'] as JsonObject | undefined)?.signerIsItemKey === true,
      );
      if (!perItem) continue;
      const ui = (uiSchema[name] as JsonObject | undefined) ?? {};
      const itemUi = { ...((ui.items as JsonObject | undefined) ?? {}) };
      const itemKey = r['x-item-key'];
      if (ownsRecord) {
        if (typeof itemKey !== 'string') continue;
        const options = { ...((itemUi['ui:options'] as JsonObject | undefined) ?? {}), itemKey };
        uiSchema[name] = { ...ui, items: { ...itemUi, 'ui:field': OWN_ENTRY_FIELD, 'ui:options': options } };
        continue;
      }
      for (const f of Object.keys(fields)) {
        itemUi[f] = { ...((itemUi[f] as JsonObject | undefined) ?? {}), 'ui:readonly': true };
      }
      uiSchema[name] = { ...ui, items: itemUi };
    }
  }
  addEnumNames(schema, schema, uiSchema);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const signatures: SignatureSlot[] = Object.entries(props)
    .filter(([, p]) => isSignature(schema, p))
    .map(([field, p]) => ({
      field,
      requiredMessage: required.has(field)
        ? String((p['x-messages'] as JsonObject | undefined)?.required ?? 'A signature is required.')
        : undefined,
    }));
  // A signature in each item of an array (an I-9 supplement block): unsigned means absent there too.
  for (const [array, p] of Object.entries(props)) {
    const r = resolveSchema(schema, p) ?? p;
    const items =
      r.type === 'array' && r.items
        ? (resolveSchema(schema, r.items as JsonObject) ?? (r.items as JsonObject))
        : undefined;
    const itemRequired = new Set((items?.required as string[] | undefined) ?? []);
    for (const [field, ip] of Object.entries((items?.properties as Record<string, JsonObject> | undefined) ?? {})) {
      if (!isSignature(schema, ip)) continue;
      signatures.push({
        field,
        array,
        requiredMessage: itemRequired.has(field)
          ? String((ip['x-messages'] as JsonObject | undefined)?.required ?? 'A signature is required.')
          : undefined,
      });
    }
  }

  const declared = (
    meta.sections?.length ? meta.sections : ((meta.schema['x-sections'] as Section[]) ?? [])
  ) as Section[];
  const sections = declared
    .map((s) => ({
      title: s.title,
      ...(s.description ? { description: s.description } : {}),
      ...(s['x-when'] ? { 'x-when': s['x-when'] } : {}),
      fields: s.fields.filter((f) => f in props),
    }))
    .filter((s) => s.fields.length);
  if (whose && sections.length && !sections.some((s) => s.fields.includes(whose))) sections[0].fields.unshift(whose);
  const inSections = new Set(sections.flatMap((s) => s.fields));
  const rest = Object.keys(props).filter((f) => !inSections.has(f));
  if (rest.length && sections.length) sections.push({ title: 'Other details', fields: rest });
  uiSchema['ui:order'] = [...sections.flatMap((s) => s.fields), '*'];
  uiSchema['ui:submitButtonOptions'] = { norender: true };
  const setByFile: Record<string, string> = {};
  for (const f of fileFields(meta.schema))
    for (const name of fieldsSetByFile(f)) if (props[name]) setByFile[name] = f.field;
  return { schema, uiSchema: uiSchema as UiSchema, sections, hidden, signatures, setByFile };
}

/** The form's data: the record's, less the fields the form hides. */
export function formDataOf(data: JsonObject | undefined, model: FormModel): JsonObject {
  const out = clone(data ?? {});
  for (const h of model.hidden) delete out[h];
  return out;
}

function unescape(seg: string): string {
  return decodeURIComponent(seg).replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Server errors ({path: JSON Pointer, message}) as an rjsf ErrorSchema, so each shows at its field. */
export function errorSchemaOf(errors: readonly FieldError[]): ErrorSchema {
  const out: Record<string, unknown> = {};
  for (const e of errors) {
    const parts = e.path.split('/').slice(1).map(unescape);
    let node = out;
    for (const p of parts) node = (node[p] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(e.message);
  }
  return out as ErrorSchema;
}
