/**
 * The list's filters: the list's named views ("Show", x-list views), then one input per filterable
 * column (text: contains, choice and a reference's record: equals). Text is
 * sent to the URL after a short pause, so typing does not flood the server.
 */
import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TypeMeta } from '../../api/types.ts';
import { fieldTitle } from '../../format/schema-facts.ts';
import { MAX_CRITERION_TEXT } from '../../../engine/criteria.ts';
import { filterKind } from './list-query.ts';
import type { ListActions } from './useListController.ts';
import { inSentence } from '../../format/title-case.ts';
import { filterInputs } from '../../contract/forms-registry.ts';
import { useClient } from '../../session/session.tsx';
import { metaQuery } from '../queries.ts';

const PAUSE_MS = 300;

export function FilterBar({
  meta,
  filters,
  view,
  actions,
}: {
  meta: TypeMeta;
  filters: Record<string, string>;
  view?: string;
  actions: ListActions;
}) {
  const fields = meta.list.columns
    .map((f) => ({ field: f, kind: filterKind(meta.schema, meta.ui, f) }))
    .filter((x) => x.kind.kind !== 'none');
  const views = meta.list.views ?? [];
  if (!fields.length && !views.length) return null;
  const any = Object.keys(filters).length > 0 || !!view;
  return (
    <form
      className="filters"
      role="search"
      aria-label={`Filter ${inSentence(meta.plural)}`}
      onSubmit={(e) => e.preventDefault()}
    >
      {views.length > 0 && (
        <ChoiceFilter
          label="Show"
          value={view ?? ''}
          any={`All ${inSentence(meta.plural)}`}
          options={views.map((v) => ({ value: v.name, label: v.title }))}
          onChange={(v) => actions.setView(v || undefined)}
        />
      )}
      {fields.map(({ field, kind }) =>
        kind.kind === 'choice' ? (
          <ChoiceFilter
            key={field}
            label={fieldTitle(meta.schema, field)}
            value={filters[field] ?? ''}
            options={kind.options}
            onChange={(v) => actions.setFilter(field, v)}
          />
        ) : kind.kind === 'record' ? (
          <RecordFilter
            key={field}
            label={fieldTitle(meta.schema, field)}
            widget={kind.widget}
            type={kind.type}
            value={filters[field] ?? ''}
            onChange={(v) => actions.setFilter(field, v)}
          />
        ) : (
          <TextFilter
            key={field}
            label={fieldTitle(meta.schema, field)}
            value={filters[field] ?? ''}
            onChange={(v) => actions.setFilter(field, v)}
          />
        ),
      )}
      {any && (
        <button type="button" className="btn btn--small filters__clear" onClick={actions.clearFilters}>
          Clear filters
        </button>
      )}
    </form>
  );
}

function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text.trim()), PAUSE_MS);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <div className="filters__item">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="search"
        maxLength={MAX_CRITERION_TEXT}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onChange(text.trim())}
      />
    </div>
  );
}

/**
 * A reference's filter: the registered input of its widget (the forms' record choice: the first
 * records by name, and a search on the server when there are more), matched by the chosen key.
 */
function RecordFilter(props: {
  label: string;
  widget: string;
  type: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const Input = filterInputs()[props.widget];
  // Records the viewer may not list offer nothing to choose (a company admin's own organization
  // among Organization settings): no filter, rather than a box for a key.
  const [module, type] = props.type.split('/');
  const target = useQuery({ ...metaQuery(useClient(), module, type), enabled: !!module && !!type });
  if (!Input || target.data?.can.list === false) return null;
  return (
    <div className="filters__item">
      <label htmlFor={id}>{props.label}</label>
      <Input id={id} label={props.label} value={props.value} onChange={props.onChange} options={{ type: props.type }} />
    </div>
  );
}

function ChoiceFilter(props: {
  label: string;
  value: string;
  /** The choice of no filter. */
  any?: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="filters__item">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} className="input" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.any ?? 'Any'}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
