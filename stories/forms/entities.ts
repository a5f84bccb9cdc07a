/**
 * The real schema files as the screens get them (bundled, x-ui as uiSchema, enum labels, hidden and
 * server-owned fields left out), optionally cut down to a few fields, so a story renders a widget
 * exactly as its schema's x-ui picks it.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { bundleSchema } from '../../engine/bundle.ts';
import type { JsonSchema } from '../../engine/entity.ts';
import type { TypeMeta } from '../../renderers/api/types.ts';
import { buildFormModel } from '../../renderers/screens/record/form-model.ts';
import defs from '../../schemas/common/defs.json';
import basicInfo from '../../schemas/payroll/basic_info.json';
import emergencyContacts from '../../schemas/payroll/emergency_contacts.json';
import paymentInformation from '../../schemas/payroll/employee_payment_information.json';
import i9 from '../../schemas/payroll/i9.json';
import stateW4 from '../../schemas/payroll/state_w4.json';
import stateW4Form from '../../schemas/payroll/state_w4_form.json';
import w4 from '../../schemas/payroll/w4.json';
import w9 from '../../schemas/payroll/w9.json';
import employeeDocuments from '../../schemas/hr/employee_documents.json';

const FILES: Record<string, unknown> = {
  basic_info: basicInfo,
  emergency_contacts: emergencyContacts,
  employee_payment_information: paymentInformation,
  i9,
  state_w4: stateW4,
  state_w4_form: stateW4Form,
  w4,
  w9,
  employee_documents: employeeDocuments,
};

export interface EntityForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/** The payroll entity's form; `only` keeps those top-level fields (and the root's behaviour). */
export function entityForm(name: string, only?: readonly string[]): EntityForm {
  const file = FILES[name] as JsonSchema | undefined;
  if (!file) throw new Error(`stories: no payroll schema '${name}'`);
  const schema = bundleSchema(file, defs as JsonSchema);
  const meta: TypeMeta = {
    module: 'payroll',
    type: name,
    title: String(file.title ?? name),
    plural: String(file['x-plural'] ?? name),
    key: 'user',
    schema,
    ui: (file['x-ui'] ?? {}) as Record<string, unknown>,
    list: { columns: [], canonical: '' },
    can: { list: true, read: true, create: true, edit: true, delete: false },
  };
  const model = buildFormModel(meta, 'edit');
  const s = model.schema as Record<string, unknown>;
  const ui = { ...model.uiSchema } as Record<string, unknown>;
  delete ui['ui:order'];
  if (only) {
    const props = s.properties as Record<string, unknown>;
    s.properties = Object.fromEntries(only.filter((k) => k in props).map((k) => [k, props[k]]));
    if (Array.isArray(s.required)) s.required = s.required.filter((r: string) => only.includes(r));
    delete s.allOf;
    delete s.if;
    delete s.then;
    for (const k of Object.keys(ui)) if (!k.startsWith('ui:') && !only.includes(k)) delete ui[k];
  }
  return { schema: s as RJSFSchema, uiSchema: ui as UiSchema };
}
