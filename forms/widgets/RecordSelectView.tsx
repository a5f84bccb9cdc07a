/**
 * The read-only view of a reference chosen with the record-select widget: the record's name (its
 * list's canonical field), not its key. Shown as "—" when none is chosen, and as the key only when
 * the record cannot be read. A list of 200 rows naming plans reads the type's names once
 * (`namesOf`), not once per row; a key not among them is read alone.
 */
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../renderers/api/client.ts';
import { useOptionalServices } from '../env.tsx';
import { recordNamer } from './record-name.ts';
import { sharedRead } from './shared-read.ts';

/** Names read at most this many at once; a key past them is read by itself. */
const NAMES_READ = 500;
/** How long one read of a type's names serves every view asking (a list page's cells). */
const SHARED_MS = 5_000;
const sharedNames = sharedRead<Map<string, string>>();

const namerOf = async (client: ApiClient, module: string, type: string) => recordNamer(await client.meta(module, type));

async function readNames(client: ApiClient, module: string, type: string): Promise<Map<string, string>> {
  const meta = await client.meta(module, type);
  const namer = recordNamer(meta);
  const names = new Map<string, string>();
  // A type the viewer may not list (a company's own organization, to its admin) is read by key alone.
  if (!namer.canonical || !meta.can.list) return names;
  const found = await client.find(module, type, {
    criteria: [],
    sort: [{ field: namer.canonical, dir: 'asc' }],
    limit: NAMES_READ,
  });
  for (const r of found.items) {
    const name = namer.name(r.data);
    if (name !== undefined) names.set(r.key, name);
  }
  return names;
}

const namesOf = (client: ApiClient, module: string, type: string): Promise<Map<string, string>> =>
  sharedNames(client, `${module}/${type}`, SHARED_MS, () => readNames(client, module, type));

async function nameOf(client: ApiClient, module: string, type: string, key: string): Promise<string | undefined> {
  // A list the viewer may not read whole (403) still leaves the one record they may read.
  const known = (await namesOf(client, module, type).catch(() => undefined))?.get(key);
  if (known !== undefined) return known;
  const namer = await namerOf(client, module, type);
  return namer.canonical ? namer.name((await client.read(module, type, key)).data) : undefined;
}

/**
 * The text of a reference for an export (a report's CSV): the record's name, the key when the
 * record cannot be read or the options name no type, empty when none is chosen.
 */
export async function recordSelectText(
  client: ApiClient,
  value: unknown,
  options: Readonly<Record<string, unknown>>,
): Promise<string> {
  if (typeof value !== 'string' || !value) return '';
  const [module, type] = typeof options.type === 'string' ? options.type.split('/') : [];
  if (!module || !type) return value;
  return (await nameOf(client, module, type, value).catch(() => undefined)) ?? value;
}

export function RecordSelectView({ value, options }: { value: unknown; options?: Readonly<Record<string, unknown>> }) {
  const client = useOptionalServices()?.client;
  const [label, setLabel] = useState<string>();
  const key = typeof value === 'string' ? value : undefined;
  const [module, type] = typeof options?.type === 'string' ? options.type.split('/') : [];
  useEffect(() => {
    if (!client || !key || !module || !type) return;
    let live = true;
    nameOf(client, module, type, key).then(
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
