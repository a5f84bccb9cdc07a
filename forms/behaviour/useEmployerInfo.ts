/**
 * The employer's lists (payroll/employer_info, spec/001 section 7: "search all, mapped to an object
 * of type to value") for behaviours that need them (FormBehaviour.usesEmployer). Given
 * by FormsEnv in stories and tests; read once per form in the app. A failed read leaves {} (the
 * defaults apply) and the server decides anyway.
 */
import { useEffect, useState } from 'react';
import { useFormsEnv, useOptionalServices } from '../env.tsx';

export function useEmployerInfo(enabled: boolean): Readonly<Record<string, unknown>> {
  const given = useFormsEnv().employer;
  const client = useOptionalServices()?.client;
  const [read, setRead] = useState<Record<string, unknown>>({});
  useEffect(() => {
    if (!enabled || given || !client) return;
    let live = true;
    client.find('payroll', 'employer_info', { criteria: [], limit: 100 }).then(
      (answer) => {
        const out: Record<string, unknown> = {};
        for (const r of answer.items) if (typeof r.data.type === 'string') out[r.data.type] = r.data.value;
        if (live) setRead(out);
      },
      (e: unknown) => console.warn('forms: employer information not read', e),
    );
    return () => {
      live = false;
    };
  }, [enabled, given, client]);
  return given ?? read;
}
