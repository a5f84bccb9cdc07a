/**
 * The layout format of printable/layout.schema.json as TypeScript types, and the names of the forms.
 * A layout is data: where each box, label and value goes, and a JSONata expression for each value.
 */

export const STATE_FORMS = {
  colorado: 'CO',
  arizona: 'AZ',
  california: 'CA',
  oregon: 'OR',
  virginia: 'VA',
  newyork: 'NY',
  alabama: 'AL',
  arkansas: 'AR',
  connecticut: 'CT',
  delaware: 'DE',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
} as const;

export type StateForm = keyof typeof STATE_FORMS;
/** The federal forms an employee has, each printed from its own record of the same name. */
export type FederalForm = 'i9' | 'w4' | 'w9';
export type FormName = FederalForm | StateForm;
export const FORMS: readonly FormName[] = ['i9', 'w4', 'w9', ...(Object.keys(STATE_FORMS) as StateForm[])];

export function isFormName(v: unknown): v is FormName {
  return typeof v === 'string' && (FORMS as readonly string[]).includes(v);
}

export type RecordName = 'i9' | 'w4' | 'w9' | 'state_w4' | 'basic_info' | 'employee' | 'employer' | 'onboarding_user';
export type FontName = 'sans' | 'font1' | 'font2' | 'font3';
export type ValueFormat = 'text' | 'date' | 'signedDate' | 'money' | 'number' | 'ssn' | 'phone' | 'upper';
export type Align = 'left' | 'center' | 'right';

interface Common {
  page: number;
  id?: string;
  /** JSONata: the element is drawn only when this is true. */
  when?: string;
}

interface ValueProps {
  value?: string;
  format?: ValueFormat;
  blank?: string;
  font?: FontName;
  size?: number;
  bold?: boolean;
  italic?: boolean;
  align?: Align;
  lines?: number;
  overflow?: 'addendum';
  sensitive?: 'ssn';
}

export interface TextElement extends Common, ValueProps {
  type: 'text';
  x: number;
  y: number;
  width?: number;
  text?: string;
  color?: string;
}

export interface FieldElement extends Common, ValueProps {
  type: 'field';
  x: number;
  y: number;
  width: number;
  height: number;
  label?: string;
  labelSize?: number;
  border?: 'box' | 'underline' | 'none';
}

export interface CheckElement extends Common {
  type: 'check';
  x: number;
  y: number;
  value: string;
  box?: number;
  label?: string;
  labelSize?: number;
  labelWidth?: number;
}

export interface SignatureElement extends Common {
  type: 'signature';
  x: number;
  y: number;
  width: number;
  height: number;
  value: string;
  label?: string;
  labelSize?: number;
  border?: 'box' | 'underline' | 'none';
  size?: number;
}

export interface RectElement extends Common {
  type: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  fill?: string;
  lineWidth?: number;
}

export interface LineElement extends Common {
  type: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  lineWidth?: number;
}

export type Element = TextElement | FieldElement | CheckElement | SignatureElement | RectElement | LineElement;

export interface Layout {
  /** A shipped form's name, or the printable form type of a state form definition holding it. */
  form: string;
  title: string;
  edition?: string;
  notes?: string[];
  state?: string;
  main: RecordName;
  records: RecordName[];
  pageSize?: { width: number; height: number };
  /** `when`: the page (and what is on it) is printed only when this is true; the pages after it move up. */
  pages: { background?: string; when?: string }[];
  defaults?: { size?: number; labelSize?: number; font?: FontName };
  vars?: Record<string, string>;
  elements: Element[];
}

/** What a layout's expressions see: the records read (each may be missing) and the company. */
export interface PrintInput {
  i9?: Record<string, unknown>;
  w4?: Record<string, unknown>;
  w9?: Record<string, unknown>;
  state_w4?: Record<string, unknown>;
  basic_info?: Record<string, unknown>;
  employee?: Record<string, unknown>;
  employer?: Record<string, unknown>;
  onboarding_user?: Record<string, unknown>;
  /** The company; time_zone is the one its signature dates are read in (server/orgs.ts orgTimeZone). */
  organization?: { name?: string; city?: string; state?: string; time_zone?: string };
}

export const LETTER = { width: 612, height: 792 } as const;
