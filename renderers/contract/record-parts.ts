/**
 * The parts of the record screens a form may draw with or read (forms/ depends on these names, not
 * on the screens' files): the details list of a read-only view, the form context's file target,
 * the enum labels of a uiSchema, the browser's pattern test for mini-schema checks and the
 * meta-schema check of a schema edited in a form.
 */
export { Fields } from '../screens/record/RecordDetails.tsx';
export type { FileTarget, FormContext, HeldFiles } from '../screens/record/templates.tsx';
export { addEnumNames } from '../screens/record/form-model.ts';
export { setPatternTest } from '../screens/record/mini-schema.ts';
export { metaSchemaErrors } from '../screens/record/meta-schema.ts';
