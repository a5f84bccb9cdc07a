/**
 * The printable viewer's choices (spec/001 section 2), pure: the form types its selector offers
 * (i9, w4 and the 15 state forms), the form a screen opens it on, and its button's label.
 */
import { FORMS, STATE_FORMS, type FormName, type StateForm } from '../../printable/layout.ts';
import { isSigned } from '../signature/signature-flow.ts';

export type { FormName };

const STATE_NAMES: Record<StateForm, string> = {
  colorado: 'Colorado',
  arizona: 'Arizona',
  california: 'California',
  oregon: 'Oregon',
  virginia: 'Virginia',
  newyork: 'New York',
  alabama: 'Alabama',
  arkansas: 'Arkansas',
  connecticut: 'Connecticut',
  delaware: 'Delaware',
  georgia: 'Georgia',
  hawaii: 'Hawaii',
  idaho: 'Idaho',
  illinois: 'Illinois',
  indiana: 'Indiana',
};

/** A choice of the selector: value is the form type the server knows. */
export interface FormOption {
  value: string;
  label: string;
}

/** The selector's options for the shipped forms, in the spec's order. */
export const FORM_OPTIONS: readonly FormOption[] = FORMS.map((value) => ({
  value,
  label:
    value === 'i9'
      ? 'I-9 (Employment Eligibility Verification)'
      : value === 'w4'
        ? 'W-4 (Federal withholding)'
        : `${STATE_NAMES[value]} (${STATE_FORMS[value]}) state withholding`,
}));

export function isPrintableForm(v: unknown): v is FormName {
  return typeof v === 'string' && (FORMS as readonly string[]).includes(v);
}

/** The state form of a two-letter state code, when the viewer supports that state. */
export function stateFormOf(code: unknown): StateForm | undefined {
  if (typeof code !== 'string') return undefined;
  const upper = code.toUpperCase();
  return (Object.keys(STATE_FORMS) as StateForm[]).find((f) => STATE_FORMS[f] === upper);
}

/** The screen types that offer the viewer, by type without its my_ prefix. */
export type PrintableScreen = 'i9' | 'w4' | 'state_w4';

/** The form the viewer opens on: the screen's own (a state W-4 opens its state's form, else the W-4). */
export function initialForm(screen: PrintableScreen, data: Record<string, unknown> | undefined): FormName {
  if (screen === 'i9') return 'i9';
  if (screen === 'state_w4') return stateFormOf(data?.state) ?? 'w4';
  return 'w4';
}

/** 'Show Printable I9' for the I-9 and 'Show Printable W4' for every other type (spec/001 section 2). */
export function printableButtonLabel(screen: PrintableScreen): string {
  return screen === 'i9' ? 'Show Printable I9' : 'Show Printable W4';
}

/** The button appears once the saved record holds a signature (the employee's or the employer's). */
export function hasSignatures(data: Record<string, unknown> | undefined): boolean {
  return !!data && (isSigned(data.employee_signature) || isSigned(data.employer_signature));
}

/**
 * The selector's option for a state whose printable layout is kept as data (its state form
 * definition names the form type and holds the layout), when the state has no shipped form.
 */
export function dataFormOption(definition: Record<string, unknown> | undefined): FormOption | undefined {
  const d = definition ?? {};
  if (typeof d.printable_type !== 'string' || !d.printable_layout || typeof d.state !== 'string') return undefined;
  if (stateFormOf(d.state)) return undefined;
  const name = typeof d.form_name === 'string' && d.form_name ? d.form_name : 'state withholding';
  return { value: d.printable_type, label: `${d.state}: ${name}` };
}
