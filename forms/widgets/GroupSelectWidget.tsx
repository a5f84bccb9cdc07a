/**
 * A group of the company chosen by its name ("ui:widget": "groupSelect": a PTO team). Its choices
 * are the company's groups by name (POST /auth/api/search_groups, docs/directory.md "Searching
 * groups") for those who list the groups and those who fill in such a form by a permission of
 * theirs (a PTO manager), and the groups that list them for anyone else; names only. A stored group not among them is named by its key.
 * The read-only view (lists, a read-only form) names it too; without the app's data client (stories)
 * it is a plain key input.
 */
import { useEffect, useState } from 'react';
import { ariaDescribedByIds, getUiOptions, type WidgetProps } from '@rjsf/utils';
import type { ApiClient } from '../../renderers/api/client.ts';
import { isFailure } from '../../renderers/api/failure.ts';
import type { CellText, FilterInputProps } from '../../renderers/contract/forms-registry.ts';
import { useOptionalServices } from '../env.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { sharedRead } from './shared-read.ts';
import { choiceEvents } from './choice-events.ts';

interface Group {
  key: string;
  name: string;
}

/** How long one read of the groups serves every widget asking (a list page's cells, a form). */
const SHARED_MS = 5_000;
const sharedGroups = sharedRead<Group[]>();
const sharedNames = sharedRead<string | undefined>();

const groupsOf = (client: ApiClient) =>
  sharedGroups(client, 'groups', SHARED_MS, async () =>
    (await client.searchGroups({ text: '' })).map((g) => ({ key: g.key, name: g.data.name })),
  );

/** A group's name: among the groups read, else read by its key; undefined when it is none of the company's. */
async function groupName(client: ApiClient, key: string): Promise<string | undefined> {
  // One who may not search the groups (an employee reading her team's preferences) still has
  // those she reads named by key.
  const known = (await groupsOf(client).catch(() => [] as Group[])).find((g) => g.key === key);
  if (known) return known.name;
  return sharedNames(client, key, SHARED_MS, async () => (await client.searchGroups({ keys: [key] }))[0]?.data.name);
}

type Choices = { list: Group[] } | { refused: true } | undefined;

function useGroups(client: ApiClient | undefined): Choices {
  const [choices, setChoices] = useState<Choices>(undefined);
  useEffect(() => {
    if (!client) return;
    let live = true;
    groupsOf(client).then(
      (list) => live && setChoices({ list }),
      (e: unknown) => live && setChoices(isFailure(e, 403) ? { refused: true } : { list: [] }),
    );
    return () => {
      live = false;
    };
  }, [client]);
  return choices;
}

function useGroupName(client: ApiClient | undefined, key: string): string | undefined {
  const [name, setName] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!client || !key) return setName(undefined);
    let live = true;
    groupName(client, key).then(
      (n) => live && setName(n ?? key),
      () => live && setName(key),
    );
    return () => {
      live = false;
    };
  }, [client, key]);
  return name;
}

export function GroupSelectWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, uiSchema, options } = props;
  const client = useOptionalServices()?.client;
  const choices = useGroups(client);
  const current = typeof value === 'string' ? value : '';
  const currentName = useGroupName(client, current);
  const all = { ...options, ...getUiOptions(uiSchema) };
  const events = choiceEvents({ id, onChange, onBlur, onFocus });
  const common = {
    id,
    name: props.htmlName ?? id,
    required,
    disabled: disabled || readonly,
    'aria-invalid': rawErrors?.length ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id),
  } as const;
  if (!client) {
    return (
      <input
        {...common}
        className="input input--mono"
        value={current}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    );
  }
  const list = choices && 'list' in choices ? choices.list : [];
  const shown =
    current && !list.some((g) => g.key === current)
      ? [...list, { key: current, name: currentName ?? 'Loading…' }]
      : list;
  return (
    <select {...common} className="input" value={current} {...events}>
      <option value="">
        {choices === undefined
          ? 'Loading…'
          : 'refused' in choices
            ? 'You may not list the company’s groups.'
            : typeof all.noChoice === 'string'
              ? all.noChoice
              : list.length
                ? 'Choose…'
                : 'No groups yet'}
      </option>
      {shown.map((g) => (
        <option key={g.key} value={g.key}>
          {g.name}
        </option>
      ))}
    </select>
  );
}

/** The group's name in a list's cell or a read-only view; "—" for none. */
export function GroupSelectView({ value }: { value: unknown }) {
  const client = useOptionalServices()?.client;
  const key = typeof value === 'string' ? value : '';
  const name = useGroupName(client, key);
  if (!key) return <>—</>;
  return <>{name ?? key}</>;
}

/** The text of a group for an export: its name, the key when it cannot be named. */
export const groupSelectText: CellText = async (client, value) => {
  if (typeof value !== 'string' || !value) return '';
  return (await groupName(client, value).catch(() => undefined)) ?? value;
};

/** A list's filter on a group: the same choice, "Any" for no filter. */
export function GroupSelectFilter({ id, label, value, onChange }: FilterInputProps) {
  const props = {
    id,
    label,
    value: value || undefined,
    required: false,
    disabled: false,
    readonly: false,
    rawErrors: [],
    options: { noChoice: 'Any' },
    uiSchema: {},
    schema: { type: 'string' },
    onChange: (v: unknown) => onChange(typeof v === 'string' ? v : ''),
    onBlur: () => {},
    onFocus: () => {},
  } as unknown as WidgetProps;
  return <GroupSelectWidget {...props} />;
}
