/**
 * The state withholding screen's controller: reads the employee's payroll record (their work state)
 * and basic info (the state they live in), which decide the certificate's state, and that state's
 * form definitions each time the screen opens, so a definition product staff just added is used at
 * once. The record's key is the employee's user key (my_employee and my_basic_info for oneself). A
 * state without an income tax on wages has no form: the screen says so.
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import { isFailure } from '../../renderers/api/failure.ts';
import { employeeCertificate, pickDefinition, type StateFormDefinition } from './state_w4.ts';

export type StateFormState =
  | { status: 'loading' }
  | { status: 'no-state' }
  | { status: 'no-form'; state: string }
  | { status: 'no-income-tax'; state: string }
  | { status: 'ready'; state: string; definition: StateFormDefinition }
  | { status: 'error'; message: string };

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
      const [employee, basic] = await Promise.all([readOwn('employee'), readOwn('basic_info')]);
      const due = employeeCertificate(employee, basic, { state: fallback });
      if (!due) return live && setState({ status: 'no-state' });
      if (due.because === 'none') return live && setState({ status: 'no-income-tax', state: due.state });
      const code = due.state;
      const found = await client.find('payroll', 'state_w4_form', {
        criteria: [{ field: 'state', is: '=', value: code }],
        limit: 5,
      });
      const definition = pickDefinition(code, found.items);
      if (!live) return;
      setState(definition ? { status: 'ready', state: code, definition } : { status: 'no-form', state: code });
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
