/**
 * The printable viewer's choices (spec/001 section 2), pure: the form types its selector offers
 * (i9, w4, w9 and the 15 state forms), the form a screen opens it on, and its button's label.
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
        : value === 'w9'
          ? 'W-9 (Request for Taxpayer Identification Number)'
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
export type PrintableScreen = 'i9' | 'w4' | 'w9' | 'state_w4';

/** The selector's option of a form the server offers: the shipped form's label, else the server's title. */
export function formOption(entry: { form: string; title: string }): FormOption {
  return FORM_OPTIONS.find((o) => o.value === entry.form) ?? { value: entry.form, label: entry.title };
}

/**
 * The form the viewer opens on: the screen's own (a state W-4 opens the form of its certificate's
 * state, one certificate being kept per state), else the first offered.
 */
export function initialForm(
  screen: PrintableScreen,
  offered: readonly { form: string; kind: 'i9' | 'w4' | 'w9' | 'state'; state?: string }[],
  state?: unknown,
): string | undefined {
  const kind = screen === 'state_w4' ? 'state' : screen;
  const own = offered.find((f) => f.kind === kind && (kind !== 'state' || f.state === state));
  return (own ?? offered.find((f) => f.kind === kind) ?? offered[0])?.form;
}

/**
 * 'Show Printable I9' for the I-9 and 'Show Printable W4' for the W-4 and the state forms (spec/001
 * section 2, which prints no W-9); the W-9 names its own form.
 */
export function printableButtonLabel(screen: PrintableScreen): string {
  return screen === 'i9' ? 'Show Printable I9' : screen === 'w9' ? 'Show Printable W9' : 'Show Printable W4';
}

/** The button appears once the saved record holds a signature (the employee's, the employer's, or the W-9's). */
export function hasSignatures(data: Record<string, unknown> | undefined): boolean {
  return !!data && (isSigned(data.employee_signature) || isSigned(data.employer_signature) || isSigned(data.signature));
}

/** Why a saved, signed record has no printable form to show. */
export function noPrintableForm(screen: PrintableScreen, state: unknown): string {
  if (screen === 'state_w4') {
    const which = typeof state === 'string' && state ? `for ${state} ` : '';
    return `There is no printable form ${which}yet: the form is saved and signed, and can be printed once its layout is added.`;
  }
  return 'This form has not been filled in yet.';
}
