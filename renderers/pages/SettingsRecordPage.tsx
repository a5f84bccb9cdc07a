/**
 * Pages that open "the" settings record of a company rather than a record by key:
 * - /organization_preferences: the company's branding preferences (spec/000 section 2);
 * - /{module}/{datatype}/{orgId}/org_settings?name=: the settings set `name` (default
 *   company_settings) of module `module` for the company orgId, kept by the organization that
 *   administers it (auth/organization_settings); made on first visit by someone who may create it.
 * - the journey admin settings pages (journey-settings.ts): one settings set of the signed-in company,
 *   opened as the org_settings route opens it.
 * Each finds the record and goes on to its edit screen (or its view for a reader).
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isFailure } from '../api/failure.ts';
import { useServices } from '../session/session.tsx';
import type { ApiClient } from '../api/client.ts';
import type { Criterion } from '../api/types.ts';
import type { JourneySetting } from './journey-settings.ts';

type Found = { to: string } | { error: string };

async function openRecord(
  client: ApiClient,
  type: string,
  criteria: Criterion[],
  create?: Record<string, unknown>,
): Promise<Found> {
  const meta = await client.meta('auth', type);
  const found = await client.find('auth', type, { criteria, limit: 1 });
  let key = found.items[0]?.key;
  if (!key && create && meta.can.create) key = (await client.create('auth', type, create)).key;
  if (!key) return { error: 'There are no settings here yet.' };
  return { to: `/auth/${type}/${meta.can.edit ? 'edit' : 'view'}/${key}` };
}

function useOpen(run: () => Promise<Found>, deps: unknown[]) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    run().then(
      (r) => live && ('to' in r ? navigate(r.to, { replace: true }) : setError(r.error)),
      (e) => live && setError(isFailure(e) ? e.message : 'Could not open the settings.'),
    );
    return () => {
      live = false;
    };
  }, deps);
  return error;
}

function Opening({ title, error }: { title: string; error?: string }) {
  return (
    <section className="page" aria-labelledby="settings-title">
      <h1 id="settings-title">{title}</h1>
      {error ? <p role="alert">{error}</p> : <p role="status">Loading…</p>}
    </section>
  );
}

export function OrganizationPreferencesPage() {
  const { client } = useServices();
  const error = useOpen(() => openRecord(client, 'organization_preferences', []), [client]);
  return <Opening title="Organization preferences" error={error} />;
}

const NAME = /^[a-z][a-z0-9_]{0,63}$/;

/** The settings set `name` of `module` for the company orgId, made on first visit by someone who may. */
function openOrgSettings(client: ApiClient, orgId: string, module: string, name: string): Promise<Found> {
  const criteria: Criterion[] = [
    { field: 'org_id', is: '=', value: orgId },
    { field: 'module', is: '=', value: module },
    { field: 'name', is: '=', value: name },
  ];
  return openRecord(client, 'organization_settings', criteria, { org_id: orgId, module, name, attributes: {} });
}

export function OrgSettingsPage() {
  const { client } = useServices();
  const { module = '', orgId = '' } = useParams();
  const [params] = useSearchParams();
  const name = params.get('name') || 'company_settings';
  const error = useOpen(async () => {
    if (!NAME.test(name) || !NAME.test(module)) return { error: 'Page Not Found' };
    return openOrgSettings(client, orgId, module, name);
  }, [client, module, orgId, name]);
  return <Opening title="Company settings" error={error} />;
}

export function JourneySettingsPage({ setting }: { setting: JourneySetting }) {
  const { client, auth } = useServices();
  const orgId = auth.session?.organization_id ?? '';
  const error = useOpen(
    () => openOrgSettings(client, orgId, setting.module, setting.name),
    [client, orgId, setting.module, setting.name],
  );
  return <Opening title={setting.title} error={error} />;
}
