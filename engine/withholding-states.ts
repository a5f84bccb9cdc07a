/**
 * Which state's withholding certificate an employee gives (schemas/common/withholding-states.json):
 * the work state's, or their state of residence's where the work state's rules say so (a reciprocal
 * agreement, or no income tax on wages in the work state); none when neither state taxes wages.
 * Read the same way by the server (which refuses a certificate of another state) and the state
 * form screen (which opens the right state's form, or says no form is needed). Pure.
 */
import { v5 as nameBasedUuid } from 'uuid';
import rules from '../schemas/common/withholding-states.json';
import defs from '../schemas/common/defs.json';

export type WithholdingStates = typeof rules;

const usState = defs.definitions.usState as { enum: string[]; 'x-enumNames': string[] };

/** A state's name ('IL' -> 'Illinois'), or the code itself for a code that is not a state. */
export function stateName(code: string): string {
  const i = usState.enum.indexOf(code);
  return i < 0 ? code : usState['x-enumNames'][i];
}

export function taxesWages(state: string, r: WithholdingStates = rules): boolean {
  return !r.no_income_tax.includes(state);
}

/**
 * The certificate an employee gives: `work` (the work state's), `reciprocal` or `work-untaxed` (the
 * resident state's, by the work state's agreement or because the work state has no income tax),
 * `none` (no state involved taxes wages: `state` is the one that says so), or undefined when neither
 * state is known.
 */
export type CertificateState =
  { state: string; because: 'work' | 'reciprocal' | 'work-untaxed' | 'residence' } | { state: string; because: 'none' };

export function certificateState(
  work: string | undefined,
  residence: string | undefined,
  r: WithholdingStates = rules,
): CertificateState | undefined {
  if (!work) {
    // No work state on record: the state the employee lives in, as before work states were kept.
    if (!residence) return undefined;
    return taxesWages(residence, r)
      ? { state: residence, because: 'residence' }
      : { state: residence, because: 'none' };
  }
  const reciprocal = (r.reciprocal as Record<string, string[]>)[work] ?? [];
  if (residence && reciprocal.includes(residence)) return { state: residence, because: 'reciprocal' };
  if (taxesWages(work, r)) return { state: work, because: 'work' };
  if (residence && taxesWages(residence, r)) return { state: residence, because: 'work-untaxed' };
  return { state: work, because: 'none' };
}

/** What the screen and the server say for a state that does not tax wages. */
export function noIncomeTaxMessage(state: string): string {
  return `${stateName(state)} has no state income tax on wages: no state withholding certificate is needed.`;
}

/** Why the certificate is for this state, for the server's refusal of another state's. */
export function certificateReason(c: CertificateState): string {
  const name = stateName(c.state);
  switch (c.because) {
    case 'work':
      return `${name}, the state you work in`;
    case 'reciprocal':
      return `${name}, the state you live in: the state you work in exempts its residents by a reciprocal agreement`;
    case 'work-untaxed':
      return `${name}, the state you live in: the state you work in has no income tax on wages`;
    case 'residence':
      return `${name}, the state you live in (no work state is on record)`;
    case 'none':
      return name;
  }
}

/**
 * The states an employee may hold a certificate of (one record each): the one due and, as the
 * employer may withhold for the state they live in too, that state's when it taxes wages and is not
 * the one due. Empty when none is due (no state on record, or none that taxes wages).
 */
export function certificateStates(
  work: string | undefined,
  residence: string | undefined,
  r: WithholdingStates = rules,
): { state: string; because: CertificateState['because'] | 'also-residence' }[] {
  const due = certificateState(work, residence, r);
  if (!due || due.because === 'none') return [];
  const also = residence && residence !== due.state && taxesWages(residence, r) ? residence : undefined;
  return also ? [due, { state: also, because: 'also-residence' }] : [due];
}

/**
 * The key of an employee's certificate of a state: the name-based UUID (v5) of the state code in the
 * namespace of the employee's user key, so one state has one certificate, and a screen knows the key
 * of a certificate not written yet.
 */
export function certificateKey(userKey: string, state: string): string {
  // Its UTF-8 bytes, as uuid encodes a string itself, except that text no state holds (a lone
  // surrogate) gets a key too instead of throwing: the state's own rule then refuses it.
  return nameBasedUuid(new TextEncoder().encode(state), userKey);
}
