/**
 * The read-only view of a reference chosen with the record-select widget: the record's name (its
 * list's canonical field), not its key. Shown as "—" when none is chosen, and as the key only when
 * the record cannot be read.
 */
import { useEffect, useState } from 'react';
import { useOptionalServices } from '../env.tsx';

export function RecordSelectView({ value, options }: { value: unknown; options?: Readonly<Record<string, unknown>> }) {
  const client = useOptionalServices()?.client;
  const [label, setLabel] = useState<string>();
  const key = typeof value === 'string' ? value : undefined;
  const [module, type] = typeof options?.type === 'string' ? options.type.split('/') : [];
  useEffect(() => {
    if (!client || !key || !module || !type) return;
    let live = true;
    (async () => {
      const meta = await client.meta(module, type);
      const canonical = typeof meta.list?.canonical === 'string' ? meta.list.canonical : undefined;
      const record = await client.read(module, type, key);
      const name = canonical ? record.data[canonical] : undefined;
      return typeof name === 'string' ? name : undefined;
    })().then(
      (name) => live && name && setLabel(name),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client, key, module, type]);
  if (!key) return <span className="muted">—</span>;
  return <span>{label ?? key}</span>;
}
