/**
 * The I-9 document helper for Section 2 ("ui:field": "i9Documents" on i9.documentation): what is
 * due and what is late, the acceptable documents grouped by List A, B and C to add, the compliance
 * banner, each document's notes and fields, and the documents beyond what Section 2 prints.
 */
import { useId, useState } from 'react';
import type { ErrorSchema, FieldProps } from '@rjsf/utils';
import { errorsAt } from '../behaviour/behaviour.ts';
import { useRootData } from '../behaviour/RootData.tsx';
import { useFormsEnv } from '../env.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { choicesOf, I9_CHOICE_GROUPS } from './i9-documents.ts';
import {
  COMPLIANCE_BANNERS,
  i9Compliance,
  i9DeadlineNotes,
  i9DocumentNotes,
  i9PrintSlots,
  type I9Deadlined,
  leftoverLine,
  newI9Document,
  type I9Compliance,
  type I9DocumentRecord,
} from './i9.ts';
import { I9DocumentRow } from './I9DocumentRow.tsx';

export const I9_RULE_TEXT =
  'Examine one document from List A, or one document from List B and one from List C. The employee chooses which documents to present.';

export function ComplianceBanner({ compliance }: { compliance: I9Compliance }) {
  if (compliance.status === 'incomplete') return null;
  const b = COMPLIANCE_BANNERS[compliance.status];
  return (
    <div
      className={`banner ${compliance.status === 'achieved' ? 'banner--positive' : 'banner--warning'}`}
      role="status"
    >
      <strong>{b.title}</strong>
      <p>{b.text}</p>
    </div>
  );
}

export function I9DocumentsField(props: FieldProps) {
  useFormsStyles();
  const { formData, onChange, fieldPathId, schema, readonly, disabled, errorSchema } = props;
  const pickerId = useId();
  const docs = (Array.isArray(formData) ? formData : []) as I9DocumentRecord[];
  const locked = !!(readonly || disabled);
  const compliance = i9Compliance(docs);
  const slots = i9PrintSlots(docs);
  const leftovers = new Set(slots.leftovers);
  const missing = new Set(compliance.status === 'almost' ? compliance.missingDetails : []);
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const emit = (next: I9DocumentRecord[]) => onChange(next, fieldPathId.path);
  const es = errorSchema as ErrorSchema | undefined;
  const record = (useRootData()?.data ?? {}) as I9Deadlined & { first_day?: number };
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const { timeZone } = useFormsEnv();
  const deadlines = i9DeadlineNotes(record, now, timeZone);

  return (
    <div className="i9-docs" id={fieldPathId.$id}>
      <h3 className="i9-docs__title">{schema.title ?? 'Documents examined'}</h3>
      {deadlines.map((n) => (
        <p
          key={n.text}
          className={`i9-doc__note i9-doc__note--${n.level} i9-docs__deadline`}
          role={n.level === 'warning' ? 'alert' : undefined}
        >
          {n.text}
        </p>
      ))}
      <p className="muted">{I9_RULE_TEXT}</p>
      <ComplianceBanner compliance={compliance} />
      {!locked && docs.length < max && (
        <div className="i9-docs__add">
          <label htmlFor={pickerId}>Add a document</label>
          <select
            id={pickerId}
            className="input"
            value=""
            onChange={(e) => {
              if (e.target.value) emit([...docs, newI9Document(e.target.value)]);
            }}
          >
            <option value="">Choose a document…</option>
            {I9_CHOICE_GROUPS.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {choicesOf(g).map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      )}
      {docs.length === 0 ? (
        <p className="i9-docs__empty muted">No documents recorded yet.</p>
      ) : (
        <ol className="i9-docs__list">
          {docs.map((doc, i) => {
            const rowErrors: Record<string, string[]> = {};
            for (const f of [
              'id',
              'document_type',
              'list',
              'title',
              'issuing_authority',
              'document_number',
              'expiration_date',
            ]) {
              const m = errorsAt(es, i, f);
              if (m.length) rowErrors[f] = m;
            }
            return (
              <I9DocumentRow
                key={i}
                id={`${fieldPathId.$id}_${i}`}
                index={i}
                doc={doc}
                notes={i9DocumentNotes(docs, i, record.first_day)}
                leftover={leftovers.has(i)}
                missingDetails={missing.has(i)}
                errors={rowErrors}
                locked={locked}
                onChange={(next) => emit(docs.map((d, j) => (j === i ? next : d)))}
                onRemove={() => emit(docs.filter((_, j) => j !== i))}
              />
            );
          })}
        </ol>
      )}
      {slots.leftovers.length > 0 && (
        <div className="i9-docs__leftovers">
          <h4>Documents beyond what Section 2 prints</h4>
          <p className="muted">
            Section 2 prints 3 List A, 1 List B and 1 List C documents. These are printed under Additional Information:
          </p>
          <ul>
            {slots.leftovers.map((i) => (
              <li key={i}>{leftoverLine(docs[i], i)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
