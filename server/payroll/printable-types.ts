/**
 * A state form definition (payroll/state_w4_form) names the printable form its employees' certificates
 * print on (`printable_type`). That name belongs to one state: a shipped layout's own
 * (printable/layout.ts STATE_FORMS), else the state of the definitions that already name it (a new
 * state's layout kept as data). A definition naming another state's form would print its employees'
 * answers on that state's certificate, and a federal form's or the pay statement's name is no
 * state's: each is refused.
 */
import type { FieldError } from '../../engine/messages.ts';
import { stateName } from '../../engine/withholding-states.ts';
import { STATE_FORMS } from '../../printable/layout.ts';
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';
import { PAY_STATEMENT_FORM } from './pay-statement.ts';
import { definitionsWhere } from './state-forms.ts';

const FEDERAL = new Set(['i9', 'w4', 'w9']);
const PATH = '/printable_type';

/** The state a printable form type belongs to by the product's own layouts, 'federal', or 'pay'; undefined when none. */
export function shippedOwner(type: string): string | undefined {
  if (FEDERAL.has(type)) return 'federal';
  // The printed pay statement's route answers this name first: a certificate would never print on it.
  if (type === PAY_STATEMENT_FORM) return 'pay';
  return Object.hasOwn(STATE_FORMS, type) ? STATE_FORMS[type as keyof typeof STATE_FORMS] : undefined;
}

/** The name a state's own printable form would have: its name in lower case, without spaces ('newyork'). */
const ownName = (state: string) =>
  stateName(state)
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const article = (name: string) => (/^[AEIOU]/.test(name) ? 'an' : 'a');

/** Errors at /printable_type when the definition of `data.state` names a form of another state (or a federal one). */
export async function printableTypeErrors(
  s: Services,
  org: string,
  key: string,
  data: DataObject,
): Promise<FieldError[]> {
  const { printable_type: type, state } = data;
  if (typeof type !== 'string' || typeof state !== 'string') return [];
  let owner = shippedOwner(type);
  if (owner === undefined) {
    // A layout kept as data: whose definitions already name it (the company's and the product's).
    const others = (await definitionsWhere(s, org, 'printable_type', type)).filter((d) => d.key !== key);
    owner = others.map((d) => d.data.state).find((x): x is string => typeof x === 'string' && x !== state);
  }
  if (owner === undefined || owner === state) return [];
  const name = stateName(state);
  const theirs =
    owner === 'federal'
      ? "a federal form's printable layout"
      : owner === 'pay'
        ? "the pay statement's printable layout"
        : `${stateName(owner)}'s printable form`;
  return [
    {
      path: PATH,
      message: `'${type}' is ${theirs}: ${article(name)} ${name} definition names ${name}'s own, such as '${ownName(state)}'.`,
    },
  ];
}
