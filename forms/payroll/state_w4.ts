/**
 * The state withholding screen drawn from data (spec/001 sections 2 and 7): the state the employee
 * gives a certificate for (their work state, or the state they live in where the work state's rules
 * say so: engine/withholding-states.ts) picks its payroll/state_w4_form definition, whose fields (a
 * JSON Schema and uiSchema), instructions and links make the form. Nothing here knows a state. Pure.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { addEnumNames } from '../../renderers/contract/record-parts.ts';
import { certificateState, type CertificateState } from '../../engine/withholding-states.ts';
import type { PayrollStateW4Form } from '../../types/generated/payroll/state_w4_form.ts';

type Json = Record<string, unknown>;

/** One record of payroll/state_w4_form, typed from its schema (npm run gen:types). */
export type StateFormDefinition = PayrollStateW4Form;

export const NO_STATE_MESSAGE =
  'Add your legal address to your basic information first: your state decides which withholding form you fill in.';
export const NO_FORM_MESSAGE =
  'There is no withholding form for your state yet. Your employer will tell you what to do.';
/** The same, to a manager looking at an employee's certificate. */
export const NO_STATE_MESSAGE_OTHER =
  "This employee's basic information has no legal address yet, and their payroll record no work state: the state decides which withholding form they fill in.";
export const NO_FORM_MESSAGE_OTHER =
  "There is no withholding form for this employee's state yet: product staff add a state's form as a state withholding form definition.";
/** A manager's new certificate, before they chose whose it is. */
/** Shown while the chosen employee's own certificate opens. */
export const OPENING_MESSAGE = 'Opening the employee’s certificate…';

export const CHOOSE_EMPLOYEE_MESSAGE =
  'Choose the employee whose certificate this is: their state decides which withholding form they fill in.';

/** Fields of state_w4 itself that every state form shows after its own (the signature). */
const COMMON_FIELDS = ['employee_signature'] as const;

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/**
 * The certificate the employee gives: by the work state on their payroll record and the state of
 * their legal address; with neither, the state the record was made for.
 */
export function employeeCertificate(
  employee: Json | undefined,
  basicInfo: Json | undefined,
  record: Json | undefined,
): CertificateState | undefined {
  const residence = text((basicInfo?.legal_address as Json | undefined)?.state);
  return certificateState(text(employee?.work_state), residence ?? text(record?.state));
}

/**
 * The first definition for a state (spec/001 section 7: the first match is used and a warning logged
 * when several), or undefined with 'unable to load form for state' logged.
 */
export function pickDefinition(
  state: string,
  found: readonly { data: Json }[],
  log: (message: string) => void = (m) => console.warn(m),
): StateFormDefinition | undefined {
  if (!found.length) {
    log(`unable to load form for state ${state}`);
    return undefined;
  }
  if (found.length > 1) log(`several withholding forms for state ${state}; the first is used`);
  return found[0].data as unknown as StateFormDefinition;
}

/**
 * The schema and uiSchema the screen renders: the definition's fields, then the common ones from
 * the state_w4 entity schema, in the definition's order.
 */
export function stateFormModel(
  def: StateFormDefinition,
  entitySchema: Json,
  entityUi: Json,
): { schema: RJSFSchema; uiSchema: UiSchema } {
  const own = structuredClone(def.fields.schema);
  const props = { ...((own.properties as Json) ?? {}) };
  const ui = structuredClone(def.fields.uiSchema ?? {}) as Json;
  const entityProps = (entitySchema.properties ?? {}) as Json;
  for (const f of COMMON_FIELDS) {
    if (entityProps[f] && !(f in props)) {
      props[f] = entityProps[f];
      if (entityUi[f] && ui[f] === undefined) ui[f] = entityUi[f];
    }
  }
  // What signing attests, as the state's official form words it, is shown above the signature.
  const signature = props.employee_signature as Json | undefined;
  if (signature && typeof def.attestation === 'string' && def.attestation.trim()) {
    props.employee_signature = { ...signature, description: def.attestation };
  }
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]).filter((k) => k !== '*') : [];
  ui['ui:order'] = [...order.filter((k) => k in props), ...Object.keys(props).filter((k) => !order.includes(k))];
  // The entity's definitions ($ref to the signature) stay resolvable from the definition's schema.
  const schema: Json = { ...own, properties: props, definitions: { ...(entitySchema.definitions as Json) } };
  delete schema.$comment;
  delete schema.required;
  const required = Array.isArray(own.required) ? own.required : undefined;
  if (required) schema.required = required;
  ui['ui:options'] = { ...((ui['ui:options'] as Json) ?? {}), flat: true };
  addEnumNames(schema, schema, ui);
  return { schema: schema as RJSFSchema, uiSchema: ui as UiSchema };
}

/** Instructions as paragraphs (blank lines separate them). */
export function paragraphs(text: string | undefined): string[] {
  return (text ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
