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
import type { FilterInputProps } from '../../renderers/contract/forms-registry.ts';
import { useFormsStyles } from '../styles/load-styles.ts';
import { sharedRead } from './shared-read.ts';
import { recordNamer, type RecordNamer } from './record-name.ts';
import { choiceEvents } from './choice-events.ts';

interface Choice {
  key: string;
  label: string;
}

/** The first read of a type's choices: the first ones by name, and how many there are in all. */
interface Choices {
  list: Choice[];
  total: number;
  canonical?: string;
  namer: RecordNamer;
  activeOnly: boolean;
}

/**
 * How many choices a select offers at once. A type with more (a company's 600 files, thousands of
 * plans) gets a search beside the select, answered by the server (docs/screens.md "Long choices").
 */
export const CHOICES_AT_ONCE = 200;
/** How many matches a search offers. */
const MATCHES = 50;

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

const ACTIVE = { field: 'status', is: '=' as const, value: 'active' };

function choiceOf(r: { key: string; data: Record<string, unknown> }, namer: RecordNamer): Choice {
  return { key: r.key, label: namer.name(r.data) ?? r.key };
}

/** The first records of `module/type` the client may list, named by the list's canonical field. */
async function fetchChoices(client: ApiClient, module: string, type: string, any: boolean): Promise<Choices> {
  const meta = await client.meta(module, type);
  // Not asked when the answer is known: a type the viewer may not list has no choices to offer.
  if (!meta.can.list) throw new Error(`${module}/${type}: not listable by this viewer`);
  const namer = recordNamer(meta);
  const canonical = namer.canonical;
  const activeOnly = !any && statusChoices(meta.schema as Schema).includes('active');
  const found = await client.find(module, type, {
    criteria: activeOnly ? [ACTIVE] : [],
    ...(canonical ? { sort: [{ field: canonical, dir: 'asc' as const }] } : {}),
    limit: CHOICES_AT_ONCE,
  });
  return {
    list: found.items.map((r) => choiceOf(r, namer)),
    total: found.total,
    canonical,
    namer,
    activeOnly,
  };
}

/**
 * One read of a type's choices serves every field drawing them at once: a list of plans (an
 * enrolment's, up to 100 items) asked once, not once per item. Kept two seconds only, so a plan
 * made a moment ago is offered by the next form opened.
 */
const SHARED_MS = 2_000;
const sharedChoices = sharedRead<Choices>();

/** `any`: every record, whatever its status (a list's filter, over records made when it was active). */
const choicesOf = (client: ApiClient, module: string, type: string, any: boolean): Promise<Choices> =>
  sharedChoices(client, `${module}/${type}${any ? ' any' : ''}`, SHARED_MS, () =>
    fetchChoices(client, module, type, any),
  );

