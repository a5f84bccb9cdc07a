/**
 * The state withholding screen's controller: reads the employee's basic info (for their state) and
 * the state's form definitions each time the screen opens, so a definition product staff just added
 * is used at once. The record's key is the employee's user key (my_basic_info for oneself).
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import { isFailure } from '../../renderers/api/failure.ts';
import { employeeState, pickDefinition, type StateFormDefinition } from './state_w4.ts';

export type StateFormState =
  | { status: 'loading' }
  | { status: 'no-state' }
  | { status: 'no-form'; state: string }
  | { status: 'ready'; state: string; definition: StateFormDefinition }
  | { status: 'error'; message: string };

type Json = Record<string, unknown>;

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
      let basic: Json | undefined;
      if (employeeKey) {
        try {
          const type = employeeKey === ownKey ? 'my_basic_info' : 'basic_info';
          basic = (await client.read('payroll', type, employeeKey)).data;
        } catch (e) {
          // No basic info yet: the record's own state, if any, decides.
          if (!isFailure(e, 404)) throw e;
        }
      }
      const code = employeeState(basic, { state: fallback });
      if (!code) return live && setState({ status: 'no-state' });
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
