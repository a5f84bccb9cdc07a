/**
 * A reference to an organization that the form shows and never changes (a company's parent
 * organization, server-owned): the organization's name, read through get_org_name, not its
 * 36-character key; the key only while the name is unknown (or without the data client: a story).
 */
import { useEffect, useState } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { ApiClient } from '../../renderers/api/client.ts';
import { useOptionalServices } from '../env.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { sharedRead } from './shared-read.ts';

/** One read of a name serves every field asking within this long. */
const SHARED_MS = 60_000;
const sharedNames = sharedRead<string | undefined>();

const nameOf = (client: ApiClient, key: string) =>
  sharedNames(client, key, SHARED_MS, () =>
    client.orgName(key).then(
      (r) => r.name,
      () => undefined,
    ),
  );

function useOrganizationName(value: unknown): { key?: string; name?: string } {
  const client = useOptionalServices()?.client;
  const key = typeof value === 'string' && value ? value : undefined;
  const [name, setName] = useState<string>();
  useEffect(() => {
    if (!client || !key) return;
    let live = true;
    void nameOf(client, key).then((n) => live && setName(n));
    return () => {
      live = false;
    };
  }, [client, key]);
  return { key, name };
}

export function OrganizationNameWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, rawErrors, htmlName } = props;
  const { key, name } = useOrganizationName(value);
  return (
    <input
      id={id}
      name={htmlName ?? id}
      type="text"
      className="input"
      value={name ?? key ?? ''}
      title={name ? key : undefined}
      readOnly
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}

/** The read-only view: the name, or "—" for none. */
export function OrganizationNameView({ value }: { value: unknown }) {
  const { key, name } = useOrganizationName(value);
  if (!key) return <span className="muted">—</span>;
  return <span title={name ? key : undefined}>{name ?? key}</span>;
}
