/**
 * One examined document of the I-9 document helper: its list and name, the helper's notes, and the
 * four Section 2 fields (Document Title, Issuing Authority, Document Number (if any), Expiration Date
 * (if any)).
 */
import { EpochDateInput } from '../widgets/EpochDateInput.tsx';
import { i9Document } from './i9-documents.ts';
import { listOf, type I9DocumentRecord, type I9Note } from './i9.ts';

export interface I9DocumentRowProps {
  id: string;
  index: number;
  doc: I9DocumentRecord;
  notes: I9Note[];
  /** Beyond the 3 A / 1 B / 1 C that Section 2 prints. */
  leftover: boolean;
  missingDetails: boolean;
  errors: Readonly<Record<string, string[]>>;
  locked: boolean;
  onChange(next: I9DocumentRecord): void;
  onRemove(): void;
}

const TEXT_FIELDS = [
  { key: 'title', label: 'Document Title', max: 256 },
  { key: 'issuing_authority', label: 'Issuing Authority', max: 256 },
  { key: 'document_number', label: 'Document Number (if any)', max: 64 },
] as const;

export function I9DocumentRow(p: I9DocumentRowProps) {
  const { id, doc, locked } = p;
  const info = i9Document(doc.document_type);
  const set = (patch: Partial<I9DocumentRecord>) => p.onChange({ ...doc, ...patch });
  const errs = (f: string) => p.errors[f] ?? [];
  // The messages at the document itself (its type, its list, its id: none has a box of its own, as
  // the server's refusal of 'Individual under age 18' for an adult), shown under its name.
  const headErrors = [...errs('document_type'), ...errs('list'), ...errs('id')];
  const errorsId = (f: string) => `${id}_${f}__error`;
  return (
    <li className={`i9-doc${p.leftover ? ' i9-doc--leftover' : ''}`}>
      <div
        className="i9-doc__head"
        role="group"
        aria-label={info?.label ?? doc.document_type ?? 'Unknown document'}
        aria-invalid={headErrors.length ? true : undefined}
        aria-describedby={headErrors.length ? errorsId('document') : undefined}
      >
        <span className="i9-doc__list">List {listOf(doc) ?? '?'}</span>
        <span className="i9-doc__name">{info?.label ?? doc.document_type ?? 'Unknown document'}</span>
        {p.leftover && <span className="i9-doc__badge">Not printed in Section 2</span>}
        {!locked && (
          <button type="button" className="btn btn--small" onClick={p.onRemove}>
            Remove
          </button>
        )}
      </div>
      {headErrors.length > 0 && (
        <div id={errorsId('document')}>
          {headErrors.map((e) => (
            <p key={e} className="field__error">
              {e}
            </p>
          ))}
        </div>
      )}
      {p.notes.map((n) => (
        <p
          key={n.text}
          className={`i9-doc__note i9-doc__note--${n.level}`}
          role={n.level === 'warning' ? 'alert' : undefined}
        >
          {n.text}
        </p>
      ))}
      <div className="i9-doc__grid">
        {TEXT_FIELDS.map((f) => (
          <div key={f.key} className="i9-doc__field">
            <label htmlFor={`${id}_${f.key}`}>{f.label}</label>
            <input
              id={`${id}_${f.key}`}
              className="input"
              type="text"
              maxLength={f.max}
              readOnly={locked}
              placeholder={f.key === 'issuing_authority' ? info?.authorityHint : undefined}
              aria-invalid={
                errs(f.key).length || (p.missingDetails && f.key !== 'document_number' && !doc[f.key]?.trim())
                  ? true
                  : undefined
              }
              aria-describedby={errs(f.key).length ? errorsId(f.key) : undefined}
              value={doc[f.key] ?? ''}
              onChange={(e) => set({ [f.key]: e.target.value === '' ? undefined : e.target.value })}
            />
            {errs(f.key).length > 0 && (
              <div id={errorsId(f.key)}>
                {errs(f.key).map((e) => (
                  <p key={e} className="field__error">
                    {e}
                  </p>
                ))}
              </div>
            )}
          </div>
        ))}
        <div className="i9-doc__field">
          <label htmlFor={`${id}_expiration_date`}>Expiration Date (if any)</label>
          <EpochDateInput
            id={`${id}_expiration_date`}
            className="input"
            readOnly={locked}
            aria-invalid={errs('expiration_date').length ? true : undefined}
            aria-describedby={errs('expiration_date').length ? errorsId('expiration_date') : undefined}
            value={doc.expiration_date}
            onValue={(expiration_date) => set({ expiration_date })}
          />
          {errs('expiration_date').length > 0 && (
            <div id={errorsId('expiration_date')}>
              {errs('expiration_date').map((e) => (
                <p key={e} className="field__error">
                  {e}
                </p>
              ))}
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