function useChoices(client: ApiClient | undefined, ref: string | undefined, any: boolean) {
  const [choices, setChoices] = useState<Choices>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const [module, type] = (ref ?? '').split('/');
    if (!client || !module || !type) return;
    let live = true;
    choicesOf(client, module, type, any).then(
      (list) => live && setChoices(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [client, ref, any]);
  return { choices, failed };
}

/**
 * When the type has more records than the select offers: the matches of the typed text (part of the
 * name, on the server), and the stored choice's name when it is not among the first ones.
 */
function useLongChoices(
  client: ApiClient | undefined,
  ref: string | undefined,
  choices: Choices | undefined,
  current: string,
) {
  const long = !!choices && choices.total > choices.list.length && !!choices.canonical;
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<Choice[]>();
  const [searching, setSearching] = useState(false);
  // The stored choice read alone: its key and choice, null once it cannot be offered.
  const [chosen, setChosen] = useState<{ key: string; choice: Choice | null }>();
  const [module, type] = (ref ?? '').split('/');
  useEffect(() => {
    const q = query.trim();
    if (!long || !client || !choices?.canonical || !q) {
      setMatches(undefined);
      return;
    }
    const canonical = choices.canonical;
    let live = true;
    setSearching(true);
    const timer = setTimeout(() => {
      client
        .find(module, type, {
          criteria: [...(choices.activeOnly ? [ACTIVE] : []), { field: canonical, is: 'like', value: q }],
          sort: [{ field: canonical, dir: 'asc' }],
          limit: MATCHES,
        })
        .then(
          (found) => live && setMatches(found.items.map((r) => choiceOf(r, choices.namer))),
          () => live && setMatches([]),
        )
        .finally(() => live && setSearching(false));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [long, client, choices, module, type, query]);
  // The stored choice, named by reading it when it is not among those offered.
  const known = !current || !choices || choices.list.some((c) => c.key === current);
  useEffect(() => {
    if (known || !client || !choices) return;
    let live = true;
    client.read(module, type, current).then(
      (r) => {
        if (!live) return;
        const offered = !choices.activeOnly || r.data.status === 'active';
        setChosen({ key: current, choice: offered ? choiceOf(r, choices.namer) : null });
      },
      () => live && setChosen({ key: current, choice: null }),
    );
    return () => {
      live = false;
    };
  }, [known, client, choices, module, type, current]);
  const named: Choice | null | undefined =
    known || chosen?.key !== current
      ? undefined
      : (chosen.choice ?? { key: current, label: 'A choice no longer offered' });
  return {
    long,
    query,
    setQuery,
    matches,
    searching,
    chosen: known ? undefined : (named ?? { key: current, label: 'Loading…' }),
  };
}

export function RecordSelectWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, uiSchema, options, label } =
    props;
  const client = useOptionalServices()?.client;
  const all = { ...options, ...getUiOptions(uiSchema) };
  const ref = all.type as string | undefined;
  const { choices, failed } = useChoices(client, ref, all.anyStatus === true);
  const current = typeof value === 'string' ? value : '';
  const { long, setQuery, query, matches, searching, chosen } = useLongChoices(client, ref, choices, current);
  const events = choiceEvents({ id, onChange, onBlur, onFocus });
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
  const list = matches ?? choices?.list ?? [];
  // While the choices load, a stored choice shows as loading; once loaded, one not among them shows
  // by its name (read alone), or as no longer offered (made inactive, or gone).
  const shown =
    choices === undefined
      ? current
        ? [{ key: current, label: 'Loading…' }]
        : []
      : current && !list.some((c) => c.key === current)
        ? [
            ...list,
            [...(matches ?? []), ...choices.list].find((c) => c.key === current) ??
              chosen ?? { key: current, label: 'Loading…' },
          ]
        : list;
  const select = (
    <select {...common} className="input" value={current} {...events}>
      <option value="">
        {choices === undefined
          ? 'Loading…'
          : matches && !matches.length
            ? 'Nothing matches'
            : list.length
              ? typeof all.noChoice === 'string'
                ? all.noChoice
                : 'Choose…'
              : 'Nothing to choose from'}
      </option>
      {shown.map((c) => (
        <option key={c.key} value={c.key}>
          {c.label}
        </option>
      ))}
    </select>
  );
  if (!long || !choices || common.disabled) return select;
  const noteId = `${id}-choices`;
  const note = searching
    ? 'Searching…'
    : matches
      ? matches.length >= MATCHES
        ? `The first ${MATCHES} matches: type more to narrow them.`
        : `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}.`
      : `Showing the first ${choices.list.length} of ${choices.total.toLocaleString('en-US')}: search to find the others.`;
  return (
    <div className="record-select">
      <input
        id={`${id}-search`}
        type="search"
        className="input"
        aria-label={`Search ${label || 'choices'}`}
        aria-describedby={noteId}
        placeholder="Type part of the name"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {select}
      <p id={noteId} className="record-select__note" aria-live="polite">
        {note}
      </p>
    </div>
  );
}

/** The record choice as a list's filter (renderers' FilterBar): the chosen key, '' for any. */
export function RecordSelectFilter({ id, label, value, onChange, options }: FilterInputProps) {
  const props = {
    id,
    label,
    value: value || undefined,
    required: false,
    disabled: false,
    readonly: false,
    rawErrors: [],
    // A list's lines may name a record no longer active (a plan since retired): each is offered.
    // No choice is no filter: "Any", as the list's other choices say.
    options: { ...options, anyStatus: true, noChoice: 'Any' },
    uiSchema: {},
    schema: { type: 'string' },
    onChange: (v: unknown) => onChange(typeof v === 'string' ? v : ''),
    onBlur: () => {},
    onFocus: () => {},
  } as unknown as WidgetProps;
  return <RecordSelectWidget {...props} />;
}
