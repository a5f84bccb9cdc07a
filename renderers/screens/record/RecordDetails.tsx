/**
 * A record's fields as a read-only details list: each value formatted as the list does (dates
 * MM/DD/YYYY, phones, enum labels); nested objects and lists shown inside; a signature as the signed
 * name in its font with the date. Used by the generic view and by views drawn from data (a state
 * withholding form's own fields).
 */
import { createContext, useContext, useState } from 'react';
import type { JsonObject } from '../../api/types.ts';
import { isFileValue, type FileValue } from '../../../engine/files.ts';
import { useOptionalClient } from '../../session/session.tsx';
import { saveStoredFile } from '../../api/save-file.ts';
import { formatByKind } from '../../format/format-value.ts';
import { fieldTitle, fieldUi, resolveSchema, valueKind } from '../../format/schema-facts.ts';
import { recordForms } from '../../contract/forms-registry.ts';
import { UserNames } from '../../users/UserNames.tsx';

/** The record a view shows, so that its stored files can be downloaded from the view. */
export const ViewedRecordContext = createContext<{ module: string; type: string; key: string } | undefined>(undefined);

/**
 * A stored file in a read-only view: its name and size, and Download through a single-use link (the
 * token never goes into a URL), as the edit screen's file field offers; a reader who may not edit
 * the record (an employee and a published company document) downloads it here.
 */
function StoredFile({ field, value }: { field: string; value: FileValue }) {
  const target = useContext(ViewedRecordContext);
  const client = useOptionalClient();
  const [failed, setFailed] = useState('');
  const text = formatByKind('text', value);
  if (!target || !client) return <>{text}</>;
  const download = async () => {
    setFailed('');
    try {
      await saveStoredFile(client, target, field, value);
    } catch (e) {
      setFailed((e as Error).message);
    }
  };
  return (
    <>
      {text}{' '}
      <button
        type="button"
        className="btn btn--small"
        onClick={() => void download()}
        aria-label={`Download ${value.name}`}
      >
        Download
      </button>
      {failed && <span role="alert"> {failed}</span>}
    </>
  );
}

/** A signature field (x-signature in its schema, or drawn by the signature field). */
function isSignature(s: JsonObject, ui: JsonObject, path: string): boolean {
  const hint = (ui[path.split('.').pop() ?? ''] as JsonObject | undefined)?.['ui:field'];
  return s['x-signature'] === true || (!path.includes('.') && hint === 'signature');
}

function Value({
  root,
  ui,
  path,
  schema,
  value,
  record,
}: {
  root: JsonObject;
  ui: JsonObject;
  path: string;
  schema: JsonObject;
  value: unknown;
  /** The record, for a top-level field's own view. */
  record?: JsonObject;
}) {
  const s = resolveSchema(root, schema) ?? {};
  const fieldUi = path.includes('.') ? undefined : (ui[path] as JsonObject | undefined);
  // A field drawn by a field or widget of the forms' own may be read by a view of theirs too.
  const hint = fieldUi?.['ui:field'] ?? fieldUi?.['ui:widget'];
  const FieldView = typeof hint === 'string' ? recordForms().fieldViews[hint] : undefined;
  if (FieldView)
    return (
      <FieldView value={value} record={record} options={(fieldUi?.['ui:options'] as JsonObject | undefined) ?? {}} />
    );
  if (isSignature(s, ui, path)) {
    const { SignatureView } = recordForms();
    return <SignatureView value={value} />;
  }
  if (value === undefined || value === null || value === '') return <span className="muted">—</span>;
  if (!path.includes('.') && isFileValue(value)) return <StoredFile field={path} value={value} />;
  if (s['x-sensitive'] === 'secret') return <span className="muted">hidden</span>;
  if (s.type === 'object' && s.properties && typeof value === 'object') {
    return <Fields root={root} ui={ui} prefix={path} schema={s} data={value as JsonObject} />;
  }
  if (s.type === 'array' && Array.isArray(value) && resolveSchema(root, s.items as JsonObject)?.type === 'object') {
    const items = resolveSchema(root, s.items as JsonObject)!;
    return (
      <ol className="view-list">
        {value.map((v, i) => (
          <li key={i}>
            <Fields root={root} ui={ui} prefix={`${path}.${i}`} schema={items} data={v as JsonObject} />
          </li>
        ))}
      </ol>
    );
  }
  // A list of references chosen by name in the form (a PTO enrolment's plans): their names.
  const itemsUi = fieldUi?.items as JsonObject | undefined;
  const itemHint = itemsUi?.['ui:widget'];
  const ItemView = typeof itemHint === 'string' ? recordForms().fieldViews[itemHint] : undefined;
  if (ItemView && Array.isArray(value) && value.length) {
    const options = (itemsUi?.['ui:options'] as JsonObject | undefined) ?? {};
    return (
      <>
        {value.map((v, i) => (
          <span key={i}>
            {i > 0 && ', '}
            <ItemView value={v} options={options} />
          </span>
        ))}
      </>
    );
  }
  const kind = valueKind(root, ui, path.replace(/\.\d+(?=\.|$)/g, ''));
  if (kind === 'user') return <UserNames value={value} />;
  return <>{formatByKind(kind, value, s)}</>;
}

export function Fields({
  root,
  ui,
  prefix,
  schema,
  data,
  only,
}: {
  root: JsonObject;
  ui: JsonObject;
  prefix: string;
  schema: JsonObject;
  data: JsonObject;
  only?: string[];
}) {
  const props = (schema.properties ?? {}) as Record<string, JsonObject>;
  // A field the form hides is not shown either where it holds nothing (a document's storage key of
  // the spec's older model, never given), nor anywhere within an object or a list's items (an
  // assignment entry's document key, kept for its signature), where it read as a raw key beside
  // what the form shows. A top-level one that holds something (the W-4's edition) still shows.
  const hiddenHere = (n: string) =>
    fieldUi(ui, (prefix ? `${prefix}.${n}` : n).replace(/\.\d+(?=\.|$)/g, ''))['ui:widget'] === 'hidden' &&
    (!!prefix || data?.[n] === undefined || data?.[n] === null || data?.[n] === '');
  const names = (only ?? Object.keys(props)).filter((n) => props[n] && !n.startsWith('_') && !hiddenHere(n));
  return (
    <dl className="details">
      {names.map((n) => {
        const path = prefix ? `${prefix}.${n}` : n;
        const title = (resolveSchema(root, props[n])?.title as string | undefined) ?? fieldTitle(root, n);
        return (
          <div key={n}>
            <dt>{title}</dt>
            <dd>
              <Value
                root={root}
                ui={ui}
                path={path}
                schema={props[n]}
                value={data?.[n]}
                record={prefix ? undefined : data}
              />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
