/**
 * A user reference (a 36-character user key), or several for array fields. In the app it is a
 * picker: type part of a name or e-mail, choose from the company's accounts; chosen users show by
 * name with a remove button, and "clearable" lists get a Clear button; `whenRefused` says where to
 * go instead to one who may not search the company's people. Without the app's data client
 * (stories, component tests) it is a plain key input, one key per line for a list.
 */
import { useState, type KeyboardEvent } from 'react';
import { useFormsStyles } from '../styles/load-styles.ts';
import { ariaDescribedByIds, getUiOptions, type WidgetProps } from '@rjsf/utils';
import { useOptionalServices } from '../env.tsx';
import type { ApiClient } from '../../renderers/api/client.ts';
import { NO_PEOPLE_TO_SEARCH, useUserSearch } from './useUserSearch.ts';

export function UserSelectWidget(props: WidgetProps) {
  useFormsStyles();
  const services = useOptionalServices();
  if (services && !props.readonly && !props.disabled) return <UserPicker {...props} client={services.client} />;
  if (services) return <ChosenUsers {...props} client={services.client} />;
  return <UserKeyInput {...props} />;
}

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' && value ? [value] : [];
}

/** A read-only list of the chosen users by name. */
function ChosenUsers(props: WidgetProps & { client: ApiClient }) {
  const keys = keysOf(props.value);
  const { nameOf } = useUserSearch(props.client, keys);
  return (
    <p id={props.id} className="user-select__readonly">
      {keys.length ? keys.map(nameOf).join(', ') : '—'}
    </p>
  );
}

function UserPicker(props: WidgetProps & { client: ApiClient }) {
  const { id, value, schema, onChange, onBlur, onFocus, label, uiSchema, options, rawErrors } = props;
  const many = schema.type === 'array';
  const ui = { ...options, ...getUiOptions(uiSchema) };
  const keys = keysOf(value);
  const search = useUserSearch(props.client, keys, typeof ui.for === 'string' ? ui.for : undefined);
  // Those offered before anything is typed (an employee's recipients: HR), or the matches of a search.
  const listed = search.text.trim() !== '' || search.hits.length > 0;
  const set = (next: string[]) => onChange(many ? next : next[0]);
  const listId = `${id}-results`;
  // The option the arrow keys reached (the combobox pattern of WAI-ARIA APG): Enter chooses it.
  const [active, setActive] = useState(-1);
  // While a search is under way the matches shown are the last search's: the keys do not reach them.
  const choosable = search.searching ? [] : search.hits.filter((h) => !keys.includes(h.key));
  const current = active >= 0 && active < choosable.length ? choosable[active] : undefined;
  const choose = (key: string) => {
    set(many ? [...keys, key] : [key]);
    search.setText('');
    setActive(-1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!choosable.length) return;
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) =>
        a < 0 ? (step > 0 ? 0 : choosable.length - 1) : (a + step + choosable.length) % choosable.length,
      );
    } else if (e.key === 'Enter') {
      // Enter in the search never sends the form: it chooses the option reached, or the only match.
      e.preventDefault();
      const pick = current ?? (choosable.length === 1 ? choosable[0] : undefined);
      if (pick) choose(pick.key);
    } else if (e.key === 'Escape' && search.text) {
      e.preventDefault();
      search.setText('');
      setActive(-1);
    }
  };
  return (
    <div className="user-select" id={id}>
      {keys.length > 0 && (
        <ul className="user-select__chosen" aria-label={`${label}: chosen`}>
          {keys.map((k) => (
            <li key={k} className="chip">
              <span>{search.nameOf(k)}</span>
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove ${search.nameOf(k)}`}
                onClick={() => set(keys.filter((x) => x !== k))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="user-select__bar">
        <input
          id={`${id}-search`}
          type="search"
          className="input"
          role="combobox"
          aria-expanded={search.hits.length > 0}
          aria-controls={listed ? listId : undefined}
          aria-activedescendant={current ? `${id}-option-${current.key}` : undefined}
          aria-autocomplete="list"
          aria-label={`${label}: search users`}
          aria-invalid={rawErrors?.length ? true : undefined}
          aria-describedby={ariaDescribedByIds(id)}
          placeholder="Search by name or e-mail"
          value={search.text}
          onChange={(e) => {
            search.setText(e.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
        {many && ui.clearable === true && keys.length > 0 && (
          <button type="button" className="btn" onClick={() => set([])}>
            Clear
          </button>
        )}
      </div>
      {listed && (
        <ul id={listId} role="listbox" className="user-select__results" aria-label={`${label}: matching users`}>
          {search.hits.map((h) => (
            <li
              key={h.key}
              id={`${id}-option-${h.key}`}
              role="option"
              aria-selected={current?.key === h.key || keys.includes(h.key)}
              className={current?.key === h.key ? 'user-select__option--active' : undefined}
            >
              <button
                type="button"
                className="user-select__hit"
                disabled={keys.includes(h.key)}
                onClick={() => choose(h.key)}
              >
                {h.name} {h.email && <span className="muted">({h.email})</span>}
              </button>
            </li>
          ))}
          {!search.searching && search.hits.length === 0 && (
            <li className="muted">
              {search.refused
                ? // The form may say where to go instead (ui:options whenRefused).
                  [NO_PEOPLE_TO_SEARCH, typeof ui.whenRefused === 'string' ? ui.whenRefused : ''].join(' ').trim()
                : 'No matching users.'}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

/** The plain key input: one key, or one key per line for a list. */
function UserKeyInput(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, schema, htmlName } = props;
  const many = schema.type === 'array';
  const common = {
    id,
    name: htmlName ?? id,
    className: 'input input--mono',
    required,
    disabled,
    readOnly: readonly,
    'aria-invalid': rawErrors?.length ? true : undefined,
    'aria-describedby': ariaDescribedByIds(id),
    spellCheck: false,
  } as const;
  if (many) {
    const parse = (t: string) => t.split(/[\s,]+/).filter(Boolean);
    const list = Array.isArray(value) ? (value as string[]) : [];
    return (
      <textarea
        {...common}
        rows={Math.max(2, list.length)}
        placeholder="One user key per line"
        value={list.join('\n')}
        onChange={(e) => onChange(parse(e.target.value))}
        onBlur={(e) => onBlur(id, parse(e.target.value))}
        onFocus={(e) => onFocus(id, parse(e.target.value))}
      />
    );
  }
  return (
    <input
      {...common}
      type="text"
      placeholder="User key"
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value.trim() || undefined)}
      onBlur={(e) => onBlur(id, e.target.value.trim() || undefined)}
      onFocus={(e) => onFocus(id, e.target.value.trim() || undefined)}
    />
  );
}
