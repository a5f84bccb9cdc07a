/**
 * What the server proposes for someone else's stored record as its form opens
 * (FormBehaviour.proposal: I-9 Section 2's first day and the employer's address), read once per
 * record; undefined until read, and when there is nothing to read (a new record, the viewer's own,
 * a read-only form, no services in a story). A failed read proposes nothing: the person types.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useOptionalServices } from '../env.tsx';
import type { FormBehaviour } from './behaviour.ts';

export function useProposal(
  behaviour: FormBehaviour | undefined,
  opts: { own: boolean; isNew: boolean; readonly: boolean },
): Readonly<Record<string, unknown>> | undefined {
  const client = useOptionalServices()?.client;
  const { key } = useParams();
  const [proposed, setProposed] = useState<{ key: string; values: Record<string, unknown> }>();
  const read = behaviour?.proposal;
  const wanted = !!read && !!client && !!key && !opts.own && !opts.isNew && !opts.readonly;
  useEffect(() => {
    if (!wanted || !key) return;
    let live = true;
    read!(client!, key).then(
      (values) => live && setProposed({ key, values }),
      (e: unknown) => console.warn('forms: nothing proposed', e),
    );
    return () => {
      live = false;
    };
  }, [wanted, key, read, client]);
  return wanted && proposed?.key === key ? proposed.values : undefined;
}
