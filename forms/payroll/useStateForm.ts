/**
 * The state withholding screen's controller: reads the employee's payroll record (their work state)
 * and basic info (the state they live in), which decide the certificate due and the certificates the
 * employee may hold (one per state: engine/withholding-states.ts), and that state's form definitions
 * each time the screen opens, so a definition product staff just added is used at once. The screen's
 * key is the employee's user key (my_employee and my_basic_info for oneself: the certificate due) or
 * a certificate's own key (the certificate of that state, written or not yet). A state without an
 * income tax on wages has no form: the screen says so.
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import { isFailure } from '../../renderers/api/failure.ts';
import { certificateKey, certificateStates } from '../../engine/withholding-states.ts';
import { employeeCertificate, pickDefinition, type StateFormDefinition } from './state_w4.ts';

export type StateFormState =
  | { status: 'loading' }
  | { status: 'no-state' }
  | { status: 'no-form'; state: string }
  | { status: 'no-income-tax'; state: string }
  | { status: 'ready'; state: string; definition: StateFormDefinition; choices?: CertificateChoice[] }
  | { status: 'error'; message: string };

/** A certificate the employee may hold (one per state), with the key of its record. */
export interface CertificateChoice {
  state: string;
  /** The certificate due (the work state's, or where its rules say so the home state's), or the home state's beside it. */
  due: boolean;
  key: string;
}

export function useStateForm(
  client: ApiClient | undefined,
  employeeKey: string | undefined,
  ownKey: string | undefined,
  recordState: unknown,
): StateFormState {
  const [state, setState] = useState<StateFormState>({ status: 'loading' });
  const fallback = typeof recordState === 'string' ? recordState : undefined;
  useEffect(() => {
    if (!client) {
      setState({ status: 'error', message: 'The state form needs the signed-in app.' });
      return;
    }
    let live = true;
    void (async () => {
      const readAs = async (type: string) => {
        try {
          return (await client.read('payroll', type, ownKey!)).data;
        } catch (e) {
          if (!isFailure(e, 404) && !isFailure(e, 403)) throw e;
          return undefined;
        }
      };
      const readOwn = async (type: string) => {
        if (!employeeKey) return undefined;
        try {
          return (await client.read('payroll', employeeKey === ownKey ? `my_${type}` : type, employeeKey)).data;
        } catch (e) {
          // Not there yet (or not the caller's to read): the other states decide.
          if (!isFailure(e, 404) && !isFailure(e, 403)) throw e;
          return undefined;
        }
      };
      let [employee, basic] = await Promise.all([readOwn('employee'), readOwn('basic_info')]);
      const statesOf = (e: typeof employee, b: typeof basic): CertificateChoice[] => {
        const work = typeof e?.work_state === 'string' ? e.work_state : undefined;
        const legal = b?.legal_address as Record<string, unknown> | undefined;
        const home = typeof legal?.state === 'string' ? legal.state : undefined;
        return certificateStates(work, home).map((c, i) => ({
          state: c.state,
          due: i === 0,
          key: certificateKey(ownKey!, c.state),
        }));
      };
      // One's own certificates: the one due at the user key, another state's at its own key.
      let choices: CertificateChoice[] | undefined;
      if (ownKey && employeeKey === ownKey) choices = statesOf(employee, basic);
      else if (ownKey && employeeKey && !employee && !basic) {
        const [e, b] = await Promise.all([readAs('my_employee'), readAs('my_basic_info')]);
        const mine = statesOf(e, b);
        if (mine.some((c) => c.key === employeeKey)) [choices, employee, basic] = [mine, e, b];
      }
      // A certificate's own key names its state.
      const named = choices?.find((c) => c.key === employeeKey);
      const due = named
        ? { state: named.state, because: 'work' as const }
        : employeeCertificate(employee, basic, { state: fallback });
      if (!due) return live && setState({ status: 'no-state' });
      if (due.because === 'none') return live && setState({ status: 'no-income-tax', state: due.state });
      const code = due.state;
      const found = await client.find('payroll', 'state_w4_form', {
        criteria: [{ field: 'state', is: '=', value: code }],
        limit: 5,
      });
      const definition = pickDefinition(code, found.items);
      if (!live) return;
      setState(
        definition
          ? { status: 'ready', state: code, definition, ...(choices && choices.length > 1 ? { choices } : {}) }
          : { status: 'no-form', state: code },
      );
    })().catch((e: unknown) => {
      if (live) setState({ status: 'error', message: e instanceof Error ? e.message : 'The state form did not load.' });
    });
    return () => {
      live = false;
    };
    // The record's own state matters only when the form opens; a change must not reload the form.
  }, [client, employeeKey, ownKey]);
  return state;
}
