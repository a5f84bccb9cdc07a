/**
 * A reference to a record of another type, by its key ("ui:widget": "recordSelect", with
 * "ui:options": {"type": "<module>/<type>"}): a choice among the records of that type the person
 * may list, each named by its list's canonical field (a PTO plan by its name), the active ones
 * only when the type has an active/inactive status. Without the app's data client (stories,
 * component tests) it is a plain key input.
 */
import { useEffect, useState } from 'react';
import { ariaDescribedByIds, getUiOptions, type WidgetProps } from '@rjsf/utils';
import { useOptionalServices } from '../env.tsx';
import type { ApiClient } from '../../renderers/api/client.ts';
import { useFormsStyles } from '../styles/load-styles.ts';
import { sharedRead } from './shared-read.ts';

interface Choice {
  key: string;
  label: string;
}

type Schema = {
  enum?: unknown[];
  $ref?: string;
  properties?: Record<string, Schema>;
  definitions?: Record<string, Schema>;
};

/** The values a type's `status` field takes, through a local reference. */
function statusChoices(root: Schema): unknown[] {
  let s = root.properties?.status;
  for (let i = 0; i < 5 && s?.$ref?.startsWith('#/definitions/'); i++) s = root.definitions?.[s.$ref.slice(14)];
  return Array.isArray(s?.enum) ? s.enum : [];
}

/** The records of `module/type` the client may list, named by the list's canonical field. */
async function fetchChoices(client: ApiClient, module: string, type: string): Promise<Choice[]> {
  const meta = await client.meta(module, type);
  const canonical = typeof meta.list?.canonical === 'string' ? meta.list.canonical : undefined;
  const activeOnly = statusChoices(meta.schema as Schema).includes('active');
  const found = await client.find(module, type, {
    criteria: activeOnly ? [{ field: 'status', is: '=', value: 'active' }] : [],
    ...(canonical ? { sort: [{ field: canonical, dir: 'asc' as const }] } : {}),
    limit: 500,
  });
  return found.items.map((r) => ({
    key: r.key,
    label: canonical && typeof r.data[canonical] === 'string' ? (r.data[canonical] as string) : r.key,
  }));
}

/**
 * One read of a type's choices serves every field drawing them at once: a list of plans (an
 * enrolment's, up to 100 items) asked once, not once per item. Kept two seconds only, so a plan
 * made a moment ago is offered by the next form opened.
 */
const SHARED_MS = 2_000;
const sharedChoices = sharedRead<Choice[]>();

const choicesOf = (client: ApiClient, module: string, type: string): Promise<Choice[]> =>
  sharedChoices(client, `${module}/${type}`, SHARED_MS, () => fetchChoices(client, module, type));

function useChoices(client: ApiClient | undefined, ref: string | undefined) {
  const [choices, setChoices] = useState<Choice[]>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const [module, type] = (ref ?? '').split('/');
    if (!client || !module || !type) return;
    let live = true;
    choicesOf(client, module, type).then(
      (list) => live && setChoices(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [client, ref]);
  return { choices, failed };
}

export function RecordSelectWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, uiSchema, options } = props;
  const client = useOptionalServices()?.client;
  const ref = { ...options, ...getUiOptions(uiSchema) }.type as string | undefined;
  const { choices, failed } = useChoices(client, ref);
  const current = typeof value === 'string' ? value : '';
  const common = {
    id,
    name: props.htmlName ?? id,
    required,
    disabled: disabled || readonly,
    'aria-invalid': rawErrors?.length ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id),
  } as const;
  if (!client || failed) {
    return (
      <input
        {...common}
        type="text"
        className="input input--mono"
        placeholder="Key"
        value={current}
        onChange={(e) => onChange(e.target.value.trim() || undefined)}
        onBlur={(e) => onBlur(id, e.target.value.trim() || undefined)}
        onFocus={(e) => onFocus(id, e.target.value.trim() || undefined)}
      />
    );
  }
  const list = choices ?? [];
  // While the choices load, a stored choice shows as loading; once loaded, one no longer offered
  // (made inactive) still shows as chosen.
  const shown =
    choices === undefined
      ? current
        ? [{ key: current, label: 'Loading…' }]
        : []
      : current && !list.some((c) => c.key === current)
        ? [...list, { key: current, label: 'A choice no longer offered' }]
        : list;
  return (
    <select
      {...common}
      className="input"
      value={current}
      onChange={(e) => onChange(e.target.value || undefined)}
      onBlur={(e) => onBlur(id, e.target.value || undefined)}
      onFocus={(e) => onFocus(id, e.target.value || undefined)}
    >
      <option value="">
        {choices === undefined ? 'Loading…' : list.length ? 'Choose…' : 'Nothing to choose from'}
      </option>
      {shown.map((c) => (
        <option key={c.key} value={c.key}>
          {c.label}
        </option>
      ))}
    </select>
  );
}
