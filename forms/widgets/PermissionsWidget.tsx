/**
 * A group's or user's permissions as a checkbox list, each named by what it allows (spec/001 sections 2 and 6): the product-staff
 * admin is offered every permission, anyone else only those they hold (GET
 * /auth/api/get_available_permissions answers which). Permissions the record already has but the
 * editor may not grant stay shown, checked and disabled; the server refuses any other grant.
 */
import { useFormsStyles } from '../styles/load-styles.ts';
import { useEffect, useState } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useOptionalServices } from '../env.tsx';

export function PermissionsWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, options, rawErrors } = props;
  const services = useOptionalServices();
  const enumOptions = (options.enumOptions ?? []) as { value: string; label?: string }[];
  const all = enumOptions.map((o) => o.value);
  // What each permission lets one do, in words (the schema's x-enumNames); its code beside it, as
  // the audit log, the API and the spec write it.
  const names = new Map(enumOptions.map((o) => [o.value, o.label && o.label !== o.value ? o.label : undefined]));
  const editing = !!services && !readonly && !disabled;
  const [available, setAvailable] = useState<string[]>();
  useEffect(() => {
    if (!editing) return;
    let live = true;
    services.client.availablePermissions().then(
      (list) => live && setAvailable(list),
      () => live && setAvailable([]),
    );
    return () => {
      live = false;
    };
  }, [editing, services]);
  const selected = Array.isArray(value) ? (value as string[]) : [];
  // Without the app (stories, tests) or while read-only, the schema's list is shown as it is.
  const grantable = new Set(editing ? (available ?? []) : all);
  const offered = all.filter((p) => grantable.has(p) || selected.includes(p));
  const toggle = (p: string, on: boolean) => {
    const next = on ? [...selected, p] : selected.filter((x) => x !== p);
    onChange(all.filter((x) => next.includes(x)));
  };
  if (editing && !available) {
    return (
      <p id={id} className="muted" role="status">
        Loading the permissions you may grant…
      </p>
    );
  }
  return (
    <div
      id={id}
      className="checkboxes permissions"
      role="group"
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
    >
      {offered.map((p, i) => {
        const locked = !grantable.has(p);
        return (
          <div className="checkbox" key={p}>
            <label>
              <input
                type="checkbox"
                id={`${id}-${i}`}
                name={id}
                value={p}
                checked={selected.includes(p)}
                disabled={disabled || readonly || locked}
                onChange={(e) => toggle(p, e.target.checked)}
                onBlur={() => onBlur(id, selected)}
                onFocus={() => onFocus(id, selected)}
              />
              <span>{names.get(p) ?? p}</span>
              {names.get(p) && <span className="muted permissions__code"> {p}</span>}
              {locked && <span className="muted"> (you do not hold it)</span>}
            </label>
          </div>
        );
      })}
    </div>
  );
}
